package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// runContract checks that the stores open returns keep the Store contract. open returns a new,
// empty store each time it is called and arranges for its cleanup.
func runContract(t *testing.T, open func(t *testing.T) Store) {
	runChecks(t, open, []check{
		{"Tables", testTables},
		{"TwoWriters", testTwoWriters},
		{"ManyWriters", testManyWriters},
		{"Due", testDue},
		{"DueConcurrent", testDueConcurrent},
		{"DueLease", testDueLease},
		{"DueExactlyOnce", testDueExactlyOnce},
		{"Closed", testClosed},
		{"Cancelled", testCancelled},
		{"LoadMany", testLoadMany},
	})
	t.Run("Settings", func(t *testing.T) { t.Parallel(); testSettings(t, open) })
	t.Run("Corrupt", func(t *testing.T) { t.Parallel(); testCorrupt(t, open) })
	runRatingsContract(t, open)
}

// check is one check of the Store contract, run on a new, empty store.
type check struct {
	name string
	run  func(t *testing.T, s Store)
}

// runChecks runs each check as a parallel subtest on a store of its own from open.
func runChecks(t *testing.T, open func(t *testing.T) Store, checks []check) {
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) { t.Parallel(); c.run(t, open(t)) })
	}
}

// wantErr fails the test unless err wraps target (nil: unless err is nil).
func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: error %v, want %v", what, err, target)
	}
}

// mustSave saves and fails the test at once on error.
func mustSave(t *testing.T, s Store, channel, data string, expect Revision) Revision {
	t.Helper()
	return tableDocs(s).mustSave(t, channel, data, expect)
}

// wantTable fails the test unless the channel's table is data at rev.
func wantTable(t *testing.T, s Store, channel, data string, rev Revision) {
	t.Helper()
	tableDocs(s).want(t, channel, data, rev)
}

// document is one kind of revisioned document a Store keeps (a channel's table, a server's
// settings): its methods, and their names for messages.
type document struct {
	loadName, saveName string
	load               func(ctx context.Context, key string) (Table, error)
	save               func(ctx context.Context, key string, data []byte, expect Revision) (Revision, error)
}

// tableDocs are s's channel tables.
func tableDocs(s Store) document {
	return document{"Load", "Save", s.Load, s.Save}
}

// settingsDocs are s's server settings.
func settingsDocs(s Store) document {
	return document{"LoadSettings", "SaveSettings", s.LoadSettings, s.SaveSettings}
}

// mustSave writes data as the document under key if its revision is still expect, and fails
// the test at once on error.
func (d document) mustSave(t *testing.T, key, data string, expect Revision) Revision {
	t.Helper()
	rev, err := d.save(t.Context(), key, []byte(data), expect)
	if err != nil {
		t.Fatalf("%s(%q, %q, %d): %v", d.saveName, key, data, expect, err)
	}
	return rev
}

// want fails the test unless the document under key is data at rev.
func (d document) want(t *testing.T, key, data string, rev Revision) {
	t.Helper()
	got, err := d.load(t.Context(), key)
	if err != nil {
		t.Fatalf("%s(%q): %v", d.loadName, key, err)
	}
	if string(got.Data) != data || got.Revision != rev {
		t.Errorf("%s(%q) = %q at %d, want %q at %d", d.loadName, key, got.Data, got.Revision, data, rev)
	}
}

// testCompareAndSet checks the compare-and-set of d's document under key, which must not exist
// yet: a write at any revision but the stored one (0: none) is refused and writes nothing;
// writes that match number the revisions 1, 2, …. The document is "two" at revision 2 after.
func testCompareAndSet(t *testing.T, d document, key string) {
	ctx := t.Context()
	_, err := d.load(ctx, key)
	wantErr(t, d.loadName+" of none", err, ErrNotFound)
	_, err = d.save(ctx, key, []byte("x"), 3)
	wantErr(t, d.saveName+" of none at 3", err, ErrConflict)
	_, err = d.load(ctx, key)
	wantErr(t, d.loadName+" after a conflict", err, ErrNotFound)

	if rev, err := d.save(ctx, key, []byte("one"), 0); err != nil || rev != 1 {
		t.Fatalf("first %s = revision %d, %v; want 1", d.saveName, rev, err)
	}
	d.want(t, key, "one", 1)
	_, err = d.save(ctx, key, []byte("again"), 0)
	wantErr(t, "second create", err, ErrConflict)
	if rev, err := d.save(ctx, key, []byte("two"), 1); err != nil || rev != 2 {
		t.Fatalf("second %s = revision %d, %v; want 2", d.saveName, rev, err)
	}
	_, err = d.save(ctx, key, []byte("stale"), 1)
	wantErr(t, d.saveName+" at a stale revision", err, ErrConflict)
	_, err = d.save(ctx, key, []byte("future"), 3)
	wantErr(t, d.saveName+" at a future revision", err, ErrConflict)
	d.want(t, key, "two", 2)
}

