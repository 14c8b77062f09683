package store

import (
	"context"
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
