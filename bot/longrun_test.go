package bot

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// TestLongAIRunPostsTheResult: the only person at a table goes /away as soon as the game has
// started, and the AI plays their seat, and every other, to the end in one run — Shelfie solo
// against Shem Bot in Czech, FITS solo, Ingenious and Sideboards against an AI. The run's board
// used to be over Discord's 2,000 characters, refused, and the channel never learned the
// result; now the channel's last message is the result board, its account of the run
// summarised, mentioning the player, and no board is owed. Then /status, /games, /leaderboard,
// /history, /rules and /help all answer (the fake refuses whatever Discord would).
func TestLongAIRunPostsTheResult(t *testing.T) {
	cases := []struct {
		awayGame
		over string
		more string
	}{
		{awayGame{"shelfie", ben, []fakediscord.CommandOption{fakediscord.StringOption("solo", "bot")}, 0}, "Konec hry!", "tahů AI: viz /status"},
		{awayGame{"fits", ada, nil, 0}, "Game over!", "more moves by the AI: see /status"},
		{awayGame{"ingenious", ada, nil, 1}, "Game over!", "more moves by the AI: see /status"},
		{awayGame{"sideboards", ada, nil, 1}, "Game over!", ""},
	}
	for _, c := range cases {
		t.Run(c.game, func(t *testing.T) {
			t.Parallel()
			h, in := c.play(t)
			end := h.lastBoard()
			if !strings.Contains(end.Content, c.over) || !strings.Contains(end.Content, "<@"+c.host.ID+">") || len(end.Attachments) != 1 {
				t.Fatalf("the channel's last message is not the result board:\n%s", end.Content)
			}
			if n := textLen(end.Content); n > maxContent {
				t.Fatalf("the result board is %d long", n)
			}
			if !strings.Contains(end.Content, c.more) {
				t.Errorf("the run is not summarised (%q):\n%s", c.more, end.Content)
			}
			if tb := h.table(); tb.Owed != nil {
				t.Fatalf("a board is still owed: %+v", tb.Owed)
			}
			for _, name := range []string{"status", "games", "leaderboard", "history", "rules", "help"} {
				if seen := h.command(in, c.host, name); seen.Deferred || seen.Content == "" || strings.HasPrefix(seen.Content, "⚠️") {
					t.Fatalf("/%s answered %q", name, seen.Content)
				}
			}
		})
	}
}
