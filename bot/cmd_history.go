package bot

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

// historyLimit is how many finished games /history lists (and attaches: Discord takes 10 files).
const historyLimit = 10

// historyCommand is /history: the server's latest finished games, each with a **View** button
// that opens the replay viewer (viewer.go) at its last move, and each record attached as JSON
// (for a bug report, or for `tablebot replay`, which server admins have).
func historyCommand() command {
	return command{
		def:    newCommand("history", games.Say("The server's latest finished games, with their records", "Poslední dohrané hry serveru i s jejich záznamy")),
		handle: (*Bot).onHistory,
		ack:    ackEphemeral,
	}
}

func (b *Bot) onHistory(c *call) error {
	if err := c.ackReply(true); err != nil {
		return err
	}
	list, err := b.tables.History(c.ctx, c.i.GuildID, historyLimit)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return c.reply(message{ephemeral: true, content: c.say(games.Say("No finished games on this server yet.", "Na tomto serveru zatím není žádná dohraná hra."))})
	}
	var sb strings.Builder
	sb.WriteString("📜 " + c.say(games.Say("Latest finished games:", "Poslední dohrané hry:")) + "\n")
	var files []*discordgo.File
	var buttons []discordgo.MessageComponent
	names := map[string]bool{}
	for i, g := range list {
		title := g.Game
		if kit, ok := b.kit(g.Game); ok {
			title = kit.Game.Emoji() + " " + c.say(kit.Game.Title())
		}
		var players []string
		for _, s := range g.Seats {
			players = append(players, s.Name)
		}
		name := recordName(g.Game, g.At, names)
		fmt.Fprintf(&sb, "%d. %s — %s — %s (`%s`)\n", i+1, g.At.UTC().Format("2006-01-02 15:04"), title, strings.Join(players, ", "), name)
		a, err := b.tables.ArchivedGame(c.ctx, c.i.GuildID, g.GameID)
		if err != nil {
			return err
		}
		files = append(files, &discordgo.File{Name: name, ContentType: "application/json", Reader: bytes.NewReader(a.Record)})
		if id, ok := viewerID(g.Game, verbView, lastMove, g.GameID); ok {
			buttons = append(buttons, discordgo.Button{Label: c.say(games.Say("View %d", "Přehrát %d", i+1)),
				Emoji: &discordgo.ComponentEmoji{Name: "🎞️"}, Style: discordgo.SecondaryButton, CustomID: id})
		}
	}
	sb.WriteString(c.say(games.Say("**View** replays a game move by move. Each game's record is attached: keep it, or attach it to a bug report.",
		"**Přehrát** ukáže hru tah po tahu. Záznam každé hry je přiložen: schovej si ho, nebo ho přilož k hlášení chyby.")))
	return c.reply(message{ephemeral: true, content: sb.String(), files: files, components: buttonRows(buttons)})
}

// lastMove is the move the viewer opens at from /history: beyond any game's last, so the last.
const lastMove = 9999

// buttonRows lays buttons out in action rows of at most five, at most five rows (the rest
// left out: historyLimit keeps /history within them).
func buttonRows(buttons []discordgo.MessageComponent) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for len(buttons) > 0 && len(rows) < maxRows {
		n := min(len(buttons), maxRowButtons)
		rows = append(rows, discordgo.ActionsRow{Components: buttons[:n]})
		buttons = buttons[n:]
	}
	return rows
}

// recordName is the file name of the record of a game ended at, "fits-2026-11-28-081503.json",
// not among taken (two games ended in the same second get "-2", "-3"…), which it joins.
func recordName(game string, at time.Time, taken map[string]bool) string {
	base := game + "-" + at.UTC().Format("2006-01-02-150405")
	name := base + ".json"
	for n := 2; taken[name]; n++ {
		name = fmt.Sprintf("%s-%d.json", base, n)
	}
	taken[name] = true
	return name
}
