package store

import (
	"encoding/binary"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// openBolt opens a store in a new file in the test's temporary directory and closes it at
// the end of the test.
func openBolt(t testing.TB) *Bolt {
	t.Helper()
	b, err := OpenBolt(filepath.Join(t.TempDir(), "tablebot.db"), BoltOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b
}

func TestBoltContract(t *testing.T) {
	runContract(t, func(t *testing.T) Store { return openBolt(t) })
}

func TestBoltSimulation(t *testing.T) {
	runSimulation(t, func(t *testing.T) Store { return openBolt(t) })
}

// plantBolt writes garbage g into b's buckets (see garbage).
func plantBolt(t *testing.T, b *Bolt, g garbage) {
	err := b.db.Update(func(tx *bolt.Tx) error {
		switch g {
		case garbageTableType:
			return tx.Bucket(bucketTables).Put(appendPart(nil, badChannel), []byte{1, 2, 3})
		case garbageTableRev:
			return tx.Bucket(bucketTables).Put(appendPart(nil, badChannel), []byte("\x00\x00\x00\x00\x00\x00\x00\x00data"))
		case garbageTableNoRev:
			return tx.Bucket(bucketTables).Put(appendPart(nil, badChannel), []byte("data"))
		case garbageHistory:
			key := binary.BigEndian.AppendUint64(appendPart(nil, badGuild), 1<<40)
			return tx.Bucket(bucketRecent).Put(key, []byte("not json"))
		case garbageBoard:
			key := append(appendPart(appendPart(nil, badGuild), badGame), badUser...)
			return tx.Bucket(bucketRPlayers).Put(key, []byte("short"))
		case garbageOpponents:
			// A count of the wrong size: found only when the second player's opponents are
			// counted, after the first player's writes, so the transaction must roll back.
			key := append(appendPart(appendPart(appendPart(nil, badGuild), badGame), badUser), "good"...)
			return tx.Bucket(bucketROpponents).Put(key, []byte("abc"))
		case garbageDue:
			return tx.Bucket(bucketDueOrder).Put([]byte("abc"), nil)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("planting %v: %v", g, err)
	}
}

// TestBoltDueCorrupt checks a channel's unreadable deadline.
func TestBoltDueCorrupt(t *testing.T) {
	b := openBolt(t)
	err := b.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketDue).Put(appendPart(nil, "c"), []byte("abc"))
	})
	if err != nil {
		t.Fatal(err)
	}
	wantErr(t, "Schedule", b.Schedule(t.Context(), "c", time.Now()), ErrCorrupt)
	wantErr(t, "Unschedule", b.Unschedule(t.Context(), "c"), ErrCorrupt)
}

// TestBoltLocked checks that a second opener of the same file fails after the timeout
// instead of waiting for ever, and that the data survives closing and reopening.
func TestBoltLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tablebot.db")
	b, err := OpenBolt(path, BoltOptions{})
	if err != nil {
		t.Fatal(err)
	}
	mustSave(t, b, "c", "kept", 0)
	start := time.Now()
	_, err = OpenBolt(path, BoltOptions{Timeout: 200 * time.Millisecond})
	if !errors.Is(err, berrors.ErrTimeout) || !strings.Contains(err.Error(), "another process") {
		t.Errorf("second OpenBolt: %v; want a timeout naming another process", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("second OpenBolt took %v", d)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	b, err = OpenBolt(path, BoltOptions{Timeout: -1})
	if err != nil {
		t.Fatalf("reopening: %v", err)
	}
	defer b.Close()
	wantTable(t, b, "c", "kept", 1)
}

func TestOpenBoltErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := OpenBolt(filepath.Join(dir, "missing", "x.db"), BoltOptions{}); err == nil {
		t.Error("OpenBolt in a missing directory succeeded")
	}
	if _, err := OpenBolt(dir, BoltOptions{}); err == nil {
		t.Error("OpenBolt of a directory succeeded")
	}
}
