package fits

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// Board dimensions: 6 columns A–F; rows 1–12 are the printed grid, rows 13–16 the overhang.
const (
	Cols     = 6
	GridRows = 12
	Rows     = 16
)

// Cell is a square of a board: Col 0–5 for columns A–F, Row 0–15 for rows 1–16 counted from
// the floor. (The same type gives a square's offset inside a piece; see Orientation.)
type Cell struct {
	// Col is the column, 0 for A; Row the row, 0 for row 1.
	Col, Row int
}

// Label returns the cell's name as printed on the picture: "C4".
func (c Cell) Label() string { return ColumnLabel(c.Col) + strconv.Itoa(c.Row+1) }

// String returns the cell's label.
func (c Cell) String() string { return c.Label() }

// InGrid reports whether c is one of the 72 cells of the printed 12×6 grid.
func (c Cell) InGrid() bool { return c.Col >= 0 && c.Col < Cols && c.Row >= 0 && c.Row < GridRows }

// onBoard reports whether c lies in the 16×6 area of grid and overhang.
func (c Cell) onBoard() bool { return c.Col >= 0 && c.Col < Cols && c.Row >= 0 && c.Row < Rows }

func (c Cell) index() int { return c.Row*Cols + c.Col }

// ColumnLabel returns the letter of column col ("A" for 0), or "?" outside A–Z.
func ColumnLabel(col int) string {
	if col < 0 || col >= 26 {
		return "?"
	}
	return string(rune('A' + col))
}

// ParseCell reads a cell name such as "C4" or "f16" (rows 1–16).
func ParseCell(label string) (Cell, bool) {
	label = strings.ToUpper(strings.TrimSpace(label))
	if len(label) < 2 || label[0] < 'A' || label[0] >= 'A'+Cols {
		return Cell{}, false
	}
	row, err := strconv.Atoi(label[1:])
	if err != nil || row < 1 || row > Rows || label[1] == '+' || label[1] == '0' {
		return Cell{}, false
	}
	return Cell{Col: int(label[0] - 'A'), Row: row - 1}, true
}

// Grid is one board as a seat sees it: Grid[row][col] is 0 for an empty cell, or 1 + the
// index of the piece covering it in its board's list of pieces. Row 0 is the floor (row 1);
// rows 12–15 are the overhang rows 13–16.
type Grid [Rows][Cols]int8

// Occupied reports whether c is covered; cells off the board are not.
func (g *Grid) Occupied(c Cell) bool { return c.onBoard() && g[c.Row][c.Col] != 0 }

// Heights returns, per column, the number of rows up to and including its highest covered
// cell (0 for an empty column). A piece sliding down a column stops above that cell.
func (g *Grid) Heights() [Cols]int {
	var h [Cols]int
	for col := range Cols {
		for row := Rows - 1; row >= 0; row-- {
			if g[row][col] != 0 {
				h[col] = row + 1
				break
			}
		}
	}
	return h
}

// String draws the grid for tests and debugging, top row first: a covered cell as a letter
// naming its piece (a = the first), '.' an empty grid cell, a line between the overhang and
// row 12, column letters below.
func (g Grid) String() string { return drawGrid(&g, 0) }

