package ingenious

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tablebot/tablebot/games"
)

var names = []string{"Ada", "Ben", "Cid", "Dee"}

// dealt returns a game of n players whose racks were dealt by chance as given (each rack a
// list of tiles like "RG"); missing tiles are filled with "BB"-free tiles from a fixed list.
func dealt(t *testing.T, n int, o Options, racks ...[]string) *State {
	t.Helper()
	s, err := NewState(names[:n], o)
	if err != nil {
		t.Fatal(err)
	}
	if s.Solo() {
		return s
	}
	filler := []string{"YP", "YP", "OY", "OP", "YY", "PP", "OO", "OY", "OP", "YP", "YY", "PP"}
	for seat := range n {
		var rack []string
		if seat < len(racks) {
			rack = racks[seat]
		}
		for i := 0; len(rack) < RackSize; i++ {
			rack = append(rack, filler[(seat*3+i)%len(filler)])
		}
		mustApply(t, s, games.Chance, Draw{Tiles: tiles(t, rack...)})
	}
	return s
}

func tiles(t *testing.T, ss ...string) []Tile {
	t.Helper()
	var out []Tile
	for _, s := range ss {
		a, b, err := parsePair(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, NewTile(a, b))
	}
	return out
}

func mustApply(t *testing.T, s *State, seat games.Seat, a games.Action) []games.Event {
	t.Helper()
	ev, err := games.Apply(s, seat, a)
	if err != nil {
		t.Fatalf("%s by %v refused: %v\n%s", s.Describe(a), seat, err, s.Draw())
	}
	return ev
}

func mustRefuse(t *testing.T, s *State, seat games.Seat, a games.Action, kind error) *games.Refusal {
	t.Helper()
	before := s.Draw() + fmt.Sprint(s.scores, s.racks, s.phase, s.turn, s.bonus, s.bag)
	_, err := games.Apply(s, seat, a)
	if err == nil {
		t.Fatalf("%s by %v accepted, want refusal\n%s", s.Describe(a), seat, s.Draw())
	}
	if !errors.Is(err, kind) {
		t.Fatalf("%s: got %v, want %v", s.Describe(a), err, kind)
	}
	var r *games.Refusal
	if !errors.As(err, &r) || r.Reason.CS == "" {
		t.Fatalf("%s: refusal %v lacks a Czech reason", s.Describe(a), err)
	}
	if after := s.Draw() + fmt.Sprint(s.scores, s.racks, s.phase, s.turn, s.bonus, s.bag); after != before {
		t.Fatalf("refused move changed the state")
	}
	return r
}
