package gamestest

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// Golden is one golden playthrough of a game: every seat on the game's built-in AI (Hint),
// chance drawn from Seed, kept as a record in testdata with the result of its replay beside
// it.
type Golden struct {
	// File is the record's name in testdata ("ai-2p.json"); its result is kept beside it,
	// with ".result.json" in place of ".json".
	File    string
	Players []string
	Options string
	Seed    uint64
}

// ReplayOutput is what golden result files keep: the replay's result as `tablebot replay`
// prints it, with the result's English summary.
type ReplayOutput struct {
	games.Replayed
	Summary string `json:"summary"`
}

// Output returns the ReplayOutput of st, reached after moves moves of a record.
func Output(st games.State, moves int) ReplayOutput {
	return ReplayOutput{Replayed: games.ReplayedOf(st, moves), Summary: st.Result().Summary.EN}
}

// PlayRecord plays a game of g to the end as a Golden describes (games.PlayOut: every seat
// on the game's built-in AI, chance drawn from the Golden's seed) and returns its record.
func PlayRecord(t testing.TB, g games.Game, gold Golden) games.Record {
	t.Helper()
	rec, err := games.Start(g, gold.Players, json.RawMessage(gold.Options))
	if err != nil {
		t.Fatalf("%s: start: %v", gold.File, err)
	}
	if _, err := games.PlayOut(rec, rand.New(rand.NewPCG(gold.Seed, 0))); err != nil {
		t.Fatalf("%s: %v", gold.File, err)
	}
	return rec.Record
}

// ReadRecord reads and decodes the record file in dir.
func ReadRecord(t testing.TB, dir, file string) games.Record {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := games.DecodeRecord(data)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return rec
}

// RunGolden replays each golden record of g in dir, requires it to apply every move and end
// the game, runs check (when set) on the final state, and compares its ReplayOutput with the
// result file beside the record. With update set it first plays every game again by its
// Golden and rewrites both files (for a change of the rules or of the AI, to be reviewed in
// the diff).
func RunGolden(t *testing.T, g games.Game, dir string, goldens []Golden, update bool, check func(games.State) error) {
	for _, gold := range goldens {
		t.Run(strings.TrimSuffix(gold.File, ".json"), func(t *testing.T) {
			path := filepath.Join(dir, gold.File)
			resultPath := strings.TrimSuffix(path, ".json") + ".result.json"
			if update {
				pretty, err := PlayRecord(t, g, gold).Pretty()
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, pretty, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			st, n := ReplayAll(t, g, dir, gold.File)
			if check != nil {
				if err := check(st); err != nil {
					t.Fatal(err)
				}
			}
			got, err := json.MarshalIndent(Output(st, n), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			MatchFile(t, resultPath, append(got, '\n'), update)
		})
	}
}

// ReplayAll replays the record file in dir to its end: every move must apply and the game
// must be over. It returns the final state and the number of moves.
func ReplayAll(t testing.TB, g games.Game, dir, file string) (games.State, int) {
	t.Helper()
	rec := ReadRecord(t, dir, file)
	st, n, err := games.Replay(g, rec)
	if err != nil {
		t.Fatalf("replay of %s: %v", file, err)
	}
	if !games.Over(st) || n != len(rec.Moves) {
		t.Fatalf("replay of %s applied %d of %d moves, over %v", file, n, len(rec.Moves), games.Over(st))
	}
	return st, n
}

// MatchFile requires the golden file at path to hold exactly got; with update set it first
// writes got there.
func MatchFile(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s changed:\n%s\nwant\n%s", path, got, want)
	}
}

// ReplayHalf replays the first half of the record file in dir and returns the state it reaches
// with the whole record: a test of how a game in progress replays and scores.
func ReplayHalf(t testing.TB, g games.Game, dir, file string) (games.State, games.Record) {
	t.Helper()
	rec := ReadRecord(t, dir, file)
	cut := rec
	cut.Moves = rec.Moves[:len(rec.Moves)/2]
	st, n, err := games.Replay(g, cut)
	if err != nil || n != len(cut.Moves) {
		t.Fatalf("half of %s: %d of %d moves, %v", file, n, len(cut.Moves), err)
	}
	return st, rec
}

// StopsAt replaces move at of a copy of rec with action (JSON) and requires the replay to stop
// there with an error.
func StopsAt(t testing.TB, g games.Game, rec games.Record, at int, action string) {
	t.Helper()
	bad := rec
	bad.Moves = append([]games.Move(nil), rec.Moves...)
	bad.Moves[at].Action = json.RawMessage(action)
	if _, n, err := games.Replay(g, bad); err == nil || n != at {
		t.Fatalf("corrupted move %d: replay stopped at %d with %v", at, n, err)
	}
}
