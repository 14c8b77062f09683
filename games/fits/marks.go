package fits

import (
	"fmt"

	"github.com/tablebot/tablebot/games"
)

// Mark is what is printed on a cell of the 12×6 grid.
type Mark int8

// The marks. Every cell that is not special is a plain Dot.
const (
	// Dot is a plain dotted cell: −1 while visible at the end of the round.
	Dot Mark = iota
	// Number is a numbered cell of board 2: scores its value while visible.
	Number
	// White is a white cell of board 3: scores its value while visible.
	White
	// Black is a black cell of board 3: −5 while visible.
	Black
	// SymbolMark is one of the two cells of a board 4 symbol.
	SymbolMark
)

// Symbol is one of board 4's five symbols; the zero value is none.
type Symbol int8

// The symbols of board 4, each printed on two cells.
const (
	NoSymbol Symbol = iota
	Star
	Heart
	Circle
	Triangle
	Square
)

// Name returns the symbol's name in both languages ("star", "hvězda").
func (s Symbol) Name() games.Text {
	if s <= NoSymbol || s > Square {
		return games.Text{}
	}
	return games.Text{EN: symbolNames[s].en, CS: symbolNames[s].cs}
}

// Special is the mark of one cell.
type Special struct {
	// Cell is where it is printed, Mark what is printed there.
	Cell Cell
	Mark Mark
	// Value is what the cell scores while visible: a Number's or White's value, −5 for Black,
	// −1 for a Dot, 0 for a symbol (symbols score in pairs).
	Value int
	// Symbol is the symbol of a SymbolMark cell.
	Symbol Symbol
}

// letter is the special's character in text boards: '.' dot, a digit, 'x' black, a symbol's
// initial (s star, h heart, c circle, t triangle, q square).
func (s Special) letter() byte {
	switch s.Mark {
	case Number, White:
		return byte('0' + s.Value)
	case Black:
		return 'x'
	case SymbolMark:
		return " shctq"[s.Symbol]
	}
	return '.'
}

// markTable holds the special of every grid cell of boards 1–4, built once from specialTable.
var markTable = func() (t [5][GridRows * Cols]Special) {
	for b := range t {
		for i := range t[b] {
			t[b][i] = Special{Cell: Cell{Col: i % Cols, Row: i / Cols}, Mark: Dot, Value: dotValue}
		}
	}
	for _, e := range specialTable {
		c, ok := ParseCell(e.cell)
		if !ok || !c.InGrid() || e.board < 1 || e.board > 4 {
			panic(fmt.Sprintf("fits: bad special cell %q on board %d", e.cell, e.board))
		}
		t[e.board][c.index()] = Special{Cell: c, Mark: e.mark, Value: e.value, Symbol: e.sym}
	}
	return t
}()

// MarkAt returns the mark of cell c on board (1–4). Cells outside the 12×6 grid, and any cell
// of a board number outside 1–4, are plain dots with no score (Value 0).
func MarkAt(board int, c Cell) Special {
	if board < 1 || board > 4 || !c.InGrid() {
		return Special{Cell: c}
	}
	return markTable[board][c.index()]
}

// Specials lists the special cells (all but the plain dots) of board (1–4) in row order from
// the floor, then column order; nil for board 1 or an unknown board.
func Specials(board int) []Special {
	if board < 1 || board > 4 {
		return nil
	}
	var out []Special
	for _, sp := range markTable[board] {
		if sp.Mark != Dot {
			out = append(out, sp)
		}
	}
	return out
}

// String describes the special for debugging: "C11 number 2", "F6 black", "C2 star".
func (s Special) String() string {
	switch s.Mark {
	case Number:
		return fmt.Sprintf("%s number %d", s.Cell, s.Value)
	case White:
		return fmt.Sprintf("%s white %d", s.Cell, s.Value)
	case Black:
		return fmt.Sprintf("%s black", s.Cell)
	case SymbolMark:
		return fmt.Sprintf("%s %s", s.Cell, s.Symbol.Name().EN)
	}
	return fmt.Sprintf("%s dot", s.Cell)
}
