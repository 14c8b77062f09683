package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// boardPage is how many players a page of /leaderboard lists.
const boardPage = 10

// soloShown is how many solo records the first page of /leaderboard lists.
const soloShown = 5

// leaderboardCommand is /leaderboard game:…: the server's best players of a game, by the
// conservative rating (μ − 3σ), a page of ten at a time, with the caller's own place and the
// server's best solo scores.
//
// The message is public. Its ◀ ▶ buttons are stateless (the custom_id carries the game and
// the page's offset): clicked on the public message they open that page for the clicker
// alone (an ephemeral message, so one person's browsing does not turn everybody's page, and
// "your place" is the clicker's), and on that ephemeral page they turn it in place.
func (b *Bot) leaderboardCommand() command {
	return command{
		def:    newCommand("leaderboard", games.Say("The best players of a game on this server", "Nejlepší hráči hry na tomto serveru"), b.gameOption(false)),
		handle: (*Bot).onLeaderboard,
		ack:    ackPublic,
	}
}

func (b *Bot) onLeaderboard(c *call) error {
	game, err := b.gameFor(c)
	if err != nil {
		return err
	}
	m, err := b.leaderboardPage(c, game, 0, false)
	if err != nil {
		return err
	}
	return c.reply(m)
}

// onBoardOpen opens a page of the leaderboard for the clicker alone (◀ ▶ on the public message).
func (b *Bot) onBoardOpen(c *call, id ID) error { return b.ownBoardPage(c, id, c.reply) }

// onBoardPage turns the clicker's own page of the leaderboard (◀ ▶ on an ephemeral page).
func (b *Bot) onBoardPage(c *call, id ID) error { return b.ownBoardPage(c, id, c.edit) }

// ownBoardPage sends, with send (a new message or the clicked one edited), the clicker's own
// page of the leaderboard of id's game from the offset in id's Arg.
func (b *Bot) ownBoardPage(c *call, id ID, send func(message) error) error {
	offset, _ := strconv.Atoi(id.Arg)
	m, err := b.leaderboardPage(c, id.Game, offset, true)
	if err != nil {
		return err
	}
	return send(m)
}

