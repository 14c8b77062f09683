// Package localtable is a Discord channel in a web browser, for trying tablebot without
// Discord: the real bot, talking to the built-in fake Discord (package fakediscord) over the
// real wire format, with a page that shows that fake channel the way Discord would — messages
// with their pictures and components, buttons, select menus and modals that work, ephemeral
// panels only for the person they belong to — and a box to type slash commands.
//
// Nothing here is a second user interface of the bot: the page shows exactly what the bot
// sent to the fake Discord, and every click or command becomes an interaction the fake
// delivers to the bot over its gateway. The page's assets are embedded; it needs no
// JavaScript build and no network. It serves on loopback by default.
package localtable
