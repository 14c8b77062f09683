package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// BoltOptions tunes OpenBolt. The zero value waits up to one second for the file lock and
// creates the file with mode 0600.
type BoltOptions struct {
	// Timeout is how long OpenBolt waits for another process to release the file. Zero means
	// one second; a negative value means fail at once.
	Timeout time.Duration
	// Mode is the permission bits of a newly created file. Zero means 0600.
	Mode os.FileMode
}

// Bucket names. Keys are built from length-prefixed parts (see appendPart) so that no part,
// however it is spelled, can run into the next; multi-byte numbers are big-endian.
var (
	// lp(channel) → 8-byte revision + data.
	bucketTables = []byte("tables")
	// lp(guild) + GameID → 8-byte unix milliseconds of At.
	bucketFinished = []byte("finished")
	// lp(channel) → 8-byte deadline (see appendMillis).
	bucketDue = []byte("due")
	// deadline (8 bytes) + channel → nothing: the due queue in deadline order.
	bucketDueOrder = []byte("due_order")
)

// Bolt is the Store kept in one bbolt file, for a single process. Every method is one bbolt
// transaction, or part of one: the writes of a move (Save, Schedule, Unschedule) made at about
// the same time by different goroutines are committed together (bbolt's Batch, within
// batchDelay), so that many games share one fsync. Every write is fsynced before it returns.
type Bolt struct {
	db     *bolt.DB
	path   string
	closed atomic.Bool
	// unbatched commits every write alone (the benchmarks' baseline).
	unbatched bool
}

// OpenBolt opens the store in the file at path, creating it if need be. It fails if the file
// cannot be opened or is not a bbolt file, or if another process holds it open for longer
// than the options' Timeout.
func OpenBolt(path string, o BoltOptions) (*Bolt, error) {
	timeout := o.Timeout
	switch {
	case timeout == 0:
		timeout = time.Second
	case timeout < 0:
		timeout = time.Nanosecond
	}
	mode := o.Mode
	if mode == 0 {
		mode = 0o600
	}
	db, err := bolt.Open(path, mode, &bolt.Options{Timeout: timeout})
	if errors.Is(err, berrors.ErrTimeout) {
		return nil, fmt.Errorf("store: open %s: another process has it open (waited %v): %w", path, timeout, err)
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		names := [][]byte{bucketTables, bucketFinished, bucketDue, bucketDueOrder, bucketArchive, bucketArchiveOrder, bucketRecent, bucketGuilds}
		for _, name := range append(names, ratingBuckets...) {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return fmt.Errorf("bucket %s: %w", name, err)
			}
		}
		return nil
	})
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	db.MaxBatchDelay = batchDelay
	return &Bolt{db: db, path: path}, nil
}

// appendPart appends s preceded by its length as a uvarint.
func appendPart(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// appendMillis appends t in unix milliseconds as 8 bytes that sort in time order.
func appendMillis(b []byte, t time.Time) []byte {
	return binary.BigEndian.AppendUint64(b, uint64(t.UnixMilli())^(1<<63))
}

// decodeTable splits a stored table into revision and data (still owned by bbolt).
func decodeTable(v []byte) (Revision, []byte, error) {
	if len(v) < 8 {
		return 0, nil, fmt.Errorf("%w: table record of %d bytes", ErrCorrupt, len(v))
	}
	rev := Revision(binary.BigEndian.Uint64(v))
	if rev == 0 {
		return 0, nil, fmt.Errorf("%w: table revision 0", ErrCorrupt)
	}
	return rev, v[8:], nil
}

// errNoChange, returned by a transaction's function, rolls back a transaction that changed
// nothing, sparing the disk a commit; the method then succeeds.
var errNoChange = errors.New("nothing to change")

// corruptf returns an error wrapping ErrCorrupt.
func corruptf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrCorrupt}, args...)...)
}

// view and update run fn in a read-only or read-write transaction, after checking that the
// store is open and ctx not done; fn's error rolls the transaction back. Errors are wrapped
// with op.
func (s *Bolt) view(ctx context.Context, op string, fn func(*bolt.Tx) error) error {
	return s.tx(ctx, op, s.db.View, fn)
}

func (s *Bolt) update(ctx context.Context, op string, fn func(*bolt.Tx) error) error {
	return s.tx(ctx, op, s.db.Update, fn)
}

// batchDelay is how long a write waits for others to share its commit. Under load a commit
// (an fsync) takes about as long, so writes gather while the last one is on disk; alone, a
// write is a few milliseconds later.
const batchDelay = 3 * time.Millisecond

// batch is update for writes that may share their transaction with others': fn must be
// idempotent (bbolt runs it again, in a new transaction, when another write of its batch
// fails), must set its results afresh on each run, and must return an error only before it
// writes anything (that error fails the batch, which bbolt then commits without fn). Outcomes
// that are not failures of the transaction — a lost compare-and-set — are results to record,
// not errors to return.
func (s *Bolt) batch(ctx context.Context, op string, fn func(*bolt.Tx) error) error {
	if s.unbatched {
		return s.update(ctx, op, fn)
	}
	return s.tx(ctx, op, s.db.Batch, fn)
}

func (s *Bolt) tx(ctx context.Context, op string, run func(func(*bolt.Tx) error) error, fn func(*bolt.Tx) error) error {
	if s.closed.Load() {
		return fmt.Errorf("store: bolt %s: %w", op, ErrClosed)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("store: bolt %s: %w", op, err)
	}
	err := run(func(tx *bolt.Tx) error {
		if err := ctx.Err(); err != nil { // waiting for the write lock may have taken a while
			return err
		}
		return fn(tx)
	})
	switch {
	case err == nil || errors.Is(err, errNoChange):
		return nil
	case errors.Is(err, berrors.ErrDatabaseNotOpen):
		return fmt.Errorf("store: bolt %s: %w", op, ErrClosed)
	case errors.Is(err, ErrNotFound) || errors.Is(err, ErrConflict) || errors.Is(err, ErrCorrupt):
		return fmt.Errorf("store: %s: %w", op, err)
	}
	return fmt.Errorf("store: bolt %s: %s: %w", s.path, op, err)
}

// Load returns the channel's table. It fails with ErrNotFound if there is none, ErrCorrupt if
// the stored table is unreadable, ErrClosed after Close, or ctx's error.
func (s *Bolt) Load(ctx context.Context, channel string) (Table, error) {
	return s.loadRevisioned(ctx, "load "+strconv.Quote(channel), bucketTables, appendPart(nil, channel))
}

// Save writes data as the channel's table if its revision is still expect and returns the new
// revision. It fails with ErrConflict (writing nothing) if the revision differs, ErrCorrupt if
// the stored table is unreadable, ErrClosed after Close, ctx's error, or a disk error.
func (s *Bolt) Save(ctx context.Context, channel string, data []byte, expect Revision) (Revision, error) {
	return s.saveRevisioned(ctx, "save "+strconv.Quote(channel), bucketTables, appendPart(nil, channel), data, expect)
}

// Close closes the file, waiting for running transactions. Later calls, Close included, return
// ErrClosed.
func (s *Bolt) Close() error {
	if s.closed.Swap(true) {
		return fmt.Errorf("store: bolt close: %w", ErrClosed)
	}
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("store: bolt %s: close: %w", s.path, err)
	}
	return nil
}

var _ Store = (*Bolt)(nil)

// Ping checks that the store is open and its file readable in a read transaction. It fails
// after Close (ErrClosed) or with ctx's error.
func (s *Bolt) Ping(ctx context.Context) error {
	return s.view(ctx, "ping", func(*bolt.Tx) error { return nil })
}
