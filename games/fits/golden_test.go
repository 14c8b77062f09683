package fits

import (
	"flag"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

var update = flag.Bool("update", false, "rewrite the golden records in testdata/ by seeded AI play")

// goldenGames are the golden playthroughs: seeded AI play, recorded.
var goldenGames = []gamestest.Golden{
	{File: "ai-2p.json", Players: names[:2], Options: `{"boards":[1,2,3,4]}`, Seed: 2026},
	{File: "ai-solo.json", Players: names[:1], Options: `{"boards":[4,3,2,1]}`, Seed: 7},
	{File: "ai-3p-2boards.json", Players: names[:3], Options: `{"boards":[3,1]}`, Seed: 11},
}

// TestGoldenRecords replays the records in testdata and compares the results with the
// .result.json files beside them. Run with -update to play and record them again.
func TestGoldenRecords(t *testing.T) {
	gamestest.RunGolden(t, Game{}, "testdata", goldenGames, *update, func(st games.State) error { return invariant(st.(*State)) })
}

// TestGoldenRecordsTruncated: a record cut short replays to a running game whose replay
// detail lists only the rounds scored so far; a corrupted move stops the replay there.
func TestGoldenRecordsTruncated(t *testing.T) {
	// Each round of 2 seats has 1 deal + 2 start pieces + 16 reveals + at most 32 moves.
	st, rec := gamestest.ReplayHalf(t, Game{}, "testdata", "ai-2p.json")
	s := st.(*State)
	if games.Over(s) || s.scored() < 1 || s.scored() > 3 {
		t.Fatalf("half a record: over %v, %d rounds scored", games.Over(s), s.scored())
	}
	if d := s.Result().Seats[0].Detail.(Detail); len(d.Boards) != s.scored() {
		t.Fatalf("detail %v with %d rounds scored", d, s.scored())
	}
	gamestest.StopsAt(t, Game{}, rec, 5, `{"type":"aside","piece":"I3","col":"A"}`)
}
