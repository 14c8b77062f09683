package fits

import (
	"math/rand/v2"

	"github.com/tablebot/tablebot/games"
)

var _ games.Determinizer = (*State)(nil)

// Determinize returns a copy in which every other seat's hidden choice of the current step is
// replaced by one drawn at random from what that seat could have chosen (a placement of its
// piece, or setting a building card aside). The deck has no order to hide: chance draws the
// next card from the cards not yet turned, which everyone can see.
//
// The copy also remembers the round it was drawn in, for the search AI's powers: boards are
// scored round by round, so nothing decided now changes a later round, and RolloutMove and
// Estimate spend no effort on those rounds (nothing a seat can see depends on this).
func (s *State) Determinize(seat games.Seat, r *rand.Rand) games.State {
	c := s.clone()
	c.focus = c.roundIndex() + 1
	c.focusStep = c.step()
	for i := range c.seats {
		st := &c.seats[i]
		if games.Seat(i) == seat || !st.pending.made {
			continue
		}
		piece := c.start[i]
		if c.phase == PhaseBuild {
			piece = c.card()
		}
		places := placesOn(st.board.height, piece)
		n := len(places)
		if c.phase == PhaseBuild {
			n++ // setting the card aside
		}
		k := r.IntN(n)
		if k == len(places) {
			st.pending = choice{made: true, aside: piece}
			continue
		}
		if pl, err := landOn(st.board.height, places[k]); err == nil {
			st.pending = choice{made: true, placed: pl}
		}
	}
	return c
}
