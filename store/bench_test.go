package store

import (
	"context"
	"strconv"
	"sync/atomic"
	"testing"
)

// BenchmarkSave measures a Load and a Save of one table, the bot's round trip for a move.
func BenchmarkSave(b *testing.B) {
	b.Run("redis", func(b *testing.B) { benchmarkSave(b, openRedis(b)) })
	b.Run("bolt", func(b *testing.B) { benchmarkSave(b, openBolt(b)) })
}

func benchmarkSave(b *testing.B, s Store) {
	ctx := context.Background()
	data := make([]byte, 2048) // about a game's JSON
	if _, err := s.Save(ctx, "bench", data, 0); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		t, err := s.Load(ctx, "bench")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Save(ctx, "bench", t.Data, t.Revision); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveConcurrent measures moves of 64 games at once, each a Load and a Save of its
// own table, on the embedded store: "alone" commits (and fsyncs) every Save by itself, the
// baseline; "batched" lets Saves made at the same time share a commit. x-faster is the ratio
// of their times per move in the run.
func BenchmarkSaveConcurrent(b *testing.B) {
	var aloneNs float64
	for _, tc := range []struct {
		name      string
		unbatched bool
	}{{"alone", true}, {"batched", false}} {
		b.Run(tc.name, func(b *testing.B) {
			s := openBolt(b)
			s.unbatched = tc.unbatched
			ctx := context.Background()
			data := make([]byte, 2048)
			var next atomic.Int64
			b.SetParallelism(32) // 64 goroutines on 2 cores
			b.RunParallel(func(pb *testing.PB) {
				channel := "bench-" + strconv.FormatInt(next.Add(1), 10)
				if _, err := s.Save(ctx, channel, data, 0); err != nil {
					b.Error(err)
					return
				}
				for pb.Next() {
					t, err := s.Load(ctx, channel)
					if err != nil {
						b.Error(err)
						return
					}
					if _, err := s.Save(ctx, channel, t.Data, t.Revision); err != nil {
						b.Error(err)
						return
					}
				}
			})
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if tc.unbatched {
				aloneNs = ns
			} else if aloneNs > 0 {
				b.ReportMetric(aloneNs/ns, "x-faster")
			}
		})
	}
}
