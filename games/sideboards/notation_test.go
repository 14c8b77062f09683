package sideboards

import (
	"errors"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

func TestDecodeAction(t *testing.T) {
	for _, good := range []string{
		`{"type":"start","cards":[12,40],"turned":[false,true]}`,
		`{"type":"place","card":7,"side":"left","turned":false}`,
		`{"type":"exchange"}`,
		`{"type":"tasks","tasks":[2,9,17]}`,
		`{"type":"deal","hands":[[12,40,7],[1,2,3]]}`,
		`{"type":"draw","seat":1,"cards":[33]}`,
	} {
		gamestest.RoundTrip(t, Game{}, good)
	}
	gamestest.DecodeRefuses(t, Game{},
		`{"type":"place","card":7,"side":"up","turned":false}`,
		`{"type":"place","card":7,"side":"left"}`,
		`{"type":"place","card":7,"side":"left","turned":false,"extra":1}`,
		`{"type":"exchange","cards":[1]}`,
		`{"type":"start","cards":[12,40]}`,
		`{"type":"draw","seat":-1,"cards":[33]}`,
		`{"type":"draw","seat":"chance","cards":[33]}`,
		`{"type":"deal","hands":[[1],null]}`,
		`{"type":"pass"}`,
		`{"cards":[1]}`,
		`[]`,
		`{"type":"tasks","tasks":[1,8,17]} {}`,
	)
}

// TestNotation: Describe's form of every legal move reads back (through Typed) as the move.
func TestNotation(t *testing.T) {
	r := testRand(10)
	for _, n := range []int{1, 3} {
		s := newGame(t, n, DefaultOptions())
		for !games.Over(s) {
			advance(t, s, r)
			if games.Over(s) {
				break
			}
			seat := s.ToAct()[0]
			gamestest.TypedResolves(t, s, seat)
			must.Apply(t, s, seat, s.Hint(seat))
		}
	}
	for _, c := range []struct {
		text string
		turn int
		want string
	}{
		{"12 40t", 1, "12 40t"},
		{"12 turned, 40", 1, "12t 40"},
		{"#12 #40 otočená", 1, "12 40t"},
		{"7t right", 2, "7t right"},
		{"Right 7 turned", 2, "7t right"},
		{"7 vlevo", 2, "7 left"},
		{"7lt", 3, "7t left"},
		{"VÝMĚNA", 4, "exchange"},
		{"x", 4, "exchange"},
	} {
		a, err := ParseMove(c.text, c.turn, Left, false)
		if err != nil || describe(a) != c.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", c.text, a, err, c.want)
		}
	}
	for _, bad := range []struct {
		text string
		turn int
	}{{"12", 1}, {"12 40 7", 1}, {"7", 2}, {"7 8 left", 2}, {"seven left", 2}, {"", 2}, {"t 7 left", 2}, {"12 40 left", 1}, {"61 left", 2}} {
		_, err := ParseMove(bad.text, bad.turn, Left, false)
		var ref *games.Refusal
		if !errors.As(err, &ref) || ref.Reason.CS == "" {
			t.Errorf("ParseMove(%q) = %v, want a refusal", bad.text, err)
		}
	}
}
