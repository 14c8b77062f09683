package store

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"
)

var (
	simSeed  = flag.Uint64("store.seed", 0, "seed of the store simulation (default: $STORE_SEED, else random)")
	simSteps = flag.Int("store.steps", 2000, "operations per store in the simulation")
)

// simulationSeed returns the seed the simulation uses: -store.seed, $STORE_SEED or random.
func simulationSeed(t *testing.T) uint64 {
	if *simSeed != 0 {
		return *simSeed
	}
	if s := os.Getenv("STORE_SEED"); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("STORE_SEED: %v", err)
		}
		return seed
	}
	return rand.Uint64()
}

// The names a simulation draws from: few of each, so that operations collide.
var (
	simChannels = []string{"c0", "c1", "c2", "c3", "c:{4}", ""}
	simGuilds   = []string{"g0", "g1", "g:{2}"}
	simGames    = []string{"chess", "go"}
	simUsers    = []string{"u0", "u1", "u2", "u3", "u4", "u:5"}
)

// simOp is one random operation: a description and the call.
type simOp struct {
	desc string
	call func(ctx context.Context, s Store) (any, error)
}

// runSimulation applies random operations to a store open returns and to a model, and fails
// when their results differ. The seed is logged; -store.seed or $STORE_SEED replays it.
func runSimulation(t *testing.T, open func(t *testing.T) Store) {
	seed := simulationSeed(t)
	t.Logf("seed %d (replay with -store.seed=%d or STORE_SEED=%d)", seed, seed, seed)
	rng := rand.New(rand.NewPCG(seed, seed))
	s, m := open(t), newModel()
	base := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for step := range *simSteps {
		op := randomOp(rng, base, m)
		compare(t, fmt.Sprintf("step %d: %s", step, op.desc), s, m, op)
		if t.Failed() {
			t.Fatalf("replay with -store.seed=%d", seed)
		}
	}
	// Finally compare everything.
	for _, ch := range simChannels {
		compare(t, "final Load "+ch, s, m, simOp{call: func(ctx context.Context, s Store) (any, error) { return s.Load(ctx, ch) }})
	}
	for _, g := range simGuilds {
		compare(t, "final History "+g, s, m, simOp{call: func(ctx context.Context, s Store) (any, error) { return s.History(ctx, g, 1e6) }})
		for _, game := range simGames {
			compare(t, "final Leaderboard "+g+" "+game, s, m, simOp{call: func(ctx context.Context, s Store) (any, error) {
				return s.Leaderboard(ctx, g, game, 0, 1e6)
			}})
		}
	}
	compare(t, "final ClaimDue", s, m, simOp{call: func(ctx context.Context, s Store) (any, error) {
		return claimedKeys(s.ClaimDue(ctx, base.Add(1e6*time.Hour), time.Minute, 1e6))
	}})
	if t.Failed() {
		t.Fatalf("replay with -store.seed=%d", seed)
	}
}

// compare runs op on the store and on the model and reports any difference.
func compare(t *testing.T, what string, s Store, m *model, op simOp) {
	t.Helper()
	got, gotErr := op.call(t.Context(), s)
	want, wantErr := op.call(t.Context(), m)
	if errClass(gotErr) != errClass(wantErr) {
		t.Errorf("%s: error %v, want %v", what, gotErr, wantErr)
		return
	}
	if gotErr == nil && !sameResult(got, want) {
		t.Errorf("%s:\ngot  %+v\nwant %+v", what, got, want)
	}
}

// errClass names err's kind: the sentinel it wraps, "nil" or "other".
func errClass(err error) string {
	for _, e := range []error{ErrNotFound, ErrConflict, ErrCorrupt, ErrClosed, ErrLeaseLost} {
		if errors.Is(err, e) {
			return e.Error()
		}
	}
	if err == nil {
		return "nil"
	}
	return "other"
}

// sameResult compares results, taking nil and empty slices as equal and times by Equal.
func sameResult(a, b any) bool {
	switch a := a.(type) {
	case Table:
		b := b.(Table)
		return a.Revision == b.Revision && bytes.Equal(a.Data, b.Data)
	case []GameSummary:
		b := b.([]GameSummary)
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if a[i].GameID != b[i].GameID || a[i].Game != b[i].Game || !a[i].At.Equal(b[i].At) ||
				!reflect.DeepEqual(a[i].Seats, b[i].Seats) {
				return false
			}
		}
		return true
	case Board:
		b := b.(Board)
		return a.Total == b.Total && (len(a.Standings) == 0 && len(b.Standings) == 0 || reflect.DeepEqual(a.Standings, b.Standings))
	case []string:
		b := b.([]string)
		return len(a) == 0 && len(b) == 0 || reflect.DeepEqual(a, b)
	}
	return reflect.DeepEqual(a, b)
}

