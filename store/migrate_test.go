package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	bolt "go.etcd.io/bbolt"

	"github.com/tablebot/tablebot/store/internal/rediscluster"
)

// legacyGame is one game of a legacy (schema 1) history.
type legacyGame struct {
	guild, id, game string
	at              time.Time
	record          []byte
}

// legacyGuild has a name that needs escaping in Redis keys and in bbolt parts.
const legacyGuild = "guild:{1}%"

// legacyGames are the legacy test data, oldest first: JSON records (stored as they are), a
// record with white space and one that is no JSON (both stored as base64 by the old code), a
// second guild, and a game of a person (Ada, user u1 on the old leaderboard), a name two users
// had (Bob), a stranger (Cyd) and an AI seat.
func legacyGames() []legacyGame {
	t0 := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	rec := func(players string, moves string) []byte {
		return fmt.Appendf(nil, `{"game":"fits","version":1,"options":{},"players":[%s],"moves":[%s]}`, players, moves)
	}
	return []legacyGame{
		{legacyGuild, "g1", "fits", t0, rec(`"Ada","Bob","Cyd","Robot"`,
			`{"seat":"chance","action":1},{"seat":0,"action":2},{"seat":1,"action":3},{"seat":2,"action":4},{"seat":3,"action":5,"by":"ai"}`)},
		{legacyGuild, "g2", "ingenious", t0.Add(time.Hour), []byte(" {\"players\":[\"Ada\"]} \n")},
		{"other", "o1", "fits", t0.Add(90 * time.Minute), rec(`"Ada"`, `{"seat":0,"action":1}`)},
		{legacyGuild, "g3", "fits", t0.Add(2 * time.Hour), []byte("\x00not json\xff")},
		{legacyGuild, "g4", "fits", t0.Add(3 * time.Hour), rec(`"Cyd","Ada"`, `{"seat":0,"action":1,"by":"ai"},{"seat":1,"action":1}`)},
	}
}

// legacyJunk are legacy history entries of legacyGuild that cannot be read, newer than every
// game: the migration counts them as unreadable, archives none, and leaves them in place.
var legacyJunk = [][]byte{[]byte("not json"), []byte(`{"game":"fits","at":"2026-03-02T00:00:00Z","record":{}}`)}

// legacyNames are the old leaderboards' names: guild → game → user ID → name.
var legacyNames = map[string]map[string]map[string]string{
	legacyGuild: {"fits": {"u1": "Ada", "u2": "Bob", "u3": "Bob"}, "ingenious": {"u1": "Ada"}},
}

// encodeLegacy is the old store's archive entry (576cad9 store/archive.go, encodeArchived),
// written out by hand: {"game_id","game","at","record"} when the record is JSON without
// surrounding white space, else {"game_id","game","at","record_base64"}.
func encodeLegacy(g legacyGame) []byte {
	at, _ := json.Marshal(g.at)
	head := fmt.Sprintf(`{"game_id":%q,"game":%q,"at":%s`, g.id, g.game, at)
	if json.Valid(g.record) && len(bytes.TrimSpace(g.record)) == len(g.record) {
		return []byte(head + `,"record":` + string(g.record) + "}")
	}
	b64, _ := json.Marshal(g.record)
	return []byte(head + `,"record_base64":` + string(b64) + "}")
}

