package store

import (
	"bytes"
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
			v := b.Get(appendPart(nil, ch))
			if v == nil {
				continue
			}
			rev, data, err := decodeTable(v)
			if err != nil {
				return fmt.Errorf("channel %q: %w", ch, err)
			}
			out[ch] = Table{Data: bytes.Clone(data), Revision: rev}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
