package store

import (
	"bytes"
	"context"
	"encoding/binary"
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

// The leases of claimed tasks, kept in two buckets created when first needed (a file written
// before leases existed has none):
var (
	// lp(key) → 8-byte end of the lease (see appendMillis) + 8-byte token.
	bucketLease = []byte("lease")
	// end of the lease (8 bytes) + key → nothing: the leases in the order they run out.
	bucketLeaseOrder = []byte("lease_order")
)

// leaseBuckets returns the lease buckets, creating them if need be.
func leaseBuckets(tx *bolt.Tx) (lease, order *bolt.Bucket, err error) {
	if lease, err = tx.CreateBucketIfNotExists(bucketLease); err != nil {
		return nil, nil, err
	}
	order, err = tx.CreateBucketIfNotExists(bucketLeaseOrder)
	return lease, order, err
}

// setDue sets key's deadline to at unless it has an earlier one.
func setDue(tx *bolt.Tx, key string, at []byte) error {
	due, order := tx.Bucket(bucketDue), tx.Bucket(bucketDueOrder)
	k := appendPart(nil, key)
	if old := due.Get(k); old != nil {
		if len(old) != 8 {
			return corruptf("deadline of %d bytes", len(old))
		}
		if bytes.Compare(old, at) <= 0 {
			return nil
		}
		if err := order.Delete(append(bytes.Clone(old), key...)); err != nil {
			return err
		}
	}
	if err := due.Put(k, bytes.Clone(at)); err != nil {
		return err
	}
	return order.Put(append(bytes.Clone(at), key...), nil)
}

// ClaimDue hands the caller up to limit keys (none if limit <= 0) that are due at now, compared
// to the millisecond, earliest first, each under a lease until now+lease (see Store.ClaimDue).
// One transaction claims them, so each is handed out once. It fails with ErrCorrupt if the
// queue is unreadable, ErrClosed after Close, ctx's error, or a disk error.
func (s *Bolt) ClaimDue(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Claim, error) {
	var out []Claim
	err := s.update(ctx, "claim due", func(tx *bolt.Tx) error {
		out = out[:0]
		if limit <= 0 {
			return errNoChange
		}
		leases, leaseOrder, err := leaseBuckets(tx)
		if err != nil {
			return err
		}
		end := appendMillis(nil, now)
		changed, err := expireLeases(tx, leases, leaseOrder, end)
		if err != nil {
			return err
		}
		var keys [][]byte
		keys, out, err = dueKeys(tx, leases, end, limit, out)
		if err != nil {
			return err
		}
		if len(keys) == 0 && !changed {
			return errNoChange
		}
		return leaseKeys(tx, leases, leaseOrder, keys, out, appendMillis(nil, now.Add(lease)))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// expireLeases makes the keys whose leases ran out by end (a millisecond key) due again, at
// their lease's end, and reports whether there were any.
func expireLeases(tx *bolt.Tx, leases, leaseOrder *bolt.Bucket, end []byte) (changed bool, err error) {
	var expired [][]byte
	c := leaseOrder.Cursor()
	for k, _ := c.First(); k != nil && bytes.Compare(k[:min(8, len(k))], end) <= 0; k, _ = c.Next() {
		if len(k) < 8 {
			return false, corruptf("lease queue key of %d bytes", len(k))
		}
		expired = append(expired, bytes.Clone(k))
	}
	for _, k := range expired {
		key := string(k[8:])
		if err := leaseOrder.Delete(k); err != nil {
			return false, err
		}
		if err := leases.Delete(appendPart(nil, key)); err != nil {
			return false, err
		}
		if err := setDue(tx, key, k[:8]); err != nil {
			return false, err
		}
		changed = true
	}
	return changed, nil
}

// dueKeys returns up to limit due-queue keys due by end, earliest first, skipping those under
// a live lease, and out with a Claim (without its token) appended for each.
func dueKeys(tx *bolt.Tx, leases *bolt.Bucket, end []byte, limit int, out []Claim) ([][]byte, []Claim, error) {
	var keys [][]byte
	c := tx.Bucket(bucketDueOrder).Cursor()
	for k, _ := c.First(); k != nil && len(out) < limit; k, _ = c.Next() {
		if len(k) < 8 {
			return nil, out, corruptf("due queue key of %d bytes", len(k))
		}
		if bytes.Compare(k[:8], end) > 0 {
			break
		}
		if leases.Get(appendPart(nil, string(k[8:]))) != nil {
			continue // a live lease: it waits for its Ack or Release
		}
		keys = append(keys, bytes.Clone(k))
		out = append(out, Claim{Key: string(k[8:])})
	}
	return keys, out, nil
}

// leaseKeys takes the due-queue keys off the due queue and puts each under a new lease until
// until (a millisecond key), setting its claim's token; claims[i] is keys[i]'s claim.
func leaseKeys(tx *bolt.Tx, leases, leaseOrder *bolt.Bucket, keys [][]byte, claims []Claim, until []byte) error {
	due, order := tx.Bucket(bucketDue), tx.Bucket(bucketDueOrder)
	for i, k := range keys {
		if err := order.Delete(k); err != nil {
			return err
		}
		lk := appendPart(nil, claims[i].Key)
		if err := due.Delete(lk); err != nil {
			return err
		}
		tok, err := leases.NextSequence()
		if err != nil {
			return err
		}
		claims[i].Token = tok
		if err := leases.Put(lk, binary.BigEndian.AppendUint64(bytes.Clone(until), tok)); err != nil {
			return err
		}
		if err := leaseOrder.Put(append(bytes.Clone(until), claims[i].Key...), nil); err != nil {
			return err
		}
	}
	return nil
}

// endLease removes c's lease, or returns ErrLeaseLost if c does not hold it.
func endLease(tx *bolt.Tx, c Claim) error {
	leases, order, err := leaseBuckets(tx)
	if err != nil {
		return err
	}
	k := appendPart(nil, c.Key)
	v := leases.Get(k)
	switch {
	case v == nil:
		return ErrLeaseLost
	case len(v) != 16:
		return corruptf("lease of %d bytes", len(v))
	case binary.BigEndian.Uint64(v[8:]) != c.Token:
		return ErrLeaseLost
	}
	if err := order.Delete(append(bytes.Clone(v[:8]), c.Key...)); err != nil {
		return err
	}
	return leases.Delete(k)
}

// Renew moves the end of c's lease to until (kept to the millisecond). It fails with
// ErrLeaseLost if c does not hold the lease, ErrClosed after Close, ctx's error, or a disk
// error.
func (s *Bolt) Renew(ctx context.Context, c Claim, until time.Time) error {
	return s.batch(ctx, "renew "+strconv.Quote(c.Key), func(tx *bolt.Tx) error {
		if err := endLease(tx, c); err != nil {
			return err
		}
		end := appendMillis(nil, until)
		if err := tx.Bucket(bucketLease).Put(appendPart(nil, c.Key), binary.BigEndian.AppendUint64(bytes.Clone(end), c.Token)); err != nil {
			return err
		}
		return tx.Bucket(bucketLeaseOrder).Put(append(end, c.Key...), nil)
	})
}

// Ack ends c's lease. It fails with ErrLeaseLost if c does not hold it, ErrClosed after Close,
// ctx's error, or a disk error.
func (s *Bolt) Ack(ctx context.Context, c Claim) error {
	return s.batch(ctx, "ack "+strconv.Quote(c.Key), func(tx *bolt.Tx) error { return endLease(tx, c) })
}

// Release ends c's lease and makes its key due at at, unless it has an earlier deadline. It
// fails with ErrLeaseLost if c does not hold the lease, ErrClosed after Close, ctx's error, or
// a disk error.
func (s *Bolt) Release(ctx context.Context, c Claim, at time.Time) error {
	return s.batch(ctx, "release "+strconv.Quote(c.Key), func(tx *bolt.Tx) error {
		if old := tx.Bucket(bucketDue).Get(appendPart(nil, c.Key)); old != nil && len(old) != 8 {
			return corruptf("deadline of %d bytes", len(old)) // found before anything is written
		}
		if err := endLease(tx, c); err != nil {
			return err
		}
		return setDue(tx, c.Key, appendMillis(nil, at))
	})
}
