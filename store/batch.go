package store

import (
	"context"
	"fmt"
)

// MaxBatch bounds the channels of one LoadMany call, so that its one round trip stays small.
const MaxBatch = 256

// Batch reads many channels' tables at once.
type Batch interface {
	// LoadMany returns the tables of channels, keyed by channel, in one round trip (Redis: one
	// pipeline of reads, which a Redis Cluster splits into one per master node holding some of
	// the channels; the embedded store: one read transaction). Channels without a table are
	// absent from the map; a channel named twice is read once. It fails with ErrCorrupt if a
	// stored table is unreadable, and refuses more than MaxBatch channels.
	LoadMany(ctx context.Context, channels []string) (map[string]Table, error)
}

// checkBatch refuses a LoadMany call of more than MaxBatch channels.
func checkBatch(channels []string) error {
	if len(channels) > MaxBatch {
		return fmt.Errorf("store: load %d tables at once: at most %d", len(channels), MaxBatch)
	}
	return nil
}

// tablesOf returns the tables of channels, keyed by channel, read(i) reading channels[i]'s:
// false when it has none, which leaves it out.
func tablesOf(channels []string, read func(i int) (Table, bool, error)) (map[string]Table, error) {
	out := make(map[string]Table, len(channels))
	for i, ch := range channels {
		t, found, err := read(i)
		if err != nil {
			return nil, fmt.Errorf("channel %q: %w", ch, err)
		}
		if found {
			out[ch] = t
		}
	}
	return out, nil
}
