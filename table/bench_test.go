package table

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

// BenchmarkClaimDue claims the 100 tasks due among N scheduled (N = 100, the baseline, and
// 10,000), on the embedded store and on Redis. x-slower-than-100 near 1 shows that claiming does
// not scan the entries that are not due.
func BenchmarkClaimDue(b *testing.B) {
	for _, st := range storetest.Kinds() {
		b.Run(st.Name, func(b *testing.B) {
			var base float64
			for _, n := range []int{100, 10000} {
				b.Run(fmt.Sprintf("scheduled=%d", n), func(b *testing.B) {
					ns := benchClaim(b, st.Open(b), n)
					if n == 100 {
						base = ns
					} else if base > 0 {
						b.ReportMetric(ns/base, "x-slower-than-100")
					}
				})
			}
		})
	}
}

// benchClaim schedules n tasks, 100 of them due, and measures claiming the due ones; it
// returns ns per claim of 100.
func benchClaim(b *testing.B, st store.Store, n int) float64 {
	ctx := context.Background()
	clk := newClock()
	s := newService(b, st, clk)
	now := clk.Now()
	for i := range n - 100 {
		if err := st.Schedule(ctx, taskKey(TaskDeadline, fmt.Sprintf("future%d", i), 1, 0), now.Add(time.Duration(1+i)*time.Minute)); err != nil {
			b.Fatal(err)
		}
	}
	var elapsed time.Duration
	for b.Loop() {
		b.StopTimer()
		for i := range 100 {
			if err := st.Schedule(ctx, taskKey(TaskRemind, fmt.Sprintf("due%d", i), 1, 0), now.Add(-time.Second)); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
		began := time.Now()
		tasks, err := s.Due(ctx, now, 100)
		elapsed += time.Since(began)
		if err != nil || len(tasks) != 100 {
			b.Fatalf("claimed %d: %v", len(tasks), err)
		}
	}
	return float64(elapsed.Nanoseconds()) / float64(b.N)
}

// BenchmarkDeadlineVsMove measures the AI's move at a deadline beside a player's commit of a
// move at the same point of an Ingenious game, on the embedded store: x-of-a-move near 1 (or
// below) shows a deadline costs no more than a move.
func BenchmarkDeadlineVsMove(b *testing.B) {
	ctx := context.Background()
	var moveNs float64
	for _, kind := range []string{"move", "deadline"} {
		b.Run(kind, func(b *testing.B) {
			clk := newClock()
			s := newService(b, storetest.OpenBolt(b), clk)
			var elapsed time.Duration
			r := rand.New(rand.NewPCG(1, 1))
			for b.Loop() {
				b.StopTimer()
				if t, err := s.Load(ctx, channel); err == nil {
					if _, err := s.Abandon(ctx, who(ada, "", 0), t.ID); err != nil {
						b.Fatal(err)
					}
				}
				out := startedB(b, s, Pace{Per: time.Hour})
				seat := out.State.ToAct()[0]
				draft := draftFor(b, out.State, seat, r)
				b.StartTimer()
				began := time.Now()
				switch kind {
				case "move":
					_, err := s.Commit(ctx, who([]string{ada, ben}[seat], "ingenious", out.Table.Rev()), draft)
					if err != nil {
						b.Fatal(err)
					}
				case "deadline":
					d, err := s.Deadline(ctx, channel, out.Table.Rev(), seat)
					if err != nil || !d.Fired {
						b.Fatalf("deadline: %v %v", d.Fired, err)
					}
				}
				elapsed += time.Since(began)
			}
			ns := float64(elapsed.Nanoseconds()) / float64(b.N)
			if kind == "move" {
				moveNs = ns
			} else if moveNs > 0 {
				b.ReportMetric(ns/moveNs, "x-of-a-move")
			}
		})
	}
}

// startedB starts a two-player Ingenious game at pace for a benchmark.
func startedB(b *testing.B, s *Service, pace Pace) Outcome {
	b.Helper()
	ctx := context.Background()
	lobby, err := s.Open(ctx, who(ada, "", 0), "ingenious", nil, pace, "en")
	if err != nil {
		b.Fatal(err)
	}
	if lobby, err = s.Join(ctx, who(ben, "ingenious", lobby.Rev())); err != nil {
		b.Fatal(err)
	}
	out, err := s.Start(ctx, who(ada, "ingenious", lobby.Rev()))
	if err != nil {
		b.Fatal(err)
	}
	return out
}
