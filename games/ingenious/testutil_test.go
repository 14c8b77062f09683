package ingenious

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
)

func testRand() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }

// checkConservation fails unless the 120 tiles are all on the board, in racks, set aside by a
// swap or in the bag.
func checkConservation(t *testing.T, s *State) {
	t.Helper()
	if err := conservation(s); err != nil {
		t.Fatal(err)
	}
}

func conservation(s *State) error {
	board, racks, swapping, bag := s.TileCount()
	if total := board + racks + swapping + bag; total != TotalTiles {
		return fmt.Errorf("tiles: %d on board + %d in racks + %d swapping + %d in bag = %d, want 120", board, racks, swapping, bag, total)
	}
	var kinds [tileKinds]int
	for _, p := range s.placements {
		kinds[p.Place.Tile().kind()]++
	}
	for _, r := range s.racks {
		for _, t := range r {
			kinds[t.kind()]++
		}
	}
	for _, t := range s.returning {
		kinds[t.kind()]++
	}
	for k, t := range kindTiles {
		if got := kinds[k] + int(s.bag[k]); got != copiesOf(t) {
			return fmt.Errorf("tile %s: %d accounted for, want %d", t, got, copiesOf(t))
		}
	}
	return nil
}

// recomputeScores replays the placements on an empty board with an independent line counter
// and checks every seat's track against the state's.
func recomputeScores(s *State) error {
	board := map[Cell]Colour{}
	for c, at := range StartSymbols {
		board[at] = Colour(c)
	}
	tracks := make([][6]int, s.sides())
	for i, p := range s.placements {
		var gains [2]int
		for h := range 2 {
			from, col := p.Place.Cells[h], p.Place.colourAt(h)
			for _, d := range directions {
				step := Cell{from.Q + d.Q, from.R + d.R}
				if step == p.Place.Cells[1-h] {
					continue
				}
				for c := step; c.Distance() <= s.radius; c = (Cell{c.Q + d.Q, c.R + d.R}) {
					if got, ok := board[c]; !ok || got != col {
						break
					}
					gains[h]++
				}
			}
		}
		if gains != p.Gains {
			return fmt.Errorf("placement %d %v: recomputed gains %v, recorded %v", i, p.Place, gains, p.Gains)
		}
		side := s.side(p.Seat)
		tracks[side], _ = addGains(tracks[side], p.Place, gains, s.twoTracks())
		board[p.Place.Cells[0]], board[p.Place.Cells[1]] = p.Place.First, p.Place.Second
	}
	for side := range tracks {
		if tracks[side] != s.scores[side] {
			return fmt.Errorf("side %d: recomputed %v, state has %v", side, tracks[side], s.scores[side])
		}
	}
	for _, c := range s.areaCells() {
		col, on := s.At(c)
		want, ok := board[c]
		if on != ok || (ok && col != want) {
			return fmt.Errorf("cell %v: board and placements disagree", c)
		}
	}
	return nil
}

var _ = games.Chance
