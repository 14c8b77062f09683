package search

import (
	"math/rand/v2"

	"github.com/tablebot/tablebot/games"
)

// The optional powers below are found on a games.State by type assertion, like
// games.Determinizer. A game implements them on its State type to make the search stronger
// or faster; without them the search works from the engine contract alone. The search calls
// them only on determinized copies (states drawn from the searching seat's point of view),
// so they may read everything in the state they are called on.

// Evaluator is an optional power of a games.State: a fast estimate of how the game will end,
// so that rollouts can stop early (see Config.Horizon).
type Evaluator interface {
	// Estimate returns the expected final score (in the units of games.SeatResult.Score) of
	// every seat, in seat order, if the game were played on from here by good players. The
	// search ranks the seats by these numbers as it ranks them by a Result. It must not change
	// the state.
	Estimate() []float64
}

// RolloutPolicy is an optional power of a games.State: the move policy of rollouts and of
// other seats inside the tree, in place of State.Hint (which is the default policy).
type RolloutPolicy interface {
	// RolloutMove returns a legal move for seat, drawing with r when it chooses among several,
	// or nil when seat need not act. It must be fast (it is called for every move of every
	// rollout) and must not change the state.
	RolloutMove(seat games.Seat, r *rand.Rand) games.Action
}

// Ranker is an optional power of a games.State: the game's own ordering of a seat's legal
// moves, best first. The search widens its tree in this order, so a good ranking lets it
// spend its budget on promising moves of games with hundreds of legal moves (a greedy player
// rates them all anyway).
type Ranker interface {
	// RankMoves returns up to n of seat's legal moves, best first (all of them when n <= 0), or
	// nil when seat need not act. It must not change the state.
	RankMoves(seat games.Seat, n int) []games.Action
}

// Ambition is an optional power of a games.State of several seats: how much the searching
// seat's own score counts in its reward beside its place. Without it the search plays to win
// and then to win by much (see the package documentation), which in a game where seats can
// hold each other down (Ingenious) makes two searches block each other rather than build;
// with it a seat also plays for a high score of its own, as good players do. It does not
// change solo rewards, which are the score already.
type Ambition interface {
	// Ambition returns the share of a multiplayer reward that the seat's own score decides,
	// in [0, 1), and the score that earns that share in full (above 0; a higher score earns
	// more, a negative one less than nothing): the reward is (1-share) × the reward of the
	// place and margin + share × score/full. A share outside [0, 1) or a full score not
	// above 0 counts as no ambition. It must not change the state and should give the same
	// for every state of a game.
	Ambition() (share, full float64)
}

// RankingTrust is an optional power of a games.State with a Ranker whose first move is itself
// the fruit of a search that the tree's rollouts cannot judge fairly: an expectimax over the
// chance to come with the game's own evaluation, where the rollouts play a faster, weaker
// policy. Judged by those rollouts, a move that suits the weaker player looks better than the
// ranking's move although it is worse, and the duel (Config.Verify), which guards against
// luck and not against such a bias, lets it through. A game that trusts its ranking plays its
// first move at every level that searches, without growing a tree; measure before you claim
// it (FITS does: see its package documentation).
type RankingTrust interface {
	// TrustRanking reports whether the Ranker's first move is to be played as it is. It must
	// not change the state and should give the same for every state of a game.
	TrustRanking() bool
}
