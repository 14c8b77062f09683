package table

import (
	"context"
	"io"
	"log/slog"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store/storetest"
)

// burst is the result of working one burst of deadlines.
type burst struct {
	took    time.Duration
	maxLate time.Duration // the latest a deadline's move started (from its due time)
	levels  map[search.Level]int
}

// workBurst opens n Ingenious tables at a one-hour pace whose deadlines all fall due at
// once, then works the burst on a pool of GOMAXPROCS workers, as the bot's scheduler does
// (each worker claims one due task at a time and works it), with the strong takeover AI and
// the step-down rule steps. The clock is the real one, moved an hour on once the tables are
// open, all due at
// once: the lateness of a deadline is how long the burst ran before a search slot took it.
func workBurst(b *testing.B, n int, steps StepDown) burst {
	b.Helper()
	ctx := context.Background()
	// The tables open at t0 (every deadline then falls due at t0+1h); the burst starts at
	// t0+1h and the clock runs from there.
	t0 := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	var started atomic.Pointer[time.Time]
	now := func() time.Time {
		if st := started.Load(); st != nil {
			return t0.Add(time.Hour + time.Since(*st))
		}
		return t0
	}
	s, err := New(storetest.OpenBolt(b), testGames(), Options{Seed: 7, Now: now, Takeover: search.Strong, StepDown: steps,
		Suggest: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	for i := range n {
		ch := "burst" + strconv.Itoa(i)
		c := Click{Guild: guild, Channel: ch, User: ada, Name: "Ada", Game: "ingenious"}
		lobby, err := s.Open(ctx, c, "ingenious", nil, Pace{Per: time.Hour}, "en")
		if err != nil {
			b.Fatal(err)
		}
		c.User, c.Name, c.Rev = ben, "Ben", lobby.Rev()
		if lobby, err = s.Join(ctx, c); err != nil {
			b.Fatal(err)
		}
		c.User, c.Rev = ada, lobby.Rev()
		if _, err := s.Start(ctx, c); err != nil {
			b.Fatal(err)
		}
	}
	r := burst{levels: map[search.Level]int{}}
	var mu sync.Mutex
	var worked atomic.Int64
	start := time.Now()
	started.Store(&start)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for worked.Load() < int64(n) {
				tasks, err := s.Due(ctx, now(), 1)
				if err != nil {
					b.Error(err)
					return
				}
				for _, task := range tasks {
					if task.Kind == TaskDeadline {
						d, err := s.Deadline(ctx, task.Channel, task.Rev, task.Seat)
						if err != nil || !d.Fired {
							b.Errorf("deadline of %s: %+v %v", task.Channel, d, err)
						}
						mu.Lock()
						r.levels[d.Level]++
						r.maxLate = max(r.maxLate, d.Late)
						mu.Unlock()
						worked.Add(1)
					}
					if err := s.Done(ctx, task); err != nil {
						b.Error(err)
					}
				}
				if len(tasks) == 0 {
					time.Sleep(5 * time.Millisecond)
				}
			}
		})
	}
	wg.Wait()
	r.took = time.Since(start)
	return r
}

// BenchmarkDeadlineBurst works a burst of deadlines all due at once (TABLEBOT_BURST of them,
// default 8) with the strong takeover AI, once with the step-down rule (scaled to the burst:
// normal from 500 ms late, easy from 1 s) and once without, and reports the deadlines worked
// per second of each, their ratio, and the latest start of a deadline's move in each:
//
//	go test ./table/ -run '^$' -bench DeadlineBurst -benchtime 1x
func BenchmarkDeadlineBurst(b *testing.B) {
	n := 8
	if v, err := strconv.Atoi(os.Getenv("TABLEBOT_BURST")); err == nil && v > 0 {
		n = v
	}
	var on, off burst
	for b.Loop() {
		on = workBurst(b, n, StepDown{Normal: 500 * time.Millisecond, Easy: time.Second})
		off = workBurst(b, n, StepDown{Normal: -1, Easy: -1})
	}
	perSec := func(r burst) float64 { return float64(n) / r.took.Seconds() }
	b.ReportMetric(perSec(on), "tasks/s-stepdown")
	b.ReportMetric(perSec(off), "tasks/s-strong")
	b.ReportMetric(perSec(on)/perSec(off), "ratio")
	b.ReportMetric(float64(on.maxLate.Milliseconds()), "max-late-ms-stepdown")
	b.ReportMetric(float64(off.maxLate.Milliseconds()), "max-late-ms-strong")
	b.Logf("%d deadlines: step-down %v (levels %v), strong only %v (levels %v)", n, on.took, on.levels, off.took, off.levels)
	if off.levels[search.Strong] != n {
		b.Errorf("without step-down, %v levels; want all %d strong", off.levels, n)
	}
}
