package shelfie

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
	"github.com/tablebot/tablebot/games/search"
)

var _ search.Evaluator = (*State)(nil)

// soloStates plays solo games of the greedy player in mode ("beat" or "bot") and calls fn at
// every decision of the player, before the move, with the final state once the game is over.
func soloStates(t *testing.T, mode string, games_ int, fn func(s *State, final func() *State)) {
	t.Helper()
	for g := range games_ {
		r := rand.New(rand.NewPCG(uint64(g), 0xe57))
		s := newGame(t, 1, `{"solo":"`+mode+`"}`)
		var seen []*State
		keep := func(_ games.State, seat games.Seat) games.Action {
			seen = append(seen, s.clone())
			return s.Hint(seat)
		}
		if _, err := games.Advance(&games.Recorder{State: s}, r, keep); err != nil || !games.Over(s) {
			t.Fatalf("solo game %d: over %v, %v", g, games.Over(s), err)
		}
		for _, x := range seen {
			fn(x, func() *State { return s })
		}
	}
}

// TestFitsIsCheck: the AI's quick placement check agrees with Check.
func TestFitsIsCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for range 2000 {
		var sh Shelf
		for col := range Columns {
			for range r.IntN(Height + 1) {
				sh.put(Die{Colour: Colour(1 + r.IntN(NumColours)), Value: int8(1 + r.IntN(6))}, col)
			}
		}
		d := Die{Colour: Colour(1 + r.IntN(NumColours)), Value: int8(1 + r.IntN(6))}
		for col := -1; col <= Columns; col++ {
			for _, rules := range []Rules{{}, {IgnoreColour: true}, {IgnoreNumber: true}, {true, true}} {
				if got, want := sh.fits(d, col, rules), sh.Check(d, col, rules) == nil; got != want {
					t.Fatalf("fits(%s, col %d, %+v) = %v, Check says %v\n%s", d, col, rules, got, want, sh.String())
				}
			}
		}
	}
}

// TestContestPatternCached: the cached patterns are the printed ones.
func TestContestPatternCached(t *testing.T) {
	for k := 0; k <= NumContests+1; k++ {
		if got, want := contestPattern(k), ContestPattern(k); !reflect.DeepEqual(got, want) {
			t.Fatalf("contest %d: cached %v, parsed %v", k, got, want)
		}
	}
}

// TestQuickValueAfter: valuing a placement or a setting on a copy of the shelf gives what
// applying it to a clone gives, so the greedy player's moves are unchanged.
func TestQuickValueAfter(t *testing.T) {
	n := 0
	for _, mode := range []string{"beat", "bot"} {
		soloStates(t, mode, 12, func(s *State, _ func() *State) {
			seat := games.Seat(0)
			for _, a := range s.Legal(seat) {
				q, ok := s.quickValueAfter(seat, a)
				if !ok {
					continue
				}
				n++
				c := s.clone()
				if _, err := c.Apply(seat, a); err != nil {
					t.Fatalf("%s refused: %v", s.Describe(a), err)
				}
				if want := c.position(seat, c.shipment); q != want {
					t.Fatalf("%s: quick value %v, by Apply %v", s.Describe(a), q, want)
				}
			}
		})
	}
	if n < 500 {
		t.Fatalf("only %d moves valued quickly", n)
	}
}

// TestEstimate: one finite estimate per seat of the result, the state unchanged, the final
// scores at the end, and on average close to the final scores of the greedy player's games.
func TestEstimate(t *testing.T) {
	for _, mode := range []string{"beat", "bot"} {
		var errSum [2]float64
		n := 0
		var last *State
		soloStates(t, mode, 40, func(s *State, final func() *State) {
			before := s.clone()
			est := s.Estimate()
			if !reflect.DeepEqual(before, s) {
				t.Fatal("Estimate changed the state")
			}
			if again := s.Estimate(); !reflect.DeepEqual(est, again) {
				t.Fatalf("Estimate %v then %v", est, again)
			}
			res := final().Result()
			if len(est) != len(res.Seats) {
				t.Fatalf("%s: %d estimates for %d seats", mode, len(est), len(res.Seats))
			}
			for i, e := range est {
				if math.IsNaN(e) || math.IsInf(e, 0) || e < -40 || e > 120 {
					t.Fatalf("%s: estimate %v", mode, est)
				}
				errSum[i] += float64(res.Seats[i].Score) - e
			}
			n++
			last = final()
		})
		for i, e := range last.Estimate() {
			if want := float64(last.Result().Seats[i].Score); e != want {
				t.Fatalf("%s: estimate %v at the end, scores %v", mode, e, want)
			}
		}
		for i := range last.Result().Seats {
			if bias := errSum[i] / float64(n); math.Abs(bias) > 2.5 {
				t.Errorf("%s seat %d: final score less estimate %.2f on average", mode, i, bias)
			}
		}
	}
}

