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
//
// The deal depends only on what seat can see and on r: the places are taken in an order fixed
// by what seat knows of them (see placeKey) and dealt the unseen cards, shuffled by r from
// their sorted order. Two states that seat cannot tell apart therefore give the same state for
// the same random source — what the search AI needs to be seen not to peek.
func (s *State) Determinize(seat games.Seat, r *rand.Rand) games.State {
	c := s.clone()
	var mine uint8
	if s.IsSeat(seat) {
		mine = 1 << seat
	}
	keys := make([]uint64, 0, len(c.pile)+len(c.seats)*8)
	for _, card := range c.pile {
		keys = append(keys, placeKey(-1, s.knows[card], 0, 0, card))
	}
	for i := range c.seats {
		if games.Seat(i) == seat {
			continue
		}
		st := &c.seats[i]
		for _, card := range st.hand {
			if s.knows[card]&mine != 0 {
				continue
			}
			pending := 1 + slices.IndexFunc(st.pending.cards, func(p Placed) bool { return p.Card == card })
			received := 1 + slices.Index(st.received, card)
			keys = append(keys, placeKey(i, s.knows[card], pending, received, card))
		}
	}
	slices.Sort(keys)
	deck := make([]Card, len(keys))
	for i, k := range keys {
		deck[i] = keyCard(k)
	}
	slices.Sort(deck)
	perm := r.Perm(len(deck))
	var relabel [NumCards + 1]Card
	for i, k := range keys {
		relabel[keyCard(k)] = deck[perm[i]]
	}
	for old, nw := range relabel {
		if nw != NoCard {
			c.knows[nw] = s.knows[old]
		}
	}
	swap := func(cs []Card) {
		for i, card := range cs {
			if nw := relabel[card]; nw != NoCard {
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
			if nw := relabel[p.Card]; nw != NoCard {
				st.pending.cards[k].Card = nw
			}
		}
	}
	return c
}

// placeKey describes the place of a card the determinizing seat cannot see by what that
// seat can tell about it, in the order of significance: the hand it is in (-1: the draw
// pile), which seats know the card, and its position in the hand's pending choice and among
// the cards last passed to that hand (1-based, 0: not there). The card comes last: places
// alike in all the rest are ones the seat cannot tell apart, so the order of their new cards
// does not matter. Sorted, the keys list the places in an order the seat can see.
func placeKey(hand int, knows uint8, pending, received int, card Card) uint64 {
	return uint64(hand+1)<<40 | uint64(knows)<<32 | uint64(pending)<<24 | uint64(received)<<16 | uint64(card)
}

// keyCard is the card of a placeKey.
func keyCard(k uint64) Card { return Card(k & 0xffff) }