// randomOp returns a random operation; m's state steers Save towards revisions
// that succeed.
func randomOp(rng *rand.Rand, base time.Time, m *model) simOp {
	pick := func(names []string) string { return names[rng.IntN(len(names))] }
	at := func() time.Time { return base.Add(time.Duration(rng.IntN(200_000)) * time.Millisecond / 2) }
	expect := func(ch string) Revision {
		if rev := m.tables[ch].Revision; rng.IntN(4) > 0 {
			return rev
		}
		return Revision(rng.IntN(4))
	}
	switch n := rng.IntN(100); {
	case n < 15:
		ch := pick(simChannels)
		return simOp{fmt.Sprintf("Load(%q)", ch), func(ctx context.Context, s Store) (any, error) { return s.Load(ctx, ch) }}
	case n < 42:
		ch := pick(simChannels)
		rev := expect(ch)
		data := make([]byte, rng.IntN(40))
		for i := range data {
			data[i] = byte(rng.IntN(256))
		}
		return simOp{fmt.Sprintf("Save(%q, %q, %d)", ch, data, rev), func(ctx context.Context, s Store) (any, error) {
			return s.Save(ctx, ch, data, rev)
		}}
	case n < 60:
		f := randomFinal(rng, at(), m)
		return simOp{fmt.Sprintf("Finish(%+v)", f), func(ctx context.Context, s Store) (any, error) { return s.Finish(ctx, f) }}
	case n < 70:
		g, game, offset, limit := pick(simGuilds), pick(simGames), rng.IntN(4), rng.IntN(10)-1
		return simOp{fmt.Sprintf("Leaderboard(%q, %q, %d, %d)", g, game, offset, limit), func(ctx context.Context, s Store) (any, error) {
			return s.Leaderboard(ctx, g, game, offset, limit)
		}}
	case n < 78:
		g, limit := pick(simGuilds), rng.IntN(14)-1
		return simOp{fmt.Sprintf("History(%q, %d)", g, limit), func(ctx context.Context, s Store) (any, error) { return s.History(ctx, g, limit) }}
	case n < 88:
		ch, when := pick(simChannels), at()
		return simOp{fmt.Sprintf("Schedule(%q, %v)", ch, when), func(ctx context.Context, s Store) (any, error) { return nil, s.Schedule(ctx, ch, when) }}
	case n < 92:
		ch := pick(simChannels)
		return simOp{fmt.Sprintf("Unschedule(%q)", ch), func(ctx context.Context, s Store) (any, error) { return nil, s.Unschedule(ctx, ch) }}
	default:
		if op, ok := randomLeaseOp(rng, at(), m); ok {
			return op
		}
		now, lease, limit := at(), time.Duration(rng.IntN(3))*time.Hour, rng.IntN(5)-1
		return simOp{fmt.Sprintf("ClaimDue(%v, %v, %d)", now, lease, limit), func(ctx context.Context, s Store) (any, error) {
			return claimedKeys(s.ClaimDue(ctx, now, lease, limit))
		}}
	}
}

// randomFinal returns a random finished game whose players' lines are read from m (now and
// then a stale one, for a conflict); its GameID repeats now and then.
func randomFinal(rng *rand.Rand, at time.Time, m *model) Final {
	f := Final{
		GameID: fmt.Sprint("game-", rng.IntN(60)),
		Guild:  simGuilds[rng.IntN(len(simGuilds))],
		Game:   simGames[rng.IntN(len(simGames))],
		At:     at,
	}
	switch rng.IntN(3) {
	case 0:
		f.Record = fmt.Appendf(nil, `{"moves":%d}`, rng.IntN(100))
	case 1:
		f.Record = fmt.Appendf(nil, "raw \xff %d", rng.IntN(100))
	}
	users := slices.Clone(simUsers)
	rng.Shuffle(len(users), func(i, j int) { users[i], users[j] = users[j], users[i] })
	for i, u := range users[:rng.IntN(5)] {
		before := m.boards[[2]string{f.Guild, f.Game}][u]
		if rng.IntN(10) == 0 {
			before.Games++ // stale
		}
		after := before
		after.Games++
		after.Name = fmt.Sprint("name-", rng.IntN(3))
		after.Mu = float64(rng.IntN(50)) + rng.Float64()
		after.Sigma = rng.Float64() * 8
		score := rng.IntN(60) - 20
		after.Best = max(after.Best, score)
		f.Seats = append(f.Seats, Seat{UserID: u, Name: after.Name})
		f.Outcomes = append(f.Outcomes, Outcome{UserID: u, Before: before, After: after, Score: score, Place: i + 1, Won: i == 0})
	}
	return f
}

// claimedKeys returns the keys of claims (their tokens are each store's own).
func claimedKeys(claims []Claim, err error) ([]string, error) {
	var keys []string
	for _, c := range claims {
		keys = append(keys, c.Key)
	}
	return keys, err
}

// randomLeaseOp returns, half the time when the model holds leases, an Ack, Renew or Release
// of one of them, now and then with a token that is not the lease's.
func randomLeaseOp(rng *rand.Rand, when time.Time, m *model) (simOp, bool) {
	keys := slices.Sorted(maps.Keys(m.leases))
	if len(keys) == 0 || rng.IntN(2) == 0 {
		return simOp{}, false
	}
	c := Claim{Key: keys[rng.IntN(len(keys))]}
	c.Token = m.leases[c.Key][1]
	if rng.IntN(4) == 0 {
		c.Token++ // a claim that lost its lease
	}
	switch rng.IntN(3) {
	case 0:
		return simOp{fmt.Sprintf("Ack(%v)", c), func(ctx context.Context, s Store) (any, error) { return nil, s.Ack(ctx, c) }}, true
	case 1:
		return simOp{fmt.Sprintf("Renew(%v, %v)", c, when), func(ctx context.Context, s Store) (any, error) { return nil, s.Renew(ctx, c, when) }}, true
	}
	return simOp{fmt.Sprintf("Release(%v, %v)", c, when), func(ctx context.Context, s Store) (any, error) { return nil, s.Release(ctx, c, when) }}, true
}