var _ search.Ranker = (*State)(nil)

// TestRankMoves: every legal move once, Hint's first, the state unchanged, n honoured.
func TestRankMoves(t *testing.T) {
	for _, mode := range []string{"beat", "bot"} {
		soloStates(t, mode, 6, func(s *State, _ func() *State) {
			before := s.clone()
			ranked := s.RankMoves(0, 0)
			if !reflect.DeepEqual(before, s) {
				t.Fatal("RankMoves changed the state")
			}
			legal := s.Legal(0)
			if len(ranked) != len(legal) {
				t.Fatalf("%d ranked, %d legal", len(ranked), len(legal))
			}
			seen := map[string]bool{}
			for _, a := range ranked {
				seen[s.Describe(a)] = true
			}
			for _, a := range legal {
				if !seen[s.Describe(a)] {
					t.Fatalf("legal %s not ranked", s.Describe(a))
				}
			}
			if h := s.Hint(0); s.Describe(ranked[0]) != s.Describe(h) {
				t.Fatalf("ranked first %s, hint %s", s.Describe(ranked[0]), s.Describe(h))
			}
			if len(legal) > 2 && len(s.RankMoves(0, 2)) != 2 {
				t.Fatal("RankMoves(seat, 2) gives more than 2")
			}
			if s.RankMoves(games.Chance, 0) != nil || s.RankMoves(Opponent, 0) != nil {
				t.Fatal("moves ranked for a seat not to act")
			}
		})
	}
}

// TestSearchWithPowers: the search AI, using Estimate and RankMoves, chooses a legal move,
// leaves the state as it was and chooses the same move for the same seed.
func TestSearchWithPowers(t *testing.T) {
	cfg := search.Strong.Config()
	cfg.Budget = search.Budget{Nodes: 60}
	k := 0
	soloStates(t, "bot", 1, func(s *State, _ func() *State) {
		k++
		if k%4 != 0 {
			return
		}
		before := s.clone()
		a, err := search.Search(t.Context(), s, 0, cfg, uint64(k))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(before, s) {
			t.Fatal("the search changed the state")
		}
		b, err := search.Search(t.Context(), s, 0, cfg, uint64(k))
		if err != nil {
			t.Fatal(err)
		}
		if s.Describe(a.Action) != s.Describe(b.Action) {
			t.Fatalf("same seed: %s then %s", s.Describe(a.Action), s.Describe(b.Action))
		}
		if _, err := s.clone().Apply(0, a.Action); err != nil {
			t.Fatalf("search move %s refused: %v", s.Describe(a.Action), err)
		}
	})
}

// BenchmarkSearchSolo is one Strong search (1000 nodes, no time limit, one core) of a solo
// game against Shem Bot, the player on turn in round 2 with its shipment to place.
func BenchmarkSearchSolo(b *testing.B) {
	s := newGame(b, 1, `{"solo":"bot"}`)
	gamestest.HintsUntil(b, s, rand.New(rand.NewPCG(7, 7)), func(games.State) bool {
		return s.round >= 2 && s.phase == PhaseTurn && s.taken && len(s.shipment) == 3
	})
	cfg := search.Strong.Config()
	cfg.Budget.Time = 0
	cfg.Parallel = 1
	for i := 0; b.Loop(); i++ {
		if _, err := search.Search(b.Context(), s, 0, cfg, uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBotDrawSummary: a draw with Shem Bot is said without formatting errors.
func TestBotDrawSummary(t *testing.T) {
	s := newGame(t, 1, `{"solo":"bot"}`)
	got := s.summary([]games.Seat{0, Opponent}, map[games.Seat]int{0: 33, Opponent: 33})
	if got.EN != "A draw with Shem Bot, 33 all." || got.CS != "Remíza se Shem Botem, 33 : 33." {
		t.Fatalf("draw summary %+v", got)
	}
}
