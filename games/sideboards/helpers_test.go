package sideboards

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

var names = []string{"Ada", "Ben", "Cid", "Dee", "Eva", "Fik"}

// newGame starts a game of n players with options o.
func newGame(t testing.TB, n int, o Options) *State {
	t.Helper()
	s, err := NewState(names[:n], o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// must makes and refuses moves, drawing the table when one goes wrong.
var must = gamestest.Must[*State]{Show: func(s *State, _ games.Seat) string { return s.String() }}

// fingerprint is everything about a state, for equality checks.
func fingerprint(s *State) string { return s.String() }

// dealt returns a game of n players with tasks 1, 8, 17 after a deal of the given hands
// (default: cards 1, 2, 3 to seat 0, 4, 5, 6 to seat 1 and so on).
func dealt(t testing.TB, n int, o Options, hands ...[]Card) *State {
	t.Helper()
	if o.Variant == "" {
		o.Variant = Basic
	}
	if o.Tasks == nil {
		o.Tasks = []int{1, 8, 17}
	}
	s := newGame(t, n, o)
	if hands == nil {
		k := s.handSize()
		for i := range n {
			var h []Card
			for j := range k {
				h = append(h, Card(i*k+j+1))
			}
			hands = append(hands, h)
		}
	}
	must.Apply(t, s, games.Chance, Deal{Hands: hands})
	return s
}

// secondTurn returns a 2-player game dealt as dealt does, in turn 2: Ada started with 1 2
// (passing 3 to Ben), Ben with 4 5 (passing 6 to Ada); Ada drew 10 and Ben 11.
func secondTurn(t testing.TB) *State {
	t.Helper()
	s := dealt(t, 2, Options{})
	must.Apply(t, s, 0, Start{Cards: []Card{1, 2}, Turned: []bool{false, false}})
	must.Apply(t, s, 1, Start{Cards: []Card{4, 5}, Turned: []bool{false, false}})
	must.Apply(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{10}})
	must.Apply(t, s, games.Chance, Draw{Seat: 1, Cards: []Card{11}})
	return s
}

// advance lets chance draw with r until the seats must place (or the game is over).
func advance(t testing.TB, s *State, r *rand.Rand) {
	t.Helper()
	if _, err := games.Advance(&games.Recorder{State: s}, r, nil); err != nil {
		t.Fatal(err)
	}
}

// playAll lets every seat make pick's move and chance draw with r until the game ends.
func playAll(t testing.TB, s *State, r *rand.Rand, pick func(s *State, seat games.Seat) games.Action) {
	t.Helper()
	gamestest.PlayRandomly(t, s, r, 2001, pick, invariant)
}

// hintPick picks the AI's move.
func hintPick(s *State, seat games.Seat) games.Action { return s.Hint(seat) }

func testRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x51de)) }
