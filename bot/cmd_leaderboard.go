package bot

import (
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/games"
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
	rows, err := b.tables.Leaderboard(c.ctx, c.i.GuildID, game, 10)
	if err != nil {
		return err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "🏆 %s **%s** — %s\n", kit.Game.Emoji(), c.say(kit.Game.Title()), c.say(games.Say("leaderboard", "žebříček")))
	if len(rows) == 0 {
		sb.WriteString(c.say(games.Say("No finished games with other players yet (solo games are not ranked). Start one with /start!",
			"Zatím žádná dohraná hra s dalšími hráči (sólo hry se do žebříčku nepočítají). Založ ji přes /start!")))
	}
	for i, r := range rows {
		mark := fmt.Sprintf("%d.", i+1)
		if i < len(medals) {
			mark = medals[i]
		}
		wins := games.Count(r.Wins, "win", "wins", "výhra", "výhry", "výher")
		played := games.Count(r.Played, "game", "games", "hra", "hry", "her")
		line := games.Text{
			EN: fmt.Sprintf("**%s** — %s in %s, best %d", r.Name, wins.EN, played.EN, r.Best),
			CS: fmt.Sprintf("**%s** — %s, odehráno %s, nejlépe %d", r.Name, wins.CS, played.CS, r.Best),
		}
		sb.WriteString(mark + " " + c.say(line) + "\n")
	}
	return c.reply(message{content: sb.String()})
}
