package shelfie

import (
	"strings"

	"github.com/tablebot/tablebot/games"
)

// The shelf's size: 5 columns of 5 spaces.
const (
	Columns = 5
	Height  = 5
)

// Shelf is one player's shelf: 5 columns (0–4, printed 1–5 left to right) of up to 5 dice,
// each column filled from the bottom. Dice[c][0] is column c's bottom die.
type Shelf struct {
	Dice    [Columns][Height]Die
	Heights [Columns]int8
}

// Column returns column col's dice from the bottom up (a slice of the shelf: do not keep it
// across changes).
func (sh *Shelf) Column(col int) []Die { return sh.Dice[col][:sh.Heights[col]] }

// Top returns the top die of column col, or false when it is empty.
func (sh *Shelf) Top(col int) (Die, bool) {
	h := sh.Heights[col]
	if h == 0 {
		return Die{}, false
	}
	return sh.Dice[col][h-1], true
}

// below returns the die under the top die of column col, or false.
func (sh *Shelf) below(col int) (Die, bool) {
	h := sh.Heights[col]
	if h < 2 {
		return Die{}, false
	}
	return sh.Dice[col][h-2], true
}

// ColourOf returns the colour of column col: the colour of its bottom die (NoColour when
// empty). Dice placed ignoring the colour rule (card 7) keep their own colour but do not
// change the column's.
func (sh *Shelf) ColourOf(col int) Colour {
	if sh.Heights[col] == 0 {
		return NoColour
	}
	return sh.Dice[col][0].Colour
}

// PureColour returns the colour of column col when all its dice really have that colour, and
// NoColour otherwise (also when empty): a column's colour for the end-game cards.
func (sh *Shelf) PureColour(col int) Colour {
	c := sh.ColourOf(col)
	for _, d := range sh.Column(col) {
		if d.Colour != c {
			return NoColour
		}
	}
	return c
}

// Count returns the number of shelf dice of colour c, by their real colour.
func (sh *Shelf) Count(c Colour) int {
	n := 0
	for col := range Columns {
		for _, d := range sh.Column(col) {
			if d.Colour == c {
				n++
			}
		}
	}
	return n
}

// Total returns the number of dice on the shelf.
func (sh *Shelf) Total() int {
	n := 0
	for _, h := range sh.Heights {
		n += int(h)
	}
	return n
}

// countColumns counts the columns whose dice satisfy ok.
func (sh *Shelf) countColumns(ok func([]Die) bool) int {
	n := 0
	for col := range Columns {
		if ok(sh.Column(col)) {
			n++
		}
	}
	return n
}

// allDice reports whether every die satisfies ok.
func allDice(ds []Die, ok func(Die) bool) bool {
	for _, d := range ds {
		if !ok(d) {
			return false
		}
	}
	return true
}

// Rules are the placement rules a placement may ignore: card 7 the colour rule, card 13 the
// number rule, the solo opponent both.
type Rules struct {
	IgnoreColour bool
	IgnoreNumber bool
}

// Check returns why die d may not be placed on column col (0–4) under the placement rules
// (less those r ignores), or nil: the column must not be full, d must have the column's
// colour, and it must be strictly higher than the die directly below it.
func (sh *Shelf) Check(d Die, col int, r Rules) *games.Refusal {
	if col < 0 || col >= Columns {
		return games.Refuse(games.ErrIllegal, "There is no column %d: the columns are 1 to 5.", "Sloupec %d neexistuje: sloupce jsou 1 až 5.", col+1)
	}
	h := sh.Heights[col]
	if h >= Height {
		return games.Refuse(games.ErrIllegal, "Column %d is full.", "Sloupec %d je plný.", col+1)
	}
	if h == 0 {
		return nil
	}
	if c := sh.ColourOf(col); !r.IgnoreColour && d.Colour != c {
		return &games.Refusal{Kind: games.ErrIllegal, Reason: games.Text{
			EN: "Column " + itoa(col+1) + " is " + c.Name().EN + ": a " + d.Colour.Name().EN + " die cannot go there.",
			CS: "Sloupec " + itoa(col+1) + " je " + c.masculine() + ": " + d.Colour.Name().CS + " kostka tam nepatří.",
		}}
	}
	if top := sh.Dice[col][h-1]; !r.IgnoreNumber && d.Value <= top.Value {
		return games.Refuse(games.ErrIllegal, "The column must rise: %d is not above %d.", "Sloupec musí stoupat: %d není víc než %d.", d.Value, top.Value)
	}
	return nil
}

