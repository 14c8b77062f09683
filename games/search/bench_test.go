package search

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// benchSearch measures one search of nodes iterations at a fixed position of tb, beside the
// game's greedy hint in the same run: nodes/s is the search's speed, x-hint the time of one
// search decision in greedy decisions (the ratio holds on a noisy machine).
func benchSearch(b *testing.B, tb table, nodes int) {
	states := positions(b, tb, rand.New(rand.NewPCG(3, 4)), 3)
	st := states[len(states)-1]
	seat := st.ToAct()[0]
	const hints = 100
	start := time.Now()
	for range hints {
		st.Hint(seat)
	}
	hint := time.Since(start) / hints
	cfg := Config{Budget: Budget{Nodes: nodes}, Trees: 2, Horizon: 16}
	total := 0
	for b.Loop() {
		c, err := Search(context.Background(), st, seat, cfg, 1)
		if err != nil {
			b.Fatal(err)
		}
		total += c.Nodes
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(hint), "x-hint")
	b.ReportMetric(float64(hint.Microseconds()), "hint-µs")
}

// BenchmarkSearchFITSSolo is a 200-node search in a solo game of FITS.
func BenchmarkSearchFITSSolo(b *testing.B) { benchSearch(b, tables[0], 200) }

// BenchmarkSearchFITS3 is a 200-node search in a three-player game of FITS (a simultaneous
// step, the other seats' choices hidden).
func BenchmarkSearchFITS3(b *testing.B) { benchSearch(b, tables[1], 200) }

// BenchmarkSearchIngenious2 is a 100-node search in a two-player game of Ingenious.
func BenchmarkSearchIngenious2(b *testing.B) { benchSearch(b, tables[2], 100) }
