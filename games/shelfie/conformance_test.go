package shelfie

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

func testRand() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }

// TestConformance runs the shared suite for every size and mode. Every move is checked
// (ApplyAllEvery 1), so that the short window in which one player has chosen and another
// not is always examined by the hidden-information check.
func TestConformance(t *testing.T) {
	t.Parallel()
	conformance(
		gamestest.Case{Name: "solo beat", Players: names[:1], Options: `{"solo":"beat"}`},
		gamestest.Case{Name: "solo bot", Players: names[:1], Options: `{"solo":"bot"}`},
		gamestest.Case{Name: "solo bot hard random", Players: names[:1], Options: `{"solo":"bot","hard":true,"botcards":"random","cards":"own"}`},
		gamestest.Case{Name: "2 players", Players: names[:2]},
		gamestest.Case{Name: "3 players shared", Players: names[:3], Options: `{"cards":"shared"}`},
	).Run(t)
}

func TestConformanceMore(t *testing.T) {
	t.Parallel()
	conformance(
		gamestest.Case{Name: "4 players", Players: names[:4]},
		gamestest.Case{Name: "4 players own draft", Players: names[:4], Options: `{"cards":"own","draft":true}`},
		gamestest.Case{Name: "2 players shared draft", Players: names[:2], Options: `{"cards":"shared","draft":true}`},
	).Run(t)
}

func conformance(cases ...gamestest.Case) gamestest.Suite {
	return gamestest.Suite{
		Game:          Game{},
		Cases:         cases,
		Games:         2,
		ApplyAllEvery: 1,
		Invariant:     func(st games.State) error { return invariant(st.(*State)) },
		Mutate:        mutate,
	}
}

// invariant checks the state against the rules: dice are conserved (bag, boxes, shipment,
// shelves, shame shelves, cards 1 and 4, and the dice that left the game add up to the bag's
// starting content), shelves obey the placement rules except where an ability allows, every
// seat holds its cards once, and the result recomputes.
func invariant(s *State) error {
	var count [NumColours + 1]int
	add := func(ds []Die) {
		for _, d := range ds {
			count[d.Colour]++
		}
	}
	for _, c := range Colours() {
		count[c] += s.bag[c]
	}
	for _, b := range s.boxes {
		if b.taker == games.NoSeat {
			add(b.dice)
		}
	}
	for _, c := range Colours() {
		count[c] += s.gone[c]
	}
	add(s.shipment)
	for i := range s.seats {
		st := &s.seats[i]
		for col := range Columns {
			add(st.shelf.Column(col))
			if st.shelf.Heights[col] < 0 || st.shelf.Heights[col] > Height {
				return fmt.Errorf("seat %d column %d has %d dice", i, col+1, st.shelf.Heights[col])
			}
		}
		add(st.shame)
		add(st.gifts)
		for _, k := range st.keeper {
			count[k.Die.Colour]++
		}
		if len(st.hand)+len(st.played) != HandSize {
			return fmt.Errorf("seat %d holds %d cards and played %d", i, len(st.hand), len(st.played))
		}
	}
	per := bagPerColour(max(len(s.Names), 2))
	for _, c := range Colours() {
		if count[c] != per {
			return fmt.Errorf("%d %s dice in play, want %d (bag %v)", count[c], c, per, s.bag)
		}
	}
	if s.phase == PhaseTurn && !s.setNext {
		for _, d := range s.shipment {
			if !d.Valid() {
				return fmt.Errorf("shipment die %v has no value", d)
			}
		}
	}
	res := s.Result()
	for _, sr := range res.Seats {
		if sc := sr.Detail.(Score); sc.Total() != sr.Score {
			return fmt.Errorf("seat %d scores %d but its detail adds to %d", sr.Seat, sr.Score, sc.Total())
		}
	}
	return nil
}

// mutate proposes a random, often illegal, action for seat.
func mutate(r *rand.Rand, st games.State, seat games.Seat) games.Action {
	s := st.(*State)
	n := func(k int) int { return r.IntN(k+2) - 1 + r.IntN(2) }
	switch r.IntN(11) {
	case 0:
		return Choose{Card: n(16)}
	case 1:
		return Take{Box: n(5)}
	case 2:
		return Set{Die: n(4), Value: n(6)}
	case 3:
		return Place{Die: n(4), Col: n(5)}
	case 4:
		return Place{Die: n(4), Shame: true}
	case 5:
		return Retrieve{Slot: n(3)}
	case 6:
		return Done{}
	case 7:
		return Roll{Values: []int{n(6)}}
	}
	legal := s.Legal(seat)
	var abilities []Ability
	for _, a := range legal {
		if a, ok := a.(Ability); ok {
			abilities = append(abilities, a)
		}
	}
	a := Ability{Card: 1 + r.IntN(NumCards)}
	if len(abilities) > 0 && r.IntN(2) == 0 {
		a = abilities[r.IntN(len(abilities))]
	}
	switch r.IntN(6) {
	case 0:
		a.Die = n(4)
	case 1:
		a.Col = n(5)
	case 2:
		a.Value = n(6)
	case 3:
		a.Copy = n(16)
	case 4:
		a.At = n(4)
	}
	return a
}

// TestRandomPlayouts: random legal play never panics, and dice are conserved, in many games
// of every size and variant.
func TestRandomPlayouts(t *testing.T) {
	seed := gamestest.Seed(t)
	opts := []string{`{}`, `{"cards":"own"}`, `{"cards":"shared","draft":true}`}
	for g := range 24 {
		r := rand.New(rand.NewPCG(seed, uint64(g)))
		n := 1 + g%4
		o := opts[g/4%3]
		if n == 1 {
			o = []string{`{"solo":"beat"}`, `{"solo":"bot"}`, `{"solo":"bot","hard":true,"botcards":"random"}`}[g/4%3]
		}
		pick := gamestest.RandomMove(r)
		gamestest.PlayRandomly(t, newGame(t, n, o), r, 3001, func(s *State, seat games.Seat) games.Action { return pick(s, seat) }, invariant)
	}
}
