package rating

import (
	"fmt"
	"math"
	"slices"
)

// Model is the Plackett–Luce rating model with its parameters. The zero Model is openskill.js
// 5's default model (β = 25/6, κ = 0.0001, τ = 25/300, σ allowed to grow by τ); every zero
// field means its default. A Model is a plain value, safe for concurrent use.
type Model struct {
	// Beta is β, the spread of one performance around the skill; 0 means [DefaultBeta].
	Beta float64
	// Kappa is κ, the floor of the factor that shrinks σ² in one update; 0 means
	// [DefaultKappa]. It must not exceed 1.
	Kappa float64
	// Tau is τ, added to every σ before the update (σ ← sqrt(σ² + τ²)); 0 means [DefaultTau].
	// Set NoTau for τ = 0.
	Tau float64
	// NoTau makes τ = 0 (openskill's tau: 0): σ only shrinks, and the numbers are those of
	// the bare Plackett–Luce update.
	NoTau bool
	// LimitSigma keeps every σ at most its value before the game (openskill's limitSigma), so
	// τ cannot make a player's ordinal fall after a win.
	LimitSigma bool
}

// params is a Model with its defaults filled in.
type params struct {
	betaSq, kappa, tauSq float64
	limitSigma           bool
}

// params checks m and fills in its defaults; it fails with ErrModel.
func (m Model) params() (params, error) {
	for _, f := range []struct {
		name string
		v    float64
	}{{"Beta", m.Beta}, {"Kappa", m.Kappa}, {"Tau", m.Tau}} {
		if !(f.v >= 0) || math.IsInf(f.v, 0) {
			return params{}, fmt.Errorf("model: %s = %v: %w", f.name, f.v, ErrModel)
		}
	}
	if m.Kappa > 1 {
		return params{}, fmt.Errorf("model: Kappa = %v is above 1: %w", m.Kappa, ErrModel)
	}
	// The defaults are filled in before squaring, so that β² and τ² are rounded as
	// openskill.js rounds them (a constant expression would be squared exactly).
	if m.Beta == 0 {
		m.Beta = DefaultBeta
	}
	if m.Kappa == 0 {
		m.Kappa = DefaultKappa
	}
	if m.Tau == 0 {
		m.Tau = DefaultTau
	}
	if m.NoTau {
		m.Tau = 0
	}
	p := params{betaSq: m.Beta * m.Beta, kappa: m.Kappa, tauSq: m.Tau * m.Tau, limitSigma: m.LimitSigma}
	return p, nil
}

// Rate returns the ratings after one game: teams[i] is the i-th team's players' ratings and
// ranks[i] its place, lower is better; teams with equal ranks shared their place (a tie).
// Only the order of the ranks matters (1, 2, 2, 4 and 0, 5, 5, 9 are the same result). A nil
// ranks means the teams are listed in finishing order, without ties.
//
// The result has the shape of teams: result[i][j] is the new rating of teams[i][j]. Rate
// never modifies its arguments. A team may have any number of players, and teams may differ
// in size; a team's skill is the sum of its players' (openskill's default, unbalanced).
//
// Rate fails, computing nothing, with ErrTooFewTeams (fewer than two teams), ErrEmptyTeam,
// ErrRanks (ranks not nil and not one per team), ErrNotFinite (a NaN or infinite μ, σ or
// rank, a negative σ, or numbers so large that a result would not be finite) or ErrModel.
// Otherwise every returned μ and σ is finite.
func (m Model) Rate(teams [][]Rating, ranks []float64) ([][]Rating, error) {
	p, err := m.params()
	if err != nil {
		return nil, err
	}
	if len(teams) < 2 {
		return nil, fmt.Errorf("%d teams: %w", len(teams), ErrTooFewTeams)
	}
	if ranks != nil && len(ranks) != len(teams) {
		return nil, fmt.Errorf("%d ranks for %d teams: %w", len(ranks), len(teams), ErrRanks)
	}
	for i, team := range teams {
		if len(team) == 0 {
			return nil, fmt.Errorf("team %d: %w", i, ErrEmptyTeam)
		}
		for j, r := range team {
			if !finite(r.Mu) || !finite(r.Sigma) || r.Sigma < 0 {
				return nil, fmt.Errorf("team %d player %d: μ = %v, σ = %v: %w", i, j, r.Mu, r.Sigma, ErrNotFinite)
			}
		}
		if ranks != nil && !finite(ranks[i]) {
			return nil, fmt.Errorf("team %d: rank %v: %w", i, ranks[i], ErrNotFinite)
		}
	}
	return p.rate(teams, ranks)
}

