package ingenious

import (
	"math/rand/v2"

	"github.com/tablebot/tablebot/games"
)

var _ games.Determinizer = (*State)(nil)

// Determinize returns a copy in which every rack seat cannot see is dealt anew from those
// racks' tiles and the bag together, each rack keeping its size. The bag has no order, so
// nothing else is hidden. A spectator (any seat that is not a player) sees no rack.
func (s *State) Determinize(seat games.Seat, r *rand.Rand) games.State {
	c := s.clone()
	for i, rack := range c.racks {
		if games.Seat(i) == seat {
			continue
		}
		for _, t := range rack {
			c.bag[t.kind()]++
		}
	}
	for i, rack := range c.racks {
		if games.Seat(i) == seat {
			continue
		}
		for j := range rack {
			t := c.bag.nth(r.IntN(c.bag.Len()))
			c.bag[t.kind()]--
			rack[j] = t
		}
	}
	return c
}
