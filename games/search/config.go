package search

import (
	"fmt"
	"time"
)

// Budget bounds one search. Nodes is the number of search iterations (each adds at most one
// node to a tree), shared out evenly among the trees; Time is the wall-clock limit of the
// whole search. The search stops at whichever comes first; a zero field sets no bound of its
// own, but a Budget with neither bound is refused.
//
// A search stopped by Nodes is deterministic: the same state, seat, Config and seed give the
// same move on any machine, however many cores it has. A search stopped by Time is not, since
// how many iterations fit depends on the machine and its load.
type Budget struct {
	Nodes int
	Time  time.Duration
}

// Config tunes a search. The zero value of each field means its default, as documented.
type Config struct {
	// Budget bounds the search; it must set Nodes or Time.
	Budget Budget
	// Trees is the number of independent trees of root parallelisation (default 2). Their
	// root statistics are summed to choose the move. The number of trees, not the number of
	// cores, shapes the result: more cores make the same search faster.
	Trees int
	// Parallel is how many trees grow at once (default: GOMAXPROCS, at most Trees).
	Parallel int
	// Exploration is the UCB exploration constant on rewards normalised to [0, 1] (default
	// 0.3: the common random numbers keep the comparisons of moves steady).
	Exploration float64
	// Epsilon is the chance that a rollout move (and a move of another seat inside the tree)
	// is drawn uniformly from the legal moves instead of taken from the policy (default 0: none;
	// negative values count as 0).
	Epsilon float64
	// Horizon is how many decisions of the searching seat a rollout plays past the tree before
	// the state is scored without playing on: by the game's Evaluator when it has one, else by
	// its running Result (scores and ranking so far). 0 plays every rollout to the end of the
	// game. A game scored at the end of independent rounds (FITS) gets exact round scores from
	// a horizon as long as a round.
	Horizon int
	// Verify is the share of the budget kept for the duel (default 0.25; negative: no duel,
	// the search's best move is played as it is). When the search's best move is not the
	// policy's (the first candidate at the root: the hint, or the game's best-ranked move),
	// the two are played against the same fresh futures, and the best move is played only
	// when it beats the policy's by Confidence standard errors of the paired differences.
	// Small searches of noisy games then play like the policy rather than worse.
	Verify float64
	// Confidence is how sure the duel must be (default 2; negative: any margin above 0).
	Confidence float64
	// Widening sets progressive widening at the searching seat's nodes: a node visited n
	// times considers its first ceil(Widening·√(n+1)) candidate moves (default 2). Candidates
	// are ordered best first: the policy's move, then the game's Ranker order if it has one,
	// else an order fixed by the seed.
	Widening float64
}

// withDefaults returns c with its zero fields set to their defaults, or an error for a budget
// without bounds or negative fields.
func (c Config) withDefaults(procs int) (Config, error) {
	if c.Budget.Nodes < 0 || c.Budget.Time < 0 {
		return c, fmt.Errorf("%w: negative budget %+v", ErrBadConfig, c.Budget)
	}
	if c.Budget.Nodes == 0 && c.Budget.Time == 0 {
		return c, fmt.Errorf("%w: the budget sets neither nodes nor time", ErrBadConfig)
	}
	if c.Trees < 0 || c.Parallel < 0 || c.Horizon < 0 || c.Exploration < 0 || c.Widening < 0 {
		return c, fmt.Errorf("%w: negative setting in %+v", ErrBadConfig, c)
	}
	if c.Trees == 0 {
		c.Trees = 2
	}
	if c.Budget.Nodes > 0 && c.Trees > c.Budget.Nodes {
		c.Trees = c.Budget.Nodes
	}
	if c.Parallel == 0 {
		c.Parallel = procs
	}
	c.Parallel = max(1, min(c.Parallel, c.Trees))
	if c.Exploration == 0 {
		c.Exploration = 0.3
	}
	c.Epsilon = max(c.Epsilon, 0)
	switch {
	case c.Verify == 0:
		c.Verify = 0.25
	case c.Verify < 0:
		c.Verify = 0
	case c.Verify >= 1:
		return c, fmt.Errorf("%w: Verify %v: want less than 1", ErrBadConfig, c.Verify)
	}
	switch {
	case c.Confidence == 0:
		c.Confidence = 2
	case c.Confidence < 0:
		c.Confidence = 0
	}
	if c.Widening == 0 {
		c.Widening = 2
	}
	return c, nil
}
