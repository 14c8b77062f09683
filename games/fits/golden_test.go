package fits

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
	{"ai-2p.json", names[:2], `{"boards":[1,2,3,4]}`, 2026},
	{"ai-solo.json", names[:1], `{"boards":[4,3,2,1]}`, 7},
	{"ai-3p-2boards.json", names[:3], `{"boards":[3,1]}`, 11},
}

// replayOutput is the result of a replay in the shape `tablebot replay` prints.
type replayOutput struct {
	Game  string `json:"game"`
	Moves int    `json:"moves"`
	Over  bool   `json:"over"`
	Seats []struct {
		Seat   games.Seat `json:"seat"`
		Name   string     `json:"name"`
		Score  int        `json:"score"`
		Detail any        `json:"detail"`
	} `json:"seats"`
	Ranking [][]games.Seat `json:"ranking"`
	Summary string         `json:"summary"`
}

// record plays a game with greedy AI seats and chance drawn from seed.
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
		out.Seats = append(out.Seats, struct {
			Seat   games.Seat `json:"seat"`
			Name   string     `json:"name"`
			Score  int        `json:"score"`
			Detail any        `json:"detail"`
		}{s.Seat, st.Players()[s.Seat], s.Score, s.Detail})
	}
	return out
}

// TestGoldenRecords replays the records in testdata and compares the results with the
// .result files beside them. Run with -update to play and record them again.
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

// TestGoldenRecordsTruncated: a record cut short replays to a running game whose replay
// detail lists only the rounds scored so far; a corrupted move stops the replay there.
func TestGoldenRecordsTruncated(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "ai-2p.json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := games.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	// Each round of 2 seats has 1 deal + 2 start pieces + 16 reveals + at most 32 moves.
	cut := rec
	cut.Moves = rec.Moves[:len(rec.Moves)/2]
	st, _, err := games.Replay(Game{}, cut)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if games.Over(s) || s.scored() < 1 || s.scored() > 3 {
		t.Fatalf("half a record: over %v, %d rounds scored", games.Over(s), s.scored())
	}
	if d := s.Result().Seats[0].Detail.(Detail); len(d.Boards) != s.scored() {
		t.Fatalf("detail %v with %d rounds scored", d, s.scored())
	}
	bad := rec
	bad.Moves = append([]games.Move(nil), rec.Moves...)
	bad.Moves[5].Action = json.RawMessage(`{"type":"aside","piece":"I3","col":"A"}`)
	if _, n, err := games.Replay(Game{}, bad); err == nil || n != 5 {
		t.Fatalf("corrupted move 5: replay stopped at %d with %v", n, err)
	}
}
