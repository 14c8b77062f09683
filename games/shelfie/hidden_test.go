package shelfie

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// TestHiddenChoiceLeaksNothing: two different choices of seat 0 look the same to every other
// seat in every way, hints included.
func TestHiddenChoiceLeaksNothing(t *testing.T) {
	s := atTurn(t, 4, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3 / O1 O2 O3 / P4 P5 P6")
	gamestest.HiddenChoice(t, s, 0, Choose{Card: 1}, Choose{Card: 8}, false)
}

// observe is what seat can learn from s (see gamestest.Observe).
func observe(s *State, seat games.Seat) string { return gamestest.Observe(s, seat, false) }

// TestDeterminize: determinized states look the same to the seat and redraw the others'
// choices.
func TestDeterminize(t *testing.T) {
	s := atTurn(t, 3, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3 / O1 O2 O3")
	must.Apply(t, s, 1, Choose{Card: 3})
	must.Apply(t, s, 2, Choose{Card: 4})
	r := rand.New(rand.NewPCG(3, 3))
	seen := map[int8]bool{}
	for range 50 {
		d := s.Determinize(0, r).(*State)
		if observe(d, 0) != observe(s, 0) {
			t.Fatal("seat 0 can tell")
		}
		seen[d.seats[1].choice.Number] = true
		if !d.seats[1].chosen || d.seats[0].chosen {
			t.Fatal("who has chosen changed")
		}
	}
	if len(seen) < 4 {
		t.Fatalf("seat 1's choice redrawn as only %v", seen)
	}
	if d := s.Determinize(1, r).(*State); d.seats[1].choice.Number != 3 {
		t.Fatal("a seat's own choice must stay")
	}
}
