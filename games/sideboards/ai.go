package sideboards

import (
	"math/bits"

	"github.com/tablebot/tablebot/games"
)

// The greedy player's weights.
const (
	// comboChance is the weight of a combination still missing one drawer in columns yet to
	// come; a missing second drawer multiplies it again.
	comboChance = 0.3
	// comboShare scales the sum of all open combinations down: they overlap, and one card
	// completes few of them.
	comboShare = 0.45
	// runReach is how many drawers a run at an open end is expected to grow by, per card
	// still to come (at most runCards of them).
	runReach = 0.45
	runCards = 3
	// bonusWeight values a drawer of the counted length for the row bonus, beyond its 2
	// points, with several players.
	bonusWeight = 0.5
	// exchangeBelow: the greedy player uses its exchange card in turns 2–6 when its best
	// placement gains less than this.
	exchangeBelow = 1.0
)

// value is the greedy player's valuation of a sideboard: its score for the tasks, plus the
// combinations and runs that the cards still to come may complete or lengthen.
func value(board []Placed, tasks [3]Task, bonus bool) float64 {
	g := gridOf(board)
	free := Width - g.W
	v := 0.0
	for _, t := range tasks[:RowTask] {
		if t == 0 {
			continue
		}
		v += float64(g.Fulfilments(t) * t.Points())
		if free > 0 {
			v += comboShare * float64(t.Points()) * g.openCombos(t, free)
		}
	}
	if rt := tasks[RowTask]; rt != 0 {
		per := float64(runPoints)
		if bonus {
			per += bonusWeight
		}
		v += per * g.runOutlook(rt, free)
	}
	return v
}

// openCombos sums, over the placements of t's shape that reach free columns still to come on
// either side (at most free of them in all), whose drawers inside g agree (one colour, or one
// handle type) and that have one or two drawers outside, comboChance per missing drawer.
//
// Rows are bit masks over an extended sideboard, column c at bit c+Width, so that placements
// reaching left of column 0 shift without going negative.
func (g *Grid) openCombos(t Task, free int) float64 {
	colour := t.Kind() == ColourTask
	var attrs [NumColours][Drawers]uint32
	for col := range g.W {
		for row, d := range g.Cells[col] {
			bit := uint32(1) << (col + Width)
			switch {
			case colour:
				attrs[d.Colour][row] |= bit
			case d.Handle != NoHandle:
				attrs[d.Handle-1][row] |= bit
			}
		}
	}
	inBoard := (uint32(1)<<g.W - 1) << Width
	sum := 0.0
	for _, f := range formRowTable[t] {
		for dy := 0; dy+f.h <= Drawers; dy++ {
			for dx := -free; dx < g.W; dx++ {
				need := max(0, -dx) + max(0, dx+f.w-g.W)
				if need == 0 || need > free {
					continue
				}
				var in [Drawers]uint32
				inside := 0
				for r := range f.h {
					in[r] = f.rows[r] << (dx + Width) & inBoard
					inside += bits.OnesCount32(in[r])
				}
				outside := f.size - inside
				if inside == 0 || outside > 2 {
					continue
				}
				// The drawers inside must all share the attribute of the first of them.
				first := 0
				for in[first] == 0 {
					first++
				}
				d := g.Cells[bits.TrailingZeros32(in[first])-Width][dy+first]
				a := int(d.Colour)
				if !colour {
					if d.Handle == NoHandle {
						continue
					}
					a = int(d.Handle) - 1
				}
				ok := true
				for r := range f.h {
					if in[r]&^attrs[a][dy+r] != 0 {
						ok = false
						break
					}
				}
				switch {
				case !ok:
				case outside == 2:
					sum += comboChance * comboChance
				default:
					sum += comboChance
				}
			}
		}
	}
	return sum
}

// formRows is a form of a shape as a bit mask per row (bit c for column c), with its extent
// and number of cells.
type formRows struct {
	rows       [Drawers]uint32
	w, h, size int
}

// formRowTable holds the forms of every combination task as row masks, computed once.
var formRowTable = func() (out [NumCombos + 1][]formRows) {
	for t := 1; t <= NumCombos; t++ {
		for _, f := range formTable[t] {
			fr := formRows{size: len(f)}
			fr.w, fr.h = extent(f)
			for _, o := range f {
				fr.rows[o.Row] |= 1 << o.Col
			}
			out[t] = append(out[t], fr)
		}
	}
	return out
}()

// runOutlook is the counted length of row task t with the runs at an open end of g grown by
// what the cards still to come may add.
func (g *Grid) runOutlook(t Task, free int) float64 {
	grow := runReach * float64(min(free, runCards))
	var best [2]float64
	g.eachRun(func(r Run) {
		if !t.Counts(r) {
			return
		}
		l := float64(r.Len)
		if free > 0 && (r.Start == 0 || r.Start+r.Len == g.W) {
			l += grow
		}
		switch {
		case l > best[0]:
			best[1], best[0] = best[0], l
		case l > best[1]:
			best[1] = l
		}
	})
	if t.TwoRuns() {
		return best[0] + best[1]
	}
	return best[0]
}

// Hint returns the greedy player's move for seat: the start or placement whose sideboard the
// player values most (see value), the first in Legal order among equals; in turns 2–6 it uses
// its exchange card instead when even the best placement gains less than one point. It returns
// nil when seat need not act (and for Chance). Equal states give equal hints; it answers in
// microseconds.
func (s *State) Hint(seat games.Seat) games.Action {
	if !s.waiting(seat) {
		return nil
	}
	bonus := len(s.Names) > 1
	board := s.seats[seat].board
	if s.turn == 1 {
		var best Start
		bestV := 0.0
		for i, a := range s.starts(seat) {
			v := value([]Placed{{a.Cards[0], a.Turned[0]}, {a.Cards[1], a.Turned[1]}}, s.tasks, bonus)
			if i == 0 || v > bestV {
				best, bestV = a, v
			}
		}
		return best
	}
	ranked := s.rank(seat)
	best := ranked[0]
	if s.canExchange(seat) && s.turn < Turns && best.value-value(board, s.tasks, bonus) < exchangeBelow {
		return Exchange{}
	}
	return best.place
}

// rated is a legal placement with the greedy player's value of the sideboard after it.
type rated struct {
	place Place
	value float64
}

// rank values seat's legal placements, best first (Legal order among equals).
func (s *State) rank(seat games.Seat) []rated {
	bonus := len(s.Names) > 1
	board := s.seats[seat].board
	var out []rated
	next := make([]Placed, len(board)+1)
	for _, p := range s.places(seat) {
		pl := Placed{p.Card, p.Turned}
		if p.Side == Left {
			next[0] = pl
			copy(next[1:], board)
		} else {
			copy(next, board)
			next[len(board)] = pl
		}
		out = append(out, rated{p, value(next, s.tasks, bonus)})
	}
	// A stable insertion sort: the lists are short (at most 12).
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].value > out[j-1].value; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
