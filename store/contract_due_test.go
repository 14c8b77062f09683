package store

import (
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"
)

func testDue(t *testing.T, s Store) {
	ctx := t.Context()
	now := time.Date(2025, 6, 1, 10, 0, 0, 0, time.UTC)
	claim := func(at time.Time, limit int, want ...string) {
		t.Helper()
		got, err := s.ClaimDue(ctx, at, limit)
		if err != nil {
			t.Fatalf("ClaimDue(%v, %d): %v", at, limit, err)
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

	// A claimed channel can be scheduled again.
	schedule("a", now)
	claim(now, 10, "a")
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
				c, err := s.ClaimDue(ctx, now, 7)
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
	rest, err := s.ClaimDue(ctx, now.Add(2*time.Hour), 100)
	if err != nil || len(rest) != later {
		t.Errorf("ClaimDue of the later ones = %d, %v; want %d", len(rest), err, later)
	}
}
