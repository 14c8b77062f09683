package fits

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
	"github.com/tablebot/tablebot/games/search"
)

// value is the evaluation of a text board as board number board with coming squares to come.
func value(t *testing.T, board, coming int, lines ...string) float64 {
	t.Helper()
	g, _ := parseGrid(t, lines...)
	sf := surface{h: g.Heights()}
	for row := range Rows {
		for col := range Cols {
			if g[row][col] != 0 {
				sf.occ[row] |= 1 << col
			}
		}
	}
	w := tuned(board)
	return layouts[board].value(&sf, coming, &w)
}

// The evaluation prefers a level board to one with the same squares covered and sealed
// holes, more covered squares to fewer, a covered black cell to a sealed one, and a sealed
// number to a covered one.
func TestEvaluationRanksBoards(t *testing.T) {
	better := func(what string, a, b float64) {
		t.Helper()
		if a <= b {
			t.Errorf("%s: %.2f not above %.2f", what, a, b)
		}
	}
	better("level over holes", value(t, 1, 40, "aaaaaa", "aaaaaa"), value(t, 1, 40, "aaaaaa", "aaaaa.", "a....."))
	better("two rows over one", value(t, 1, 40, "aaaaaa", "aaaaaa"), value(t, 1, 40, "aaaaaa"))
	// Board 3: F6 is black.
	better("black covered", value(t, 3, 30, "aaaaaa", "aaaaaa", "aaaaaa", "aaaaaa", "aaaaaa", "aaaaaa"),
		value(t, 3, 30, "aaaaaa", "aaaaa.", "aaaaaa", "aaaaaa", "aaaaaa", "aaaaaa"))
	// Board 2: A2 is a 1.
	better("number kept", value(t, 2, 50, "aaaaaa", ".aaaaa", "aaaaaa"), value(t, 2, 50, "aaaaaa", "aaaaaa", "aaaaaa"))
}

