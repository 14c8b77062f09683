package store

import (
	"context"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// LoadMany returns the tables of channels read in one read transaction (see Batch).
func (s *Bolt) LoadMany(ctx context.Context, channels []string) (map[string]Table, error) {
	if err := checkBatch(channels); err != nil {
		return nil, err
	}
	out := make(map[string]Table, len(channels))
	err := s.view(ctx, fmt.Sprintf("load %d tables", len(channels)), func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketTables)
		for _, ch := range channels {
			t, found, err := tableAt(b, appendPart(nil, ch))
			if err != nil {
				return fmt.Errorf("channel %q: %w", ch, err)
			}
			if found {
				out[ch] = t
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
