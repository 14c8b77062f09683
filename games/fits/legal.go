package fits

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

// Legal lists seat's legal actions in a stable order.
//
// A player: every placement of its current piece that lands within rows 1–16 — distinct
// orientations in Orientations order, columns A–F within each — then, for a building card,
// Aside. Chance: every outcome, which are few: each assignment of distinct start cards to the
// seats (start cards in F5 W5 X5 U5 order, seat 0's varying slowest), or each building card
// not yet turned (in shape order). nil when seat need not act.
func (s *State) Legal(seat games.Seat) []games.Action {
	if !games.IsToAct(s, seat) {
		return nil
	}
	var out []games.Action
	switch s.phase {
	case PhaseDeal:
		for _, cards := range assignments(len(s.Names)) {
			out = append(out, Start{Cards: cards})
		}
	case PhaseReveal:
		for _, sh := range s.unturned() {
			out = append(out, Reveal{Piece: sh})
		}
	default:
		for _, p := range s.LegalPlaces(seat) {
			out = append(out, p)
		}
		if s.phase == PhaseBuild {
			out = append(out, Aside{Piece: s.card()})
		}
	}
	return out
}

// LegalPlaces lists seat's legal placements in Legal's order, or nil when seat need not act.
func (s *State) LegalPlaces(seat games.Seat) []Place {
	piece := s.Piece(seat)
	if piece == NoShape {
		return nil
	}
	return placesOn(s.seats[seat].board.height, piece)
}

// placesOn lists the placements of piece that fit a board with the given column heights.
func placesOn(heights [Cols]int, piece Shape) []Place {
	var out []Place
	for _, i := range distinctPairs(piece) {
		o := &orientTable[piece][i]
		rot, flip := pairOf(i)
		for col := 0; col+o.w <= Cols; col++ {
			if restRow(heights, o, col)+o.h <= Rows {
				out = append(out, Place{Piece: piece, Rot: rot, Flip: flip, Col: col})
			}
		}
	}
	return out
}

// restRow returns the row (0-based) on which the lowest row of o comes to rest when dropped
// in column col of a board with the given column heights; o must fit between the sides.
func restRow(heights [Cols]int, o *orientation, col int) int {
	bottom := 0
	for x := range o.w {
		bottom = max(bottom, heights[col+x]-int(o.low[x]))
	}
	return bottom
}

// assignments lists every assignment of distinct start cards to n seats, in the order of
// startTable with seat 0's card varying slowest.
func assignments(n int) [][]Shape {
	var out [][]Shape
	var rec func(prefix []Shape)
	rec = func(prefix []Shape) {
		if len(prefix) == n {
			out = append(out, slices.Clone(prefix))
			return
		}
		for _, c := range startTable {
			if !slices.Contains(prefix, c) {
				rec(append(prefix, c))
			}
		}
	}
	rec(make([]Shape, 0, n))
	return out
}
