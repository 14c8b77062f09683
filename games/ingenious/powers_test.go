package ingenious

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
)

var (
	_ search.RolloutPolicy = (*State)(nil)
	_ search.Evaluator     = (*State)(nil)
	_ search.Ranker        = (*State)(nil)
)

// TestRolloutMoveIsHintAndLegal checks at every decision of random games of every kind that
// RolloutMove returns Hint's move, one of the legal moves, leaves the state as it was, and
// returns nil for seats that need not act.
func TestRolloutMoveIsHintAndLegal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	randomPositions(t, 2, func(s *State, seat games.Seat) {
		before := s.clone()
		a := s.RolloutMove(seat, r)
		if a == nil || a != s.Hint(seat) {
			t.Fatalf("RolloutMove %v, Hint %v", a, s.Hint(seat))
		}
		if !containsAction(s.Legal(seat), a) {
			t.Fatalf("RolloutMove %v is not legal", a)
		}
		other := games.Seat((int(seat) + 1) % len(s.Names))
		if other != seat && s.RolloutMove(other, r) != nil {
			t.Fatalf("RolloutMove for seat %v not in turn", other)
		}
		if s.RolloutMove(games.Chance, r) != nil {
			t.Fatal("RolloutMove for chance")
		}
		sameState(t, before, s)
	})
}

// TestRankMovesLegalAndStill checks that RankMoves lists every legal move once and leaves the
// state as it was.
func TestRankMovesLegalAndStill(t *testing.T) {
	randomPositions(t, 1, func(s *State, seat games.Seat) {
		before := s.clone()
		ranked := s.RankMoves(seat, 0)
		legal := s.Legal(seat)
		if len(ranked) != len(legal) {
			t.Fatalf("ranked %d moves, legal %d", len(ranked), len(legal))
		}
		for _, a := range ranked {
			if !containsAction(legal, a) {
				t.Fatalf("ranked move %v is not legal", a)
			}
		}
		if got := s.RankMoves(seat, 3); len(legal) >= 3 && (len(got) != 3 || !reflect.DeepEqual(got, ranked[:3])) {
			t.Fatalf("RankMoves(3) = %v, want %v", got, ranked[:3])
		}
		sameState(t, before, s)
	})
}

// TestEstimateOrdering checks that Estimate ranks stronger and more balanced tracks higher,
// approaches the lowest colour as the board fills, returns final scores at the end and
// leaves the state as it was.
func TestEstimateOrdering(t *testing.T) {
	s := dealt(t, 2, Options{})
	s.scores[0] = [6]int{6, 8, 9, 10, 12, 14}
	s.scores[1] = [6]int{4, 8, 9, 10, 12, 14}
	before := s.clone()
	e := s.Estimate()
	sameState(t, before, s)
	if len(e) != 2 || e[0] <= e[1] {
		t.Fatalf("estimates %v: want seat 0 ahead", e)
	}
	if e[0] < 6 || e[1] < 4 {
		t.Fatalf("estimates %v below the lowest colours", e)
	}
	// Same lowest colour and total, seat 1 lopsided: the balanced track expects more.
	s.scores[0] = [6]int{6, 10, 13, 14, 14, 15}
	s.scores[1] = [6]int{6, 6, 6, 18, 18, 18}
	if e := s.Estimate(); e[0] <= e[1] {
		t.Fatalf("estimates %v: want the balanced seat 0 ahead", e)
	}
	// Less room left, less to expect.
	full := s.clone()
	for _, i := range full.tables().cells[:60] {
		if full.board[i] == 0 {
			full.board[i] = 1
		}
	}
	if a, b := s.Estimate()[0], full.Estimate()[0]; b >= a {
		t.Fatalf("estimate %v with a fuller board, %v before", b, a)
	}
	if got := waterLevel([6]int{18, 18, 18, 18, 18, 18}, 10, Cap); got != Cap {
		t.Fatalf("water level of a full track %v", got)
	}
	if got := waterLevel([6]int{2, 4, 9, 9, 9, 9}, 3, Cap); got != 4.5 {
		t.Fatalf("water level %v, want 4.5", got)
	}
	// A finished game: the lowest colours.
	g := twoPlayerState(t, 0)
	if _, err := games.PlayOut(&games.Recorder{State: g}, rand.New(rand.NewPCG(3, 3))); err != nil {
		t.Fatal(err)
	}
	res := g.Result()
	for seat, v := range g.Estimate() {
		if v != float64(res.Seats[seat].Score) {
			t.Fatalf("finished game: estimate %v, score %d", v, res.Seats[seat].Score)
		}
	}
}

// TestSearchDeterministic checks that a node-bounded search with Ingenious's powers returns
// the same legal move twice and leaves the state as it was.
func TestSearchDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("search")
	}
	s := twoPlayerState(t, 10)
	before := s.clone()
	cfg := search.Config{Budget: search.Budget{Nodes: 60}, Trees: 2, Horizon: 4}
	a, err := search.Search(t.Context(), s, s.turn, cfg, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, err := search.Search(t.Context(), s, s.turn, cfg, 7)
	if err != nil {
		t.Fatal(err)
	}
	if a.Action != b.Action || a.Nodes != b.Nodes {
		t.Fatalf("two searches chose %v and %v", a.Action, b.Action)
	}
	if !containsAction(s.Legal(s.turn), a.Action) {
		t.Fatalf("search chose %v, not legal", a.Action)
	}
	sameState(t, before, s)
}

func containsAction(as []games.Action, a games.Action) bool {
	for _, b := range as {
		if b == a {
			return true
		}
	}
	return false
}

// sameState fails unless a and b are equal but for their cached rankings.
func sameState(t *testing.T, a, b *State) {
	t.Helper()
	x, y := *a, *b
	x.rank, y.rank = nil, nil
	if !reflect.DeepEqual(x, y) {
		t.Fatal("the state changed")
	}
}