// leaderboardPage builds the page of game's leaderboard from offset (clamped to the pages
// there are), for the caller: ephemeral for a page of their own. The first page also lists the
// server's best solo scores.
func (b *Bot) leaderboardPage(c *call, game string, offset int, own bool) (message, error) {
	kit, ok := b.kit(game)
	if !ok {
		return message{}, refuse("I do not know the game %q.", "Hru %q neznám.", game)
	}
	offset = max(0, offset-offset%boardPage)
	board, err := b.tables.Leaderboard(c.ctx, c.i.GuildID, game, offset, boardPage)
	if err != nil {
		return message{}, err
	}
	if offset > 0 && offset >= board.Total {
		// The board shrank (or the custom_id was made up): show its last page.
		offset = max(0, (board.Total-1)/boardPage*boardPage)
		if board, err = b.tables.Leaderboard(c.ctx, c.i.GuildID, game, offset, boardPage); err != nil {
			return message{}, err
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "🏆 %s **%s** — %s", kit.Game.Emoji(), c.say(kit.Game.Title()), c.say(games.Say("leaderboard", "žebříček")))
	if board.Total > boardPage {
		pages := (board.Total + boardPage - 1) / boardPage
		fmt.Fprintf(&sb, " · %s", c.say(games.Say("page %d of %d", "strana %d z %d", offset/boardPage+1, pages)))
	}
	sb.WriteString("\n")
	rows := board.Standings
	if len(rows) == 0 {
		sb.WriteString(c.say(games.Say("No finished games with other players yet (solo games are not ranked). Start one with /start!",
			"Zatím žádná dohraná hra s dalšími hráči (sólo hry se do žebříčku nepočítají). Založ ji přes /start!")) + "\n")
	} else {
		sb.WriteString(c.say(games.Say("*Ordered by rating: skill minus three times its uncertainty, so it grows as you play and win.*",
			"*Pořadí podle hodnocení: dovednost minus trojnásobek její nejistoty, takže roste s hraním a výhrami.*")) + "\n")
	}
	if err := b.writeStandings(c, &sb, game, rows); err != nil {
		return message{}, err
	}
	if offset == 0 {
		solo, err := b.tables.SoloRecords(c.ctx, c.i.GuildID, game, soloShown)
		if err != nil {
			return message{}, err
		}
		sb.WriteString(soloSection(solo, c.lang))
	}
	m := message{content: sb.String(), ephemeral: own}
	if board.Total > boardPage {
		m.components = pageButtons(game, offset, board.Total, own)
	}
	return m, nil
}

// writeStandings writes a leaderboard page's rows, the caller's marked, and the caller's own
// place under them when it is off the page (or why they have none).
func (b *Bot) writeStandings(c *call, sb *strings.Builder, game string, rows []table.Standing) error {
	mine := false
	for _, r := range rows {
		mark := fmt.Sprintf("%d.", r.Rank)
		if r.Rank >= 1 && r.Rank <= len(medals) {
			mark = medals[r.Rank-1]
		}
		line := mark + " " + c.say(standingLine(r))
		if r.UserID == c.user {
			mine = true
			line += " ← " + c.say(games.Say("you", "ty"))
		}
		sb.WriteString(line + "\n")
	}
	if !mine && len(rows) > 0 {
		// The caller's own place, also when it is off the page.
		me, ok, err := b.tables.Standing(c.ctx, c.i.GuildID, game, c.user)
		if err != nil {
			return err
		}
		if ok {
			sb.WriteString(c.say(games.Say("**Your place:**", "**Tvoje místo:**")) + fmt.Sprintf(" %d. ", me.Rank) + c.say(standingLine(me)) + "\n")
		} else {
			sb.WriteString(c.say(games.Say("*You are not on this board yet: finish a game with other players.*",
				"*V tomto žebříčku ještě nejsi: dohraj hru s dalšími hráči.*")) + "\n")
		}
	}
	return nil
}

// pageButtons are a leaderboard's ◀ ▶ at offset of total rows: its public message's open the
// caller's own (ephemeral) pages, own pages turn in place.
func pageButtons(game string, offset, total int, own bool) []discordgo.MessageComponent {
	v := verbBoardOpen
	if own {
		v = verbBoardPage
	}
	prev := discordgo.Button{Emoji: &discordgo.ComponentEmoji{Name: "◀️"}, Style: discordgo.SecondaryButton,
		CustomID: buildID(game, 0, v, strconv.Itoa(max(0, offset-boardPage))), Disabled: offset == 0}
	next := discordgo.Button{Emoji: &discordgo.ComponentEmoji{Name: "▶️"}, Style: discordgo.SecondaryButton,
		CustomID: buildID(game, 0, v, strconv.Itoa(offset+boardPage)), Disabled: offset+boardPage >= total}
	buttons := []discordgo.MessageComponent{prev, next}
	uniqueIDs(buttons)
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// soloSection lists the server's best solo scores of a game with the rulebook's verdict on
// each; empty when there are none.
func soloSection(solo []table.SoloRecord, lang games.Lang) string {
	if len(solo) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString("\n🧩 " + games.Say("**Solo records**", "**Sólo rekordy**").In(lang) + "\n")
	for i, s := range solo {
		points := games.Count(s.Score, "point", "points", "bod", "body", "bodů")
		line := fmt.Sprintf("%d. **%s** — %s", i+1, s.Name, points.In(lang))
		if tier := (games.Text{EN: s.Tier.EN, CS: s.Tier.CS}).In(lang); tier != "" {
			line += " · " + tier
		}
		fmt.Fprintf(&sb, "%s (%s)\n", line, s.At.UTC().Format("2006-01-02"))
	}
	return sb.String()
}

// standingLine is a player's line: "**Ada** — rating 12.3 · 5 wins in 8 games, best 31" (the
// rating is the conservative μ − 3σ the board is ordered by).
func standingLine(r table.Standing) games.Text {
	wins := games.Count(r.Wins, "win", "wins", "výhra", "výhry", "výher")
	played := games.Count(r.Games, "game", "games", "hra", "hry", "her")
	return games.Text{
		EN: fmt.Sprintf("**%s** — rating %s · %s in %s, best %d", r.Name, number(r.Ordinal(), games.English), wins.EN, played.EN, r.Best),
		CS: fmt.Sprintf("**%s** — hodnocení %s · %s, odehráno %s, nejlépe %d", r.Name, number(r.Ordinal(), games.Czech), wins.CS, played.CS, r.Best),
	}
}
