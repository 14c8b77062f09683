// Package fakediscord is a fake Discord for tests: a REST API, a gateway and
// the sending side of HTTP interactions on one 127.0.0.1 port, speaking the
// wire format that discordgo v0.29.0 and Discord's interactions use.
//
// Point a real discordgo.Session at it by giving the session
// restproxy.Client(fake.URL(), timeout): every REST call then reaches the
// fake, GET /gateway answers with the fake's websocket URL, and Session.Open
// connects, identifies and gets READY. Tests then play the users: they build
// interactions (SlashCommand, Click, Select, ModalSubmit), deliver them over
// the gateway (DispatchInteraction) or as signed POSTs to the bot's endpoint
// (PostInteraction, with forged and unsigned variants, and PostInteractionAt
// signed at another time; a Signed sent twice is a replay), and read what
// the bot did: every request is recorded (Requests, Filter, WaitFor), and the fake
// keeps what users would see (ChannelMessages, and with the ephemeral
// messages shown to one user Visible; Original, Followups, Responses).
//
// # What it fakes
//
//   - REST under /api/vN/ (tablebot speaks v10 through restproxy; any
//     version is accepted and recorded): gateway and gateway/bot, users/@me and
//     users/{id}, applications/@me and oauth2/applications/@me, global and
//     guild command bulk overwrite and list, interaction callbacks, the
//     interaction webhook (follow-ups; get, edit and delete of @original and
//     follow-ups), channel messages (create, get, edit, delete), channels
//     and guilds (with a per-guild preferred_locale), DM channels opened
//     with POST /users/@me/channels (DMChannel tells which). JSON and
//     multipart/form-data bodies (payload_json plus files[n]) are decoded.
//   - API v10's rule for message edits (channel messages, interaction
//     responses and follow-ups, update-message callbacks): an attachments
//     array is the whole list of what the message holds after the edit, so
//     an uploaded files[n] is attached only if the array lists {"id": "n"},
//     and is dropped otherwise, as Discord does; without an array the files
//     are added. Requests under /api/v9/ keep v9's rule (every file added).
//   - Bot routes require "Authorization: Bot <token>" (401 otherwise);
//     webhook and callback routes do not. Unknown routes get Discord's 404
//     JSON, a known path with another method 405; both are recorded.
//   - Discord's rules for interactions: one callback per interaction (40060
//     after that), callback types that fit the interaction type, webhook
//     routes only after the callback, the first follow-up after a deferred
//     response replacing the "thinking" message (same ID, the deferral's
//     visibility whatever flags it asks for; once that message is deleted, a
//     follow-up is a new message), update-message callbacks
//     editing the message the component was on, ephemeral messages kept out
//     of the channel.
//   - Channel message nonces: a create with enforce_nonce and a nonce used in
//     the channel within NonceWindow returns the message created with it and
//     creates none; nonces over 25 characters are refused.
//   - Threads (threads.go): POST /channels/{c}/messages/{m}/threads starts a public thread
//     (type 11, parent_id, thread_metadata, member_count) from a message, with the message's
//     ID, once (400 code 160004 after), with Create Public Threads; members added (PUT
//     /channels/{t}/thread-members/{u}); PATCH /channels/{t} archives and reopens
//     it. A post into an archived thread, or an edit or a deletion of a message in it, is
//     refused with 400 code 50083 "Thread is archived" (ArchiveThread archives one as
//     Discord does after its idle time). A thread has its
//     channel's permissions, with Send Messages in Threads standing for Send Messages, and
//     interactions from inside it carry channel_id = the thread and its channel object.
//   - Faults on request: InjectError (refused, nothing changes),
//     InjectLostReply (done, but answered with an error), InjectDelay.
//   - Discord's payload limits, answered with 50035 "Invalid Form Body" and
//     its nested errors: content length, 5 action rows of 5 buttons, a select
//     alone in its row with 1 to 25 options, 100-character custom_ids unique
//     per message, 40 components and no content or embeds in a Components V2
//     message, modal layout, command names; 50006 for empty messages.
//     Config.SkipValidation turns the limits off.
//   - The gateway: HELLO, IDENTIFY (token checked, close 4004 otherwise),
//     READY and GUILD_CREATE for the guilds set beforehand, heartbeat ACKs,
//     dispatches with per-session sequence numbers, RECONNECT on request, and
//     RESUME (missed dispatches replayed, then RESUMED; INVALID_SESSION for
//     an unknown session). Payloads are sent as plain JSON text frames.
//   - HTTP interactions signed with the fake's Ed25519 key (PublicKeyHex),
//     with the bot's reply applied as the callback, as Discord does.
//
// # What it does not fake
//
// Rate limits (no rate-limit headers, never 429), permissions (every member
// may do everything), the 3-second and 15-minute interaction token deadlines
// on REST routes (only the HTTP reply is bounded by Config.ReplyTimeout),
// ordinary webhooks, reactions, private and forum threads, threads started
// without a message, the refusal of an interaction's edits in an archived
// thread (allowed here), members and roles, autocomplete interactions, message history
// listing, gateway compression (zlib-stream), ETF encoding, sharding beyond recording the
// shard, and the gateway's own identify and presence rate limits. Unknown
// guilds, channels and users are served with defaults rather than 404, so a
// test only sets up what it checks. Attachments are served from the fake's
// own /attachments/ URLs, not a CDN.
package fakediscord