// drawGrid draws g with board's marks on empty grid cells: '.' a dot, a digit a number or
// white value, 'x' a black cell, a symbol's initial (s h c t q) on board 4. Covered cells show
// the piece's index as a letter (a = first piece). board 0 shows no marks.
func drawGrid(g *Grid, board int) string {
	var b strings.Builder
	for row := Rows - 1; row >= 0; row-- {
		if row == GridRows-1 {
			b.WriteString("   -----------\n")
		}
		b.WriteString(strings.Repeat(" ", 2-len(strconv.Itoa(row+1))) + strconv.Itoa(row+1) + " ")
		for col := range Cols {
			if col > 0 {
				b.WriteByte(' ')
			}
			c := Cell{col, row}
			switch {
			case g[row][col] != 0:
				b.WriteByte(byte('a' + g[row][col] - 1))
			case board == 0 || !c.InGrid():
				if c.InGrid() {
					b.WriteByte('.')
				} else {
					b.WriteByte(' ')
				}
			default:
				b.WriteByte(MarkAt(board, c).letter())
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("   A B C D E F\n")
	return b.String()
}

// Land returns where p comes to rest on g: the piece enters from above in column p.Col in its
// orientation and slides straight down until a square would leave the floor or enter a
// covered cell. It fails with a *games.Refusal (ErrIllegal) for an invalid shape or rot, for a
// piece that would leave the grid sideways, and for a landing that would use row 17 or
// above; in that last case the returned Placed still says where the piece would rest. g is
// not changed.
func Land(g *Grid, p Place) (Placed, error) {
	if r := p.checkForm(); r != nil {
		return Placed{}, r
	}
	return landOn(g.Heights(), p)
}

// landOn is Land for a board given by its column heights; p's shape and rot are valid.
func landOn(heights [Cols]int, p Place) (Placed, error) {
	o := orientOf(p.Piece, p.Rot, p.Flip)
	if p.Col < 0 || p.Col+o.w > Cols {
		return Placed{}, sideways(p, o.w)
	}
	bottom := restRow(heights, o, p.Col)
	pl := Placed{Place: p, Bottom: bottom, Top: bottom + o.h - 1, Cells: make([]Cell, len(o.cells))}
	for i, c := range o.cells {
		pl.Cells[i] = Cell{Col: p.Col + c.Col, Row: bottom + c.Row}
	}
	if pl.Top >= Rows {
		return pl, games.Refuse(games.ErrIllegal,
			"Placed here, %s would come to rest on rows %d–%d: no piece may reach row 17. Pick another place or set it aside.",
			"Dílek %s by tady skončil na řadách %d–%d: žádný dílek nesmí zasáhnout do řady 17. Vyber jiné místo, nebo ho odlož.",
			p.Piece, pl.Bottom+1, pl.Top+1)
	}
	return pl, nil
}

// sideways is the refusal of a placement that leaves the board at its sides.
func sideways(p Place, w int) *games.Refusal {
	last := ColumnLabel(Cols - w)
	return games.Refuse(games.ErrIllegal,
		"Turned this way, %s is %s: from column %s it would leave the board sideways. Pick a column from A to %s.",
		"Dílek %s takto otočený je %s: ze sloupce %s by vyčníval z desky. Vyber sloupec A až %s.",
		p.Piece, cellsWide(w), ColumnLabel(p.Col), last)
}

// board is one seat's board on the table: who covers which cell, and each column's height.
type board struct {
	grid   Grid
	height [Cols]int
}

// put lays pl (piece number idx, 0-based) on the board; pl was computed by landOn for it.
func (b *board) put(pl Placed, idx int) {
	for _, c := range pl.Cells {
		b.grid[c.Row][c.Col] = int8(idx + 1)
		b.height[c.Col] = max(b.height[c.Col], c.Row+1)
	}
}

// Placed is a piece at rest on a board: the placement that put it there, the rows it spans
// and its squares.
type Placed struct {
	// Place is the placement as made: piece, rot, flip, column.
	Place Place
	// Bottom and Top are the 0-based rows of its lowest and highest squares (row 1 is 0).
	Bottom, Top int
	// Cells are its squares on the board, from the lowest row up, left to right.
	Cells []Cell
	// Pending marks, in the viewer's own view only, its choice for the current piece, which
	// the others do not see yet.
	Pending bool
}

// String describes the piece for debugging: "F5 C r1 flip on rows 3–5" (its squares follow
// from the placement and the rows), with " (pending)" for a hidden choice.
func (p Placed) String() string {
	s := fmt.Sprintf("%v on rows %d–%d", p.Place, p.Bottom+1, p.Top+1)
	if p.Pending {
		s += " (pending)"
	}
	return s
}