// RateScores is [Model.Rate] with scores in place of ranks: a higher score is a better place
// and equal scores share a place (openskill's score option, rank = −score). A nil scores
// means the teams are listed in finishing order. It fails as Rate does, with ErrRanks when
// scores is not one per team and ErrNotFinite for a NaN or infinite score.
func (m Model) RateScores(teams [][]Rating, scores []float64) ([][]Rating, error) {
	var ranks []float64
	if scores != nil {
		ranks = make([]float64, len(scores))
		for i, s := range scores {
			ranks[i] = -s
		}
	}
	return m.Rate(teams, ranks)
}

// finite reports whether x is neither NaN nor infinite.
func finite(x float64) bool {
	return !math.IsNaN(x) && !math.IsInf(x, 0)
}

// teamSums is one team's summed skill, in the game's rank order.
type teamSums struct {
	index int     // the team's position in the caller's slice
	rank  float64 // its rank (lower is better)
	mu    float64 // Σ μ of its players
	sigSq float64 // Σ σ² of its players, after τ
	x     float64 // mu / c
}

// rate is Weng & Lin's Plackett–Luce update (ties as in openskill), on valid input. The
// arithmetic follows openskill.js 5's plackett-luce.ts in the same order of operations, over
// the teams sorted stably by rank as its rate.ts does.
func (p params) rate(teams [][]Rating, ranks []float64) ([][]Rating, error) {
	u := plUpdate{params: p, teams: teams}
	u.sumTeams(ranks)
	if err := u.totalDeviation(); err != nil {
		return nil, err
	}
	u.rankSums()
	out := make([][]Rating, len(teams))
	for i := range u.ts {
		res, err := u.updateTeam(i)
		if err != nil {
			return nil, err
		}
		out[u.ts[i].index] = res
	}
	return out, nil
}

// plUpdate is the state of one Plackett–Luce update, filled in phase by phase by
// [params.rate].
type plUpdate struct {
	params
	teams [][]Rating  // the caller's teams, in the caller's order
	sigma [][]float64 // σ after τ, per player, in the caller's layout
	ts    []teamSums  // the teams' sums, sorted stably by rank
	c     float64     // sqrt(Σ_q (σ_q² + β²))
	wide  bool        // some exponent μ/c is outside exp's comfortable range
	e     []float64   // exp(μ/c) of each team, when no exponent is wide
	m     []float64   // the largest exponent in each sumQ, when wide (else zeros)
	sumQ  []float64   // Σ_{s: rank_s ≥ rank_q} exp(μ_s/c), relative to m[q]
	a     []float64   // how many teams share q's rank
}

// sumTeams adds τ to every σ and sums each team's μ and σ², then sorts the teams stably by
// rank (the team's position in finishing order when ranks is nil).
func (u *plUpdate) sumTeams(ranks []float64) {
	n := len(u.teams)
	u.sigma = make([][]float64, n)
	u.ts = make([]teamSums, n)
	for i, team := range u.teams {
		u.sigma[i] = make([]float64, len(team))
		t := teamSums{index: i, rank: float64(i + 1)}
		if ranks != nil {
			t.rank = ranks[i]
		}
		for j, r := range team {
			s := math.Sqrt(r.Sigma*r.Sigma + u.tauSq)
			u.sigma[i][j] = s
			t.mu += r.Mu
			t.sigSq += s * s
		}
		u.ts[i] = t
	}
	slices.SortStableFunc(u.ts, func(a, b teamSums) int {
		switch {
		case a.rank < b.rank:
			return -1
		case a.rank > b.rank:
			return 1
		}
		return 0
	})
}

