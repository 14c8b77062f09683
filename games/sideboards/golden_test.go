package sideboards

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/tablebot/tablebot/games"
)

var update = flag.Bool("update", false, "rewrite the golden records in testdata/ by seeded AI play")

// goldenGames are the golden playthroughs: seeded AI play, recorded.
var goldenGames = []struct {
	file    string
	players []string
	options string
	seed    uint64
}{
	{"ai-2p.json", names[:2], `{"variant":"basic","tasks":null}`, 2026},
	{"ai-solo.json", names[:1], `{"tasks":[1]}`, 7},
	{"ai-4p-four.json", names[:4], `{"variant":"four","tasks":[5,13,27]}`, 11},
	{"ai-6p.json", names[:6], `{"tasks":[3,10,15]}`, 12},
}

// replayOutput is the result of a replay in the shape `tablebot replay` prints.
type replayOutput struct {
	Game    string         `json:"game"`
	Moves   int            `json:"moves"`
	Over    bool           `json:"over"`
	Seats   []replaySeat   `json:"seats"`
	Ranking [][]games.Seat `json:"ranking"`
	Summary string         `json:"summary"`
}

type replaySeat struct {
	Seat   games.Seat `json:"seat"`
	Name   string     `json:"name"`
	Score  int        `json:"score"`
	Detail any        `json:"detail"`
}

// record plays a game with greedy AI seats (the seat to move picked at random among those
// to act) and chance drawn from seed.
func record(t *testing.T, players []string, options string, seed uint64) games.Record {
	t.Helper()
	rec, err := games.Start(Game{}, players, json.RawMessage(options))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 0))
	for !games.Over(rec.State) {
		act := rec.State.ToAct()
		seat := act[r.IntN(len(act))]
		a := rec.State.SampleChance(r)
		if seat != games.Chance {
			a = rec.State.Hint(seat)
		}
		if _, err := rec.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return rec.Record
}

func output(st games.State, moves int) replayOutput {
	res := st.Result()
	out := replayOutput{Game: Name, Moves: moves, Over: res.Over, Ranking: res.Ranking, Summary: res.Summary.EN}
	for _, s := range res.Seats {
		out.Seats = append(out.Seats, replaySeat{s.Seat, st.Players()[s.Seat], s.Score, s.Detail})
	}
	return out
}

// TestGoldenRecords replays the records in testdata and compares the results with the
// .result.json files beside them. Run with -update to play and record them again.
func TestGoldenRecords(t *testing.T) {
	for _, g := range goldenGames {
		t.Run(g.file, func(t *testing.T) {
			path := filepath.Join("testdata", g.file)
			resultPath := path[:len(path)-len(".json")] + ".result.json"
			if *update {
				pretty, err := record(t, g.players, g.options, g.seed).Pretty()
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, pretty, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := games.DecodeRecord(data)
			if err != nil {
				t.Fatal(err)
			}
			st, n, err := games.Replay(Game{}, rec)
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if !games.Over(st) || n != len(rec.Moves) {
				t.Fatalf("replay applied %d of %d moves, over %v", n, len(rec.Moves), games.Over(st))
			}
			if err := invariant(st.(*State)); err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(output(st, n), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			if *update {
				if err := os.WriteFile(resultPath, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(resultPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("replay of %s gives\n%s\nwant\n%s", g.file, got, want)
			}
		})
	}
}

// TestGoldenTruncated: a record cut short replays to a running game scored as it stands; a
// corrupted move stops the replay there.
func TestGoldenTruncated(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "ai-2p.json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := games.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	cut := rec
	cut.Moves = rec.Moves[:len(rec.Moves)/2]
	st, _, err := games.Replay(Game{}, cut)
	if err != nil {
		t.Fatal(err)
	}
	if games.Over(st) || st.(*State).Turn() < 2 || st.Result().Seats[0].Score == 0 {
		t.Fatalf("half a record: over %v, turn %d, %+v", games.Over(st), st.(*State).Turn(), st.Result())
	}
	bad := rec
	bad.Moves = append([]games.Move(nil), rec.Moves...)
	bad.Moves[5].Action = json.RawMessage(`{"type":"place","card":99,"side":"left","turned":false}`)
	if _, n, err := games.Replay(Game{}, bad); err == nil || n != 5 {
		t.Fatalf("corrupted move 5: replay stopped at %d with %v", n, err)
	}
}
