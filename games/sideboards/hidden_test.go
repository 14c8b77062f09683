package sideboards

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// TestHiddenChoice: a committed placement cannot leak through View, Result, Legal, Hint or
// the events until the last seat has placed.
func TestHiddenChoice(t *testing.T) {
	base := dealt(t, 3, Options{})
	for seat := range games.Seat(3) {
		must.Apply(t, base, seat, base.starts(seat)[0])
	}
	advance(t, base, testRand(11))
	hand := base.Hand(0)
	one, _ := gamestest.HiddenChoice(t, base, 0, Place{Card: hand[0], Side: Left}, Place{Card: hand[1], Side: Right, Turned: true}, true)
	own := one.view(0).Seats[0]
	if !slices.Equal(own.Pending, []Placed{{hand[0], false}}) || own.PendingSide != Left || !own.Decided || len(own.Board) != 2 {
		t.Fatalf("own view %+v", own)
	}
	if v := one.view(1).Seats[0]; v.Pending != nil || !v.Decided {
		t.Fatalf("seat 1 sees %+v", v)
	}
}

// TestKnownCards: a passed card is known to its sender (and, passed on, can be followed), but
// not to the others; a hand is otherwise private.
func TestKnownCards(t *testing.T) {
	s := dealt(t, 3, Options{})                                                   // hands 1 2 3 / 4 5 6 / 7 8 9
	must.Apply(t, s, 0, Start{Cards: []Card{1, 2}, Turned: []bool{false, false}}) // passes 3 to Ben
	must.Apply(t, s, 1, Start{Cards: []Card{4, 5}, Turned: []bool{false, false}}) // passes 6 to Cid
	must.Apply(t, s, 2, Start{Cards: []Card{7, 8}, Turned: []bool{false, false}}) // passes 9 to Ada
	for seat, c := range []Card{20, 21, 22} {
		must.Apply(t, s, games.Chance, Draw{Seat: games.Seat(seat), Cards: []Card{c}})
	}
	v0, v2, spec := s.view(0), s.view(2), s.view(games.NoSeat)
	if !slices.Equal(v0.Seats[1].Known, []Card{3}) || v0.Seats[2].Known != nil {
		t.Fatalf("Ada knows %v of Ben's and %v of Cid's hand", v0.Seats[1].Known, v0.Seats[2].Known)
	}
	if v2.Seats[1].Known != nil || !slices.Equal(v2.Seats[0].Known, []Card{9}) {
		t.Fatalf("Cid knows %v of Ben's, %v of Ada's hand", v2.Seats[1].Known, v2.Seats[0].Known)
	}
	if spec.Seats[1].Known != nil || spec.Seats[1].Hand != nil || spec.Seats[1].HandSize != 2 {
		t.Fatalf("a spectator sees %+v", spec.Seats[1])
	}
	if mine := s.view(1).Seats[1]; !slices.Equal(mine.Hand, []Card{3, 21}) || !slices.Equal(mine.Received, []Card{3}) || mine.Known != nil {
		t.Fatalf("Ben's own hand %+v", mine)
	}
	// Ben places 21 and passes 3 on to Cid: Ada can follow it there, and so can Ben.
	must.Apply(t, s, 1, Place{Card: 21, Side: Right})
	must.Apply(t, s, 0, Place{Card: 20, Side: Right})
	must.Apply(t, s, 2, Place{Card: 22, Side: Right})
	if k := s.view(0).Seats[2].Known; !slices.Equal(k, []Card{3}) {
		t.Fatalf("Ada follows card 3 to %v", k)
	}
	if k := s.view(1).Seats[2].Known; !slices.Equal(k, []Card{3}) {
		t.Fatalf("Ben follows card 3 to %v", k)
	}
	// Card 6 went Ben → Cid → Ada: Ben and Cid know it is Ada's; 9 went Cid → Ada → Ben.
	if k := s.view(1).Seats[0].Known; !slices.Equal(k, []Card{6}) {
		t.Fatalf("Ben knows %v of Ada's hand, want 6", k)
	}
	if k := s.view(2).Seats[0].Known; !slices.Equal(k, []Card{6}) {
		t.Fatalf("Cid knows %v of Ada's hand, want 6", k)
	}
	if k := s.view(0).Seats[1].Known; !slices.Equal(k, []Card{9}) {
		t.Fatalf("Ada knows %v of Ben's hand, want 9", k)
	}
}

// TestDeterminize: what the seat sees stays (its hand, the cards it knows in other hands,
// every sideboard, the piles' sizes and the discard pile); the rest is redrawn, and every card
// stays in exactly one place.
func TestDeterminize(t *testing.T) {
	s := dealt(t, 3, Options{})
	must.Apply(t, s, 0, Start{Cards: []Card{1, 2}, Turned: []bool{false, false}}) // 3 → Ben
	must.Apply(t, s, 1, Start{Cards: []Card{4, 5}, Turned: []bool{false, false}})
	must.Apply(t, s, 2, Start{Cards: []Card{7, 8}, Turned: []bool{false, false}})
	advance(t, s, testRand(14))
	must.Apply(t, s, 1, Place{Card: s.Hand(1)[0], Side: Left}) // a hidden choice
	changed := false
	r := testRand(15)
	for range 20 {
		d := s.Determinize(0, r).(*State)
		if err := invariant(d); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(d.view(0), s.view(0)) {
			t.Fatalf("seat 0 sees a difference:\n%+v\n%+v", d.view(0), s.view(0))
		}
		if !slices.Contains(d.Hand(1), 3) {
			t.Fatalf("the card Ada passed left Ben's hand: %v", d.Hand(1))
		}
		if !d.seats[1].pending.made || !slices.Contains(d.Hand(1), d.seats[1].pending.cards[0].Card) {
			t.Fatalf("Ben's hidden choice %+v does not fit his hand %v", d.seats[1].pending, d.Hand(1))
		}
		changed = changed || !slices.Equal(d.Hand(2), s.Hand(2))
	}
	if !changed {
		t.Fatal("Cid's hand never changes")
	}
	if fmt.Sprint(s.Determinize(games.NoSeat, r).(*State).view(games.NoSeat)) != fmt.Sprint(s.view(games.NoSeat)) {
		t.Fatal("a spectator sees a difference")
	}
}

// TestDeterminizeSeesOnlyTheView: two states a seat cannot tell apart (one drawn from the
// other by Determinize) are redrawn into the very same state from the same random source, in
// games played on with random moves, hidden choices and passed cards included. The search AI
// relies on it to be seen not to peek.
func TestDeterminizeSeesOnlyTheView(t *testing.T) {
	r := testRand(21)
	compared := 0
	comparing := func(s *State, seat games.Seat) games.Action {
		for viewer := range games.Seat(len(s.seats)) {
			other := s.Determinize(viewer, r).(*State)
			seed := r.Uint64()
			a := s.Determinize(viewer, testRand(seed)).(*State)
			b := other.Determinize(viewer, testRand(seed)).(*State)
			if fingerprint(a) != fingerprint(b) {
				t.Fatalf("seat %d: two states it cannot tell apart redraw differently:\n%s\nvs\n%s\nfrom\n%s\nand\n%s", viewer, a, b, s, other)
			}
			compared++
		}
		return gamestest.RandomMove(r)(s, seat)
	}
	for game := range 12 {
		playAll(t, newGame(t, 2+game%4, Options{Variant: Basic}), r, comparing)
	}
	if compared < 100 {
		t.Fatalf("only %d comparisons", compared)
	}
}
