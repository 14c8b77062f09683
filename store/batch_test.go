package store

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/redis/go-redis/v9"
)

// LoadMany of the model: every table it has of channels.
func (m *model) LoadMany(ctx context.Context, channels []string) (map[string]Table, error) {
	if err := checkBatch(channels); err != nil {
		return nil, err
	}
	out := map[string]Table{}
	for _, ch := range channels {
		if t, err := m.Load(ctx, ch); err == nil {
			out[ch] = t
		}
	}
	return out, nil
}

// testLoadMany checks LoadMany against Load: the tables that exist at their revisions, none
// for channels without one, a channel named twice read once, nothing for no channels, and a
// refusal past MaxBatch (testCorrupt checks that an unreadable table fails it).
func testLoadMany(t *testing.T, s Store) {
	ctx := t.Context()
	var channels []string
	for i := range 40 {
		ch := fmt.Sprintf("batch-%d", i)
		channels = append(channels, ch)
		if i%4 == 3 {
			continue // no table
		}
		rev := mustSave(t, s, ch, "v1 "+ch, 0)
		if i%2 == 0 {
			mustSave(t, s, ch, "v2 "+ch, rev)
		}
	}
	got, err := s.LoadMany(ctx, append(channels, "batch-0", "no-such-channel"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 30 {
		t.Errorf("LoadMany found %d tables, want 30", len(got))
	}
	for _, ch := range channels {
		want, err := s.Load(ctx, ch)
		tb, found := got[ch]
		switch {
		case errors.Is(err, ErrNotFound) && found:
			t.Errorf("LoadMany found %q, which has no table", ch)
		case err == nil && (!found || string(tb.Data) != string(want.Data) || tb.Revision != want.Revision):
			t.Errorf("LoadMany(%q) = %q at %d (found %v), Load says %q at %d", ch, tb.Data, tb.Revision, found, want.Data, want.Revision)
		}
	}
	if got, err := s.LoadMany(ctx, nil); err != nil || len(got) != 0 {
		t.Errorf("LoadMany(nil) = %v, %v; want nothing", got, err)
	}
	if _, err := s.LoadMany(ctx, make([]string, MaxBatch+1)); err == nil {
		t.Errorf("LoadMany of %d channels succeeded, want a refusal", MaxBatch+1)
	}
}

// TestModelLoadMany checks the model's LoadMany as the contract checks the stores'
// (runContract runs testLoadMany on bbolt, Redis and the private Redis Cluster).
func TestModelLoadMany(t *testing.T) { testLoadMany(t, newModel()) }

// roundTrips counts the commands and pipelines a Redis client sends: each is one round trip
// (to each node it reaches).
type roundTrips struct {
	n     atomic.Int64
	names []string
}

func (h *roundTrips) DialHook(next redis.DialHook) redis.DialHook { return next }

func (h *roundTrips) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		h.n.Add(1)
		h.names = append(h.names, cmd.Name())
		return next(ctx, cmd)
	}
}

func (h *roundTrips) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error { h.n.Add(1); return next(ctx, cmds) }
}

// TestLoadManyRoundTrips reads 100 tables with LoadMany and counts what it cost: one pipeline
// on Redis, one read transaction on the embedded store, where Load one by one costs 100.
func TestLoadManyRoundTrips(t *testing.T) {
	var channels []string
	fill := func(t *testing.T, s Store) {
		channels = channels[:0]
		for i := range 100 {
			ch := fmt.Sprintf("rt-%d", i)
			channels = append(channels, ch)
			mustSave(t, s, ch, "table "+ch, 0)
		}
	}
	t.Run("redis", func(t *testing.T) {
		r := openRedis(t)
		fill(t, r)
		h := &roundTrips{}
		r.client.AddHook(h)
		// A connection's first use says hello: count from a connection already in use.
		if _, err := r.LoadMany(t.Context(), channels); err != nil {
			t.Fatal(err)
		}
		h.n.Store(0)
		h.names = nil
		got, err := r.LoadMany(t.Context(), channels)
		if err != nil || len(got) != 100 {
			t.Fatalf("LoadMany: %d tables, %v", len(got), err)
		}
		if n := h.n.Load(); n != 1 {
			t.Errorf("LoadMany of 100 tables took %d round trips (%v), want 1", n, h.names)
		}
	})
	t.Run("bolt", func(t *testing.T) {
		b := openBolt(t)
		fill(t, b)
		before := b.db.Stats().TxN
		got, err := b.LoadMany(t.Context(), channels)
		if err != nil || len(got) != 100 {
			t.Fatalf("LoadMany: %d tables, %v", len(got), err)
		}
		if n := b.db.Stats().TxN - before; n != 1 {
			t.Errorf("LoadMany of 100 tables took %d read transactions, want 1", n)
		}
	})
}
