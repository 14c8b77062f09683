package store

import (
	"fmt"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func testDue(t *testing.T, s Store) {
	ctx := t.Context()
	now := time.Date(2025, 6, 1, 10, 0, 0, 0, time.UTC)
	claim := func(at time.Time, limit int, want ...string) {
		t.Helper()
		claims, err := s.ClaimDue(ctx, at, time.Minute, limit)
		if err != nil {
			t.Fatalf("ClaimDue(%v, %d): %v", at, limit, err)
		}
		got, _ := claimedKeys(claims, nil)
		for _, c := range claims {
			wantErr(t, "Ack "+c.Key, s.Ack(ctx, c), nil) // done: the key never comes back
		}
		if len(got) != 0 || len(want) != 0 {
			if !reflect.DeepEqual(got, want) {
				t.Errorf("ClaimDue(%v, %d) = %q, want %q", at.Sub(now), limit, got, want)
			}
		}
	}
	schedule := func(channel string, at time.Time) {
		t.Helper()
		wantErr(t, "Schedule "+channel, s.Schedule(ctx, channel, at), nil)
	}

	claim(now, 10) // empty queue
	schedule("a", now.Add(-time.Minute))
	schedule("b", now)
	schedule("c", now.Add(time.Millisecond))
	schedule("d", now.Add(time.Hour))
	schedule("b2", now) // same deadline as b: ordered by channel
	claim(now, 0)
	claim(now, -1)
	claim(now, 2, "a", "b")
	claim(now, 10, "b2")
	claim(now, 10)
	claim(now.Add(time.Millisecond), 10, "c")

	// Moving a deadline replaces it; unscheduling removes it; both may repeat.
	schedule("d", now.Add(2*time.Hour))
	schedule("d", now.Add(-time.Hour))
	schedule("e", now.Add(-time.Hour))
	wantErr(t, "Unschedule", s.Unschedule(ctx, "e"), nil)
	wantErr(t, "Unschedule again", s.Unschedule(ctx, "e"), nil)
	wantErr(t, "Unschedule of a channel never scheduled", s.Unschedule(ctx, "zz"), nil)
	claim(now.Add(3*time.Hour), 10, "d")
	claim(now.Add(3*time.Hour), 10)

	// Deadlines are compared to the millisecond, as are odd times.
	schedule("ms", now.Add(1500*time.Microsecond))
	claim(now.Add(999*time.Microsecond), 10)
	claim(now.Add(1001*time.Microsecond), 10, "ms")
	old := time.Date(1960, 1, 1, 0, 0, 0, 0, time.UTC)
	schedule("old", old)
	schedule("odd:{due}", now)
	claim(old.Add(-time.Millisecond), 10)
	claim(now, 10, "old", "odd:{due}")

	// A key claimed and done can be scheduled again.
	schedule("a", now)
	claim(now, 10, "a")
}

// testDueLease checks the leases of claimed keys: a claim holds its key until Ack or Release,
// or until its lease runs out; then the key is due again. Renew moves the lease's end; a claim
// that lost its lease changes nothing.
func testDueLease(t *testing.T, s Store) {
	ctx := t.Context()
	now := time.Date(2025, 6, 1, 10, 0, 0, 0, time.UTC)
	lease := 2 * time.Minute
	claim := func(at time.Time, want ...string) []Claim {
		t.Helper()
		got, err := s.ClaimDue(ctx, at, lease, 10)
		if err != nil {
			t.Fatalf("ClaimDue(%v): %v", at.Sub(now), err)
		}
		keys, _ := claimedKeys(got, nil)
		if !reflect.DeepEqual(keys, want) {
			t.Errorf("ClaimDue(%v) = %q, want %q", at.Sub(now), keys, want)
		}
		for _, c := range got {
			if c.Token == 0 {
				t.Errorf("claim %q has token 0", c.Key)
			}
		}
		return got
	}
	schedule := func(key string, at time.Time) {
		t.Helper()
		wantErr(t, "Schedule "+key, s.Schedule(ctx, key, at), nil)
	}

	// Claim, then Ack: the key is gone for good.
	schedule("ack", now)
	acked := claim(now, "ack")
	claim(now.Add(time.Minute)) // leased: not handed out again
	if len(acked) == 1 {
		wantErr(t, "Ack", s.Ack(ctx, acked[0]), nil)
	}
	claim(now.Add(3 * time.Hour)) // acknowledged: never again

	// A lease that runs out brings the key back, due at the lease's end, to one new claim; the
	// first claim's Ack then fails and changes nothing.
	schedule("crash", now)
	first := claim(now, "crash")
	claim(now.Add(lease - time.Millisecond))
	second := claim(now.Add(lease), "crash")
	if len(first) == 1 && len(second) == 1 {
		if first[0].Token == second[0].Token {
			t.Errorf("the second claim has the first's token %d", first[0].Token)
		}
		wantErr(t, "Ack of the lost lease", s.Ack(ctx, first[0]), ErrLeaseLost)
		wantErr(t, "Renew of the lost lease", s.Renew(ctx, first[0], now.Add(time.Hour)), ErrLeaseLost)
		wantErr(t, "Release of the lost lease", s.Release(ctx, first[0], now), ErrLeaseLost)
		claim(now.Add(lease + time.Minute)) // the second claim still holds it
		wantErr(t, "Ack", s.Ack(ctx, second[0]), nil)
		wantErr(t, "Ack again", s.Ack(ctx, second[0]), ErrLeaseLost)
		claim(now.Add(time.Hour)) // acknowledged: gone
	}

	// Renew keeps the key from coming back until the renewed end.
	schedule("slow", now)
	slow := claim(now, "slow")
	if len(slow) == 1 {
		wantErr(t, "Renew", s.Renew(ctx, slow[0], now.Add(10*time.Minute)), nil)
		claim(now.Add(5 * time.Minute))
		again := claim(now.Add(10*time.Minute), "slow")
		if len(again) == 1 {
			wantErr(t, "Ack", s.Ack(ctx, again[0]), nil)
		}
	}

	// Release hands the key back: due at once (or at a deadline set meanwhile, if earlier).
	schedule("stop", now)
	held := claim(now, "stop")
	if len(held) == 1 {
		wantErr(t, "Release", s.Release(ctx, held[0], now.Add(time.Second)), nil)
		claim(now.Add(time.Second - time.Millisecond))
		back := claim(now.Add(time.Second), "stop")
		if len(back) == 1 {
			schedule("stop", now.Add(-time.Hour)) // rescheduled while leased: waits for the lease
			claim(now.Add(2 * time.Second))
			wantErr(t, "Release", s.Release(ctx, back[0], now.Add(time.Hour)), nil)
			if last := claim(now.Add(2*time.Second), "stop"); len(last) == 1 { // the earlier deadline wins
				wantErr(t, "Ack", s.Ack(ctx, last[0]), nil)
			}
		}
	}

	// A key rescheduled while leased keeps its new deadline after Ack.
	schedule("again", now)
	again := claim(now, "again")
	if len(again) == 1 {
		schedule("again", now.Add(time.Hour))
		wantErr(t, "Ack", s.Ack(ctx, again[0]), nil)
		claim(now.Add(time.Hour - time.Millisecond))
		if last := claim(now.Add(time.Hour), "again"); len(last) == 1 {
			wantErr(t, "Ack", s.Ack(ctx, last[0]), nil)
		}
	}

	// A lease that ran out counts as due at its end, before a later deadline of the key.
	schedule("x1", now)
	claim(now, "x1")
	schedule("x1", now.Add(time.Hour))
	schedule("x2", now.Add(lease+time.Second))
	claim(now.Add(2*time.Hour), "x1", "x2")
}

// testDueConcurrent has several claimers drain a queue at once and checks that every due
// channel is claimed exactly once and none that is not due.
func testDueConcurrent(t *testing.T, s Store) {
	ctx := t.Context()
	now := time.Now()
	const due, later = 300, 20
	want := make([]string, due)
	for i := range due {
		want[i] = fmt.Sprintf("due-%03d", i)
		wantErr(t, "Schedule", s.Schedule(ctx, want[i], now.Add(-time.Duration(i)*time.Second)), nil)
	}
	for i := range later {
		wantErr(t, "Schedule", s.Schedule(ctx, fmt.Sprint("later-", i), now.Add(time.Hour)), nil)
	}
	var (
		mu  sync.Mutex
		got []string
		wg  sync.WaitGroup
	)
	for range 8 {
		wg.Go(func() {
			for {
				c, err := claimedKeys(s.ClaimDue(ctx, now, 2*time.Hour, 7))
				if err != nil {
					t.Error(err)
					return
				}
				if len(c) == 0 {
					return
				}
				mu.Lock()
				got = append(got, c...)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.Sort(got)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("claimed %d channels, want each of %d once:\n%q", len(got), due, got)
	}
	rest, err := s.ClaimDue(ctx, now.Add(time.Hour), time.Hour, 100)
	if err != nil || len(rest) != later {
		t.Errorf("ClaimDue of the later ones = %d, %v; want %d", len(rest), err, later)
	}
}

// testDueExactlyOnce has several claimers work a queue at once, some of them "dying" with a
// claim they never acknowledge; after the leases run out, claimers finish those. Every task is
// acknowledged exactly once, and a dead claim's late Ack fails.
func testDueExactlyOnce(t *testing.T, s Store) {
	ctx := t.Context()
	now := time.Date(2025, 6, 1, 10, 0, 0, 0, time.UTC)
	const n, lease = 200, time.Minute
	for i := range n {
		wantErr(t, "Schedule", s.Schedule(ctx, fmt.Sprintf("task-%03d", i), now.Add(-time.Duration(i)*time.Millisecond)), nil)
	}
	var (
		mu    sync.Mutex
		done  = map[string]int{}
		dead  []Claim
		calls atomic.Int64
	)
	work := func(at time.Time) {
		var wg sync.WaitGroup
		for range 6 {
			wg.Go(func() {
				for {
					claims, err := s.ClaimDue(ctx, at, lease, 3)
					if err != nil {
						t.Error(err)
						return
					}
					if len(claims) == 0 {
						return
					}
					for _, c := range claims {
						if calls.Add(1)%5 == 0 {
							mu.Lock()
							dead = append(dead, c) // this claimer "dies" holding c
							mu.Unlock()
							continue
						}
						if err := s.Ack(ctx, c); err != nil {
							t.Errorf("Ack(%v): %v", c, err)
							continue
						}
						mu.Lock()
						done[c.Key]++
						mu.Unlock()
					}
				}
			})
		}
		wg.Wait()
	}
	work(now)
	if len(dead) == 0 {
		t.Fatal("no claimer died")
	}
	work(now.Add(lease - time.Millisecond)) // the dead claims' leases are live: nothing to do
	if got := len(done); got != n-len(dead) {
		t.Errorf("%d tasks done before the leases ran out, want %d", got, n-len(dead))
	}
	// After the leases: the dead claims' tasks come back (and some of them die again).
	for round := 1; len(done) < n && round < 20; round++ {
		work(now.Add(time.Duration(round) * lease))
	}
	for i := range n {
		if k := fmt.Sprintf("task-%03d", i); done[k] != 1 {
			t.Errorf("%s done %d times, want once", k, done[k])
		}
	}
	for _, c := range dead {
		wantErr(t, "Ack of a dead claim", s.Ack(ctx, c), ErrLeaseLost)
	}
	if rest, err := s.ClaimDue(ctx, now.Add(time.Hour), lease, 100); err != nil || len(rest) != 0 {
		t.Errorf("ClaimDue after all was done = %v, %v; want nothing", rest, err)
	}
}
