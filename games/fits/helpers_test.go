package fits

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

var names = []string{"Ada", "Ben", "Cid", "Dee"}

func testRand() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }

// parseGrid reads a text board, top row first, the last line being row 1: '.' or ' ' an
// empty cell, any other character a covered one (the same letter is the same piece). Fewer
// than 16 lines fill the lower rows.
func parseGrid(t testing.TB, lines ...string) (Grid, map[byte][]Cell) {
	t.Helper()
	var g Grid
	pieces := map[byte][]Cell{}
	if len(lines) > Rows {
		t.Fatalf("text board of %d lines, at most %d", len(lines), Rows)
	}
	ids := map[byte]int8{}
	for i, line := range lines {
		row := len(lines) - 1 - i
		line = strings.ReplaceAll(line, " ", "")
		if len(line) != Cols {
			t.Fatalf("text board line %q: want %d cells", line, Cols)
		}
		for col := range Cols {
			ch := line[col]
			if ch == '.' {
				continue
			}
			if _, ok := ids[ch]; !ok {
				ids[ch] = int8(len(ids) + 1)
			}
			g[row][col] = ids[ch]
			pieces[ch] = append(pieces[ch], Cell{col, row})
		}
	}
	return g, pieces
}

// setBoard replaces seat's board by a text board (pieces without a shape, one per letter).
func setBoard(t testing.TB, s *State, seat games.Seat, lines ...string) {
	t.Helper()
	g, _ := parseGrid(t, lines...)
	st := &s.seats[seat]
	st.board = board{grid: g, height: g.Heights()}
	n := 0
	for _, row := range g {
		for _, id := range row {
			n = max(n, int(id))
		}
	}
	st.pieces = make([]Placed, n)
	for row := range Rows {
		for col := range Cols {
			if id := g[row][col]; id != 0 {
				st.pieces[id-1].Cells = append(st.pieces[id-1].Cells, Cell{col, row})
			}
		}
	}
}

// dealt returns a game of n players (boards as given, default all four) after the start
// deal with the given start cards (default F5 W5 X5 U5 in seat order).
func dealt(t testing.TB, n int, boards []int, cards ...Shape) *State {
	t.Helper()
	if boards == nil {
		boards = []int{1, 2, 3, 4}
	}
	s, err := NewState(names[:n], Options{Boards: boards})
	if err != nil {
		t.Fatal(err)
	}
	if cards == nil {
		cards = startTable[:n]
	}
	must.Apply(t, s, games.Chance, Start{Cards: cards})
	return s
}

// building returns dealt(...) after every seat placed its start piece as the AI would.
func building(t testing.TB, n int, boards []int, cards ...Shape) *State {
	t.Helper()
	s := dealt(t, n, boards, cards...)
	for _, seat := range s.ToAct() {
		must.Apply(t, s, seat, s.Hint(seat))
	}
	return s
}

// revealed returns building(t, n, boards, starts...) after chance turned card up.
func revealed(t testing.TB, card Shape, n int, boards []int, starts ...Shape) *State {
	t.Helper()
	s := building(t, n, boards, starts...)
	must.Apply(t, s, games.Chance, Reveal{Piece: card})
	return s
}

// pl is a placement by column letter.
func pl(piece Shape, rot int, flip bool, col byte) Place {
	return Place{Piece: piece, Rot: rot, Flip: flip, Col: int(col - 'A')}
}

// must makes and refuses moves, drawing the seat's board when one goes wrong.
var must = gamestest.Must[*State]{Show: (*State).drawSeat}

// drawSeat draws seat's board with its marks, for failure messages.
func (s *State) drawSeat(seat games.Seat) string {
	if !s.IsSeat(seat) {
		return ""
	}
	return fmt.Sprintf("board %d of %s:\n%s", s.Board(), s.Names[seat], drawGrid(&s.seats[seat].board.grid, s.Board()))
}

// labels writes cells as "A1 B1".
func labels(cells []Cell) string {
	var out []string
	for _, c := range cells {
		out = append(out, c.Label())
	}
	return strings.Join(out, " ")
}
