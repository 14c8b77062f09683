package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

func TestSimulationBolt(t *testing.T)  { simulate(t, storetest.OpenBolt(t)) }
func TestSimulationRedis(t *testing.T) { simulate(t, storetest.OpenRedis(t)) }

// TestSimulationCluster runs the simulation as two processes would on a Redis Cluster: two
// referees, each with its own connection to a private three-master cluster.
func TestSimulationCluster(t *testing.T) {
	a, b := storetest.OpenClusterPair(t)
	simulate(t, a, b)
}

// ledger is what the simulation knows for certain: every move a successful operation wrote,
// by table and index in the record, and how often each click succeeded.
type ledger struct {
	mu                      sync.Mutex
	moves                   map[string]map[int]seen // table ID → index → the move
	clicks                  map[string]int          // a commit click → its successes
	commits, refused, stale int
}

// seen is a move as first seen: its JSON and the revision of the table it was seen in.
type seen struct {
	move string
	rev  Revision
}

// confirm notes every move of t's record and fails if a move it already knew differs (changed,
// or another move in its place) or is missing although it was seen at t's revision or earlier
// (lost). t may be an older read than some already confirmed: revisions order them.
func (l *ledger) confirm(t *Table) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	known := l.moves[t.ID]
	if known == nil {
		known = map[int]seen{}
		l.moves[t.ID] = known
	}
	var moves []games.Move
	if t.Record != nil {
		moves = t.Record.Moves
	}
	for i, m := range moves {
		b, _ := json.Marshal(m)
		prev, ok := known[i]
		switch {
		case ok && prev.move != string(b):
			return fmt.Errorf("table %s move %d was %s at revision %d, now %s at %d", t.ID, i, prev.move, prev.rev, b, t.Rev())
		case !ok || t.Rev() < prev.rev:
			known[i] = seen{string(b), t.Rev()}
		}
	}
	for i, k := range known {
		if i >= len(moves) && k.rev <= t.Rev() {
			return fmt.Errorf("table %s lost move %d, seen at revision %d, at revision %d", t.ID, i, k.rev, t.Rev())
		}
	}
	return nil
}

// simulate drives random operations from several goroutines through two Services (two "bot
// processes") on one store: lobbies, joins, AI seats, starts, commits (some stale, some clicked
// twice at once on both processes), abandons and rematches. It checks that no move is ever
// lost, changed or applied twice, that every state reached replays from its record, that a
// click succeeds at most once, and that nothing but a refusal is ever returned (a lost race
// is retried, never shown).
func simulate(t *testing.T, st store.Store, more ...store.Store) {
	seed := gamestest.Seed(t)
	clk := newClock()
	second := st
	if len(more) > 0 {
		second = more[0]
	}
	procs := []*Service{newService(t, st, clk), newService(t, second, clk)}
	l := &ledger{moves: map[string]map[int]seen{}, clicks: map[string]int{}}
	const workers, ops = 4, 120
	var wg sync.WaitGroup
	errs := make(chan error, workers*2)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, uint64(w)))
			for range ops {
				if err := step(procs, l, r); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	final, err := procs[0].Load(context.Background(), channel)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.confirm(final); err != nil {
		t.Fatal(err)
	}
	for click, n := range l.clicks {
		if n > 1 {
			t.Fatalf("click %s succeeded %d times", click, n)
		}
	}
	t.Logf("%d commits applied, %d refused (%d stale); %d tables", l.commits, l.refused, l.stale, len(l.moves))
	if l.commits < 20 {
		t.Fatalf("only %d commits applied: the simulation did not play", l.commits)
	}
}

var simUsers = []string{ada, ben, cid}

// step makes one random operation and checks what it returned.
func step(procs []*Service, l *ledger, r *rand.Rand) error {
	ctx := context.Background()
	s := procs[r.IntN(len(procs))]
	t, st, err := s.Current(ctx, channel)
	if err != nil && !errors.Is(err, ErrNoTable) {
		return fmt.Errorf("load: %w", err)
	}
	if t != nil {
		if err := l.confirm(t); err != nil {
			return err
		}
	}
	user := simUsers[r.IntN(len(simUsers))]
	var opErr error
	switch {
	case t == nil || t.Status == StatusOver:
		if t != nil && t.Record != nil && r.IntN(2) == 0 {
			_, opErr = s.Rematch(ctx, who(user, t.Game, t.Rev()))
		} else {
			game := []string{"ingenious", "fits"}[r.IntN(2)]
			_, opErr = s.Open(ctx, who(user, "", 0), game, nil, Pace{}, "en")
		}
	case t.Status == StatusLobby:
		c := who(user, t.Game, t.Rev())
		switch n := r.IntN(10); {
		case n < 4:
			_, opErr = s.Join(ctx, c)
		case n < 5:
			_, opErr = s.AddAI(ctx, who(t.Creator, t.Game, t.Rev()), search.Easy)
		case n < 6:
			_, opErr = s.Leave(ctx, c)
		default:
			_, opErr = s.Start(ctx, who(t.Creator, t.Game, t.Rev()))
		}
	default:
		if r.IntN(40) == 0 {
			_, opErr = s.Abandon(ctx, who(t.Creator, "", 0), t.ID)
			break
		}
		return commitStep(procs, l, r, t, st)
	}
	var ref *games.Refusal
	if opErr != nil && !errors.As(opErr, &ref) {
		return fmt.Errorf("operation failed: %w", opErr)
	}
	return nil
}

// commitStep makes a human seat to act commit a random move, sometimes drawn at an earlier
// revision, sometimes clicked on both processes at once.
func commitStep(procs []*Service, l *ledger, r *rand.Rand, t *Table, st games.State) error {
	var humans []games.Seat
	for _, seat := range st.ToAct() {
		if seat >= 0 && !t.Seats[seat].AI {
			humans = append(humans, seat)
		}
	}
	if len(humans) == 0 {
		return nil
	}
	seat := humans[r.IntN(len(humans))]
	draft, err := gamestest.RandomDraft(st.(games.Composer), seat, r)
	if err != nil {
		return err
	}
	rev := t.Rev()
	if r.IntN(5) == 0 && rev > t.Opened {
		rev -= Revision(1 + r.IntN(2)) // a panel drawn a little earlier
	}
	c := who(t.Seats[seat].User, t.Game, rev)
	key := fmt.Sprintf("%s/%s/%d/%s", t.ID, c.User, rev, draft)
	twice := r.IntN(4) == 0
	n := 1
	if twice {
		n = 2
	}
	var wg sync.WaitGroup
	results := make([]error, n)
	outs := make([]Outcome, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], results[i] = procs[i%len(procs)].Commit(context.Background(), c, draft)
		}()
	}
	wg.Wait()
	for i, err := range results {
		var ref *games.Refusal
		switch {
		case err == nil:
			l.mu.Lock()
			l.commits++
			l.clicks[key]++
			l.mu.Unlock()
			if _, err := procs[0].State(outs[i].Table); err != nil {
				return fmt.Errorf("the state reached does not replay: %w", err)
			}
			if err := l.confirm(outs[i].Table); err != nil {
				return err
			}
		case errors.As(err, &ref):
			l.mu.Lock()
			l.refused++
			if errors.Is(err, ErrAlreadyMoved) || errors.Is(err, ErrStale) {
				l.stale++
			}
			l.mu.Unlock()
		default:
			return fmt.Errorf("commit %s: %w", key, err)
		}
	}
	return nil
}
