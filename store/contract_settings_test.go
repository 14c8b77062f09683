package store

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// testSettings checks the settings documents: none until the first write, compare-and-set on
// the revision, one document per guild (apart from the tables, whatever the names), a
// read-modify-write by many writers at once losing nothing, and the errors of an unreadable
// document (testClosed and testCancelled check those of a closed store and a cancelled call).
func testSettings(t *testing.T, open func(t *testing.T) Store) {
	runChecks(t, open, []check{
		{"Revisions", testSettingsRevisions},
		{"Writers", testSettingsWriters},
		{"Corrupt", testSettingsCorrupt},
	})
}

// wantSettings fails the test unless guild's settings are data at rev.
func wantSettings(t *testing.T, s Store, guild, data string, rev Revision) {
	t.Helper()
	settingsDocs(s).want(t, guild, data, rev)
}

func testSettingsRevisions(t *testing.T, s Store) {
	ctx := t.Context()
	const g = "g:{1}%"
	testCompareAndSet(t, settingsDocs(s), g)

	// Another guild, a guild whose name escapes to the first's, and a table of the same name
	// are apart.
	for _, other := range []string{"g", "g%3A%7B1%7D%25", "g:{1}"} {
		_, err := s.LoadSettings(ctx, other)
		wantErr(t, "LoadSettings("+strconv.Quote(other)+")", err, ErrNotFound)
	}
	_, err := s.Load(ctx, g)
	wantErr(t, "Load of a table named as the guild", err, ErrNotFound)
	mustSave(t, s, g, "table", 0)
	wantSettings(t, s, g, "two", 2)
	if rev, err := s.SaveSettings(ctx, "g2", nil, 0); err != nil || rev != 1 {
		t.Fatalf("empty document = %d, %v", rev, err)
	}
	wantSettings(t, s, "g2", "", 1)
}

// testSettingsWriters: writers that each read, add their mark and write back, retrying on a
// conflict, all end up in the document.
func testSettingsWriters(t *testing.T, s Store) {
	const writers = 8
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for {
				cur, err := s.LoadSettings(t.Context(), "g")
				if err != nil && !errors.Is(err, ErrNotFound) {
					t.Error(err)
					return
				}
				_, err = s.SaveSettings(t.Context(), "g", fmt.Appendf(cur.Data, "%d;", w), cur.Revision)
				if errors.Is(err, ErrConflict) {
					continue
				}
				if err != nil {
					t.Error(err)
				}
				return
			}
		})
	}
	wg.Wait()
	got, err := s.LoadSettings(t.Context(), "g")
	if err != nil {
		t.Fatal(err)
	}
	if got.Revision != writers || len(got.Data) != 2*writers {
		t.Errorf("after %d writers: %q at revision %d", writers, got.Data, got.Revision)
	}
	for w := range writers {
		if !bytes.Contains(got.Data, fmt.Appendf(nil, "%d;", w)) {
			t.Errorf("writer %d lost: %q", w, got.Data)
		}
	}
}

func testSettingsCorrupt(t *testing.T, s Store) {
	// An unreadable document is corrupt, for reads and writes alike.
	plantSettings(t, s, "bad")
	_, err := s.LoadSettings(t.Context(), "bad")
	wantErr(t, "LoadSettings of garbage", err, ErrCorrupt)
	for _, rev := range []Revision{0, 1} {
		_, err = s.SaveSettings(t.Context(), "bad", []byte("x"), rev)
		wantErr(t, "SaveSettings over garbage", err, ErrCorrupt)
	}
}

// mustSaveSettings saves guild's settings and fails the test at once on error.
func mustSaveSettings(t *testing.T, s Store, guild, data string, expect Revision) Revision {
	t.Helper()
	return settingsDocs(s).mustSave(t, guild, data, expect)
}

// plantSettings makes guild's settings document unreadable.
func plantSettings(t *testing.T, s Store, guild string) {
	t.Helper()
	var err error
	switch s := s.(type) {
	case *Redis:
		err = s.client.Set(t.Context(), s.guildKey(guild, "settings"), "not a hash", 0).Err()
	case *Bolt:
		err = s.db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucketIfNotExists(bucketSettings)
			if err != nil {
				return err
			}
			return b.Put(appendPart(nil, guild), []byte{1, 2, 3})
		})
	default:
		t.Fatalf("cannot plant garbage in a %T", s)
	}
	if err != nil {
		t.Fatal(err)
	}
}