// totalDeviation computes c = sqrt(Σ_q (σ_q² + β²)) and every team's x = μ/c; it fails with
// ErrNotFinite when c is not finite.
func (u *plUpdate) totalDeviation() error {
	var cSq float64
	for _, t := range u.ts {
		cSq += t.sigSq + u.betaSq
	}
	u.c = math.Sqrt(cSq)
	if !finite(u.c) {
		return fmt.Errorf("total variance %v: %w", cSq, ErrNotFinite)
	}
	for k := range u.ts {
		u.ts[k].x = u.ts[k].mu / u.c
	}
	return nil
}

// rankSums computes sumQ[q] = Σ_{s: rank_s ≥ rank_q} exp(μ_s/c), and a[q] = how many teams
// share q's rank. When an exponent is outside exp's comfortable range, each sum is taken
// relative to its largest term m[q] (exp(x − m[q]) ≤ 1, the sum ≥ 1), which leaves the
// quotients of updateTeam unchanged and finite; in range, m is all zeros and the arithmetic
// is openskill's.
func (u *plUpdate) rankSums() {
	n := len(u.ts)
	u.m = make([]float64, n)
	u.e = make([]float64, n)
	for k, t := range u.ts {
		u.wide = u.wide || t.x > 600 || t.x < -600
		u.e[k] = math.Exp(t.x)
	}
	u.sumQ = make([]float64, n)
	u.a = make([]float64, n)
	for q, tq := range u.ts {
		if u.wide {
			u.m[q] = math.Inf(-1)
			for _, t := range u.ts {
				if t.rank >= tq.rank {
					u.m[q] = max(u.m[q], t.x)
				}
			}
		}
		for s, t := range u.ts {
			switch {
			case t.rank < tq.rank:
			case u.wide:
				u.sumQ[q] += math.Exp(t.x - u.m[q])
			default:
				u.sumQ[q] += u.e[s]
			}
			if t.rank == tq.rank {
				u.a[q]++
			}
		}
	}
}

// updateTeam returns the new ratings of the players of the i-th team in rank order, in the
// order of the caller's team; it fails with ErrNotFinite when a result is not finite.
func (u *plUpdate) updateTeam(i int) ([]Rating, error) {
	ti := u.ts[i]
	var omegaSum, deltaSum float64
	for q, tq := range u.ts {
		if tq.rank > ti.rank {
			continue
		}
		quotient := u.e[i] / u.sumQ[q]
		if u.wide {
			quotient = math.Exp(ti.x-u.m[q]) / u.sumQ[q]
		}
		if i == q {
			omegaSum += (1 - quotient) / u.a[q]
		} else {
			omegaSum += -quotient / u.a[q]
		}
		deltaSum += quotient * (1 - quotient) / u.a[q]
	}
	c := u.c
	gamma := math.Sqrt(ti.sigSq) / c
	omega := omegaSum * (ti.sigSq / c)
	delta := deltaSum * (ti.sigSq / (c * c)) * gamma

	team := u.teams[ti.index]
	res := make([]Rating, len(team))
	for j, r := range team {
		s := u.sigma[ti.index][j]
		if ti.sigSq == 0 {
			// Every player of the team is certain (σ = 0 and τ = 0): nothing to learn.
			res[j] = Rating{Mu: r.Mu, Sigma: s}
			continue
		}
		sigSq := s * s
		res[j] = Rating{
			Mu:    r.Mu + sigSq/ti.sigSq*omega,
			Sigma: s * math.Sqrt(max(1-sigSq/ti.sigSq*delta, u.kappa)),
		}
		if u.limitSigma {
			res[j].Sigma = min(res[j].Sigma, r.Sigma)
		}
		if !finite(res[j].Mu) || !finite(res[j].Sigma) {
			return nil, fmt.Errorf("team %d player %d: result μ = %v, σ = %v: %w",
				ti.index, j, res[j].Mu, res[j].Sigma, ErrNotFinite)
		}
	}
	return res, nil
}
