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

// cell parses a label for s's radius.
func cell(t *testing.T, s *State, label string) Cell {
	t.Helper()
	c, err := ParseCell(label, s.radius)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// place builds a Place from "RG" and two labels.
func place(t *testing.T, s *State, tile, c0, c1 string) Place {
	t.Helper()
	a, b, err := parsePair(tile)
	if err != nil {
		t.Fatal(err)
	}
	return Place{First: a, Second: b, Cells: [2]Cell{cell(t, s, c0), cell(t, s, c1)}}
}

// paint puts symbols straight on the board (white-box set-up of a position): "R@F7".
func paint(t *testing.T, s *State, specs ...string) {
	t.Helper()
	for _, spec := range specs {
		var col byte
		var label string
		if _, err := fmt.Sscanf(spec, "%c@%s", &col, &label); err != nil {
			t.Fatalf("spec %q: %v", spec, err)
		}
		c, ok := ParseColour(col)
		if !ok {
			t.Fatalf("spec %q: bad colour", spec)
		}
		s.board[cellIndex(cell(t, s, label))] = int8(c) + 1
	}
}

func mustApply(t *testing.T, s *State, seat games.Seat, a games.Action) []games.Event {
	t.Helper()
	ev, err := s.Apply(seat, a)
	if err != nil {
		t.Fatalf("%s by %v refused: %v\n%s", s.Describe(a), seat, err, s.Draw())
	}
	return ev
}

func mustRefuse(t *testing.T, s *State, seat games.Seat, a games.Action, kind error) *games.Refusal {
	t.Helper()
	before := s.Draw() + fmt.Sprint(s.scores, s.racks, s.phase, s.turn, s.bonus, s.bag)
	_, err := s.Apply(seat, a)
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