// plantLegacyBolt writes the legacy data into a new bbolt file in the old layout (576cad9
// store/bolt.go): buckets history (lp(guild) + seq → entry), finished (lp(guild) + GameID →
// millis) and players (lp(guild) + lp(game) + user → wins, played, best + name).
func plantLegacyBolt(t *testing.T, path string) {
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		hist, _ := tx.CreateBucket([]byte("history"))
		fin, _ := tx.CreateBucket([]byte("finished"))
		players, _ := tx.CreateBucket([]byte("players"))
		for _, name := range []string{"tables", "ranks", "due", "due_order"} {
			if _, err := tx.CreateBucket([]byte(name)); err != nil {
				return err
			}
		}
		seq := map[string]uint64{}
		for _, g := range legacyGames() {
			seq[g.guild]++
			guild := appendPart(nil, g.guild)
			if err := hist.Put(binary.BigEndian.AppendUint64(bytes.Clone(guild), seq[g.guild]), encodeLegacy(g)); err != nil {
				return err
			}
			if err := fin.Put(append(bytes.Clone(guild), g.id...), appendMillis(nil, g.at)); err != nil {
				return err
			}
		}
		for _, j := range legacyJunk {
			seq[legacyGuild]++
			if err := hist.Put(binary.BigEndian.AppendUint64(appendPart(nil, legacyGuild), seq[legacyGuild]), j); err != nil {
				return err
			}
		}
		for guild, byGame := range legacyNames {
			for game, users := range byGame {
				for user, name := range users {
					k := append(appendPart(appendPart(nil, guild), game), user...)
					if err := players.Put(k, append(make([]byte, 24), name...)); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// openLegacyRedis opens the test Redis (see openRedis) with the legacy data planted under its
// prefix (see plantLegacyRedis).
func openLegacyRedis(t *testing.T) *Redis {
	r := openRedis(t)
	plantLegacyRedis(t, r.client, r.prefix)
	return r
}

// plantLegacyRedis writes the legacy data with c under prefix in the old layout (576cad9
// store/redis.go): P:{g:G}:history (LPUSH, newest first), P:{g:G}:finished and
// P:{g:G}:lb:N:name.
func plantLegacyRedis(t *testing.T, c redis.UniversalClient, prefix string) {
	ctx := t.Context()
	key := func(guild, name string) string { return prefix + ":{g:" + escapeKey(guild) + "}:" + name }
	for _, g := range legacyGames() {
		if err := c.LPush(ctx, key(g.guild, "history"), encodeLegacy(g)).Err(); err != nil {
			t.Fatal(err)
		}
		if err := c.SAdd(ctx, key(g.guild, "finished"), g.id).Err(); err != nil {
			t.Fatal(err)
		}
	}
	for _, j := range legacyJunk {
		if err := c.LPush(ctx, key(legacyGuild, "history"), j).Err(); err != nil {
			t.Fatal(err)
		}
	}
	for guild, byGame := range legacyNames {
		for game, users := range byGame {
			for user, name := range users {
				if err := c.HSet(ctx, key(guild, "lb:"+escapeKey(game)+":name"), user, name).Err(); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestBoltMigrate opens a bbolt file of the old layout and checks the migration (see
// checkMigrated), that it runs once, and that the legacy buckets are left.
func TestBoltMigrate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	plantLegacyBolt(t, path)
	b, err := OpenBolt(path, BoltOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	checkMigrated(t, b, b)
	err = b.db.View(func(tx *bolt.Tx) error {
		if n := tx.Bucket([]byte("history")).Stats().KeyN; n != len(legacyGames())+len(legacyJunk) {
			t.Errorf("legacy history holds %d entries after the migration, want %d", n, len(legacyGames())+len(legacyJunk))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// And once more after reopening the file.
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if b, err = OpenBolt(path, BoltOptions{}); err != nil {
		t.Fatal(err)
	}
	if m, err := b.Migrate(t.Context(), failThen(t)); err != nil || m != (Migration{}) {
		t.Errorf("Migrate after reopening: %+v %v, want nothing", m, err)
	}
}

// TestRedisMigrate writes the old layout into Redis and checks the migration (see
// checkMigrated) and that the legacy keys are left.
func TestRedisMigrate(t *testing.T) {
	r := openLegacyRedis(t)
	checkMigrated(t, r, r)
	if n, err := r.client.LLen(t.Context(), r.guildKey(legacyGuild, "history")).Result(); err != nil || n != 6 {
		t.Errorf("legacy history after the migration: %d entries, %v; want 6", n, err)
	}
}

// TestRedisMigrateConcurrent starts the migration from eight processes at once (eight
// clients): exactly one imports and rebuilds, every other waits for it and imports nothing.
func TestRedisMigrateConcurrent(t *testing.T) {
	r := openLegacyRedis(t)
	o := redisTestOptions(t)
	o.Prefix = r.prefix // the eight clients share r's keys
	var thens, imported atomic.Int64
	var wg sync.WaitGroup
	for range 8 {
		c, err := NewRedis(t.Context(), o)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, err := c.Migrate(t.Context(), func(ctx context.Context, m Migration) error {
				thens.Add(1)
				time.Sleep(300 * time.Millisecond) // a rebuild the others must wait for
				return nil
			})
			if err != nil {
				t.Error(err)
			}
			imported.Add(int64(m.Imported))
			if cur, err := c.schemaCurrent(t.Context()); err != nil || !cur {
				t.Errorf("Migrate returned before the version was recorded: %v %v", cur, err)
			}
		}()
	}
	wg.Wait()
	if thens.Load() != 1 || imported.Load() != int64(len(legacyGames())) {
		t.Errorf("then ran %d times, %d games imported; want 1 and %d", thens.Load(), imported.Load(), len(legacyGames()))
	}
	checkArchive(t, r, legacyGuild, nil)
}

// failThen is a then that fails the test if it is called.
func failThen(t *testing.T) func(context.Context, Migration) error {
	return func(context.Context, Migration) error {
		t.Error("then called by a migration that had nothing to do")
		return nil
	}
}

// checkMigrated runs the migration of a store holding the legacy data, after a new game
// finished before it: a failing then leaves the version unrecorded, the next Migrate imports
// nothing twice and calls then again, and afterwards the archive, the recent games and the
// guilds hold every legacy game (oldest first, before the new game) and Migrate does nothing.
func checkMigrated(t *testing.T, s Store, m Migrator) {
	ctx := t.Context()
	late := Final{GameID: "new1", Guild: legacyGuild, Game: "fits", At: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC),
		Record: []byte(`{"players":["Ada"]}`), Seats: []Seat{{UserID: "u1", Name: "Ada"}}}
	if done, err := s.Finish(ctx, late); err != nil || !done {
		t.Fatalf("Finish before the migration: %v %v", done, err)
	}
	found := len(legacyGames()) + len(legacyJunk)
	all := Migration{Guilds: 2, Found: found, Imported: len(legacyGames()), Unreadable: len(legacyJunk)}
	boom := errors.New("rebuild failed")
	var got []Migration
	mig, err := m.Migrate(ctx, func(_ context.Context, m Migration) error { got = append(got, m); return boom })
	if !errors.Is(err, boom) || mig != all {
		t.Errorf("Migrate with a failing then: %+v %v; want %+v and the failure", mig, err, all)
	}
	again := Migration{Guilds: 2, Found: found, Unreadable: len(legacyJunk)}
	mig, err = m.Migrate(ctx, func(_ context.Context, m Migration) error {
		got = append(got, m)
		// then sees the archive complete.
		checkArchive(t, s, legacyGuild, &late)
		return nil
	})
	if err != nil || mig != again {
		t.Errorf("Migrate after a failed then: %+v %v; want %+v", mig, err, again)
	}
	if !reflect.DeepEqual(got, []Migration{all, again}) {
		t.Errorf("then saw %+v, want %+v", got, []Migration{all, again})
	}
	if mig, err := m.Migrate(ctx, failThen(t)); err != nil || mig != (Migration{}) {
		t.Errorf("third Migrate: %+v %v, want nothing", mig, err)
	}
	checkArchive(t, s, legacyGuild, &late)
	checkArchive(t, s, "other", nil)
	guilds, err := s.Guilds(ctx)
	if err != nil || len(guilds) != 2 {
		t.Errorf("Guilds: %q %v, want both", guilds, err)
	}
	// A legacy game counts once: finishing it again changes nothing.
	if done, err := s.Finish(ctx, Final{GameID: "g1", Guild: legacyGuild, Game: "fits", At: time.Now()}); err != nil || done {
		t.Errorf("Finish of a migrated game: %v %v, want false", done, err)
	}
	// New games go after every migrated one.
	if done, err := s.Finish(ctx, Final{GameID: "new2", Guild: "other", Game: "fits", At: time.Now(), Record: []byte("{}")}); err != nil || !done {
		t.Errorf("Finish after the migration: %v %v", done, err)
	}
	page, _, err := s.ArchiveScan(ctx, "other", 0, MaxPage)
	if err != nil || len(page) != 2 || page[0].GameID != "o1" || page[1].GameID != "new2" {
		t.Errorf("archive of other after a new game: %+v %v", page, err)
	}
}

// checkArchive checks the guild's archive and recent games against the legacy games, with
// late (if not nil) finished before the migration and listed after them.
func checkArchive(t *testing.T, s Store, guild string, late *Final) {
	t.Helper()
	ctx := t.Context()
	var want []legacyGame
	for _, g := range legacyGames() {
		if g.guild == guild {
			want = append(want, g)
		}
	}
	page, _, err := s.ArchiveScan(ctx, guild, 0, MaxPage)
	if err != nil {
		t.Fatalf("ArchiveScan: %v", err)
	}
	n := len(want)
	if late != nil {
		n++
	}
	if len(page) != n {
		t.Fatalf("archive of %q: %d games, want %d", guild, len(page), n)
	}
	for i, g := range want {
		a := page[i]
		if a.GameID != g.id || a.Game != g.game || !a.At.Equal(g.at) || !bytes.Equal(a.Record, g.record) {
			t.Errorf("archive entry %d: %s %s %v %q; want %s %s %v %q", i, a.GameID, a.Game, a.At, a.Record, g.id, g.game, g.at, g.record)
		}
		one, err := s.ArchivedGame(ctx, guild, g.id)
		if err != nil || !bytes.Equal(one.Record, g.record) {
			t.Errorf("ArchivedGame %s: %q %v", g.id, one.Record, err)
		}
	}
	if late != nil && page[n-1].GameID != late.GameID {
		t.Errorf("the game finished before the migration is archived at %q, want last", page[n-1].GameID)
	}
	if guild == legacyGuild {
		wantSeats := map[string][]Seat{
			"g1": {{UserID: "u1", Name: "Ada"}, {UserID: "Bob", Name: "Bob"}, {UserID: "Cyd", Name: "Cyd"}, {Name: "Robot", AI: "easy"}},
			"g2": {{UserID: "u1", Name: "Ada"}}, // JSON with white space: archived as base64, still read
			"g3": nil,                           // no JSON: no seats (the rebuild skips it)
			"g4": {{Name: "Cyd", AI: "easy"}, {UserID: "u1", Name: "Ada"}},
		}
		for _, a := range page[:len(want)] {
			if !reflect.DeepEqual(a.Seats, wantSeats[a.GameID]) {
				t.Errorf("seats of %s: %+v, want %+v", a.GameID, a.Seats, wantSeats[a.GameID])
			}
		}
	}
	hist, err := s.History(ctx, guild, MaxPage)
	if err != nil {
		t.Fatalf("History: %v", err)
	}
	var ids, wantIDs []string
	for _, h := range hist {
		ids = append(ids, h.GameID)
	}
	if late != nil {
		wantIDs = append(wantIDs, late.GameID)
	}
	for i := len(want) - 1; i >= 0; i-- {
		wantIDs = append(wantIDs, want[i].id)
	}
	if !reflect.DeepEqual(ids, wantIDs) {
		t.Errorf("History of %q: %q, want %q", guild, ids, wantIDs)
	}
}

// TestLegacySeats covers the seat derivation's edges: an unreadable record, a seat with no
// moves, and a name two users share.
func TestLegacySeats(t *testing.T) {
	if s := legacySeats([]byte("nope"), nil); s != nil {
		t.Errorf("unreadable record: %+v", s)
	}
	names := uniqueNames(map[string]string{"u1": "Ada", "u2": "Bob", "u3": "Bob"})
	if !reflect.DeepEqual(names, map[string]string{"Ada": "u1"}) {
		t.Errorf("uniqueNames: %v", names)
	}
	got := legacySeats([]byte(`{"players":["Bob","Eve"],"moves":[{"seat":7,"by":"ai"}]}`), names)
	want := []Seat{{UserID: "Bob", Name: "Bob"}, {UserID: "Eve", Name: "Eve"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("legacySeats: %+v, want %+v", got, want)
	}
	for _, s := range []string{"a%3Ab", "%7Bx%7D%25", "plain"} {
		if u, err := unescapeKey(s); err != nil || escapeKey(u) != s {
			t.Errorf("unescapeKey(%q) = %q, %v", s, u, err)
		}
	}
	if _, err := unescapeKey("bad%4"); !errors.Is(err, ErrCorrupt) {
		t.Errorf("unescapeKey of a cut escape: %v", err)
	}
}

// TestRedisClusterMigrate runs the migration on a real three-master Redis Cluster, with the
// two guilds' legacy keys in their own hash slots: the scan must find them on every master
// and each guild's import must stay within its slot.
func TestRedisClusterMigrate(t *testing.T) {
	addrs := rediscluster.Start(t, 3)
	r := openCluster(t, addrs)
	plantLegacyRedis(t, r.client, r.prefix)
	checkMigrated(t, r, r)
}
