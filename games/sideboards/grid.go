package sideboards

import "math/bits"

// Grid is a sideboard laid out for scoring: W columns (0–8) of five drawers, column 0 the
// leftmost, row 0 the top. Cells are also kept as bit masks, bit row*Width+col, one per colour
// and per handle type, so that a shape is matched with one AND.
type Grid struct {
	W       int
	Cells   [Width][Drawers]Drawer // [column][row]
	colours [NumColours]uint64
	handles [NumHandles + 1]uint64 // by Handle; [NoHandle] unused
}

// GridOf lays out the cards of a sideboard, left to right (at most 8; more are ignored).
func GridOf(board []Placed) *Grid {
	g := gridOf(board)
	return &g
}

// gridOf is GridOf as a value, which stays off the heap.
func gridOf(board []Placed) Grid {
	var g Grid
	for _, p := range board {
		g.add(p)
	}
	return g
}

// add lays a card at the right end of g (nothing when g is full).
func (g *Grid) add(p Placed) {
	if g.W >= Width {
		return
	}
	col := g.W
	g.W++
	g.Cells[col] = p.Column()
	for row, d := range g.Cells[col] {
		bit := uint64(1) << (row*Width + col)
		g.colours[d.Colour] |= bit
		if d.Handle != NoHandle {
			g.handles[d.Handle] |= bit
		}
	}
}

// cellBit is the mask bit of a cell.
func cellBit(col, row int) uint64 { return 1 << (row*Width + col) }

// placeTable lists, for every combination task and sideboard width, the masks of every
// placement of every form of its shape that lies wholly within the sideboard; computed once.
var placeTable = func() (out [NumCombos + 1][Width + 1][]uint64) {
	for t := 1; t <= NumCombos; t++ {
		for w := 0; w <= Width; w++ {
			for _, f := range formTable[t] {
				fw, fh := extent(f)
				for dy := 0; dy+fh <= Drawers; dy++ {
					for dx := 0; dx+fw <= w; dx++ {
						var m uint64
						for _, o := range f {
							m |= cellBit(dx+o.Col, dy+o.Row)
						}
						out[t][w] = append(out[t][w], m)
					}
				}
			}
		}
	}
	return out
}()

// Fulfilments returns how often combination task t is met in g: the largest number of
// placements of its shape (any of the 8 forms), each on drawers of one colour (colour tasks)
// or with handles of one type (handle tasks), that share no drawer. The count is exact: a
// search over the placements, never a greedy pick. It returns 0 for a row task.
func (g *Grid) Fulfilments(t Task) int {
	if t < 1 || t > NumCombos {
		return 0
	}
	var masks []uint64
	if t.Kind() == ColourTask {
		masks = g.colours[:]
	} else {
		masks = g.handles[Flower:]
	}
	places := placeTable[t][g.W]
	size := len(shapeTable[t])
	total := 0
	var buf [64]uint64
	for _, m := range masks {
		cands := buf[:0]
		for _, p := range places {
			if p&m == p {
				cands = append(cands, p)
			}
		}
		total += pack(cands, size)
	}
	return total
}

// pack returns the largest number of pairwise disjoint masks among cands, each of size bits.
// Placements of different colours never overlap, so callers pack one colour at a time, which
// keeps the search tiny (a colour has at most 8 drawers).
func pack(cands []uint64, size int) int {
	best := 0
	var rec func(from int, used uint64, n int)
	rec = func(from int, used uint64, n int) {
		best = max(best, n)
		var free uint64
		for _, c := range cands[from:] {
			if c&used == 0 {
				free |= c
			}
		}
		if n+bits.OnesCount64(free)/size <= best {
			return
		}
		for i := from; i < len(cands); i++ {
			if cands[i]&used == 0 {
				rec(i+1, used|cands[i], n+1)
			}
		}
	}
	rec(0, 0, 0)
	return best
}

// Run is a maximal horizontal line of adjacent drawers of one colour, or with handles of one
// type, in one row. Row is 0 for the top row; Start is its leftmost column.
type Run struct {
	Row, Start, Len int
	// Handles is set for a run of handles, of type Handle; otherwise it is a run of Colour.
	Handles bool
	Colour  Colour
	Handle  Handle
}

// Runs returns every colour run and every handle run of g, row by row from the top, left to
// right, colour runs of a row before its handle runs.
func (g *Grid) Runs() []Run {
	var out []Run
	g.eachRun(func(r Run) { out = append(out, r) })
	return out
}

// eachRun calls fn with every run of g in the order of Runs, without allocating.
func (g *Grid) eachRun(fn func(Run)) {
	for row := range Drawers {
		for col := 0; col < g.W; {
			c := g.Cells[col][row].Colour
			end := col + 1
			for end < g.W && g.Cells[end][row].Colour == c {
				end++
			}
			fn(Run{Row: row, Start: col, Len: end - col, Colour: c})
			col = end
		}
		for col := 0; col < g.W; {
			h := g.Cells[col][row].Handle
			end := col + 1
			for end < g.W && g.Cells[end][row].Handle == h {
				end++
			}
			if h != NoHandle {
				fn(Run{Row: row, Start: col, Len: end - col, Handles: true, Handle: h})
			}
			col = end
		}
	}
}

// Counts reports whether run r counts for row task t (its kind, colour or type, and row).
func (t Task) Counts(r Run) bool {
	if t.Kind() != RowTask || !t.Valid() {
		return false
	}
	rt := rowTable[t]
	switch {
	case rt.rows&(1<<r.Row) == 0 || rt.handles != r.Handles:
		return false
	case !rt.only:
		return true
	case rt.handles:
		return r.Handle == rt.handle
	}
	return r.Colour == rt.colour
}

// CountsRow reports whether row task t counts runs in row (0 for the top row): every row but
// for tasks 27–30, which count two rows each.
func (t Task) CountsRow(row int) bool {
	return t.Kind() == RowTask && t.Valid() && row >= 0 && row < Drawers && rowTable[t].rows&(1<<row) != 0
}

// Counted returns the runs row task t counts in g, longest first (the first, or the first
// two for a two-run task), and their summed length. A missing run counts 0.
func (g *Grid) Counted(t Task) ([]Run, int) {
	if t.Kind() != RowTask || !t.Valid() {
		return nil, 0
	}
	want := 1
	if rowTable[t].two {
		want = 2
	}
	var top [2]Run
	n := 0
	g.eachRun(func(r Run) {
		if !t.Counts(r) {
			return
		}
		// Keep the longest runs, the earlier run first among equals.
		switch {
		case n == 0 || r.Len > top[0].Len:
			top[1], top[0] = top[0], r
		case n == 1 || r.Len > top[1].Len:
			top[1] = r
		default:
			return
		}
		n = min(n+1, 2)
	})
	best := top[:min(n, want)]
	sum := 0
	for _, r := range best {
		sum += r.Len
	}
	return best, sum
}
