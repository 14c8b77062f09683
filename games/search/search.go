package search

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/tablebot/tablebot/games"
)

// Choice is the outcome of a search: the move chosen and what the search saw.
type Choice struct {
	// Action is the move chosen: one of the moves Legal listed for the seat.
	Action games.Action
	// Nodes is the number of iterations done, over all trees.
	Nodes int
	// Trees is the number of trees grown.
	Trees int
	// Policy is true when Action is the policy's move (the first the search tried: the hint,
	// or the game's best-ranked move), chosen by the search or kept because no other move did
	// clearly better in the duel (see Config.Verify).
	Policy bool
	// Moves holds the root statistics summed over the trees, in the order Legal lists the
	// moves; moves never tried are left out.
	Moves []MoveStat
}

// MoveStat is what the search learnt about one move of the searching seat.
type MoveStat struct {
	Action games.Action
	// Visits is the number of iterations that began with the move.
	Visits int
	// Mean is the mean raw reward of those iterations: a score in a solo game, otherwise a
	// value in [0, 1] (1: won alone by the widest margin).
	Mean float64
}

// Choose returns seat's move in st at the given level, searching with seed: Easy takes the
// game's hint, Normal and Strong search with Level.Config. It is deterministic for a given
// state, seat, level and seed unless the level's time limit cuts the search short (see
// Budget). st is not changed.
//
// It fails with ErrNotToAct when seat need not act, ErrNoMove when the game offers no move,
// ErrBadLevel for an invalid level, and with ctx's error (wrapped) when ctx is done first.
func Choose(ctx context.Context, st games.State, seat games.Seat, level Level, seed uint64) (games.Action, error) {
	if !level.Valid() {
		return nil, fmt.Errorf("%w %d", ErrBadLevel, int(level))
	}
	if level == Easy {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		if seat < 0 || !games.IsToAct(st, seat) {
			return nil, fmt.Errorf("%w: seat %v in %s", ErrNotToAct, seat, st.Game().Name())
		}
		a := st.Hint(seat)
		if a == nil {
			return nil, fmt.Errorf("%w: %s gives seat %v no hint", ErrNoMove, st.Game().Name(), seat)
		}
		return a, nil
	}
	c, err := Search(ctx, st, seat, level.Config(), seed)
	if err != nil {
		return nil, err
	}
	return c.Action, nil
}

// Search chooses seat's move in st by information-set Monte Carlo tree search within cfg's
// budget (see the package documentation). st is not changed; it is read only through its
// Legal(seat), Hint(seat) as a last resort, and the states its Determinize draws for seat
// (a Clone when st has no Determinizer: then the game must have no hidden information).
// When seat has a single legal move, Search returns it at once.
//
// It fails with ErrNotToAct when seat need not act, ErrNoMove when the game lists no move,
// ErrBadConfig for a Config without budget or with negative settings, an error naming the
// game and the move when a move made inside the search is refused (an engine bug), and with
// ctx's error (wrapped) when ctx is done before the budget is spent.
func Search(ctx context.Context, st games.State, seat games.Seat, cfg Config, seed uint64) (Choice, error) {
	return searchAmong(ctx, st, seat, cfg, seed, nil)
}

// searchAmong is Search; when only is not nil, the seat's first move is one of only (a list of
// its legal moves, best first: the first is the policy's move), in place of all of Legal
// ranked by the game.
func searchAmong(ctx context.Context, st games.State, seat games.Seat, cfg Config, seed uint64, only []games.Action) (Choice, error) {
	if err := ctx.Err(); err != nil {
		return Choice{}, fmt.Errorf("search: %w", err)
	}
	name := st.Game().Name()
	if seat < 0 || !games.IsToAct(st, seat) {
		return Choice{}, fmt.Errorf("%w: seat %v in %s", ErrNotToAct, seat, name)
	}
	cfg, err := cfg.withDefaults(runtime.GOMAXPROCS(0))
	if err != nil {
		return Choice{}, err
	}
	legal := st.Legal(seat)
	if only != nil {
		if legal, err = among(legal, only); err != nil {
			return Choice{}, fmt.Errorf("search: %s seat %v: %w", name, seat, err)
		}
	}
	switch len(legal) {
	case 0:
		return Choice{}, fmt.Errorf("%w: %s lists none for seat %v", ErrNoMove, name, seat)
	case 1:
		return Choice{Action: legal[0], Moves: []MoveStat{{Action: legal[0]}}}, nil
	}

	budgetCtx, searchCtx, cancel := withBudget(ctx, cfg)
	defer cancel()
	duelPairs := int(float64(cfg.Budget.Nodes)*cfg.Verify) / 2
	trees := plant(seat, cfg, cfg.Budget.Nodes-2*duelPairs, seed)
	drawn, roots, err := trees[0].rootCandidates(st, legal, only)
	if err != nil {
		return Choice{}, fmt.Errorf("search: %s seat %v: %w", name, seat, err)
	}
	if tr, ok := drawn.(RankingTrust); ok && tr.TrustRanking() {
		if i := indexOf(legal, roots[0].key); i >= 0 {
			return Choice{Action: legal[i], Policy: true}, nil // no tree grown
		}
	}
	for _, t := range trees {
		t.roots = roots
	}
	if err := run(cfg.Parallel, trees, func(t *tree) error { return t.grow(searchCtx, st) }); err != nil {
		return Choice{}, fmt.Errorf("search: %s seat %v: %w", name, seat, err)
	}
	if err := ctx.Err(); err != nil {
		return Choice{}, fmt.Errorf("search: %s seat %v: %w", name, seat, err)
	}

	c := Choice{Trees: len(trees)}
	stats := rootStats(legal, trees)
	b := best(stats)
	policy, ok := policyOf(trees)
	if b < 0 { // no iteration finished: the policy's move (the best-ranked, else the hint)
		c.Action = legal[0]
		if i := indexOf(legal, policy.key); ok && i >= 0 {
			c.Action = legal[i]
		}
		c.Policy = keyOf(c.Action) == policy.key
		c.Moves, c.Nodes = stats, done(trees)
		return c, nil
	}
	c.Action = stats[b].Action
	if bk := keyOf(c.Action); bk != policy.key && cfg.Verify > 0 {
		won := false
		if cfg.Budget.Nodes == 0 || duelPairs >= 2 {
			cand := candidate{key: bk, action: c.Action}
			if won, err = duelAll(ctx, budgetCtx, st, cfg, trees, cand, policy, duelPairs); err != nil {
				return Choice{}, fmt.Errorf("search: %s seat %v: %w", name, seat, err)
			}
		}
		if i := indexOf(legal, policy.key); !won && i >= 0 {
			c.Action = legal[i]
		}
	}
	c.Policy = keyOf(c.Action) == policy.key
	c.Moves, c.Nodes = rootStats(legal, trees), done(trees)
	return c, nil
}

