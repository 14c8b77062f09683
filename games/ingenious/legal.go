package ingenious

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

// Legal lists seat's legal actions: every placement of every distinct rack tile (tiles in
// R G B O Y P order, then cells in row order; a mixed tile in both orientations, a double once
// with its cells in ascending (r, q) order), or swap and keep. Chance's draws are too many to
// list: Legal(Chance) is nil.
func (s *State) Legal(seat games.Seat) []games.Action {
	if seat == games.Chance || !games.IsToAct(s, seat) {
		return nil
	}
	if s.phase == PhaseSwap {
		return []games.Action{Swap{}, Keep{}}
	}
	places := s.LegalPlaces(seat)
	out := make([]games.Action, len(places))
	for i, p := range places {
		out[i] = p
	}
	return out
}

// LegalPlaces lists seat's legal placements in Legal's order, or nil when seat may not place.
func (s *State) LegalPlaces(seat games.Seat) []Place {
	if s.phase != PhasePlace || seat != s.turn {
		return nil
	}
	return s.placesFor(seat, distinctTiles(s.racks[seat]))
}

// placesFor lists the legal placements of the given tiles for seat.
func (s *State) placesFor(seat games.Seat, tiles []Tile) []Place {
	first := !s.firstDone[seat]
	var out []Place
	for _, t := range tiles {
		for _, c := range s.areaCells() {
			if s.board[cellIndex(c)] != 0 {
				continue
			}
			for _, d := range forward {
				n := c.Step(d)
				if !s.empty(n) {
					continue
				}
				cells := [2]Cell{c, n}
				if first {
					start, ok := startOf(cells)
					if !ok || (!s.Solo() && s.usedStart[start]) {
						continue
					}
				}
				out = append(out, Place{t.A, t.B, cells})
				// A mixed tile lies two ways round; a double's halves are scored in the
				// order laid, which changes the score on two tracks (team and solo), so
				// there both orders are moves of their own.
				if !t.Double() || s.twoTracks() {
					out = append(out, Place{t.A, t.B, [2]Cell{n, c}})
				}
			}
		}
	}
	return out
}

// distinctTiles returns the different tiles of a rack in R G B O Y P order.
func distinctTiles(rack []Tile) []Tile {
	ts := slices.Clone(rack)
	slices.SortFunc(ts, func(a, b Tile) int { return a.kind() - b.kind() })
	return slices.Compact(ts)
}
