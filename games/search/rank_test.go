package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// TestRank checks Rank on positions of every real game: it orders exactly the moves given,
// each once; its first move is the one the search among those moves chooses (with the same
// seed); the same seed gives the same order; the state is not changed; and a move that is not
// legal is refused.
func TestRank(t *testing.T) {
	seed := gamestest.Seed(t)
	r := rand.New(rand.NewPCG(seed, 2))
	for _, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			for i, st := range positions(t, tb, r, 4) {
				seat := st.ToAct()[0]
				legal := st.Legal(seat)
				if len(legal) < 2 {
					continue
				}
				moves := slices.Clone(legal[:min(len(legal), 8)])
				slices.Reverse(moves)
				before := gamestest.Fingerprint(st)
				order, err := Rank(context.Background(), st, seat, append(slices.Clone(moves), moves[0]), tiny(40), uint64(i))
				if err != nil {
					t.Fatalf("position %d: %v", i, err)
				}
				if gamestest.Fingerprint(st) != before {
					t.Fatalf("position %d: Rank changed the state", i)
				}
				keys := func(as []games.Action) []any {
					var out []any
					for _, a := range as {
						out = append(out, keyOf(a))
					}
					return out
				}
				got, want := keys(order), keys(moves)
				if len(got) != len(want) {
					t.Fatalf("position %d: %d moves ranked, want the %d given, once each", i, len(got), len(want))
				}
				for _, k := range want {
					if !slices.Contains(got, k) {
						t.Fatalf("position %d: move %v given but not ranked", i, k)
					}
				}
				c, err := searchAmong(context.Background(), st, seat, tiny(40), uint64(i), moves)
				if err != nil {
					t.Fatal(err)
				}
				if keyOf(c.Action) != got[0] {
					t.Errorf("position %d: ranked %v first, the search chose %v", i, order[0], c.Action)
				}
				again, _ := Rank(context.Background(), st, seat, moves, tiny(40), uint64(i))
				if !slices.Equal(keys(again), got) {
					t.Errorf("position %d: the same seed ranked differently", i)
				}
				if _, err := Rank(context.Background(), st, seat, []games.Action{moves[0], notAMove{}}, tiny(40), 1); !errors.Is(err, ErrBadMoves) {
					t.Errorf("position %d: a move that is not legal: %v, want ErrBadMoves", i, err)
				}
			}
		})
	}
}

// notAMove is an action no game lists.
type notAMove struct{}

func (notAMove) ActionType() string { return "not-a-move" }

// TestRankOrder checks the order Rank gives from the search's statistics: the choice first,
// then the moves tried at least half as often as the most tried by mean, then the others
// tried by visits, then those never tried in the order given.
func TestRankOrder(t *testing.T) {
	a, b, c, d, e, f := move("a"), move("b"), move("c"), move("d"), move("e"), move("f")
	given := []games.Action{a, b, c, d, e, f}
	ch := Choice{Action: b, Moves: []MoveStat{
		{Action: a, Visits: 10, Mean: 0.2}, // a contender (10 ≥ 20/2), low mean
		{Action: b, Visits: 4, Mean: 0.1},  // the choice (the policy's, say), whatever its stats
		{Action: c, Visits: 20, Mean: 0.5}, // the most tried
		{Action: d, Visits: 12, Mean: 0.6}, // the best contender
		{Action: e, Visits: 3, Mean: 0.9},  // tried too little to count by its mean
	}}
	got := rankOf(given, ch)
	want := []games.Action{b, d, c, a, e, f}
	if !slices.Equal(got, want) {
		t.Errorf("ranked %v, want %v", got, want)
	}
}

// move is a toy action for TestRankOrder.
type move string

func (move) ActionType() string { return "move" }
