package rating

// Default values of openskill.js 5 (and openskill.py 6), which [Default] and the zero [Model]
// use.
const (
	// DefaultMu is μ₀, the mean skill of a new player.
	DefaultMu = 25.0
	// DefaultSigma is σ₀ = μ₀/3, the uncertainty of a new player's skill.
	DefaultSigma = 25.0 / 3
	// DefaultBeta is β = σ₀/2, the spread of a player's performance around their skill in one
	// game.
	DefaultBeta = 25.0 / 6
	// DefaultKappa is κ, the floor of the factor that shrinks σ² in one update, so σ never
	// collapses to zero in one game.
	DefaultKappa = 0.0001
	// DefaultTau is τ = μ₀/300, the additive dynamics: before each update σ becomes
	// sqrt(σ² + τ²), so a rating never stops moving entirely.
	DefaultTau = 25.0 / 300
)

// Rating is a player's skill belief: a normal distribution with mean Mu and standard
// deviation Sigma. The zero Rating is not a new player's rating; use [Default].
type Rating struct {
	// Mu is the estimated skill μ.
	Mu float64
	// Sigma is the uncertainty σ ≥ 0 of that estimate.
	Sigma float64
}

// Default returns a new player's rating: μ₀ = 25, σ₀ = 25/3.
func Default() Rating {
	return Rating{Mu: DefaultMu, Sigma: DefaultSigma}
}

// Ordinal returns the conservative rating μ − 3σ (openskill's ordinal with its defaults
// z = 3, α = 1, target = 0): the skill the player has with about 99.9% confidence. It is what
// leaderboards sort by, so a newcomer (0 with the defaults) climbs as games make σ shrink.
func (r Rating) Ordinal() float64 {
	return r.Mu - 3*r.Sigma
}
