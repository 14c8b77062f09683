package shelfie

import (
	"flag"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

var update = flag.Bool("update", false, "rewrite the golden records in testdata/ by seeded AI play")

// goldenGames are the golden playthroughs: seeded AI play, recorded.
var goldenGames = []gamestest.Golden{
	{File: "ai-solo-beat.json", Players: names[:1], Options: `{"solo":"beat"}`, Seed: 7},
	{File: "ai-solo-bot-hard.json", Players: names[:1], Options: `{"solo":"bot","hard":true,"botcards":"random"}`, Seed: 8},
	{File: "ai-2p.json", Players: names[:2], Options: `{}`, Seed: 2026},
	{File: "ai-3p-shared.json", Players: names[:3], Options: `{"cards":"shared"}`, Seed: 11},
	{File: "ai-4p-own-draft.json", Players: names[:4], Options: `{"cards":"own","draft":true}`, Seed: 12},
}

// TestGoldenRecords replays the records in testdata and compares the results with the
// .result.json files beside them. Run with -update to play and record them again.
func TestGoldenRecords(t *testing.T) {
	gamestest.RunGolden(t, Game{}, "testdata", goldenGames, *update, func(st games.State) error { return invariant(st.(*State)) })
}

// TestGoldenTruncated: a record cut short replays to a running game whose result scores every
// seat as if the game ended now; a corrupted move stops the replay there.
func TestGoldenTruncated(t *testing.T) {
	st, rec := gamestest.ReplayHalf(t, Game{}, "testdata", "ai-2p.json")
	s := st.(*State)
	if games.Over(s) || s.round < 2 || s.round > Rounds-1 {
		t.Fatalf("half a record: over %v, round %d", games.Over(s), s.round)
	}
	for _, sr := range s.Result().Seats {
		if want := s.Score(sr.Seat); sr.Score != want.Total() || sr.Detail != any(want) {
			t.Errorf("seat %d mid-game: result %d %v, score now %d %v", sr.Seat, sr.Score, sr.Detail, want.Total(), want)
		}
	}
	if s.Result().Seats[0].Score == 0 && s.Result().Seats[1].Score == 0 {
		t.Error("half a game in, both seats score 0")
	}
	at := -1
	for i, m := range rec.Moves {
		if m.Seat != games.Chance && i > 10 {
			at = i
			break
		}
	}
	gamestest.StopsAt(t, Game{}, rec, at, `{"type":"place","die":9,"col":3}`)
}
