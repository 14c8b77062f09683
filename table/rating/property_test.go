package rating

import (
	"flag"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

var seedFlag = flag.Uint64("rating.seed", 0, "seed of the randomized rating tests (0: from the clock)")

// rng returns the random source of a randomized test and logs its seed, so a failure can be
// replayed with -rating.seed.
func rng(t *testing.T) *rand.Rand {
	t.Helper()
	seed := *seedFlag
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (replay with -rating.seed=%d)", seed, seed)
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// game is a random valid game.
type game struct {
	model Model
	teams [][]Rating
	ranks []float64
}

// randomGame returns a game of 2 to 8 teams of 1 to 4 players, ratings from a long season's
// range and beyond, ranks with ties about a third of the time, and a random model.
func randomGame(r *rand.Rand) game {
	n := 2 + r.IntN(7)
	g := game{teams: make([][]Rating, n), ranks: make([]float64, n)}
	for i := range g.teams {
		size := 1 + r.IntN(4)
		for range size {
			g.teams[i] = append(g.teams[i], Rating{Mu: -20 + 90*r.Float64(), Sigma: 12 * r.Float64()})
		}
		g.ranks[i] = float64(r.IntN(n)) // several teams often share a rank
	}
	switch r.IntN(4) {
	case 0:
		g.model = Model{NoTau: true}
	case 1:
		g.model = Model{Tau: r.Float64(), LimitSigma: r.IntN(2) == 0}
	case 2:
		g.model = Model{Beta: 0.5 + 10*r.Float64(), Kappa: r.Float64() / 10}
	}
	return g
}

// tauOf is the τ that m adds.
func tauOf(m Model) float64 {
	switch {
	case m.NoTau:
		return 0
	case m.Tau == 0:
		return DefaultTau
	}
	return m.Tau
}

// TestPropertyBounds checks on random games that every result is finite, that no σ exceeds
// sqrt(σ² + τ²) (nor σ with LimitSigma) or falls to zero when it was not zero, and that
// the input is left unchanged.
func TestPropertyBounds(t *testing.T) {
	r := rng(t)
	for k := range 3000 {
		g := randomGame(r)
		before := clone(g.teams)
		got, err := g.model.Rate(g.teams, g.ranks)
		if err != nil {
			t.Fatalf("game %d %+v: %v", k, g, err)
		}
		if !equal(g.teams, before) {
			t.Fatalf("game %d: input changed", k)
		}
		tau := tauOf(g.model)
		for i := range got {
			for j, after := range got[i] {
				old := g.teams[i][j]
				if !finite(after.Mu) || !finite(after.Sigma) {
					t.Fatalf("game %d %+v: team %d player %d: %+v", k, g, i, j, after)
				}
				limit := math.Sqrt(old.Sigma*old.Sigma + tau*tau)
				if g.model.LimitSigma {
					limit = old.Sigma
				}
				if after.Sigma > limit {
					t.Fatalf("game %d %+v: team %d player %d: σ %v → %v, above %v", k, g, i, j, old.Sigma, after.Sigma, limit)
				}
				if after.Sigma <= 0 && (old.Sigma > 0) {
					t.Fatalf("game %d %+v: team %d player %d: σ %v → %v", k, g, i, j, old.Sigma, after.Sigma)
				}
			}
		}
	}
}

// TestPropertyTwoTeams checks on random two-team games that the winners' μ does not fall and
// the losers' does not rise, and that a draw moves μ toward the other team.
func TestPropertyTwoTeams(t *testing.T) {
	r := rng(t)
	for k := range 3000 {
		g := randomGame(r)
		g.teams = g.teams[:2]
		g.ranks = []float64{1, 2}
		if r.IntN(2) == 0 {
			g.ranks = []float64{2, 1}
		}
		got, err := g.model.Rate(g.teams, g.ranks)
		if err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		for i := range got {
			won := g.ranks[i] == 1
			for j, after := range got[i] {
				old := g.teams[i][j].Mu
				if won && after.Mu < old || !won && after.Mu > old {
					t.Fatalf("game %d %+v: team %d (won %v) player %d: μ %v → %v", k, g, i, won, j, old, after.Mu)
				}
			}
		}

		// A draw: the team with the higher summed μ does not gain, the other does not lose.
		got, err = g.model.Rate(g.teams, []float64{1, 1})
		if err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		sum := func(team []Rating) (s float64) {
			for _, p := range team {
				s += p.Mu
			}
			return s
		}
		stronger := 0
		if sum(g.teams[1]) > sum(g.teams[0]) {
			stronger = 1
		}
		for j, after := range got[stronger] {
			if after.Mu > g.teams[stronger][j].Mu {
				t.Fatalf("game %d %+v draw: stronger team player %d: μ %v → %v", k, g, j, g.teams[stronger][j].Mu, after.Mu)
			}
		}
		for j, after := range got[1-stronger] {
			if after.Mu < g.teams[1-stronger][j].Mu {
				t.Fatalf("game %d %+v draw: weaker team player %d: μ %v → %v", k, g, j, g.teams[1-stronger][j].Mu, after.Mu)
			}
		}
	}
}

// TestPropertyPermutation checks on random games that the result does not depend on the
// order in which the teams (with their ranks) or a team's players are listed, nor on the
// rank values beyond their order.
func TestPropertyPermutation(t *testing.T) {
	r := rng(t)
	const tol = 1e-12
	for k := range 2000 {
		g := randomGame(r)
		want, err := g.model.Rate(g.teams, g.ranks)
		if err != nil {
			t.Fatalf("game %d: %v", k, err)
		}

		// Shuffle the teams with their ranks, and the players inside each team.
		n := len(g.teams)
		perm := r.Perm(n)
		teams := make([][]Rating, n)
		ranks := make([]float64, n)
		inner := make([][]int, n)
		for to, from := range perm {
			inner[to] = r.Perm(len(g.teams[from]))
			for _, p := range inner[to] {
				teams[to] = append(teams[to], g.teams[from][p])
			}
			ranks[to] = g.ranks[from]
		}
		got, err := g.model.Rate(teams, ranks)
		if err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		unshuffled := make([][]Rating, n)
		for to, from := range perm {
			unshuffled[from] = make([]Rating, len(got[to]))
			for q, p := range inner[to] {
				unshuffled[from][p] = got[to][q]
			}
		}
		checkRelClose(t, k, unshuffled, want, tol)

		// Ranks mapped through an increasing function give the same result, and so do scores
		// that are the negated ranks.
		mapped := make([]float64, n)
		for i, x := range g.ranks {
			mapped[i] = 3*x*x*x + 100
		}
		got, err = g.model.Rate(g.teams, mapped)
		if err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		checkRelClose(t, k, got, want, 0)
		scores := make([]float64, n)
		for i, x := range g.ranks {
			scores[i] = -x
		}
		got, err = g.model.RateScores(g.teams, scores)
		if err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		checkRelClose(t, k, got, want, 0)
	}
}

// checkRelClose fails t unless got and want agree to tol relative to each number's size
// (at least 1).
func checkRelClose(t *testing.T, k int, got, want [][]Rating, tol float64) {
	t.Helper()
	for i := range want {
		for j := range want[i] {
			g, w := got[i][j], want[i][j]
			if math.Abs(g.Mu-w.Mu) > tol*max(1, math.Abs(w.Mu)) || math.Abs(g.Sigma-w.Sigma) > tol*max(1, w.Sigma) {
				t.Fatalf("game %d: team %d player %d: got %+v, want %+v", k, i, j, g, w)
			}
		}
	}
}

// TestNilRanksAreListOrder checks that nil ranks mean the teams finished in the order given.
func TestNilRanksAreListOrder(t *testing.T) {
	teams := [][]Rating{{{30, 4}}, {{20, 6}, {22, 5}}, {{25, 8}}, {{27, 3}}}
	got, err := Model{}.Rate(teams, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Model{}.Rate(teams, []float64{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	checkClose(t, got, want, 0)
}

// TestHugeRatingsStayFinite checks the guard against exp overflow: with every μ moved far
// out (so exp(μ/c) would overflow or vanish), teams of equal size get the same changes as
// near zero, since only differences of team skills matter; and teams 10,000 apart still get
// finite ratings, with no change for the expected winner.
func TestHugeRatingsStayFinite(t *testing.T) {
	base := [][]Rating{{{30, 4}, {20, 6}}, {{25, 8}, {27, 3}}, {{21, 5}, {26, 7}}, {{24, 8}, {23, 2}}}
	ranks := []float64{2, 1, 2, 4}
	want, err := Model{}.Rate(base, ranks)
	if err != nil {
		t.Fatal(err)
	}
	for _, shift := range []float64{30000, -30000} {
		moved := clone(base)
		for i := range moved {
			for j := range moved[i] {
				moved[i][j].Mu += shift
			}
		}
		got, err := Model{}.Rate(moved, ranks)
		if err != nil {
			t.Fatalf("shift %v: %v", shift, err)
		}
		for i := range got {
			for j := range got[i] {
				dGot, dWant := got[i][j].Mu-moved[i][j].Mu, want[i][j].Mu-base[i][j].Mu
				if math.Abs(dGot-dWant) > 1e-9 || math.Abs(got[i][j].Sigma-want[i][j].Sigma) > 1e-12 {
					t.Errorf("shift %v team %d player %d: Δμ %v σ %v, want Δμ %v σ %v",
						shift, i, j, dGot, got[i][j].Sigma, dWant, want[i][j].Sigma)
				}
			}
		}
	}

	far := r1(Rating{10000, 1}, Rating{-10000, 1}, Rating{0, 1})
	got, err := Model{}.Rate(far, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if !finite(got[i][0].Mu) || !finite(got[i][0].Sigma) {
			t.Fatalf("team %d: %+v", i, got[i][0])
		}
	}
	if got[0][0].Mu != 10000 {
		t.Errorf("the certain winner's μ moved: %v", got[0][0].Mu)
	}
}

// TestCertainTeamWithoutTau checks that a team whose players all have σ = 0 keeps its
// ratings when τ = 0 (openskill.js would divide 0 by 0), and that the others still move.
func TestCertainTeamWithoutTau(t *testing.T) {
	teams := r1(Rating{25, 0}, Default())
	got, err := Model{NoTau: true}.Rate(teams, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got[0][0] != (Rating{25, 0}) {
		t.Errorf("certain player: %+v", got[0][0])
	}
	if !(got[1][0].Mu < 25) || !(got[1][0].Sigma < DefaultSigma) {
		t.Errorf("other player: %+v", got[1][0])
	}
}

// TestResultDoesNotAlias checks that changing a result leaves the input alone.
func TestResultDoesNotAlias(t *testing.T) {
	teams := r1(Default(), Default())
	ranks := []float64{2, 1}
	got, err := Model{}.Rate(teams, ranks)
	if err != nil {
		t.Fatal(err)
	}
	got[0][0].Mu = 99
	if teams[0][0] != Default() || !slices.Equal(ranks, []float64{2, 1}) {
		t.Errorf("input changed: %v %v", teams, ranks)
	}
}

func clone(teams [][]Rating) [][]Rating {
	out := make([][]Rating, len(teams))
	for i := range teams {
		out[i] = slices.Clone(teams[i])
	}
	return out
}

func equal(a, b [][]Rating) bool {
	return slices.EqualFunc(a, b, func(x, y []Rating) bool { return slices.Equal(x, y) })
}
