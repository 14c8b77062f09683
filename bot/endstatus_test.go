package bot

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
)

// TestEndAndStatusSayGameOverOnce plays each game to its end (the player goes /away and the
// AI finishes it), in English and in Czech, and reads what people see: the channel's result
// board says the game is over once (Shelfie's "Game over. AI 1 wins…" summary used to be
// followed by "🏁 Game over!"), and the ephemeral /status after the end says the game is over
// (Ingenious used to give its bag line, "68 tiles left in the bag"), has no empty line before
// the message's end, and does not repeat the result board's Rematch button.
func TestEndAndStatusSayGameOverOnce(t *testing.T) {
	cases := []awayGame{
		{"shelfie", ada, []fakediscord.CommandOption{fakediscord.StringOption("solo", "bot")}, 0},
		{"shelfie", ben, []fakediscord.CommandOption{fakediscord.StringOption("solo", "bot")}, 0},
		{"fits", ada, nil, 0},
		{"ingenious", ada, nil, 1},
		{"ingenious", ben, nil, 1},
		{"sideboards", ben, nil, 1},
	}
	for _, c := range cases {
		t.Run(c.game+"-"+c.host.Locale, func(t *testing.T) {
			t.Parallel()
			over := []string{"game over", "Game over"}
			if c.host.Locale == "cs" {
				over = []string{"konec hry", "Konec hry"}
			}
			h, in := c.play(t)
			end := h.lastBoard()
			_, below, _ := strings.Cut(end.Content, "\n") // below the headline, whose progress says it too
			if n := strings.Count(below, over[0]) + strings.Count(below, over[1]); n != 1 {
				t.Errorf("the result board says %q %d times:\n%s", over[1], n, end.Content)
			}
			if s := h.state().Result().Summary.In(games.LangOf(c.host.Locale)); s != "" && strings.Count(end.Content, s) != 1 {
				t.Errorf("the result board says the summary %q %d times:\n%s", s, strings.Count(end.Content, s), end.Content)
			}
			status := h.command(in, c.host, "status")
			if !strings.Contains(status.Content, over[0]) && !strings.Contains(status.Content, over[1]) {
				t.Errorf("/status after the end does not say %q:\n%s", over[1], status.Content)
			}
			if strings.Contains(status.Content, "\n\n") || strings.TrimRight(status.Content, " \n") != status.Content {
				t.Errorf("/status has an empty line:\n%q", status.Content)
			}
			rematch := 0
			for _, b := range components(t, status) {
				if id, err := ParseID(b.CustomID); err == nil && id.Verb == string(verbRematch) {
					rematch++
				}
			}
			if rematch != 0 {
				t.Errorf("/status offers Rematch again (the result board has it):\n%s", status.Components)
			}
			t.Logf("end board:\n%s\n/status:\n%s\n%s", end.Content, status.Content, status.Components)
		})
	}
}

// TestBoardLogDrop: the end's summary is left out of the account line by line: the line that
// says it goes, the other lines of the same step stay, and a step with nothing left is gone.
func TestBoardLogDrop(t *testing.T) {
	say := func(s string) games.Event { return games.Event{Text: games.Text{EN: s, CS: s}} }
	l := newBoardLog([]games.Step{
		{Seat: 0, Events: []games.Event{say("Ada took box 1."), say("Game over. Ada wins with 40 points.")}, Auto: true},
		{Seat: games.Chance, Events: []games.Event{say("Ada wins with 40 points.")}},
		{Seat: 1, Events: []games.Event{say("Ben took box 2.")}},
	}, games.English)
	before := l.drop("Ada wins with 40 points.")
	if !strings.Contains(before, "Game over.") || l.full != "🤖 Ada took box 1.\nBen took box 2.\n" || len(l.entries) != 2 {
		t.Fatalf("after drop: %q (%d entries), before %q", l.full, len(l.entries), before)
	}
	if got := l.fit(1000); got != l.full {
		t.Errorf("fit after drop %q", got)
	}
}
