package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"strconv"

	bolt "go.etcd.io/bbolt"
)

// bucketSettings: lp(guild) → 8-byte revision + the server's settings document. It is
// created by the first SaveSettings, so that files written before it need no upgrade.
var bucketSettings = []byte("settings")

// LoadSettings returns guild's settings document. It fails with ErrNotFound if there is none,
// ErrCorrupt if it is unreadable, ErrClosed after Close, or ctx's error.
func (s *Bolt) LoadSettings(ctx context.Context, guild string) (Table, error) {
	return s.loadRevisioned(ctx, "load settings of "+strconv.Quote(guild), bucketSettings, appendPart(nil, guild))
}

// SaveSettings writes guild's settings document with compare-and-set on its revision. It
// fails with ErrConflict (writing nothing) if the revision differs, ErrCorrupt if the stored
// document is unreadable, ErrClosed after Close, ctx's error, or a disk error.
func (s *Bolt) SaveSettings(ctx context.Context, guild string, data []byte, expect Revision) (Revision, error) {
	return s.saveRevisioned(ctx, "save settings of "+strconv.Quote(guild), bucketSettings, appendPart(nil, guild), data, expect)
}

// loadRevisioned reads the revisioned record at key of bucket (a table, a server's settings):
// ErrNotFound when there is none (or no bucket yet).
func (s *Bolt) loadRevisioned(ctx context.Context, op string, bucket, key []byte) (Table, error) {
	var t Table
	err := s.view(ctx, op, func(tx *bolt.Tx) error {
		var found bool
		var err error
		t, found, err = tableAt(tx.Bucket(bucket), key)
		if err == nil && !found {
			return ErrNotFound
		}
		return err
	})
	return t, err
}

// tableAt reads the revisioned record at key of b (nil: no bucket yet), copied out of the
// transaction: false when there is none.
func tableAt(b *bolt.Bucket, key []byte) (Table, bool, error) {
	var v []byte
	if b != nil {
		v = b.Get(key)
	}
	if v == nil {
		return Table{}, false, nil
	}
	rev, data, err := decodeTable(v)
	if err != nil {
		return Table{}, false, err
	}
	return Table{Data: bytes.Clone(data), Revision: rev}, true, nil
}

// saveRevisioned writes data at key of bucket (created if need be) if the stored revision is
// still expect, in a batched transaction, and returns the new revision.
func (s *Bolt) saveRevisioned(ctx context.Context, op string, bucket, key, data []byte, expect Revision) (Revision, error) {
	var rev Revision
	var conflict bool
	err := s.batch(ctx, op, func(tx *bolt.Tx) error {
		rev, conflict = 0, false
		b, err := tx.CreateBucketIfNotExists(bucket)
		if err != nil {
			return fmt.Errorf("bucket %s: %w", bucket, err)
		}
		if v := b.Get(key); v != nil {
			cur, _, err := decodeTable(v)
			if err != nil {
				return err
			}
			rev = cur
		}
		if rev != expect {
			conflict = true // nothing written: the batch goes on without this write
			return nil
		}
		rev++
		v := make([]byte, 8, 8+len(data))
		binary.BigEndian.PutUint64(v, uint64(rev))
		return b.Put(key, append(v, data...))
	})
	if err != nil {
		return 0, err
	}
	if conflict {
		return 0, fmt.Errorf("store: %s: at revision %d, not %d: %w", op, rev, expect, ErrConflict)
	}
	return rev, nil
}
