// Package bot is tablebot's Discord adapter: slash commands, the lobby, the players' private
// panels, the public board messages, and the two transports (gateway and HTTP interactions)
// that feed one set of handlers.
//
// Handlers keep nothing in memory between interactions. Every component's custom_id is a path
// "game/revision/verb/arg" (see ID); a click loads the channel's table from the store, checks
// that the panel still fits the player's current decision, applies the move and writes the
// table back with compare-and-set. Two clicks that race are both re-validated: one wins, the
// other is told the board moved on. After a restart, or on another bot process sharing the
// same Redis, every posted button still works.
//
// A board message is owed by the table until the poster records that it was posted; whoever
// posts it — the mover's process, its retry, the scheduler after a crash — sends it with the
// same nonce (boardNonce: the table, the range of moves it shows and those moves) and
// enforce_nonce, so Discord returns the message already created instead of a second one, as
// long as the repost comes within Discord's few minutes.
//
// A refusal is seen by the person it is for, by them alone, and stays (call.tell): after a
// deferral Discord makes the first follow-up the "thinking…" message itself, so an ephemeral
// placeholder is edited into the refusal, and a public one (/start, /leaderboard, Rematch) is
// deleted before the refusal follows, ephemeral. The public "thinking…" shows for a moment.
//
// Live play keeps the panels in view (live.go): when a simultaneous step's next decision
// belongs to the same round (FITS's next card, Sideboards' next draft) and every player who
// must decide confirmed their last choice less than table.PanelLife ago, the bot edits each
// player's panel to that decision through the token of that last click (kept in the table,
// since the next click may reach another process) and edits the round's board message instead
// of posting one below the panels. The start of a round and the end are posted and ping; so is
// every step of async play, where the tokens have expired. A board message older than
// table.BoardLife is not edited but posted anew.
//
// The bot speaks Discord API v10 (restproxy moves discordgo's v9 URLs to v10; the gateway opens
// with v=10). Under v10 a message edit's attachments array is the whole list of what the
// message holds after it, so an edit that uploads a picture lists each new file by its index
// (call.editOriginal); an edit listing nothing would lose the picture.
//
// Each interaction is handled once. The HTTP endpoint refuses (401, logged) a signed request
// whose timestamp is over 5 minutes old or over 1 minute ahead; both transports remember the
// IDs of the interactions they handled for 12 minutes (at most 65536 of them) and do not handle
// a second delivery again — a replayed POST, a gateway dispatch replayed after a resume. Over
// HTTP the second delivery still gets a valid 200: an acknowledgement that does nothing (a
// deferred update for a component, a deferred ephemeral message for a command), not the first
// answer again, which would mean keeping every answer; Discord takes one callback per
// interaction, so the person sees the first delivery's answer and nothing more.
//
// The scheduler (RunScheduler) works due deadlines, reminders and owed boards side by side on a
// bounded pool (Options.TaskWorkers), each task under its own time limit, detached from the
// stop signal, with its lease renewed while it runs. A task is acknowledged once its work is
// saved; a task whose save met a store that did not answer is handed back, due again half a
// minute later; at a stop the tasks under way get Options.StopGrace to finish, and the rest are
// handed back, due again at once. Reminders by direct message speak the language the player's
// Discord had when they turned them on with /notify (the server's for settings older than that).
//
// The bot knows no game by name: games come from the catalog, their panels from the
// games.Composer contract, their pictures from images.Art.
//
// Every message fits Discord's limits by construction: whatever a handler builds passes
// through message.fitted on its way out (reply, update, edit, follow-up, post; modals through
// fitModal). A board's account of what happened is kept to about 25 lines and to what fits
// beside the header, status and result: the AI's moves and chance's dealings are left out
// from the last back, a person's moves and milestones (a round scored) last, and one line
// counts what was left out ("… and 14 more moves by the AI: see /status"). Other long texts
// lose whole lines, never the header, the last line or a line that pings someone; labels and
// option texts are cut at a word's end with "…". Lengths are counted in UTF-16 code units,
// never fewer than the code points Discord counts.
//
// The server's memory (issue 28) is read through the referee, never the store: /leaderboard
// (cmd_leaderboard.go) is public and its ◀ ▶ carry the game and the page's offset, opening the
// page for the clicker alone, so that one person's browsing does not turn everyone's page and
// "your place" is the clicker's; /stats (cmd_stats.go) is public like it, the chart drawn after
// the acknowledgement in a drawing slot; the end message lists each rated player's change from
// Outcome.Ratings. The replay viewer (viewer.go) is stateless: its custom_ids carry the game,
// the move and the archive id, a "move" being a player's move with chance's that follow it.
//
// Permission awareness (permissions.go): /start, Start, Rematch and every click that may post a
// board read the bot's own channel permissions from the interaction's app_permissions; when View
// Channel, Send Messages or Attach Files is missing, the caller is told which, in Discord's own
// names and their language, and where an admin grants it, and nothing is done. A board Discord
// refuses mid-game stays owed; the table waits and its next click explains, until the
// permission is back. An interaction that does not say (the local table) is never refused.
//
// A table per thread (threads.go; a server's choice in /settings, else Options.Tables, read
// through Bot.tablesOf only). A table's
// key is a channel ID, and a thread is a channel to Discord, so a game in a thread is keyed by
// the thread. The lobby does not move keys: in threads mode, /start in a text channel reads the
// ID of its own deferred response (the message the lobby becomes) and opens the table under
// that ID, with Table.Parent the channel; Discord gives a thread started from a message the
// message's ID, so at Start the table is already under its thread's key. Such a lobby's
// custom_ids end in "@" (lobbyHere): a click on it acts on the clicked message's table, any
// other click on its channel's. Start turns the lobby into a card linking to the thread, and
// the first board opens the thread (POST …/messages/{lobby}/threads; "already created" is
// fine, for a retry or a rematch) and adds the seated people; the last board edits the result
// onto the card and archives the thread; Rematch reopens it. A post into a thread Discord
// archived for inactivity (400, code 50083) reopens it and posts again (post). /start inside
// a thread, and every /start in channel mode, keys the table by the channel as before. The
// interaction's channel object (its type: a thread or not) is decoded by the bot itself on
// both transports (decodeInteractionIn), since discordgo's Interaction has no field for it.
// In threads mode, opening a table from a text channel also needs Create Public Threads and
// Send Messages in Threads; in a thread, Send Messages in Threads stands for Send Messages.
package bot