// midGame plays a solo game by the hints until the given card of round (0-based) is turned.
func midGame(t *testing.T, seed uint64, round, cards int) *State {
	t.Helper()
	s, err := NewState([]string{"Ada"}, Options{Boards: []int{1, 2, 3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for s.phase != PhaseOver {
		if s.roundIndex() == round && len(s.turned) == cards && s.phase == PhaseBuild {
			return s
		}
		act := s.ToAct()
		var a games.Action
		if act[0] == games.Chance {
			a = s.SampleChance(r)
		} else {
			a = s.Hint(act[0])
		}
		must.Apply(t, s, act[0], a)
	}
	t.Fatalf("round %d card %d never reached", round, cards)
	return nil
}

// RankMoves lists every legal move once, best first, n limits the list, RolloutMove gives a
// legal move, and neither changes the state; both are deterministic.
func TestPowersLegalAndPure(t *testing.T) {
	for _, c := range []struct{ round, cards int }{{0, 1}, {1, 7}, {3, 15}} {
		s := midGame(t, 3, c.round, c.cards)
		if s.Piece(0) == NoShape {
			continue
		}
		before := gamestest.Snapshot(s)
		legal := s.Legal(0)
		var want []string
		for _, a := range legal {
			want = append(want, s.Describe(a))
		}
		ranked := s.RankMoves(0, 0)
		var got []string
		for _, a := range ranked {
			got = append(got, s.Describe(a))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("round %d card %d: RankMoves lists %v, Legal %v", c.round, c.cards, got, want)
		}
		if top := s.RankMoves(0, 3); len(top) != min(3, len(legal)) || fmt.Sprint(top) != fmt.Sprint(ranked[:len(top)]) {
			t.Fatalf("RankMoves(0, 3) = %v, want the first of %v", top, ranked)
		}
		a := s.RolloutMove(0, rand.New(rand.NewPCG(1, 1)))
		if !slices.ContainsFunc(legal, func(l games.Action) bool { return fmt.Sprint(l) == fmt.Sprint(a) }) {
			t.Fatalf("RolloutMove %v is not legal", a)
		}
		if b := s.RolloutMove(0, rand.New(rand.NewPCG(1, 1))); fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("RolloutMove not deterministic: %v then %v", a, b)
		}
		if fmt.Sprint(s.RankMoves(0, 0)) != fmt.Sprint(ranked) {
			t.Fatal("RankMoves not deterministic")
		}
		if est := s.Estimate(); len(est) != 1 {
			t.Fatalf("Estimate %v: want one score", est)
		}
		if gamestest.Snapshot(s) != before {
			t.Fatal("the powers changed the state")
		}
	}
	s := midGame(t, 3, 1, 2)
	if s.RankMoves(games.Chance, 0) != nil || s.RolloutMove(games.Chance, nil) != nil {
		t.Fatal("powers answer for a seat that need not act")
	}
}

// Estimate is the total over the scored rounds plus the evaluation of the board in play, and
// the final total at the end.
func TestEstimate(t *testing.T) {
	s := midGame(t, 5, 2, 4)
	est := s.Estimate()[0]
	w := tuned(s.Board())
	if want := float64(s.total(0)) + s.boardEstimate(0, &w); est != want {
		t.Fatalf("Estimate %v, want %v", est, want)
	}
	r := rand.New(rand.NewPCG(9, 9))
	for s.phase != PhaseOver {
		act := s.ToAct()
		a := s.SampleChance(r)
		if act[0] != games.Chance {
			a = s.RolloutMove(0, r)
		}
		must.Apply(t, s, act[0], a)
	}
	if est, total := s.Estimate()[0], float64(s.total(0)); est != total {
		t.Fatalf("Estimate at the end %v, want the total %v", est, total)
	}
}

// In a copy drawn by Determinize, the rounds after the decision's own are played by setting
// every card aside, and Estimate scores them as that play will end, so that a rollout cut
// there agrees with one played to the end.
func TestSettledRounds(t *testing.T) {
	s := midGame(t, 7, 1, 15)
	c := s.Determinize(0, rand.New(rand.NewPCG(1, 1))).(*State)
	if c.settled() {
		t.Fatal("the decision's own round is settled")
	}
	r := rand.New(rand.NewPCG(2, 2))
	var estimates []float64
	for c.roundIndex() < 3 {
		act := c.ToAct()
		if act[0] == games.Chance {
			must.Apply(t, c, games.Chance, c.SampleChance(r))
			continue
		}
		if c.settled() {
			estimates = append(estimates, c.Estimate()[0])
			if a := c.RolloutMove(0, r); c.phase == PhaseBuild && a != (Aside{Piece: c.card()}) {
				t.Fatalf("settled round: RolloutMove %v, want aside", a)
			}
		}
		must.Apply(t, c, 0, c.RolloutMove(0, r))
	}
	if len(estimates) < 10 {
		t.Fatalf("only %d decisions in the settled round", len(estimates))
	}
	for _, e := range estimates {
		if e != float64(c.total(0)) {
			t.Fatalf("settled estimates %v, want the total %d at the round's end", estimates, c.total(0))
		}
	}
}

// BenchmarkRankMoves is the search's ordering of a solo seat's moves where it decides.
func BenchmarkRankMoves(b *testing.B) {
	s := revealed(b, T4, 1, nil, F5)
	for b.Loop() {
		s.RankMoves(0, 0)
	}
}

// BenchmarkRolloutMove is one move of a rollout.
func BenchmarkRolloutMove(b *testing.B) {
	s := revealed(b, T4, 1, nil, F5)
	r := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		s.RolloutMove(0, r)
	}
}

// The search AI trusts the ranking: at every searching level it plays RankMoves' first move.
func TestSearchPlaysTheRanking(t *testing.T) {
	for _, c := range []struct{ round, cards int }{{0, 1}, {1, 7}, {3, 15}} {
		s := midGame(t, 11, c.round, c.cards)
		if s.Piece(0) == NoShape {
			continue
		}
		want := s.RankMoves(0, 1)[0]
		for _, l := range []search.Level{search.Normal, search.Strong} {
			got, err := search.Choose(context.Background(), s, 0, l, 3)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("round %d card %d, %v: played %s, want the ranking's %s", c.round, c.cards, l, s.Describe(got), s.Describe(want))
			}
		}
	}
}
