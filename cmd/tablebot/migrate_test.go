package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// lp is the old bbolt layout's length-prefixed key part (a uvarint length, then the bytes).
func lp(s string) []byte { return append(binary.AppendUvarint(nil, uint64(len(s))), s...) }

// writeLegacyStore writes an embedded store at path in the layout before the archive
// (576cad9: bucket history of archive entries, finished, and players of the win-count
// leaderboard) with four real FITS games of server "guild" — Ada and Ben, Ben and Cyd, Ada and
// Cyd, Ada alone — where Ada and Ben were on the old leaderboard as users 111 and 222, and
// returns the ratings those games make.
func writeLegacyStore(t *testing.T, path string) *table.Ledger {
	t.Helper()
	ids := map[string]string{"Ada": "111", "Ben": "222"} // Cyd never made the old leaderboard
	tables := [][]string{{"Ada", "Ben"}, {"Ben", "Cyd"}, {"Ada", "Cyd"}, {"Ada"}}
	reg := mustRegistry(catalog.Kits())
	want := table.NewLedger()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		hist, _ := tx.CreateBucket([]byte("history"))
		fin, _ := tx.CreateBucket([]byte("finished"))
		players, _ := tx.CreateBucket([]byte("players"))
		for i, names := range tables {
			rec, _ := playRecord(t, "fits", names, `{"boards":[1]}`, nil, uint64(i))
			data, _ := json.Marshal(rec)
			at := time.Date(2026, 2, 1+i, 20, 0, 0, 0, time.UTC)
			id := fmt.Sprintf("game-%d", i)
			// The old archive entry, as 576cad9's encodeArchived wrote it.
			entry := fmt.Appendf(nil, `{"game_id":%q,"game":"fits","at":%q,"record":%s}`, id, at.Format(time.RFC3339Nano), data)
			if err := hist.Put(binary.BigEndian.AppendUint64(lp("guild"), uint64(i+1)), entry); err != nil {
				return err
			}
			if err := fin.Put(append(lp("guild"), id...), make([]byte, 8)); err != nil {
				return err
			}
			var seats []store.Seat
			for _, n := range names {
				user := n
				if ids[n] != "" {
					user = ids[n]
				}
				seats = append(seats, store.Seat{UserID: user, Name: n})
			}
			if _, err := want.Apply(reg, "guild", store.Archived{GameID: id, Game: "fits", At: at, Seats: seats, Record: data}); err != nil {
				return err
			}
		}
		for name, id := range ids {
			if err := players.Put(append(append(lp("guild"), lp("fits")...), id...), append(make([]byte, 24), name...)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	return want
}

// TestMigrateLegacyStore writes an embedded store of the layout before the archive (576cad9:
// bucket history of archive entries, players of the win-count leaderboard) with four real
// games, and checks that a dry rebuild leaves it alone, that the start's migration imports the
// games and rates them as the archive says (Ada and Ben by their user IDs from the old
// leaderboard, Cyd by name, Ada's solo game as a solo record), once, and that a dry rebuild
// then finds the stored ratings equal to the archive's.
func TestMigrateLegacyStore(t *testing.T) {
	cfg, path := boltConfig(t)
	want := writeLegacyStore(t, path)
	reg := mustRegistry(catalog.Kits())

	code, out, stderr := runCmd(t, "ratings", "rebuild", "--config", cfg, "--dry-run")
	if code != 0 || !strings.Contains(out, "0 archived games") {
		t.Fatalf("dry rebuild of the old store: exit %d\n%s%s", code, out, stderr)
	}

	ctx := context.Background()
	st, err := store.OpenBolt(path, store.BoltOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	if err := migrateStore(ctx, st, reg, log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "ratings rebuilt") || !strings.Contains(logs.String(), "games=4") {
		t.Errorf("the migration's log:\n%s", logs.String())
	}
	board, err := st.Leaderboard(ctx, "guild", "fits", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if board.Total != 3 {
		t.Errorf("leaderboard after the migration: %+v, want Ada, Ben and Cyd", board)
	}
	for _, s := range board.Standings {
		w, ok := want.Lines["fits"][s.UserID]
		if !ok || s.PlayerRating != w {
			t.Errorf("line of %s after the migration: %+v; want %+v", s.UserID, s.PlayerRating, w)
		}
	}
	if recs, err := st.SoloRecords(ctx, "guild", "fits", 10); err != nil || len(recs) != 1 || recs[0].UserID != "111" {
		t.Errorf("solo records after the migration: %+v %v", recs, err)
	}
	if hist, err := st.History(ctx, "guild", 10); err != nil || len(hist) != 4 || hist[0].GameID != "game-3" {
		t.Errorf("history after the migration: %+v %v", hist, err)
	}
	logs.Reset()
	if err := migrateStore(ctx, st, reg, log); err != nil || logs.Len() != 0 {
		t.Errorf("second migration: %v, logged:\n%s", err, logs.String())
	}
	st.Close()

	code, out, stderr = runCmd(t, "ratings", "rebuild", "--config", cfg, "--dry-run")
	if code != 0 || !strings.Contains(out, "4 archived games") || !strings.Contains(out, "equals the archive's") {
		t.Fatalf("dry rebuild after the migration: exit %d\n%s%s", code, out, stderr)
	}
}

// TestRunMigratesLegacyStore starts the bot on an embedded store of the layout before the
// archive and checks what a person sees: /history lists the old games (newest first, with
// their players) and attaches their records, and the log says the ratings were rebuilt.
func TestRunMigratesLegacyStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	writeLegacyStore(t, path)
	fake := fakediscord.Start(t, fakediscord.Config{})
	_, logs, stop := startBinary(t, fake, map[string]string{"TABLEBOT_STORE_PATH": path})
	defer stop()
	if !strings.Contains(logs.String(), "ratings rebuilt") {
		t.Errorf("no rebuild in the start's log:\n%s", logs)
	}
	ix := fake.SlashCommand(fakediscord.Actor{User: fakediscord.User{ID: "111", Username: "ada"}, GuildID: "guild", ChannelID: "8"}, "history")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := fake.DispatchInteraction(ctx, ix); err != nil {
		t.Fatal(err)
	}
	var seen string
	var files int
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m, ok := fake.Original(ix.Token); ok {
			if seen, files = m.Content, len(m.Attachments); strings.Contains(seen, "Ada, Ben") {
				break
			}
		}
	}
	if files != 4 {
		t.Errorf("/history after the upgrade attaches %d records, want 4", files)
	}
	for _, want := range []string{"1. 2026-02-04 20:00", "Ada (`fits-2026-02-04-200000.json`)", "4. 2026-02-01 20:00", "Ada, Ben"} {
		if !strings.Contains(seen, want) {
			t.Errorf("/history after the upgrade lacks %q:\n%s", want, seen)
		}
	}
}
