package ingenious

import (
	"strings"
)

// Draw returns a text picture of the board, one row per line, for tests and debugging: each
// cell is its colour letter, '.' when empty; rows are indented like the hexagon.
//
//	A     R . . . . G
//	B    . . . . . . .
func (s *State) Draw() string {
	var b strings.Builder
	for r := -s.radius; r <= s.radius; r++ {
		b.WriteByte(byte('A' + r + s.radius))
		b.WriteString(strings.Repeat(" ", 1+abs(r)))
		first := true
		for q := -s.radius; q <= s.radius; q++ {
			c := Cell{q, r}
			if c.Distance() > s.radius {
				continue
			}
			if !first {
				b.WriteByte(' ')
			}
			first = false
			if col, ok := s.At(c); ok {
				b.WriteByte(col.Letter())
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
