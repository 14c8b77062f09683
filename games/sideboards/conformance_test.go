package sideboards

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// TestConformance runs the shared suite over every size and both variants.
func TestConformance(t *testing.T) {
	t.Parallel()
	gamestest.Suite{
		Game: Game{},
		Cases: []gamestest.Case{
			{Name: "solo", Players: names[:1]},
			{Name: "2 players", Players: names[:2]},
			{Name: "3 players, set 2", Players: names[:3], Options: `{"tasks":[2]}`},
			{Name: "4 players, tasks 7 14 30", Players: names[:4], Options: `{"variant":"basic","tasks":[7,14,30]}`},
			{Name: "6 players", Players: names[:6]},
			{Name: "2 players, 4 cards", Players: names[:2], Options: `{"variant":"four"}`},
			{Name: "5 players, 4 cards", Players: names[:5], Options: `{"variant":"four","tasks":[3,10,15]}`},
			{Name: "6 players, 4 cards", Players: names[:6], Options: `{"variant":"four"}`},
		},
		Games:         3,
		ApplyAllEvery: 3,
		Invariant:     func(st games.State) error { return invariant(st.(*State)) },
		Mutate:        mutate,
	}.Run(t)
}

// invariant checks that every card is in exactly one place (draw pile, discard pile, a hand or
// a sideboard), that hands and sideboards have the sizes the turn implies, that a pending
// choice uses hand cards, and that every seat knows its own hand.
func invariant(s *State) error {
	where := map[Card]string{}
	put := func(c Card, place string) error {
		if !c.Valid() {
			return fmt.Errorf("card %d in %s", c, place)
		}
		if w, ok := where[c]; ok {
			return fmt.Errorf("card %d both in %s and in %s", c, w, place)
		}
		where[c] = place
		return nil
	}
	for _, c := range s.pile {
		if err := put(c, "the draw pile"); err != nil {
			return err
		}
	}
	if !slices.IsSorted(s.pile) {
		return fmt.Errorf("draw pile not sorted: %v", s.pile)
	}
	for _, c := range s.discard {
		if err := put(c, "the discard pile"); err != nil {
			return err
		}
	}
	for i, st := range s.seats {
		for _, c := range st.hand {
			if err := put(c, fmt.Sprintf("hand %d", i)); err != nil {
				return err
			}
			if s.knows[c]&(1<<i) == 0 {
				return fmt.Errorf("seat %d does not know card %d in its hand", i, c)
			}
		}
		if !slices.IsSorted(st.hand) {
			return fmt.Errorf("hand %d not sorted: %v", i, st.hand)
		}
		for _, p := range st.board {
			if err := put(p.Card, fmt.Sprintf("sideboard %d", i)); err != nil {
				return err
			}
		}
		for _, p := range st.pending.cards {
			if !slices.Contains(st.hand, p.Card) {
				return fmt.Errorf("seat %d's pending card %d is not in its hand", i, p.Card)
			}
		}
		wantBoard := s.turn
		switch {
		case s.phase == PhaseOver:
			wantBoard = Width
		case s.turn <= 1:
			wantBoard = 0
		}
		if len(st.board) != wantBoard {
			return fmt.Errorf("seat %d has %d cards laid in turn %d (phase %d)", i, len(st.board), s.turn, s.phase)
		}
		wantHand := s.handSize()
		switch {
		case s.phase == PhaseOver || s.phase < PhaseTurn:
			wantHand = 0
		case s.phase == PhaseDraw && i >= s.drawNext:
			wantHand -= s.drawCount()
		case s.exchanging == games.Seat(i):
			wantHand = 0
		}
		if len(st.hand) != wantHand {
			return fmt.Errorf("seat %d holds %d cards, want %d", i, len(st.hand), wantHand)
		}
	}
	if len(where) != NumCards {
		return fmt.Errorf("%d cards accounted for, want %d", len(where), NumCards)
	}
	return nil
}

// mutate proposes a random, often illegal, action for seat.
func mutate(r *rand.Rand, st games.State, seat games.Seat) games.Action {
	s := st.(*State)
	hand := s.seats[seat].hand
	card := func() Card {
		if len(hand) > 0 && r.IntN(3) > 0 {
			return hand[r.IntN(len(hand))]
		}
		return Card(r.IntN(NumCards+3) - 1)
	}
	switch r.IntN(10) {
	case 0:
		return Exchange{}
	case 1:
		return Draw{Seat: seat, Cards: []Card{card()}}
	case 2:
		return Tasks{Tasks: []int{1, 8, 17}}
	case 3, 4, 5:
		n := 2
		if r.IntN(6) == 0 {
			n = r.IntN(4)
		}
		a := Start{}
		for range n {
			a.Cards = append(a.Cards, card())
			a.Turned = append(a.Turned, r.IntN(2) == 0)
		}
		return a
	}
	side := Side(r.IntN(2))
	if r.IntN(10) == 0 {
		side = Side(r.IntN(5) - 2)
	}
	return Place{Card: card(), Side: side, Turned: r.IntN(2) == 0}
}

// TestRandomPlayouts plays many quick random games of every size and variant, checking the
// invariant after every move and every listed move on a clone now and then.
func TestRandomPlayouts(t *testing.T) {
	seed := gamestest.Seed(t)
	for g := range 36 {
		r := rand.New(rand.NewPCG(seed, uint64(g)))
		n := 1 + g%6
		o := Options{Variant: Basic}
		if g%3 == 2 && n > 1 {
			o.Variant = Four
		}
		s := newGame(t, n, o)
		pick := gamestest.CheckingListed(t, r, 10, gamestest.RandomMove(r))
		playAll(t, s, r, func(s *State, seat games.Seat) games.Action { return pick(s, seat) })
		res := s.Result()
		if !res.Over || len(res.Ranking) == 0 {
			t.Fatalf("game %d: result %+v", g, res)
		}
	}
}
