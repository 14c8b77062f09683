package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
	"github.com/tablebot/tablebot/table/rating"
)

// playRecord plays a game of the catalog to its end with the easy AI for every seat, marking
// the moves of the seats in byAI as the AI's, and returns its record and final state.
func playRecord(t *testing.T, game string, players []string, options string, byAI map[int]bool, seed uint64) (games.Record, games.State) {
	t.Helper()
	kit, ok := catalog.Find(catalog.Kits(), game)
	if !ok {
		t.Fatalf("no game %s", game)
	}
	rec, err := games.Start(kit.Game, players, json.RawMessage(options))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, seed))
	for !games.Over(rec.State) {
		seat := rec.State.ToAct()[0]
		if seat == games.Chance {
			_, err = rec.Apply(seat, rec.State.SampleChance(r))
		} else {
			by := games.ByPlayer
			if byAI[int(seat)] {
				by = games.ByAI
			}
			_, err = rec.ApplyBy(seat, rec.State.Hint(seat), by)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return rec.Record, rec.State
}

func writeRecord(t *testing.T, rec games.Record) string {
	t.Helper()
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), rec.Game+".json")
	if err := writeFile(path, string(data)); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRatingsReplay rates three records in order — a two-player game, a team game and a game
// against a seat the AI played throughout (an easy AI seat) — and checks the printed ratings
// against the rating model applied by hand.
func TestRatingsReplay(t *testing.T) {
	rec1, st1 := playRecord(t, "fits", []string{"Ada", "Ben"}, `{"boards":[1]}`, nil, 1)
	rec2, st2 := playRecord(t, "ingenious", []string{"Ada", "Ben", "Cyd", "Dan"}, `{"teams":true}`, nil, 2)
	rec3, st3 := playRecord(t, "fits", []string{"Ben", "Robo"}, `{"boards":[2]}`, map[int]bool{1: true}, 3)
	paths := []string{writeRecord(t, rec1), writeRecord(t, rec2), writeRecord(t, rec3)}

	// By hand.
	want := map[string]map[string]rating.Rating{"fits": {}, "ingenious": {}}
	played := map[string]map[string][2]int{"fits": {}, "ingenious": {}}
	cur := func(game, name string) rating.Rating {
		if r, ok := want[game][name]; ok {
			return r
		}
		return rating.Default()
	}
	place := func(res games.Result, s int) float64 { return float64(res.PlaceOf(games.Seat(s))) }
	// tally counts a game with result res for names, seat by seat from seat 0: one more played,
	// and one more won for those placed first.
	tally := func(game string, res games.Result, names ...string) {
		for i, n := range names {
			g := played[game][n]
			g[0]++
			if place(res, i) == 1 {
				g[1]++
			}
			played[game][n] = g
		}
	}
	// Game 1: Ada against Ben.
	res1 := st1.Result()
	out, err := rating.Model{}.Rate([][]rating.Rating{{cur("fits", "Ada")}, {cur("fits", "Ben")}}, []float64{place(res1, 0), place(res1, 1)})
	if err != nil {
		t.Fatal(err)
	}
	want["fits"]["Ada"], want["fits"]["Ben"] = out[0][0], out[1][0]
	tally("fits", res1, "Ada", "Ben")
	// Game 2: Ada and Cyd against Ben and Dan.
	res2 := st2.Result()
	out, err = rating.Model{}.Rate([][]rating.Rating{{cur("ingenious", "Ada"), cur("ingenious", "Cyd")}, {cur("ingenious", "Ben"), cur("ingenious", "Dan")}},
		[]float64{place(res2, 0), place(res2, 1)})
	if err != nil {
		t.Fatal(err)
	}
	want["ingenious"]["Ada"], want["ingenious"]["Cyd"], want["ingenious"]["Ben"], want["ingenious"]["Dan"] = out[0][0], out[0][1], out[1][0], out[1][1]
	tally("ingenious", res2, "Ada", "Ben", "Cyd", "Dan")
	// Game 3: Ben against the easy AI (fixed μ 20, σ 2).
	res3 := st3.Result()
	out, err = rating.Model{}.Rate([][]rating.Rating{{cur("fits", "Ben")}, {table.AIRating(0)}}, []float64{place(res3, 0), place(res3, 1)})
	if err != nil {
		t.Fatal(err)
	}
	want["fits"]["Ben"] = out[0][0]
	tally("fits", res3, "Ben")

	code, stdout, stderr := runCmd(t, append(append([]string{"ratings", "replay"}, paths...), "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got map[string]map[string]replayLine
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if len(got) != 2 || len(got["fits"]) != 2 || len(got["ingenious"]) != 4 {
		t.Fatalf("replay = %s; want Ada and Ben in fits (not the AI seat), four in ingenious", stdout)
	}
	for game, lines := range want {
		for name, w := range lines {
			l := got[game][name]
			if l.Mu != w.Mu || l.Sigma != w.Sigma || l.Ordinal != w.Ordinal() || l.Games != played[game][name][0] || l.Wins != played[game][name][1] {
				t.Errorf("%s %s = %+v, want μ %v σ %v, %v games", game, name, l, w.Mu, w.Sigma, played[game][name])
			}
		}
	}
	// Without --json, a table.
	code, stdout, _ = runCmd(t, "ratings", "replay", paths[0])
	if code != 0 || !strings.Contains(stdout, "ordinal") || !strings.Contains(stdout, "Ada") {
		t.Errorf("replay table: exit %d\n%s", code, stdout)
	}
	if code, _, _ := runCmd(t, "ratings", "replay"); code != 2 {
		t.Errorf("replay without records: exit %d, want 2", code)
	}
	if code, _, _ := runCmd(t, "ratings", "replay", "../../cmd/tablebot/testdata/malformed.json"); code != 2 {
		t.Errorf("replay of a malformed record: exit %d, want 2", code)
	}
}

// TestRatingsRebuild archives games in an embedded store as the bot does, tampers with a
// stored rating, and checks that a dry rebuild reports it (exit 1, nothing written), that a
// rebuild repairs it, and that a dry rebuild then finds nothing.
func TestRatingsRebuild(t *testing.T) {
	cfg, db := boltConfig(t)
	ctx := context.Background()
	st, err := store.OpenBolt(db, store.BoltOptions{})
	if err != nil {
		t.Fatal(err)
	}
	reg := mustRegistry(catalog.Kits())
	led := table.NewLedger()
	names := [][]string{{"Ada", "Ben"}, {"Ben", "Cyd"}, {"Ada", "Cyd"}, {"Ada"}}
	for i, players := range names {
		rec, _ := playRecord(t, "fits", players, `{"boards":[1]}`, nil, uint64(i))
		data, _ := json.Marshal(rec)
		var seats []store.Seat
		for _, p := range players {
			seats = append(seats, store.Seat{UserID: "id-" + p, Name: p})
		}
		a := store.Archived{GameID: string(rune('a' + i)), Game: "fits", At: time.Unix(int64(i), 0), Seats: seats, Record: data}
		f, err := led.Apply(reg, "guild", a)
		if err != nil {
			t.Fatal(err)
		}
		f.Record = data
		if done, err := st.Finish(ctx, f); err != nil || !done {
			t.Fatalf("Finish: %v %v", done, err)
		}
	}
	lines, err := st.Ratings(ctx, "guild", "fits", []string{"id-Ben"})
	if err != nil || lines["id-Ben"].Games != 2 {
		t.Fatalf("Ben's line: %+v %v", lines, err)
	}
	tampered := lines["id-Ben"]
	tampered.Games++
	tampered.Mu = 99
	if err := st.Rerate(ctx, store.Final{GameID: "x", Guild: "guild", Game: "fits",
		Outcomes: []store.Outcome{{UserID: "id-Ben", Before: lines["id-Ben"], After: tampered, Place: 1}}}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	code, out, stderr := runCmd(t, "ratings", "rebuild", "--config", cfg, "--dry-run")
	if code != 1 || !strings.Contains(out, "differs: guild guild, fits, player id-Ben: stored μ 99") || !strings.Contains(out, "4 archived games") {
		t.Fatalf("dry rebuild after tampering: exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr = runCmd(t, "ratings", "rebuild", "--config", cfg)
	if code != 0 || !strings.Contains(out, "rewritten") {
		t.Fatalf("rebuild: exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr = runCmd(t, "ratings", "rebuild", "--config", cfg, "--dry-run")
	if code != 0 || !strings.Contains(out, "equals the archive's") {
		t.Fatalf("dry rebuild after the rebuild: exit %d\n%s%s", code, out, stderr)
	}
	st, err = store.OpenBolt(db, store.BoltOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lines, err = st.Ratings(ctx, "guild", "fits", []string{"id-Ben"})
	if err != nil || lines["id-Ben"].Games != 2 || lines["id-Ben"].Rating != led.Lines["fits"]["id-Ben"].Rating {
		t.Errorf("Ben's line after the rebuild: %+v %v; want %+v", lines["id-Ben"], err, led.Lines["fits"]["id-Ben"])
	}
	if recs, err := st.SoloRecords(ctx, "guild", "fits", 10); err != nil || len(recs) != 1 || recs[0].Name != "Ada" {
		t.Errorf("solo records after the rebuild: %+v %v", recs, err)
	}
	if code, _, _ := runCmd(t, "ratings", "rebuild", "--config", cfg, "extra"); code != 2 {
		t.Errorf("rebuild with an extra argument: exit %d, want 2", code)
	}
	if code, _, _ := runCmd(t, "ratings", "what"); code != 2 {
		t.Errorf("unknown ratings command: exit %d, want 2", code)
	}
}