// fits reports whether die d may be placed on column col (0–4) under the placement rules
// less those r ignores: Check without building the reason, for the AI's inner loops.
func (sh *Shelf) fits(d Die, col int, r Rules) bool {
	if col < 0 || col >= Columns {
		return false
	}
	h := sh.Heights[col]
	switch {
	case h >= Height:
		return false
	case h == 0:
		return true
	}
	return (r.IgnoreColour || d.Colour == sh.Dice[col][0].Colour) && (r.IgnoreNumber || d.Value > sh.Dice[col][h-1].Value)
}

// put lays d on top of column col; the caller has checked the move.
func (sh *Shelf) put(d Die, col int) {
	sh.Dice[col][sh.Heights[col]] = d
	sh.Heights[col]++
}

// take removes and returns the top die of column col; the column must not be empty.
func (sh *Shelf) take(col int) Die {
	sh.Heights[col]--
	d := sh.Dice[col][sh.Heights[col]]
	sh.Dice[col][sh.Heights[col]] = Die{}
	return d
}

// insert shifts the dice of column col from height at (0-based) up by one and puts d into the
// gap; the caller has checked the move.
func (sh *Shelf) insert(d Die, col, at int) {
	h := int(sh.Heights[col])
	copy(sh.Dice[col][at+1:h+1], sh.Dice[col][at:h])
	sh.Dice[col][at] = d
	sh.Heights[col]++
}

// Pattern is a contest card's pattern: rows from the top, each a colour or NoColour for a
// space that may hold anything.
type Pattern [][]Colour

// parsePattern reads a pattern written "P . B / P . B".
func parsePattern(s string) Pattern {
	var p Pattern
	for _, row := range strings.Split(s, "/") {
		var r []Colour
		for _, f := range strings.Fields(row) {
			c, _ := ParseColour(f)
			r = append(r, c)
		}
		p = append(p, r)
	}
	return p
}

// Width and Rows are the pattern's size.
func (p Pattern) Width() int { return len(p[0]) }

// Rows returns the number of rows of the pattern.
func (p Pattern) Rows() int { return len(p) }

// Shows reports whether sh shows pattern p anywhere, by real colours, without turning or
// mirroring it: every coloured space of p must be a die of that colour.
func (sh *Shelf) Shows(p Pattern) bool {
	h, w := p.Rows(), p.Width()
	for x := 0; x+w <= Columns; x++ {
		for y := 0; y+h <= Height; y++ {
			if sh.showsAt(p, x, y) {
				return true
			}
		}
	}
	return false
}

// showsAt reports whether p's bottom-left corner fits on column x, height y (0-based).
func (sh *Shelf) showsAt(p Pattern, x, y int) bool {
	h := p.Rows()
	for r, row := range p {
		height := y + h - 1 - r
		for c, want := range row {
			if want == NoColour {
				continue
			}
			if int(sh.Heights[x+c]) <= height || sh.Dice[x+c][height].Colour != want {
				return false
			}
		}
	}
	return true
}

// String draws the shelf as text, top row first: "G3" per die, ".." for an empty space.
func (sh *Shelf) String() string {
	var b strings.Builder
	for y := Height - 1; y >= 0; y-- {
		for col := range Columns {
			if col > 0 {
				b.WriteByte(' ')
			}
			if int(sh.Heights[col]) > y {
				b.WriteString(sh.Dice[col][y].String())
			} else {
				b.WriteString("..")
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
