package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

// Permission awareness. Every interaction carries the bot's own permissions in its channel
// (app_permissions). A table lives in its channel: the bot posts its board messages there, with
// the board's picture attached, and later edits those messages of its own. That takes View
// Channel, Send Messages and Attach Files; editing its own messages needs nothing more, and the
// bot never reads other messages, so Read Message History and Embed Links are not asked for.
//
// Before a table is opened (/start), started (Start) or reopened (Rematch), and before a click
// that may post a board (a move, "Your turn", a vote, taking a seat back), a missing permission
// is answered — ephemeral, in the caller's language, naming Discord's own permission names and
// where an admin grants them — and nothing is done. An interaction without app_permissions
// (older payloads, the local table) is never refused for it.
//
// A board Discord refused mid-game (permissions taken away after the table began) stays owed
// to the channel; the next such click explains what is missing and is not used, so no move is
// made that nobody could see, and once the permission is back the next click posts the owed
// board by the usual repost path.

// needed is one permission a table needs in its channel, with Discord's names for it.
type needed struct {
	bit  int64
	name games.Text // as Discord's English and Czech interfaces write it
}

// tablePermissions are the permissions a table needs in its channel, in the order Discord's
// permission list shows them.
var tablePermissions = []needed{
	{discordgo.PermissionViewChannel, games.Say("View Channel", "Zobrazit kanál")},
	{discordgo.PermissionSendMessages, games.Say("Send Messages", "Odesílat zprávy")},
	{discordgo.PermissionAttachFiles, games.Say("Attach Files", "Připojovat soubory")},
}

// Discord's permission bits for a table in a thread.
const (
	permCreatePublicThreads   int64 = 1 << 35
	permSendMessagesInThreads int64 = 1 << 38
)

// openingPermissions are what a table needs in a text channel whose tables run in threads:
// the channel's, and the thread's it starts from the lobby message and posts in.
var openingPermissions = append(append([]needed{}, tablePermissions...),
	needed{permCreatePublicThreads, games.Say("Create Public Threads", "Vytvářet veřejná vlákna")},
	needed{permSendMessagesInThreads, games.Say("Send Messages in Threads", "Odesílat zprávy ve vláknech")},
)

// threadPermissions are what a table needs in a thread: there Send Messages in Threads, not
// Send Messages, lets the bot post (a thread's permissions are its parent channel's).
var threadPermissions = []needed{
	tablePermissions[0],
	{permSendMessagesInThreads, games.Say("Send Messages in Threads", "Odesílat zprávy ve vláknech")},
	tablePermissions[2],
}

// needs is what a table needs where the call came from: in a thread, threadPermissions; in a
// text channel, tablePermissions, or openingPermissions when opening the table there means
// starting a thread.
func (c *call) needs(opening bool) []needed {
	switch {
	case c.where.thread():
		return threadPermissions
	case opening:
		return openingPermissions
	}
	return tablePermissions
}

// postingVerbs are the component verbs whose handling may post a board message to the channel.
var postingVerbs = map[verb]bool{
	verbStart: true, verbRematch: true, verbCommit: true, verbTurn: true,
	verbVote: true, verbBack: true, verbKick: true,
}

// missingOf lists what of need the bot lacks according to i's app_permissions; nil when it
// lacks nothing or the interaction does not say (zero).
func missingOf(i *discordgo.Interaction, need []needed) []games.Text {
	have := i.AppPermissions
	if have == 0 || have&discordgo.PermissionAdministrator != 0 {
		return nil
	}
	var missing []games.Text
	for _, p := range need {
		if have&p.bit == 0 {
			missing = append(missing, p.name)
		}
	}
	return missing
}

// listed joins names as a sentence does, each in bold: "**A**, **B** and **C**".
func listed(names []games.Text, lang games.Lang) string {
	parts := make([]string, len(names))
	for k, n := range names {
		parts[k] = "**" + n.In(lang) + "**"
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	and := games.Say(" and ", " a ").In(lang)
	return strings.Join(parts[:len(parts)-1], ", ") + and + parts[len(parts)-1]
}

// permissionRefusal is the refusal of a call in a channel where the bot lacks a permission of
// need (what a table needs there: see call.needs), or nil. midGame words it for a table
// already running: it waits, nothing lost.
func permissionRefusal(c *call, midGame bool, need []needed) error {
	missing := missingOf(c.i, need)
	if len(missing) == 0 {
		return nil
	}
	where := "<#" + c.i.ChannelID + ">"
	what := func(lang games.Lang) string { return listed(missing, lang) }
	one := len(missing) == 1
	grant := games.Say("A server admin can grant it in Edit Channel → Permissions → tablebot.",
		"Správce serveru ho může přidat v Upravit kanál → Oprávnění → tablebot.")
	if !one {
		grant = games.Say("A server admin can grant them in Edit Channel → Permissions → tablebot.",
			"Správce serveru je může přidat v Upravit kanál → Oprávnění → tablebot.")
	}
	lack := games.Say("I'm missing", "chybí mi oprávnění")
	if midGame {
		back := games.Say("Once it is granted", "Až oprávnění přibude")
		if !one {
			back = games.Say("Once they are granted", "Až oprávnění přibudou")
		}
		return userError{games.Text{
			EN: "I can't post the board in " + where + ": " + lack.EN + " " + what(games.English) + ". " + grant.EN +
				" The game is saved and waits — this click was not used. " + back.EN + ", click again and the board comes back.",
			CS: "V kanálu " + where + " nemohu zveřejnit herní plán: " + lack.CS + " " + what(games.Czech) + ". " + grant.CS +
				" Hra je uložená a čeká — toto kliknutí se nepoužilo. " + back.CS + ", klikni znovu a plán se objeví.",
		}}
	}
	return userError{games.Text{
		EN: "I can't run a game in " + where + ": " + lack.EN + " " + what(games.English) + " (to post the board with its picture). " + grant.EN +
			" Nothing was started.",
		CS: "V kanálu " + where + " nemohu vést hru: " + lack.CS + " " + what(games.Czech) + " (kvůli zveřejňování herního plánu s obrázkem). " + grant.CS +
			" Nic se nespustilo.",
	}}
}

// clickRefusal is permissionRefusal for a component verb: only verbs that may post a board are
// refused, the lobby's Start and a Rematch as opening a table, the others as mid-game.
func clickRefusal(c *call, id ID) error {
	v := verb(id.Verb)
	if !postingVerbs[v] {
		return nil
	}
	// Start on a lobby in its parent channel starts the game's thread too.
	opening := v == verbStart && strings.HasSuffix(id.Arg, lobbyHere)
	return permissionRefusal(c, v != verbStart && v != verbRematch, c.needs(opening))
}