func testTables(t *testing.T, s Store) {
	wantErr(t, "Ping", s.Ping(t.Context()), nil)
	testCompareAndSet(t, tableDocs(s), "c1")

	// Odd channel names and data are kept apart and returned byte for byte.
	odd := map[string]string{
		"":                "empty name",
		"a:b":             "",
		"{ch:a}:table":    "\x00\xff binary",
		"%3A":             `{"json": true}`,
		"c1 ":             "trailing space",
		"\xff\x00channel": "raw bytes",
	}
	for ch, data := range odd {
		mustSave(t, s, ch, data, 0)
	}
	for ch, data := range odd {
		wantTable(t, s, ch, data, 1)
	}
	wantTable(t, s, "c1", "two", 2)
	big := string(make([]byte, 1<<20))
	mustSave(t, s, "big", big, 0)
	wantTable(t, s, "big", big, 1)
}

func testTwoWriters(t *testing.T, s Store) {
	ctx := t.Context()
	for round := range 20 {
		ch := fmt.Sprintf("two-%d", round)
		mustSave(t, s, ch, "start", 0)
		// Both read the same revision before either writes.
		var read [2]Table
		for i := range read {
			var err error
			if read[i], err = s.Load(ctx, ch); err != nil {
				t.Fatal(err)
			}
		}
		var errs [2]error
		var wg sync.WaitGroup
		for i := range errs {
			wg.Go(func() { _, errs[i] = s.Save(ctx, ch, fmt.Appendf(nil, "writer %d", i), read[i].Revision) })
		}
		wg.Wait()
		switch {
		case errs[0] == nil && errors.Is(errs[1], ErrConflict):
			wantTable(t, s, ch, "writer 0", 2)
		case errs[1] == nil && errors.Is(errs[0], ErrConflict):
			wantTable(t, s, ch, "writer 1", 2)
		default:
			t.Fatalf("round %d: errors %v, want one nil and one conflict", round, errs)
		}
	}
}

// testManyWriters runs 1,000 writers that each append their number to one JSON list,
// re-reading after every conflict, and checks that no append was lost or doubled.
func testManyWriters(t *testing.T, s Store) {
	const writers = 1000
	ctx := t.Context()
	const ch = "many"
	mustSave(t, s, ch, "[]", 0)
	var wg sync.WaitGroup
	var attempts atomic.Int64
	for i := range writers {
		wg.Go(func() {
			for try := 0; ; try++ {
				tb, err := s.Load(ctx, ch)
				if err != nil {
					t.Errorf("writer %d: %v", i, err)
					return
				}
				// Append i to the JSON list without decoding it, to keep each try cheap.
				data := bytes.TrimSuffix(tb.Data, []byte("]"))
				if len(data) > 1 {
					data = append(data, ',')
				}
				_, err = s.Save(ctx, ch, fmt.Appendf(data, "%d]", i), tb.Revision)
				if err == nil {
					attempts.Add(int64(try + 1))
					return
				}
				if !errors.Is(err, ErrConflict) {
					t.Errorf("writer %d: %v", i, err)
					return
				}
				// Back off for a random while, as a bot would, so that a thousand writers
				// do not all re-read the same revision after every win.
				time.Sleep(time.Duration(rand.Int64N(int64(50*time.Microsecond) << min(try, 13))))
			}
		})
	}
	wg.Wait()
	t.Logf("%d attempts", attempts.Load())
	tb, err := s.Load(ctx, ch)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	if err := json.Unmarshal(tb.Data, &ids); err != nil {
		t.Fatal(err)
	}
	seen := make(map[int]int)
	for _, id := range ids {
		seen[id]++
	}
	for i := range writers {
		if seen[i] != 1 {
			t.Errorf("writer %d appears %d times", i, seen[i])
		}
	}
	if len(ids) != writers || tb.Revision != writers+1 {
		t.Errorf("%d entries at revision %d, want %d at %d", len(ids), tb.Revision, writers, writers+1)
	}
}

