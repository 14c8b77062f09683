package bot

import (
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// leaderboardCommand is /leaderboard game:…: the server's best players of a game.
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
	kit, ok := b.kit(game)
	if !ok {
		return refuse("I do not know the game %q.", "Hru %q neznám.", game)
	}
	board, err := b.tables.Leaderboard(c.ctx, c.i.GuildID, game, 0, 10)
	if err != nil {
		return err
	}
	rows := board.Standings
	var sb strings.Builder
	fmt.Fprintf(&sb, "🏆 %s **%s** — %s\n", kit.Game.Emoji(), c.say(kit.Game.Title()), c.say(games.Say("leaderboard", "žebříček")))
	if len(rows) == 0 {
		sb.WriteString(c.say(games.Say("No finished games with other players yet (solo games are not ranked). Start one with /start!",
			"Zatím žádná dohraná hra s dalšími hráči (sólo hry se do žebříčku nepočítají). Založ ji přes /start!")))
	}
	mine := false
	for i, r := range rows {
		mark := fmt.Sprintf("%d.", r.Rank)
		if i < len(medals) {
			mark = medals[i]
		}
		mine = mine || r.UserID == c.user
		sb.WriteString(mark + " " + c.say(standingLine(r)) + "\n")
	}
	if !mine && len(rows) > 0 {
		// The caller's own place, also when it is off the page.
		if me, ok, err := b.tables.Standing(c.ctx, c.i.GuildID, game, c.user); err == nil && ok {
			sb.WriteString("…\n" + fmt.Sprintf("%d. ", me.Rank) + c.say(standingLine(me)) + "\n")
		}
	}
	return c.reply(message{content: sb.String()})
}

// standingLine is a player's line: "**Ada** — rating 12.3 · 5 wins in 8 games, best 31" (the
// rating is the conservative μ − 3σ the board is ordered by).
func standingLine(r table.Standing) games.Text {
	wins := games.Count(r.Wins, "win", "wins", "výhra", "výhry", "výher")
	played := games.Count(r.Games, "game", "games", "hra", "hry", "her")
	ord := fmt.Sprintf("%.1f", r.Ordinal())
	return games.Text{
		EN: fmt.Sprintf("**%s** — rating %s · %s in %s, best %d", r.Name, ord, wins.EN, played.EN, r.Best),
		CS: fmt.Sprintf("**%s** — hodnocení %s · %s, odehráno %s, nejlépe %d", r.Name, strings.Replace(ord, ".", ",", 1), wins.CS, played.CS, r.Best),
	}
}
