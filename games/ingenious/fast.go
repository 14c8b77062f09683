package ingenious

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

// The AI rates hundreds of placements per decision, and the search AI asks it for thousands
// of decisions per move, so it rates them from a gain table rather than by walking the lines
// of every placement (lineGains, which the rules use).
//
// A half laid on an empty cell x scores, in each direction but its partner's, the run of its
// colour that starts next to x. Towards its partner the run is empty (the partner's cell is
// empty until the tile is laid), so a half of colour c on x scores the sum over all six
// directions of the runs of c next to x, whatever the other half: one number per empty cell and
// colour, which gainTable holds for the whole board.

// noCell marks a neighbour outside the active area in neighbourTables.
const noCell = -1

// neighbourTable holds, for every cell index of an active area, the index of its neighbour in
// each Direction, or noCell outside the area (and for cells outside the area themselves).
type neighbourTable [cellCount][6]int16

// cellPair is two adjacent cells of an active area, as Legal visits them: the first in row
// order, the second one of its forward neighbours.
type cellPair struct {
	a, b   Cell
	ia, ib int16
	// start is the start symbol the pair touches (a colour), or -1.
	start int8
}

// areaTables are the lookup tables of one active area, computed once per radius.
type areaTables struct {
	neighbours neighbourTable
	pairs      []cellPair
	cells      []int16 // the area's cell indexes in row order
}

// tablesByRadius holds the lookup tables of every possible active area. They are constant.
var tablesByRadius = func() (out [BoardRadius + 1]*areaTables) {
	for radius := range out {
		t := &areaTables{}
		for i := range t.neighbours {
			for d := range t.neighbours[i] {
				t.neighbours[i][d] = noCell
			}
		}
		for _, c := range AreaCells(radius) {
			t.cells = append(t.cells, int16(cellIndex(c)))
			for d := range Direction(6) {
				if n := c.Step(d); n.Distance() <= radius {
					t.neighbours[cellIndex(c)][d] = int16(cellIndex(n))
				}
			}
			for _, d := range forward {
				n := c.Step(d)
				if n.Distance() > radius {
					continue
				}
				p := cellPair{a: c, b: n, ia: int16(cellIndex(c)), ib: int16(cellIndex(n)), start: -1}
				if col, ok := startOf([2]Cell{c, n}); ok {
					p.start = int8(col)
				}
				t.pairs = append(t.pairs, p)
			}
		}
		out[radius] = t
	}
	return out
}()

// maxPairs bounds the number of adjacent pairs of cells of any active area (468 on the
// printed board).
const maxPairs = 3 * cellCount

// tables returns the lookup tables of s's active area.
func (s *State) tables() *areaTables { return tablesByRadius[s.radius] }

// gainTable holds, for every empty cell (by cell index), the points a half of each colour laid
// there would score. Entries of occupied cells are meaningless.
type gainTable [cellCount][6]int8

// fillGains computes the gain table of the current board into g.
func (s *State) fillGains(g *gainTable) { s.fillGainsOf(&s.board, g) }

// fillGainsOf computes the gain table of board (of s's active area) into g.
func (s *State) fillGainsOf(board *[cellCount]int8, g *gainTable) {
	t := s.tables()
	for _, i := range t.cells {
		if board[i] != 0 {
			continue
		}
		var row [6]int8
		for d := range 6 {
			n := t.neighbours[i][d]
			if n == noCell || board[n] == 0 {
				continue
			}
			col := board[n]
			k := int8(0)
			for n != noCell && board[n] == col {
				k++
				n = t.neighbours[n][d]
			}
			row[col-1] += k
		}
		g[i] = row
	}
}

// forEachPlace calls f with every legal placement of tiles for seat, in the order placesFor
// lists them, and the points each half would score (what lineGains returns for it).
func (s *State) forEachPlace(seat games.Seat, tiles []Tile, g *gainTable, f func(p Place, gains [2]int)) {
	first := !s.firstDone[seat]
	both := s.twoTracks()
	pairs := s.tables().pairs
	for _, t := range tiles {
		for _, pr := range pairs {
			if s.board[pr.ia] != 0 || s.board[pr.ib] != 0 {
				continue
			}
			if first && (pr.start < 0 || (!s.Solo() && s.usedStart[pr.start])) {
				continue
			}
			f(Place{t.A, t.B, [2]Cell{pr.a, pr.b}}, [2]int{int(g[pr.ia][t.A]), int(g[pr.ib][t.B])})
			if !t.Double() || both {
				f(Place{t.A, t.B, [2]Cell{pr.b, pr.a}}, [2]int{int(g[pr.ib][t.A]), int(g[pr.ia][t.B])})
			}
		}
	}
}

// valuation is how the AI values points: worth[v] is what raising a colour from 0 to v is worth
// (on tracks running to Cap, and to TeamCap for team and solo games), bonus what an earned bonus
// placement is worth.
type valuation struct {
	worth [2][TeamCap + 1]int
	bonus int
}

