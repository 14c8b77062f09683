package sideboards

import (
	"flag"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

var update = flag.Bool("update", false, "rewrite the golden records in testdata/ by seeded AI play")

// goldenGames are the golden playthroughs: seeded AI play, recorded.
var goldenGames = []gamestest.Golden{
	{File: "ai-2p.json", Players: names[:2], Options: `{"variant":"basic","tasks":null}`, Seed: 2026},
	{File: "ai-solo.json", Players: names[:1], Options: `{"tasks":[1]}`, Seed: 7},
	{File: "ai-4p-four.json", Players: names[:4], Options: `{"variant":"four","tasks":[5,13,27]}`, Seed: 11},
	{File: "ai-6p.json", Players: names[:6], Options: `{"tasks":[3,10,15]}`, Seed: 12},
}

// TestGoldenRecords replays the records in testdata and compares the results with the
// .result.json files beside them. Run with -update to play and record them again.
func TestGoldenRecords(t *testing.T) {
	gamestest.RunGolden(t, Game{}, "testdata", goldenGames, *update, func(st games.State) error { return invariant(st.(*State)) })
}

// TestGoldenTruncated: a record cut short replays to a running game scored as it stands; a
// corrupted move stops the replay there.
func TestGoldenTruncated(t *testing.T) {
	st, rec := gamestest.ReplayHalf(t, Game{}, "testdata", "ai-2p.json")
	if games.Over(st) || st.(*State).Turn() < 2 || st.Result().Seats[0].Score == 0 {
		t.Fatalf("half a record: over %v, turn %d, %+v", games.Over(st), st.(*State).Turn(), st.Result())
	}
	gamestest.StopsAt(t, Game{}, rec, 5, `{"type":"place","card":99,"side":"left","turned":false}`)
}
