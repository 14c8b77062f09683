package store

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Schedule sets the channel's deadline to at, kept to the millisecond. It fails with
// ErrCorrupt if the stored deadline is unreadable, ErrClosed after Close, ctx's error, or a
// disk error.
func (s *Bolt) Schedule(ctx context.Context, channel string, at time.Time) error {
	return s.batch(ctx, "schedule "+strconv.Quote(channel), func(tx *bolt.Tx) error {
		if err := unschedule(tx, channel); err != nil && !errors.Is(err, errNoChange) {
			return err // corrupt: found before anything is deleted
		}
		when := appendMillis(nil, at)
		if err := tx.Bucket(bucketDue).Put(appendPart(nil, channel), when); err != nil {
			return err
		}
		return tx.Bucket(bucketDueOrder).Put(append(when, channel...), nil)
	})
}

// Unschedule removes the channel's deadline, if any. It fails with ErrCorrupt if the stored
// deadline is unreadable, ErrClosed after Close, ctx's error, or a disk error.
func (s *Bolt) Unschedule(ctx context.Context, channel string) error {
	return s.batch(ctx, "unschedule "+strconv.Quote(channel), func(tx *bolt.Tx) error {
		if err := unschedule(tx, channel); err != nil && !errors.Is(err, errNoChange) {
			return err
		}
		return nil // no deadline: nothing to remove, and the batch goes on
	})
}

// unschedule removes the channel's deadline from both due buckets, or returns errNoChange if
// it has none.
func unschedule(tx *bolt.Tx, channel string) error {
	due := tx.Bucket(bucketDue)
	key := appendPart(nil, channel)
	when := due.Get(key)
	if when == nil {
		return errNoChange
	}
	if len(when) != 8 {
		return corruptf("deadline of %d bytes", len(when))
	}
	if err := tx.Bucket(bucketDueOrder).Delete(append(bytes.Clone(when), channel...)); err != nil {
		return err
	}
	return due.Delete(key)
}

// ClaimDue removes and returns up to limit channels (none if limit <= 0) whose deadline is at
// or before now, compared to the millisecond, earliest first. One transaction claims them, so
// each is returned once. It fails with ErrCorrupt if the queue is unreadable, ErrClosed after
// Close, ctx's error, or a disk error.
func (s *Bolt) ClaimDue(ctx context.Context, now time.Time, limit int) ([]string, error) {
	var out []string
	err := s.update(ctx, "claim due", func(tx *bolt.Tx) error {
		out = out[:0]
		end := appendMillis(nil, now)
		c := tx.Bucket(bucketDueOrder).Cursor()
		var keys [][]byte
		for k, _ := c.First(); k != nil && len(out) < limit; k, _ = c.Next() {
			if len(k) < 8 {
				return corruptf("due queue key of %d bytes", len(k))
			}
			if bytes.Compare(k[:8], end) > 0 {
				break
			}
			keys = append(keys, bytes.Clone(k))
			out = append(out, string(k[8:]))
		}
		if len(keys) == 0 {
			return errNoChange
		}
		due, order := tx.Bucket(bucketDue), tx.Bucket(bucketDueOrder)
		for i, k := range keys {
			if err := order.Delete(k); err != nil {
				return err
			}
			if err := due.Delete(appendPart(nil, out[i])); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
