package fits

import (
	"math/bits"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// The greedy player's weights, in hundredths of a point.
const (
	// openFloor is the least chance, in percent, that a cell still open to falling pieces
	// stays visible to the end of the round; it rises as the squares still to come run short.
	openFloor = 30
	// overhangCost is the cost of every square resting in the overhang: it scores nothing and
	// seals its column.
	overhangCost = 80
	// heightCost is the cost per covered row of every column (low landings first).
	heightCost = 3
	// bumpCost is the cost per row of difference between neighbouring columns: a ragged
	// surface seals cells under the next pieces.
	bumpCost = 30
	// asideBelow: the piece is set aside when its best placement changes the board's value by
	// less than this (clearly bad: several sealed cells, or the overhang).
	asideBelow = -400
	// lookWidth is the number of best placements whose follow-up is looked at.
	lookWidth = 5
)

// evaluator values boards of one seat for the greedy player: the expected end-of-round score
// of every grid cell (covered; sealed under a piece, so visible for good; or still open and
// visible with some chance) plus costs for height, bumpiness and the overhang. Boards are
// row masks (bit c for column c) so that a valuation costs a few operations per row.
type evaluator struct {
	board    int
	dots     [GridRows]uint8 // the plain dots of each row
	specials []Special       // the board's special cells
	occ      [Rows]uint8     // covered cells of each row
	heights  [Cols]int
	open     int // percent chance that an open cell stays visible
	base     int // value of occ
}

// fullRow is the mask of a row's six cells.
const fullRow = 1<<Cols - 1

// newEvaluator prepares the valuation of seat's board before it places its current piece.
func (s *State) newEvaluator(seat games.Seat) *evaluator {
	st := &s.seats[seat]
	e := &evaluator{board: s.Board(), specials: Specials(s.Board()), heights: st.board.height}
	for row := range Rows {
		for col := range Cols {
			c := Cell{col, row}
			if st.board.grid.Occupied(c) {
				e.occ[row] |= 1 << col
			} else if c.InGrid() && MarkAt(e.board, c).Mark == Dot {
				e.dots[row] |= 1 << col
			}
		}
	}
	coming := 0 // squares still to come this round after the current piece
	for _, sh := range s.coming(seat) {
		coming += sh.Size()
	}
	openCells := 0
	for _, h := range e.heights {
		openCells += max(GridRows-h, 0)
	}
	e.open = openFloor
	if openCells > 0 && coming < openCells {
		e.open += (100 - openFloor) * (openCells - coming) / openCells
	}
	e.base = e.value(&e.occ, &e.heights)
	return e
}

// coming lists the shapes seat may still get this round after its current piece: the
// building cards not yet turned, but for its start shape.
func (s *State) coming(seat games.Seat) []Shape {
	var out []Shape
	for _, sh := range s.unturned() {
		if sh != s.start[seat] {
			out = append(out, sh)
		}
	}
	return out
}

// on returns an evaluator of the board after dropping o in column col to rest on row bottom.
func (e *evaluator) on(o *orientation, col, bottom int) *evaluator {
	n := *e
	n.drop(&n.occ, &n.heights, o, col, bottom)
	n.base = n.value(&n.occ, &n.heights)
	return &n
}

// drop lays o in column col on row bottom into occ and heights.
func (e *evaluator) drop(occ *[Rows]uint8, h *[Cols]int, o *orientation, col, bottom int) {
	for _, c := range o.cells {
		occ[bottom+c.Row] |= 1 << (col + c.Col)
		h[col+c.Col] = max(h[col+c.Col], bottom+c.Row+1)
	}
}

// delta returns how much dropping o in column col changes the board's value, and false when
// the piece would reach row 17.
func (e *evaluator) delta(o *orientation, col int) (int, bool) {
	bottom := restRow(e.heights, o, col)
	if bottom+o.h > Rows {
		return 0, false
	}
	occ, h := e.occ, e.heights
	e.drop(&occ, &h, o, col, bottom)
	return e.value(&occ, &h) - e.base, true
}

// value is the valuation of a board given its covered cells and column heights.
func (e *evaluator) value(occ *[Rows]uint8, h *[Cols]int) int {
	// sealed[r]: empty cells of row r with a covered cell above them.
	var sealed [GridRows]uint8
	above := uint8(0)
	for r := Rows - 1; r >= 0; r-- {
		if r < GridRows {
			sealed[r] = above &^ occ[r]
		}
		above |= occ[r]
	}
	v := 0
	for r := range GridRows {
		if occ[r] == fullRow {
			if e.board == 1 {
				v += 100 * rowValue
			}
			continue
		}
		d := e.dots[r] &^ occ[r]
		v += dotValue * (100*bits.OnesCount8(d&sealed[r]) + e.open*bits.OnesCount8(d&^sealed[r]))
	}
	keep := (100 + e.open) / 2 // cells worth keeping visible are less likely to be covered
	var pairs [symbolCount + 1][2]int
	var seen [symbolCount + 1]int
	for _, sp := range e.specials {
		bit := uint8(1) << sp.Cell.Col
		open, kept := e.open, keep
		switch {
		case occ[sp.Cell.Row]&bit != 0:
			open, kept = 0, 0
		case sealed[sp.Cell.Row]&bit != 0:
			open, kept = 100, 100
		}
		switch sp.Mark {
		case Number, White:
			v += sp.Value * kept
		case Black:
			v += blackValue * open
		case SymbolMark:
			pairs[sp.Symbol][seen[sp.Symbol]] = kept
			seen[sp.Symbol]++
		}
	}
	if e.board == 4 {
		for _, p := range pairs[1:] {
			a, b := p[0], p[1]
			v += (pairBoth*a*b + pairOne*(a*(100-b)+b*(100-a))) / 100
		}
	}
	for r := GridRows; r < Rows; r++ {
		v -= overhangCost * bits.OnesCount8(occ[r])
	}
	for col := range Cols {
		v -= heightCost * h[col]
		if col > 0 {
			v -= bumpCost * max(h[col]-h[col-1], h[col-1]-h[col])
		}
	}
	return v
}

// best returns the best value change any placement of piece makes, or asideBelow when none
// does better (the piece would be set aside).
func (e *evaluator) best(piece Shape) int {
	b := asideBelow
	for _, i := range distinctPairs(piece) {
		o := &orientTable[piece][i]
		for col := 0; col+o.w <= Cols; col++ {
			if d, ok := e.delta(o, col); ok {
				b = max(b, d)
			}
		}
	}
	return b
}

// rated is a legal placement with the greedy player's valuation of it.
type rated struct {
	place Place
	value int // change of the board's value
	index int // position in Legal order
}

// rate values seat's legal placements, in Legal order.
func (s *State) rate(seat games.Seat, e *evaluator) []rated {
	var out []rated
	for _, p := range s.LegalPlaces(seat) {
		d, _ := e.delta(orientOf(p.Piece, p.Rot, p.Flip), p.Col)
		out = append(out, rated{place: p, value: d, index: len(out)})
	}
	return out
}

// Hint returns the greedy player's move for seat. It values every legal placement by how much
// it improves the board (covering dots and penalty cells, keeping bonus cells visible and
// completing rows on board 1, sealing few cells, staying low, level and out of the overhang);
// for the best few it adds the average, over the shapes still to come, of the best
// improvement a piece of that shape could then make; the highest sum wins, the first in Legal
// order among equals. A building card's piece is set aside (Aside) only when even its best
// placement loses more than four points of value. It returns nil when seat need not act (and
// for Chance). Equal states give equal hints.
func (s *State) Hint(seat games.Seat) games.Action {
	piece := s.Piece(seat)
	if piece == NoShape {
		return nil
	}
	e := s.newEvaluator(seat)
	places := s.rate(seat, e)
	slices.SortStableFunc(places, func(a, b rated) int { return b.value - a.value })
	switch {
	case len(places) == 0 && s.phase == PhaseStart:
		return nil // cannot happen: a start piece always fits the empty board
	case len(places) == 0 || (s.phase == PhaseBuild && places[0].value < asideBelow):
		return Aside{Piece: piece}
	}
	// Scores are sums over the shapes to come: the placement's value counts once per shape.
	next := s.coming(seat) // the current card is turned already: not among them
	best, bestScore := places[0], 0
	for i, r := range places[:min(lookWidth, len(places))] {
		score := r.value * max(len(next), 1)
		if len(next) > 0 {
			o := orientOf(piece, r.place.Rot, r.place.Flip)
			after := e.on(o, r.place.Col, restRow(e.heights, o, r.place.Col))
			for _, sh := range next {
				score += after.best(sh)
			}
		}
		if i == 0 || score > bestScore || (score == bestScore && r.index < best.index) {
			best, bestScore = r, score
		}
	}
	if s.phase == PhaseBuild && best.value < asideBelow {
		return Aside{Piece: piece}
	}
	return best.place
}
