package fits

import (
	"cmp"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// This file is the search AI's static evaluation: the expected end-of-round score of a board
// given the squares still to come. It serves the rollout policy (RolloutMove), the ordering of
// the search's candidate moves (RankMoves) and the estimate at the end of a cut rollout
// (Estimate).
//
// The model: at the end of a round the visible cells are the empty cells sealed under a piece
// (visible for good) and the open cells no later piece reached. The squares still to come
// fill the open cells from the bottom up, an efficiency short of perfect, so the open cells
// of a row stay visible with a chance that grows with the row's height over the expected
// fill level. Every cell then counts its printed value times its chance of staying visible
// (board 4's pairs the expectation of their pair score, board 1's rows their chance of being
// complete), less costs for what makes the next pieces fit badly: squares in the overhang, a
// ragged surface, deep wells.

// weights are the evaluation's tuning, in points.
type weights struct {
	// eff scales the squares still to come where they fill the open cells from the bottom up
	// (tuned a little above 1: what is left uncovered is mostly near the top).
	eff float64
	// base is the least chance that an open cell below the fill level stays visible.
	base float64
	// keep is the share of the remaining chance by which a positive special cell is more
	// likely to stay visible than a dot (the player leaves it open on purpose; tuned to
	// about 1 on most boards: such a cell counts as kept).
	keep float64
	// overhang is the cost of a square in the overhang.
	overhang float64
	// bump is the cost per row of height difference between neighbouring columns.
	bump float64
	// well is the cost per row of a well's depth beyond two rows.
	well float64
	// sealed is the extra cost of an empty cell sealed under a piece, beyond its value: the
	// squares it leaves over must go somewhere.
	sealed float64
	// rows scales board 1's chance of completing the rows still open.
	rows float64
}

// tuned returns the weights the AI uses on board (1–4), found by self-play of the greedy
// policy with a look at the next piece (lookahead), board by board.
func tuned(board int) weights {
	switch board {
	case 1:
		return weights{eff: 1.2, base: 0.333, keep: 1.017, overhang: 0.037, bump: 0.106, well: 0.95, sealed: 0.07, rows: 1}
	case 2:
		return weights{eff: 1.2, base: 0.266, keep: 1.017, overhang: 0.022, bump: 0.132, well: 0.475, sealed: 0.055, rows: 1}
	case 3:
		return weights{eff: 1.2, base: 0.2, keep: 0.61, overhang: 0.037, bump: 0.22, well: 0.285, sealed: 0.044, rows: 1}
	}
	return weights{eff: 1.2, base: 0.266, keep: 1.017, overhang: 0.037, bump: 0.22, well: 0.594, sealed: 0.044, rows: 1}
}

// layout is a board's printed marks as row masks, for the evaluation.
type layout struct {
	board    int
	dots     [GridRows]uint8 // plain dots of each row (bit c for column c)
	specials []Special
}

// layouts holds the layout of boards 1–4, built once from the data table.
var layouts = func() (t [5]layout) {
	for b := 1; b <= 4; b++ {
		t[b].board = b
		t[b].specials = Specials(b)
		for row := range GridRows {
			for col := range Cols {
				if MarkAt(b, Cell{col, row}).Mark == Dot {
					t[b].dots[row] |= 1 << col
				}
			}
		}
	}
	return t
}()

// distinctTable holds distinctPairs of every shape, built once for the evaluation's loops.
var distinctTable = func() (t [NumShapes + 1][]int) {
	for _, sh := range Shapes() {
		t[sh] = distinctPairs(sh)
	}
	return t
}()

// surface is a board as the evaluation sees it: covered cells as row masks and column
// heights.
type surface struct {
	occ [Rows]uint8
	h   [Cols]int
}

// surfaceOf returns seat's board as a surface.
func (s *State) surfaceOf(seat games.Seat) surface {
	b := &s.seats[seat].board
	sf := surface{h: b.height}
	for row := range Rows {
		for col := range Cols {
			if b.grid[row][col] != 0 {
				sf.occ[row] |= 1 << col
			}
		}
	}
	return sf
}

// drop returns the surface after o falls in column col, and false when it would reach row
// 17.
func (sf surface) drop(o *orientation, col int) (surface, bool) {
	bottom := restRow(sf.h, o, col)
	if bottom+o.h > Rows {
		return sf, false
	}
	for _, c := range o.cells {
		sf.occ[bottom+c.Row] |= 1 << (col + c.Col)
		sf.h[col+c.Col] = max(sf.h[col+c.Col], bottom+c.Row+1)
	}
	return sf, true
}

// value returns the expected end-of-round score of sf on layout l when coming squares are
// still to come this round, by weights w.
func (l *layout) value(sf *surface, coming int, w *weights) float64 {
	sealed, open := sf.cover()
	vis := visibility(&open, coming, w)
	v := 0.0
	for r := range GridRows {
		if l.board == 1 {
			switch {
			case sf.occ[r] == fullRow:
				v += rowValue
			case sealed[r] == 0:
				v += w.rows * rowValue * pow(1-vis[r], bits.OnesCount8(open[r]))
			}
		}
		ns := bits.OnesCount8(sealed[r])
		v -= w.sealed * float64(ns)
		d := l.dots[r]
		v += dotValue * (float64(bits.OnesCount8(d&sealed[r])) + vis[r]*float64(bits.OnesCount8(d&open[r])))
	}
	v = l.addSpecials(v, &sealed, &open, &vis, w)
	return sf.subtractShape(v, w)
}

// cover returns, row by row of the grid, the empty cells sealed under a piece and the empty
// cells still open to the sky.
func (sf *surface) cover() (sealed, open [GridRows]uint8) {
	above := uint8(0)
	for r := Rows - 1; r >= 0; r-- {
		if r < GridRows {
			sealed[r] = above &^ sf.occ[r]
			open[r] = fullRow &^ sf.occ[r] &^ above
		}
		above |= sf.occ[r]
	}
	return sealed, open
}

// visibility returns, row by row, the chance that an open cell stays visible when coming
// squares fill the open cells from the bottom up.
func visibility(open *[GridRows]uint8, coming int, w *weights) [GridRows]float64 {
	var vis [GridRows]float64
	fill := float64(coming) * w.eff
	for r := range GridRows {
		n := float64(bits.OnesCount8(open[r]))
		covered := 0.0
		if n > 0 {
			covered = min(max(fill/n, 0), 1)
			fill -= n
		}
		vis[r] = w.base + (1-w.base)*(1-covered)
	}
	return vis
}

// addSpecials adds to v what the special cells are expected to score: numbers, white and
// black cells by their value, board 4's symbols by pairs.
func (l *layout) addSpecials(v float64, sealed, open *[GridRows]uint8, vis *[GridRows]float64, w *weights) float64 {
	var pairs [symbolCount + 1][2]float64
	var seen [symbolCount + 1]int
	for _, sp := range l.specials {
		bit := uint8(1) << sp.Cell.Col
		r := sp.Cell.Row
		p := 0.0 // chance of staying visible
		switch {
		case sealed[r]&bit != 0:
			p = 1
			v += w.sealed // counted above, but a special cell is a hole worth having
		case open[r]&bit != 0:
			p = vis[r]
			if sp.Mark != Black {
				p += (1 - p) * w.keep
			}
		}
		switch sp.Mark {
		case Number, White, Black:
			v += float64(sp.Value) * p
		case SymbolMark:
			pairs[sp.Symbol][seen[sp.Symbol]] = p
			seen[sp.Symbol]++
		}
	}
	if l.board == 4 {
		for _, p := range pairs[1:] {
			a, b := p[0], p[1]
			v += pairBoth*a*b + pairOne*(a*(1-b)+b*(1-a))
		}
	}
	return v
}

// subtractShape takes from v the costs of the surface's shape: squares in the overhang,
// bumpiness and deep wells.
func (sf *surface) subtractShape(v float64, w *weights) float64 {
	for r := GridRows; r < Rows; r++ {
		v -= w.overhang * float64(bits.OnesCount8(sf.occ[r]))
	}
	for col := range Cols {
		if col > 0 {
			v -= w.bump * float64(abs(sf.h[col]-sf.h[col-1]))
		}
		left, right := Rows, Rows
		if col > 0 {
			left = sf.h[col-1]
		}
		if col < Cols-1 {
			right = sf.h[col+1]
		}
		if d := min(left, right) - sf.h[col]; d > 2 {
			v -= w.well * float64(d-2)
		}
	}
	return v
}

// pow returns x to the n-th power for a small n >= 0.
func pow(x float64, n int) float64 {
	p := 1.0
	for range n {
		p *= x
	}
	return p
}

// abs returns |x|.
func abs(x int) int { return max(x, -x) }

// comingSquares returns how many squares seat may still get this round after its current
// piece.
func (s *State) comingSquares(seat games.Seat) int {
	n := 0
	for _, sh := range s.coming(seat) {
		n += sh.Size()
	}
	return n
}

// scored is a move of seat with its evaluation: a placement, or setting the piece aside.
type scored struct {
	place Place // the placement, or the piece set aside when aside is set
	aside bool
	value float64
	index int // position in Legal order
}

// action returns the move as an action.
func (m scored) action() games.Action {
	if m.aside {
		return Aside{Piece: m.place.Piece}
	}
	return m.place
}

// evalMoves values seat's legal moves in Legal order by the evaluation of the board after
// each, with weights w.
func (s *State) evalMoves(seat games.Seat, w *weights) []scored {
	piece := s.Piece(seat)
	if piece == NoShape {
		return nil
	}
	l := &layouts[s.Board()]
	sf := s.surfaceOf(seat)
	coming := s.comingSquares(seat)
	out := make([]scored, 0, 48)
	for _, i := range distinctTable[piece] {
		o := &orientTable[piece][i]
		rot, flip := pairOf(i)
		for col := 0; col+o.w <= Cols; col++ {
			if after, ok := sf.drop(o, col); ok {
				out = append(out, scored{place: Place{Piece: piece, Rot: rot, Flip: flip, Col: col}, value: l.value(&after, coming, w), index: len(out)})
			}
		}
	}
	if s.phase == PhaseBuild {
		out = append(out, scored{place: Place{Piece: piece}, aside: true, value: l.value(&sf, coming, w), index: len(out)})
	}
	return out
}

// on returns sf after the move m: the piece dropped, or sf itself when it is set aside.
func (m scored) on(sf surface) surface {
	if m.aside {
		return sf
	}
	after, _ := sf.drop(orientOf(m.place.Piece, m.place.Rot, m.place.Flip), m.place.Col)
	return after
}

// sortBest orders moves best first, equal values in Legal order.
func sortBest(moves []scored) {
	slices.SortStableFunc(moves, func(a, b scored) int {
		if c := cmp.Compare(b.value, a.value); c != 0 {
			return c
		}
		return a.index - b.index
	})
}

// bestAfter returns the value of the best way to deal with a piece of shape sh on sf (its
// best placement, or setting it aside when that is not worse), with coming squares still to
// come after it.
func (l *layout) bestAfter(sf *surface, sh Shape, coming int, w *weights) float64 {
	best := l.value(sf, coming, w) // set aside
	for _, i := range distinctTable[sh] {
		o := &orientTable[sh][i]
		for col := 0; col+o.w <= Cols; col++ {
			if after, ok := sf.drop(o, col); ok {
				best = max(best, l.value(&after, coming, w))
			}
		}
	}
	return best
}

// lookahead re-values the best k of moves (seat's, from evalMoves) by the average, over the
// shapes next (the shapes that may come after the current piece, or a sample of them), of
// the best value reachable with a piece of that shape, and returns the moves best first
// (the rest by their own value, equal values in Legal order).
func (s *State) lookahead(seat games.Seat, moves []scored, k int, next []Shape, w *weights) []scored {
	slices.SortStableFunc(moves, func(a, b scored) int { return cmp.Compare(b.value, a.value) })
	if len(next) == 0 || k <= 1 {
		return moves
	}
	k = min(k, len(moves))
	l := &layouts[s.Board()]
	sf := s.surfaceOf(seat)
	coming := s.comingSquares(seat)
	for i := range moves[:k] {
		after := moves[i].on(sf)
		sum := 0.0
		for _, sh := range next {
			sum += l.bestAfter(&after, sh, coming-sh.Size(), w)
		}
		moves[i].value = sum / float64(len(next))
	}
	sortBest(moves[:k])
	return moves
}

// spread returns up to m of shapes, evenly spaced in their order.
func spread(shapes []Shape, m int) []Shape {
	if len(shapes) <= m {
		return shapes
	}
	out := make([]Shape, m)
	for i := range out {
		out[i] = shapes[i*len(shapes)/m]
	}
	return out
}

// sample returns m of shapes drawn with r without replacement (all of them when there are
// no more than m); shapes is reordered.
func sample(shapes []Shape, m int, r *rand.Rand) []Shape {
	if len(shapes) <= m {
		return shapes
	}
	for i := range m {
		j := i + r.IntN(len(shapes)-i)
		shapes[i], shapes[j] = shapes[j], shapes[i]
	}
	return shapes[:m]
}

// lookTwice re-values the first k of moves (seat's, best first, as lookahead returns them) by
// a look two pieces ahead: for every shape that may come next, the best of its m most
// promising placements (by the evaluation; setting it aside among them) valued by the best
// reachable with the piece after it, averaged over the shapes then left. The first k are
// reordered by that value, equal values in Legal order; the rest keep their places.
func (s *State) lookTwice(seat games.Seat, moves []scored, k, m int, w *weights) []scored {
	next := s.coming(seat)
	k = min(k, len(moves))
	if len(next) < 2 || k <= 1 {
		return moves
	}
	l := &layouts[s.Board()]
	sf := s.surfaceOf(seat)
	coming := s.comingSquares(seat)
	type option struct {
		sf    surface
		value float64
	}
	var opts []option
	rest := make([]Shape, 0, len(next))
	for i := range moves[:k] {
		after := moves[i].on(sf)
		sum := 0.0
		for j, sh := range next {
			rest = append(append(rest[:0], next[:j]...), next[j+1:]...)
			left := coming - sh.Size()
			opts = append(opts[:0], option{after, l.value(&after, left, w)})
			for _, pi := range distinctTable[sh] {
				o := &orientTable[sh][pi]
				for col := 0; col+o.w <= Cols; col++ {
					if a2, ok := after.drop(o, col); ok {
						opts = append(opts, option{a2, l.value(&a2, left, w)})
					}
				}
			}
			slices.SortStableFunc(opts, func(a, b option) int { return cmp.Compare(b.value, a.value) })
			best := math.Inf(-1)
			for _, op := range opts[:min(m, len(opts))] {
				v := 0.0
				for _, sh2 := range rest {
					v += l.bestAfter(&op.sf, sh2, left-sh2.Size(), w)
				}
				best = max(best, v/float64(len(rest)))
			}
			sum += best
		}
		moves[i].value = sum / float64(len(next))
	}
	sortBest(moves[:k])
	return moves
}
