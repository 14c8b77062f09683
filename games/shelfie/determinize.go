package shelfie

import (
	"math/rand/v2"

	"github.com/tablebot/tablebot/games"
)

var _ games.Determinizer = (*State)(nil)

// Determinize returns a copy in which every other player's secret choice of this round, while
// the choices are being made, is replaced by a card drawn at random from that player's hand
// (each card equally likely). Nothing else is hidden: hands are public, and the bag has no
// order — chance draws its dice when boxes are filled, rerolled or drawn, from a content that
// everyone can count.
func (s *State) Determinize(seat games.Seat, r *rand.Rand) games.State {
	c := s.clone()
	if c.phase != PhaseChoose {
		return c
	}
	for i := range c.Names {
		st := &c.seats[i]
		if games.Seat(i) == seat || !st.chosen {
			continue
		}
		st.choice = st.hand[r.IntN(len(st.hand))]
	}
	return c
}
