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
	var out map[string]Table
	err := s.view(ctx, fmt.Sprintf("load %d tables", len(channels)), func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketTables)
		var err error
		out, err = tablesOf(channels, func(i int) (Table, bool, error) { return tableAt(b, appendPart(nil, channels[i])) })
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