// greedy is the valuation of Hint, as tables: raising a colour from v-1 to v is worth
// top+1-v (see utility), a bonus bonusWorth.
var greedy = func() *valuation {
	val := valuation{bonus: bonusWorth}
	for i, top := range []int{Cap, TeamCap} {
		for v := 1; v <= top; v++ {
			val.worth[i][v] = val.worth[i][v-1] + top + 1 - v
		}
	}
	return &val
}()

// rater rates the placements of one seat at one position as evaluate does, from the gain
// table: for a mixed tile the value is the sum of what each half adds to its colour (the
// colours differ, and a bonus belongs to the colour that reaches the top), so it rates every
// half on every cell once and adds. Doubles, and positions where a placement could fill every
// colour (an instant win, rated above all), are rated by evaluateGains.
type rater struct {
	s      *State
	seat   games.Seat
	before [6]int
	val    *valuation
	board  *[cellCount]int8 // the board rated: s's, or a copy with placements made
	worth  *[TeamCap + 1]int
	bonus  int
	exact  bool // rate everything by evaluateGains
	g      gainTable
	half   [cellCount][6]int16
	// maxHalf is the highest half value of each colour over the empty cells.
	maxHalf [6]int16
}

// newRater prepares the greedy rating of seat's placements in s.
func (s *State) newRater(seat games.Seat) *rater {
	r := &rater{}
	s.initRater(r, seat, Colours[:], greedy)
	return r
}

// initRater prepares r to rate seat's placements in s of tiles whose colours are among
// colours (the others are left unrated).
func (s *State) initRater(r *rater, seat games.Seat, colours []Colour, val *valuation) {
	s.initRaterOn(r, seat, &s.board, s.scores[s.side(seat)], colours, val)
}

// initRaterOn is initRater on board (of s's area) with seat's track at before.
func (s *State) initRaterOn(r *rater, seat games.Seat, board *[cellCount]int8, before [6]int, colours []Colour, val *valuation) {
	r.s, r.seat, r.val, r.board, r.before = s, seat, val, board, before
	r.maxHalf = [6]int16{}
	r.worth, r.bonus = &val.worth[0], val.bonus
	if s.twoTracks() {
		r.worth = &val.worth[1]
	}
	top := s.top()
	below := 0
	for _, v := range r.before {
		if v < top {
			below++
		}
	}
	r.exact = below <= 2
	s.fillGainsOf(board, &r.g)
	for _, i := range s.tables().cells {
		if board[i] != 0 {
			continue
		}
		for _, c := range colours {
			h := int16(r.halfValue(c, int(r.g[i][c])))
			r.half[i][c] = h
			r.maxHalf[c] = max(r.maxHalf[c], h)
		}
	}
}

// halfValue is what a half of colour c scoring g points adds to the value of a placement
// whose other half has another colour.
func (r *rater) halfValue(c Colour, g int) int {
	v := r.before[c]
	w := v + g
	bonus := 0
	if !r.s.twoTracks() {
		w = min(w, Cap)
		if v < Cap && w == Cap {
			bonus = 1
		}
	} else {
		switch {
		case v < Cap && w >= Cap:
			w, bonus = Cap, 1
		case v < TeamCap && w >= TeamCap:
			w, bonus = TeamCap, 1
		case w > TeamCap:
			w = TeamCap
		}
	}
	u := r.worth[w] - r.worth[v]
	if !r.s.Solo() {
		u += bonus * r.bonus
	}
	return u
}

// value rates placing p (pair pr, the tile's first colour on pr.a when swapped is false).
func (r *rater) value(p Place, ia, ib int16) int {
	if p.First == p.Second && !r.exact && !r.s.twoTracks() {
		c := p.First
		v := r.before[c]
		w := min(v+int(r.g[ia][c])+int(r.g[ib][c]), Cap)
		u := r.worth[w] - r.worth[v]
		if v < Cap && w == Cap {
			u += r.bonus
		}
		return u
	}
	if p.First == p.Second || r.exact {
		return r.exactValue(p, [2]int{int(r.g[ia][p.First]), int(r.g[ib][p.Second])})
	}
	return int(r.half[ia][p.First]) + int(r.half[ib][p.Second])
}

// exactValue rates p whose halves score gains as evaluateGains does, with r's valuation.
func (r *rater) exactValue(p Place, gains [2]int) int {
	s := r.s
	after, earned := addGains(r.before, p, gains, s.twoTracks())
	if allAt(after, s.top()) {
		return 1 << 30
	}
	v := 0
	for c := range after {
		v += r.worth[after[c]] - r.worth[r.before[c]]
	}
	if !s.Solo() {
		v += earned * r.bonus
	}
	return v
}

// best returns the highest-rated legal placement of tiles, the first in Legal order among
// equals, and its value.
func (r *rater) best(tiles []Tile) (Place, int, bool) {
	return r.bestOf(tiles, !r.s.firstDone[r.seat])
}

