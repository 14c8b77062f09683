package search

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// maxRolloutMoves bounds one iteration: no game moves this often before it ends, so reaching
// it means an engine bug.
const maxRolloutMoves = 100000

// tree is one tree of root parallelisation with its own random source.
type tree struct {
	index int // the tree's number in the search
	seat  games.Seat
	cfg   Config
	nodes int // iterations to do; -1: until the context is done
	done  int // iterations done
	r     *rand.Rand
	salt  uint64
	root  *node
	roots []candidate // the root's candidates, best first, fixed at the first iteration
	duels []float64   // differences of rewards in the duel (see duel)
	lo    float64     // range of the raw rewards seen
	hi    float64
	seen  bool
	keys  keyer // which action types are their own keys, learnt once per type
}

// newTree prepares tree number i of a search with seed.
func newTree(seat games.Seat, cfg Config, nodes int, seed, i uint64) *tree {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15*(i+1)))
	return &tree{index: int(i), seat: seat, cfg: cfg, nodes: nodes, r: r, salt: r.Uint64(), root: &node{}, keys: keyer{}}
}

// grow runs iterations until the tree's share of the node budget is spent or ctx is done.
func (t *tree) grow(ctx context.Context, st games.State) error {
	for t.nodes < 0 || t.done < t.nodes {
		select {
		case <-ctx.Done():
			return nil // the caller tells a spent time budget from a cancellation
		default:
		}
		if err := t.iterate(st); err != nil {
			return err
		}
		t.done++
	}
	return nil
}

// iterate is one iteration: choose the seat's first move at the root by the tree policy and
// descend from it (see descend).
//
// Common random numbers: the k-th iteration through a root move draws its state, chance's
// moves and the policy's with a source seeded by the tree's salt and k alone, so every root
// move is tried against the same futures and their means differ by the moves, not by luck.
func (t *tree) iterate(root games.State) error {
	if t.roots == nil {
		cands, err := t.candidates(t.determinize(root, t.r), t.root, 0)
		if err != nil {
			return err
		}
		t.roots = cands
	}
	n, _ := t.root.pick(t.roots, t.cfg.Widening, t.cfg.Exploration, t.lo, t.hi)
	_, err := t.descend(root, n, rand.New(rand.NewPCG(t.salt, uint64(n.visits))))
	return err
}

// duel plays pairs iterations of each of the root moves a and b (until ctx is done when pairs
// is negative), the j-th of both against the same future j, drawn from a source of its own
// (not the futures of iterate), and records the differences of their rewards in t.duels.
func (t *tree) duel(ctx context.Context, root games.State, a, b candidate, pairs int) error {
	const duelSalt = 0xd0e1d0e1d0e1d0e1
	for j := 0; pairs < 0 || j < pairs; j++ {
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		var v [2]float64
		for i, c := range []candidate{a, b} {
			n := t.root.child(c.key)
			if n == nil {
				n = t.root.add(c.key, c.action)
			}
			n.avail++
			var err error
			if v[i], err = t.descend(root, n, rand.New(rand.NewPCG(t.salt^duelSalt, uint64(j)))); err != nil {
				return err
			}
			t.done++
		}
		t.duels = append(t.duels, v[0]-v[1])
	}
	return nil
}

// descend is the rest of an iteration after the root move n, drawing with r: draw a state the
// seat cannot tell from root, apply n's move, descend the tree by the seat's moves (chance and
// the other seats moving by the policy in between), add one node, play a rollout from there
// and record its reward along the path. It returns the reward.
func (t *tree) descend(root games.State, n *node, r *rand.Rand) (float64, error) {
	st := t.determinize(root, r)
	path := []*node{t.root, n}
	fresh := n.visits == 0
	if _, err := st.Apply(t.seat, n.action); err != nil {
		return 0, fmt.Errorf("%s refused the listed move %s of seat %v: %w", st.Game().Name(), st.Describe(n.action), t.seat, err)
	}
	for moves := 0; !fresh; moves++ {
		if moves >= maxRolloutMoves {
			return 0, fmt.Errorf("no end after %d moves", moves)
		}
		seat, ok := t.mover(st)
		if !ok {
			break
		}
		if seat != t.seat {
			if err := t.play(st, seat, r); err != nil {
				return 0, err
			}
			continue
		}
		// The node looks at no more moves than its window (see node.pick): a Ranker need not
		// rank the rest.
		cands, err := t.candidates(st, n, window(t.cfg.Widening, n.visits))
		if err != nil {
			return 0, err
		}
		var child *node
		child, fresh = n.pick(cands, t.cfg.Widening, t.cfg.Exploration, t.lo, t.hi)
		i := slices.IndexFunc(cands, func(c candidate) bool { return c.key == child.key })
		if _, err := st.Apply(t.seat, cands[i].action); err != nil {
			return 0, fmt.Errorf("%s refused the listed move %s of seat %v: %w", st.Game().Name(), st.Describe(cands[i].action), t.seat, err)
		}
		n = child
		path = append(path, n)
	}
	v, err := t.rollout(st, r)
	if err != nil {
		return 0, err
	}
	if !t.seen || v < t.lo {
		t.lo = v
	}
	if !t.seen || v > t.hi {
		t.hi = v
	}
	t.seen = true
	for _, p := range path {
		p.visits++
		p.sum += v
	}
	return v, nil
}

