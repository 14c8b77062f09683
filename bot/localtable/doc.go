// Package localtable is a Discord channel in a web browser, for trying tablebot without
// Discord: the real bot, talking to the built-in fake Discord (package fakediscord) over the
// real wire format, with a page that shows that fake channel the way Discord would — messages
// with their pictures and components, buttons, select menus and modals that work, ephemeral
// panels only for the person they belong to — and a box to type slash commands.
//
// The page acts as one of four people. Ada, the first, keeps the server: she has Manage
// Channels, as a server's owner or moderator does, so she may close anyone's lobby or abandon
// anyone's game. Ben, Cid and Dana are ordinary members with the permissions of Discord's
// @everyone role, so the bot's checks of who may do what apply to them as on Discord.
//
// Like Discord's client, the page shows each message once however many interactions touched
// it (a panel is edited by every click on it), offers attachments that are no pictures (a
// game's record) as downloads, opens a link to a message of its channel (discord.com/channels/…,
// as the bot writes them) at that message, and fills a typed command's options in their order
// from leading words ("/rules shelfie" is "/rules game:shelfie"). Cancel and Esc close a modal
// without sending anything to the bot, as on Discord.
//
// Tables run in threads, as tablebot's configuration defaults to (Options.Mode): /start in the
// channel opens the lobby there, and Start moves the game into a thread of the channel. The page
// lists the channel and its threads beside the messages (a strip above them on a phone; an
// archived thread dimmed); one click opens a thread, where commands typed and buttons clicked
// act as they would in that thread on Discord, and ← or the channel's name goes back. Links
// and channel mentions to a thread (a card's, /games') open it too.
//
// Nothing here is a second user interface of the bot: the page shows exactly what the bot
// sent to the fake Discord, and every click or command becomes an interaction the fake
// delivers to the bot over its gateway. The page's assets are embedded; it needs no
// JavaScript build and no network. It serves on loopback by default.
package localtable
