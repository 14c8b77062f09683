package ingenious

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games/search"
)

// twoPlayerState is a two-player game placed placements in by the greedy players, a seat to
// place.
func twoPlayerState(tb testing.TB, placed int) *State { return placedIn(tb, 2, placed) }

// benchSearch measures a search of the Strong level's shape (Horizon 16) with a fixed node
// budget on one core.
func benchSearch(b *testing.B, placed int) {
	s := twoPlayerState(b, placed)
	cfg := search.Config{Budget: search.Budget{Nodes: 200}, Trees: 2, Parallel: 1, Horizon: 16}
	nodes := 0
	cpu := cpuTime()
	for b.Loop() {
		c, err := search.Search(context.Background(), s, s.turn, cfg, 1)
		if err != nil {
			b.Fatal(err)
		}
		nodes += c.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	// The CPU time per node holds on a loaded machine, where the wall time does not.
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/float64(nodes), "cpu-µs/node")
}

// BenchmarkSearchEarly is a 200-node search early in a two-player game.
func BenchmarkSearchEarly(b *testing.B) { benchSearch(b, 6) }

// BenchmarkSearchMiddle is a 200-node search half way through a two-player game.
func BenchmarkSearchMiddle(b *testing.B) { benchSearch(b, 20) }

// cpuTime returns the CPU time the process has used.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