// determinize returns a state the searching seat cannot tell from st, drawn with r: the
// game's Determinize, or a Clone for a game without hidden information.
func (t *tree) determinize(st games.State, r *rand.Rand) games.State {
	if d, ok := st.(games.Determinizer); ok {
		return d.Determinize(t.seat, r)
	}
	return st.Clone()
}

// mover returns the seat to move next in st: Chance when a random event is due, the searching
// seat when it is among several deciding at once, else the first to act; false at the end.
func (t *tree) mover(st games.State) (games.Seat, bool) {
	act := st.ToAct() // none once the game is over
	if len(act) == 0 {
		return games.NoSeat, false
	}
	if slices.Contains(act, t.seat) {
		return t.seat, true
	}
	return act[0], true
}

// play makes one move of seat (Chance, or a seat other than the searcher's inside the tree,
// or any seat in a rollout) by sampling or by the policy.
func (t *tree) play(st games.State, seat games.Seat, r *rand.Rand) error {
	var a games.Action
	if seat == games.Chance {
		a = st.SampleChance(r)
		if a == nil {
			return fmt.Errorf("%s: chance must move but has no move", st.Game().Name())
		}
	} else if a = t.policy(st, seat, r); a == nil {
		return fmt.Errorf("%s: seat %v must act but has no move", st.Game().Name(), seat)
	}
	if _, err := st.Apply(seat, a); err != nil {
		return fmt.Errorf("%s refused move %s of seat %v: %w", st.Game().Name(), st.Describe(a), seat, err)
	}
	return nil
}

// policy returns the rollout move of seat: with chance Epsilon a legal move drawn uniformly,
// else the game's RolloutPolicy or, without one, its Hint; a uniform legal move when those
// give none.
func (t *tree) policy(st games.State, seat games.Seat, r *rand.Rand) games.Action {
	if t.cfg.Epsilon > 0 && r.Float64() < t.cfg.Epsilon {
		if legal := st.Legal(seat); len(legal) > 0 {
			return legal[r.IntN(len(legal))]
		}
	}
	var a games.Action
	if p, ok := st.(RolloutPolicy); ok {
		a = p.RolloutMove(seat, r)
	} else {
		a = st.Hint(seat)
	}
	if a == nil {
		if legal := st.Legal(seat); len(legal) > 0 {
			a = legal[r.IntN(len(legal))]
		}
	}
	return a
}

// rollout plays st on by the policy until the game ends or, past cfg.Horizon decisions of the
// searching seat, stops it, and returns the searching seat's raw reward.
func (t *tree) rollout(st games.State, r *rand.Rand) (float64, error) {
	own := 0
	for moves := 0; ; moves++ {
		if moves >= maxRolloutMoves {
			return 0, fmt.Errorf("no end after %d rollout moves", moves)
		}
		seat, ok := t.mover(st)
		if !ok {
			return rewardOf(st, t.seat, false), nil
		}
		if seat == t.seat {
			if t.cfg.Horizon > 0 && own >= t.cfg.Horizon {
				return rewardOf(st, t.seat, true), nil
			}
			own++
		}
		if err := t.play(st, seat, r); err != nil {
			return 0, err
		}
	}
}

// candidates returns the searching seat's moves at node n of state st, best first: the game's
// Ranker order (its first limit moves when limit > 0), or the hint first and the rest in n's
// fixed order. The root's are listed once per search (Search shares them between its trees),
// as every determinization lists the same moves.
func (t *tree) candidates(st games.State, n *node, limit int) ([]candidate, error) {
	var out []candidate
	if rk, ok := st.(Ranker); ok {
		for _, a := range rk.RankMoves(t.seat, limit) {
			out = append(out, candidate{key: t.keys.of(a), action: a})
		}
	} else {
		legal := st.Legal(t.seat)
		out = make([]candidate, 0, len(legal))
		first := -1
		if h := st.Hint(t.seat); h != nil {
			hk := t.keys.of(h)
			first = slices.IndexFunc(legal, func(a games.Action) bool { return t.keys.of(a) == hk })
		}
		rank := make([]uint64, 0, len(legal))
		for i, a := range legal {
			if i == first {
				continue
			}
			k := t.keys.of(a)
			out = append(out, candidate{key: k, action: a})
			rank = append(rank, n.rankOf(k, t.salt))
		}
		idx := make([]int, len(out))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(rank[a], rank[b]) })
		sorted := make([]candidate, 0, len(legal))
		if first >= 0 {
			sorted = append(sorted, candidate{key: t.keys.of(legal[first]), action: legal[first]})
		}
		for _, i := range idx {
			sorted = append(sorted, out[i])
		}
		out = sorted
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: seat %v must act but lists no move", st.Game().Name(), t.seat)
	}
	return out, nil
}
