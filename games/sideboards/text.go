package sideboards

import (
	"fmt"
	"strings"
)

// DrawBoard writes a sideboard as text, one line per row from the top, one drawer per column:
// the colour letter and the handle letter, or "." for none ("RL K. TS"). Tests print it on
// failure.
func DrawBoard(board []Placed) string {
	g := GridOf(board)
	var b strings.Builder
	for row := range Drawers {
		for col := range g.W {
			d := g.Cells[col][row]
			if col > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(d.Colour.Letter())
			if h := d.Handle.Letter(); h != "" {
				b.WriteString(h)
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// String writes the whole state, hidden parts included, for debugging and tests.
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "phase %d turn %d tasks %v variant %s exchanging %v drawNext %d\n", s.phase, s.turn, s.tasks, s.Opts.Variant, s.exchanging, s.drawNext)
	fmt.Fprintf(&b, "pile %v\ndiscard %v\nknows %v\n", s.pile, s.discard, s.knows)
	for i, st := range s.seats {
		fmt.Fprintf(&b, "seat %d %s: board %v newest %v hand %v received %v pending %+v exchanged %d\n%s",
			i, s.Names[i], st.board, st.newest, st.hand, st.received, st.pending, st.exchanged, DrawBoard(st.board))
	}
	return b.String()
}
