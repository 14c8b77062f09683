package sideboards

import (
	"math/rand/v2"
	"slices"

	"github.com/tablebot/tablebot/games"
)

var _ games.Determinizer = (*State)(nil)

// Determinize returns a copy in which every card seat cannot place is dealt anew: the cards
// of the draw pile and of the other hands that seat has never held (the cards it has held it
// can follow, see View) are shuffled together and dealt back into the same places, as a
// relabelling, so that each hand keeps its size, a card another seat passed stays known to
// that seat, and a pending choice keeps its shape with the relabelled card. Sideboards, the
// discard pile and seat's own hand stay as they are. The deal is uniform over what seat
// cannot see; it does not weigh how likely the other players were to keep what they kept.
func (s *State) Determinize(seat games.Seat, r *rand.Rand) games.State {
	c := s.clone()
	var mine uint8
	if s.isSeat(seat) {
		mine = 1 << seat
	}
	// The unseen cards, in a stable order: the pile, then the other hands' unknown cards.
	pool := slices.Clone(c.pile)
	for i := range c.seats {
		if games.Seat(i) == seat {
			continue
		}
		for _, card := range c.seats[i].hand {
			if c.knows[card]&mine == 0 {
				pool = append(pool, card)
			}
		}
	}
	perm := r.Perm(len(pool))
	relabel := make(map[Card]Card, len(pool))
	for i, card := range pool {
		relabel[card] = pool[perm[i]]
	}
	for old, nw := range relabel {
		c.knows[nw] = s.knows[old]
	}
	swap := func(cs []Card) {
		for i, card := range cs {
			if nw, ok := relabel[card]; ok {
				cs[i] = nw
			}
		}
	}
	swap(c.pile)
	slices.Sort(c.pile)
	for i := range c.seats {
		if games.Seat(i) == seat {
			continue
		}
		st := &c.seats[i]
		swap(st.hand)
		slices.Sort(st.hand)
		swap(st.received)
		for k, p := range st.pending.cards {
			if nw, ok := relabel[p.Card]; ok {
				st.pending.cards[k].Card = nw
			}
		}
	}
	return c
}