// open reports whether a tile may go on the pair of cells pr: both empty and, for a seat's
// first placement (first), touching a start symbol still free (any, in solo).
func (r *rater) open(pr *cellPair, first bool) bool {
	if r.board[pr.ia] != 0 || r.board[pr.ib] != 0 {
		return false
	}
	return !first || pr.start >= 0 && (r.s.Solo() || !r.s.usedStart[pr.start])
}

// bestAny is best as if seat's first placement were made (any empty pair will do).
func (r *rater) bestAny(tiles []Tile) (Place, int, bool) { return r.bestOf(tiles, false) }

// bestOf is best, the placements restricted to the free start symbols when first is true.
func (r *rater) bestOf(tiles []Tile, first bool) (Place, int, bool) {
	s := r.s
	both := s.twoTracks()
	pairs := s.tables().pairs
	var buf [maxPairs]int16
	free := buf[:0]
	for k := range pairs {
		if r.open(&pairs[k], first) {
			free = append(free, int16(k))
		}
	}
	best, bestV, found := Place{}, 0, false
	fast := !r.exact
	for _, t := range tiles {
		// A later tile replaces the best only by rating higher, which a mixed tile
		// cannot when its best halves together do not.
		if fast && found && !t.Double() && int(r.maxHalf[t.A])+int(r.maxHalf[t.B]) <= bestV {
			continue
		}
		for _, k := range free {
			pr := &pairs[k]
			if fast && !t.Double() {
				ha, hb := &r.half[pr.ia], &r.half[pr.ib]
				v1, v2 := int(ha[t.A])+int(hb[t.B]), int(hb[t.A])+int(ha[t.B])
				if !found || v1 > bestV {
					best, bestV, found = Place{t.A, t.B, [2]Cell{pr.a, pr.b}}, v1, true
				}
				if v2 > bestV {
					best, bestV = Place{t.A, t.B, [2]Cell{pr.b, pr.a}}, v2
				}
				continue
			}
			p := Place{t.A, t.B, [2]Cell{pr.a, pr.b}}
			if v := r.value(p, pr.ia, pr.ib); !found || v > bestV {
				best, bestV, found = p, v, true
			}
			if !t.Double() || both {
				p.Cells = [2]Cell{pr.b, pr.a}
				if v := r.value(p, pr.ib, pr.ia); v > bestV {
					best, bestV = p, v
				}
			}
		}
	}
	return best, bestV, found
}

// rackColours returns the colours shown on tiles, in record order.
func rackColours(tiles []Tile) []Colour {
	var has [6]bool
	for _, t := range tiles {
		has[t.A], has[t.B] = true, true
	}
	out := make([]Colour, 0, 6)
	for _, c := range Colours {
		if has[c] {
			out = append(out, c)
		}
	}
	return out
}

// rated is a placement and its value.
type rated struct {
	p Place
	v int
}

// sortRated sorts rs best first, the earlier first among equals (a stable sort by value).
// Values are small, so it counts them; an instant win (1<<30) sorts by key.
func sortRated(rs []rated) {
	const span = 1024
	var count [span + 1]int32
	for _, r := range rs {
		if r.v < 0 || r.v >= span {
			sortRatedByKey(rs)
			return
		}
		count[span-1-r.v+1]++ // bucket span-1-v, counted one up for the prefix sums
	}
	for i := 1; i <= span; i++ {
		count[i] += count[i-1]
	}
	sorted := make([]rated, len(rs))
	for _, r := range rs {
		b := span - 1 - r.v
		sorted[count[b]] = r
		count[b]++
	}
	copy(rs, sorted)
}

// sortRatedByKey is sortRated for any values from 0 to 1<<30.
func sortRatedByKey(rs []rated) {
	keys := make([]uint64, len(rs))
	for i, r := range rs {
		keys[i] = uint64(1<<31-r.v)<<32 | uint64(i)
	}
	slices.Sort(keys)
	sorted := make([]rated, len(rs))
	for i, k := range keys {
		sorted[i] = rs[uint32(k)]
	}
	copy(rs, sorted)
}

// all returns every legal placement of tiles with its value, in Legal order.
func (r *rater) all(tiles []Tile) []rated {
	s := r.s
	first := !s.firstDone[r.seat]
	both := s.twoTracks()
	pairs := s.tables().pairs
	out := make([]rated, 0, 2*len(tiles)*len(pairs))
	for _, t := range tiles {
		for k := range pairs {
			pr := &pairs[k]
			if !r.open(pr, first) {
				continue
			}
			p := Place{t.A, t.B, [2]Cell{pr.a, pr.b}}
			out = append(out, rated{p, r.value(p, pr.ia, pr.ib)})
			if !t.Double() || both {
				p.Cells = [2]Cell{pr.b, pr.a}
				out = append(out, rated{p, r.value(p, pr.ib, pr.ia)})
			}
		}
	}
	return out
}
