package ingenious

import (
	"fmt"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
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
		must.Apply(t, s, games.Chance, Draw{Tiles: tiles(t, rack...)})
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

// must makes and refuses moves, drawing the board when one goes wrong. A refused move must
// leave the board, scores, racks, phase, turn, bonus and bag as they were (the state's ranking
// cache may fill).
var must = gamestest.Must[*State]{
	Show: func(s *State, _ games.Seat) string { return s.Draw() },
	Fields: func(s *State) string {
		return s.Draw() + fmt.Sprint(s.scores, s.racks, s.phase, s.turn, s.bonus, s.bag)
	},
}