// rootCandidates returns a state drawn for the tree's seat and the root's candidates: legal
// as given when only restricts the search, else the game's ranking of the drawn state. Every
// determinization lists the same moves for the seat, so the candidates (a Ranker's order can
// be costly) are listed once, by the first tree, and shared.
func (t *tree) rootCandidates(st games.State, legal, only []games.Action) (games.State, []candidate, error) {
	drawn := t.determinize(st, t.r)
	if only == nil {
		roots, err := t.candidates(drawn, t.root, 0)
		return drawn, roots, err
	}
	roots := make([]candidate, 0, len(legal))
	for _, a := range legal {
		roots = append(roots, candidate{key: keyOf(a), action: a})
	}
	return drawn, roots, nil
}

// withBudget returns the contexts of a search with cfg's time budget: the whole budget, and
// the share of it before the duel; cancel releases both.
func withBudget(ctx context.Context, cfg Config) (budgetCtx, searchCtx context.Context, cancel func()) {
	if cfg.Budget.Time <= 0 {
		return ctx, ctx, func() {}
	}
	budgetCtx, cancelBudget := context.WithTimeout(ctx, cfg.Budget.Time)
	searchCtx, cancelSearch := context.WithTimeout(ctx, time.Duration(float64(cfg.Budget.Time)*(1-cfg.Verify)))
	return budgetCtx, searchCtx, func() { cancelSearch(); cancelBudget() }
}

// plant returns cfg.Trees new trees for seat sharing searchNodes iterations (none: only the
// time bounds them).
func plant(seat games.Seat, cfg Config, searchNodes int, seed uint64) []*tree {
	trees := make([]*tree, cfg.Trees)
	for i := range trees {
		nodes := -1 // only the time bounds the search
		if cfg.Budget.Nodes > 0 {
			nodes = share(searchNodes, cfg.Trees, i)
		}
		trees[i] = newTree(seat, cfg, nodes, seed, uint64(i))
	}
	return trees
}

// duelAll plays cand against the policy's move on every tree, duelPairs pairs shared among
// them (or until budgetCtx is done), and reports whether cand won by cfg.Confidence standard
// errors.
func duelAll(ctx, budgetCtx context.Context, st games.State, cfg Config, trees []*tree, cand, policy candidate, duelPairs int) (bool, error) {
	err := run(cfg.Parallel, trees, func(t *tree) error {
		pairs := -1 // only the time bounds the duel
		if cfg.Budget.Nodes > 0 {
			pairs = share(duelPairs, len(trees), t.index)
		}
		return t.duel(budgetCtx, st, cand, policy, pairs)
	})
	if err != nil {
		return false, err
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	var diffs []float64
	for _, t := range trees {
		diffs = append(diffs, t.duels...)
	}
	return significant(diffs, cfg.Confidence), nil
}

// policyOf returns the policy's move at the root: the first candidate of the first tree that
// listed them; false when no tree did an iteration.
func policyOf(trees []*tree) (candidate, bool) {
	for _, t := range trees {
		if len(t.roots) > 0 {
			return t.roots[0], true
		}
	}
	return candidate{}, false
}

// indexOf returns the index in legal of the move with identity key, or -1.
func indexOf(legal []games.Action, key any) int {
	return slices.IndexFunc(legal, func(a games.Action) bool { return keyOf(a) == key })
}

// share returns part i of total shared out evenly among n parts (the first ones one more).
func share(total, n, i int) int {
	s := total / n
	if i < total%n {
		s++
	}
	return s
}

// done returns the number of iterations the trees did.
func done(trees []*tree) int {
	n := 0
	for _, t := range trees {
		n += t.done
	}
	return n
}

// run calls f on every tree, parallel at once, and joins their errors.
func run(parallel int, trees []*tree, f func(*tree) error) error {
	errs := make([]error, len(trees))
	next := make(chan int)
	var wg sync.WaitGroup
	for range parallel {
		wg.Go(func() {
			for i := range next {
				errs[i] = f(trees[i])
			}
		})
	}
	for i := range trees {
		next <- i
	}
	close(next)
	wg.Wait()
	return errors.Join(errs...)
}
