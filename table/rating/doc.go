// Package rating rates players from the results of games with OpenSkill's Plackett–Luce
// model: Weng and Lin, "A Bayesian Approximation Method for Online Ranking", Journal of
// Machine Learning Research 12 (2011), with its Plackett–Luce model of full rankings, as
// openskill.js 5 and openskill.py 6 implement it. It is pure: no I/O, no clock, no
// randomness, no state, and it imports nothing from tablebot.
//
// # The model
//
// A player's skill is a normal belief [Rating] {μ, σ}; a new player is [Default], μ₀ = 25,
// σ₀ = 25/3. A team's skill is the sum of its players' (μ_i = Σ μ, σ_i² = Σ σ²). In one game
// of k teams (each of one or more players, teams of any sizes) finishing at ranks r (lower is
// better, equal ranks share a place):
//
//	σ ← sqrt(σ² + τ²)                                   for every player, first
//	c = sqrt(Σ_q (σ_q² + β²))
//	S_q = Σ_{s: r_s ≥ r_q} exp(μ_s/c),   A_q = #{s: r_s = r_q}
//	Ω_i = σ_i²/c · Σ_{q: r_q ≤ r_i} ([i = q] − exp(μ_i/c)/S_q) / A_q
//	Δ_i = γ_i · σ_i²/c² · Σ_{q: r_q ≤ r_i} (exp(μ_i/c)/S_q)(1 − exp(μ_i/c)/S_q) / A_q
//	γ_i = σ_i/c                                         (openskill's default gamma, sqrt(σ_i²)/c)
//
// and every player j of team i moves to μ_j + σ_j²/σ_i² · Ω_i and
// σ_j · sqrt(max(1 − σ_j²/σ_i² · Δ_i, κ)). Ties follow openskill: a team's place counts every
// team it tied with (A_q), so a tie between equal ratings moves no μ.
//
// The defaults, those of openskill.js 5 (and openskill.py 6), are what the zero [Model]
// uses: β = 25/6, κ = 0.0001, τ = 25/300 added to σ before each update. [Rating.Ordinal] is
// the conservative rating μ − 3σ that leaderboards sort by.
//
// # Guarantees
//
//   - Same numbers as openskill.js 5: the published Plackett–Luce test vectors of
//     openskill.js 5.0.1 and openskill.py 6.2.0 that use what this package implements (2 to
//     5 teams, uneven teams, ties, ranks out of order, scores, τ, limitSigma, a 16-game
//     series) are reproduced to 1e-12, nearly all bit for bit, and an older three-game series
//     to its 9 printed decimals; the arithmetic follows openskill.js's order of operations.
//   - Deterministic: the same input gives the same bits, so replaying an archive in order
//     rebuilds exactly the ratings that were computed game by game.
//   - The result does not depend on the order in which teams (with their ranks) or a team's
//     players are listed, beyond the last bits of rounding, nor on the rank values beyond
//     their order; scores are ranks negated ([Model.RateScores]).
//   - For valid input every result is finite, no σ grows beyond sqrt(σ² + τ²) (nor beyond
//     its old value with LimitSigma), and in a two-team game the winners' μ never falls and
//     the losers' never rises.
//   - The arguments are never modified and the result shares no memory with them.
//
// # Caveats
//
//   - With τ > 0 (the default), σ first grows by τ and then shrinks, so a player whose σ is
//     already small can see σ grow a little, and their ordinal fall after a win; LimitSigma
//     prevents that, as openskill's limitSigma does, at the cost of leaving openskill.js's
//     default numbers.
//   - A game needs at least two teams: a solo game is an error (ErrTooFewTeams), not a no-op.
//     A player whose rating must not move (an AI seat with a fixed rating) is simply part of
//     the game; the caller keeps the fixed rating and discards what Rate returns for it.
//   - Where openskill.js would compute NaN or ±Inf, this package differs on purpose: a team
//     whose players all have σ = 0 with τ = 0 keeps its ratings (openskill.js divides 0 by 0),
//     and exponents beyond ±600 (team skills thousands apart) are evaluated relative to the
//     largest term instead of overflowing. Inputs whose squares overflow fail with
//     ErrNotFinite.
//   - Not implemented: openskill's other models (Bradley–Terry, Thurstone–Mosteller),
//     partial-play weights, margins, balance, custom gamma, and the z, α and target of the
//     ordinal.
package rating
