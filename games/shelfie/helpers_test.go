package shelfie

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

var names = []string{"Ada", "Ben", "Cid", "Dee"}

// newGame starts a game of n players with options (JSON, "" for none).
func newGame(t testing.TB, n int, options string) *State {
	t.Helper()
	st, err := Game{}.New(names[:n], json.RawMessage(options))
	if err != nil {
		t.Fatalf("new game: %v", err)
	}
	return st.(*State)
}

// parseShelf reads a text shelf, top row first, the last line being height 1: each space
// "G3" or ".." (or "."), separated by spaces, missing spaces at a line's end empty; fewer
// than 5 lines fill the lower rows. A column must have no gaps.
func parseShelf(t testing.TB, lines ...string) Shelf {
	t.Helper()
	var sh Shelf
	for i := len(lines) - 1; i >= 0; i-- {
		line := lines[i]
		y := len(lines) - 1 - i
		f := strings.Fields(line)
		for len(f) < Columns {
			f = append(f, "..")
		}
		if len(f) != Columns {
			t.Fatalf("shelf line %q: want 5 spaces", line)
		}
		for col, w := range f {
			if strings.Trim(w, ".") == "" {
				continue
			}
			d, ok := ParseDie(w)
			if !ok {
				t.Fatalf("shelf line %q: %q is not a die", line, w)
			}
			if int(sh.Heights[col]) != y {
				t.Fatalf("shelf line %q: column %d has a gap", line, col+1)
			}
			sh.put(d, col)
		}
	}
	return sh
}

// dice reads "P3 G6 B1".
func dice(t testing.TB, s string) []Die {
	t.Helper()
	return gamestest.Fields(t, s, ParseDie)
}

// must makes and refuses moves, drawing the seat's board when one goes wrong.
var must = gamestest.Must[*State]{Show: (*State).drawSeat}

// drawSeat draws seat's shelf and shipment, for failure messages.
func (s *State) drawSeat(seat games.Seat) string {
	if seat < 0 || int(seat) >= len(s.seats) {
		return ""
	}
	st := &s.seats[seat]
	return fmt.Sprintf("shelf of %s:\n%sshame %s; shipment %s; phase %d", s.name(seat), st.shelf.String(), diceString(st.shame), diceString(s.shipment), s.phase)
}

// atTurn returns a game of n players after setup, with the given boxes filled and the players
// having chosen cards (in seat order), so that the first seat in turn order is to take a box.
func atTurn(t testing.TB, n int, options string, boxes string, cards ...int) *State {
	t.Helper()
	s := newGame(t, n, options)
	for s.phase == PhaseDeal || s.phase == PhaseRewards {
		switch s.phase {
		case PhaseDeal:
			must.Apply(t, s, games.Chance, s.SampleChance(testRand()))
		case PhaseRewards:
			if s.Opts.SoloMode() == SoloBeat {
				must.Apply(t, s, games.Chance, Rewards{Endgame: []int{1, 6}})
			} else {
				must.Apply(t, s, games.Chance, Rewards{Sidekick: 1, Contest: 1, Endgame: []int{1}})
			}
		}
	}
	must.Apply(t, s, games.Chance, fillOf(t, boxes))
	for i, c := range cards {
		if s.phase == PhaseChoose {
			must.Apply(t, s, games.Seat(i), Choose{Card: c})
		}
	}
	return s
}

// fillOf reads boxes "P3 G6 B1 / O2 O4 P5 / ...".
func fillOf(t testing.TB, boxes string) Fill {
	t.Helper()
	var f Fill
	for _, b := range strings.Split(boxes, "/") {
		f.Boxes = append(f.Boxes, dice(t, b))
	}
	return f
}

// shelfText is the text form of a shelf written as parseShelf reads it.
func shelfText(t testing.TB, lines ...string) string {
	t.Helper()
	sh := parseShelf(t, lines...)
	return sh.String()
}