func testClosed(t *testing.T, s Store) {
	ctx := t.Context()
	mustSave(t, s, "c", "x", 0)
	mustSaveSettings(t, s, "g", "x", 0)
	wantErr(t, "Schedule", s.Schedule(ctx, "c", time.Now()), nil)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	for name, err := range callAll(s, ctx) {
		wantErr(t, name+" after Close", err, ErrClosed)
	}
	wantErr(t, "second Close", s.Close(), ErrClosed)
}

func testCancelled(t *testing.T, s Store) {
	mustSave(t, s, "c", "x", 0)
	mustSaveSettings(t, s, "g", "x", 0)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for name, err := range callAll(s, ctx) {
		wantErr(t, name+" with a cancelled context", err, context.Canceled)
	}
	ctx, cancel = context.WithDeadline(t.Context(), time.Now().Add(-time.Second))
	defer cancel()
	for name, err := range callAll(s, ctx) {
		wantErr(t, name+" past the deadline", err, context.DeadlineExceeded)
	}
	// Nothing was written.
	wantTable(t, s, "c", "x", 1)
	wantSettings(t, s, "g", "x", 1)
	if h, err := s.History(t.Context(), "g", 10); err != nil || len(h) != 0 {
		t.Errorf("History = %v, %v; want nothing", h, err)
	}
}

// callAll calls every method but Close with ctx and returns their errors by method name.
func callAll(s Store, ctx context.Context) map[string]error {
	errs := make(map[string]error)
	_, errs["Load"] = s.Load(ctx, "c")
	_, errs["Save"] = s.Save(ctx, "c", []byte("y"), 1)
	_, errs["LoadMany"] = s.LoadMany(ctx, []string{"c"})
	_, errs["LoadSettings"] = s.LoadSettings(ctx, "g")
	_, errs["SaveSettings"] = s.SaveSettings(ctx, "g", []byte("y"), 1)
	errs["Ping"] = s.Ping(ctx)
	_, errs["Finish"] = s.Finish(ctx, Final{GameID: "g1", Guild: "g", Game: "x", Record: []byte("{}"),
		Outcomes: []Outcome{{UserID: "u", Won: true, Place: 1, After: PlayerRating{Games: 1}}}})
	errs["Rerate"] = s.Rerate(ctx, Final{GameID: "g1", Guild: "g", Game: "x"})
	_, errs["Ratings"] = s.Ratings(ctx, "g", "x", []string{"u"})
	_, errs["Leaderboard"] = s.Leaderboard(ctx, "g", "x", 0, 10)
	_, _, errs["Standing"] = s.Standing(ctx, "g", "x", "u")
	_, errs["SoloRecords"] = s.SoloRecords(ctx, "g", "x", 10)
	_, errs["PlayerStats"] = s.PlayerStats(ctx, "g", "u", []string{"x"})
	_, errs["ArchivedGame"] = s.ArchivedGame(ctx, "g", "g1")
	_, errs["History"] = s.History(ctx, "g", 10)
	_, _, errs["ArchiveScan"] = s.ArchiveScan(ctx, "g", 0, 10)
	_, errs["Guilds"] = s.Guilds(ctx)
	errs["ClearRatings"] = s.ClearRatings(ctx, "g")
	errs["Schedule"] = s.Schedule(ctx, "c", time.Now())
	errs["Unschedule"] = s.Unschedule(ctx, "c")
	_, errs["ClaimDue"] = s.ClaimDue(ctx, time.Now(), time.Minute, 10)
	errs["Renew"] = s.Renew(ctx, Claim{Key: "c", Token: 1}, time.Now())
	errs["Ack"] = s.Ack(ctx, Claim{Key: "c", Token: 1})
	errs["Release"] = s.Release(ctx, Claim{Key: "c", Token: 1}, time.Now())
	return errs
}
