package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/table"
)

// TestSinceLine checks the line that tells a player of three what the others did since their
// last turn: listed when this message tells less than that, in the order played, addressed to
// the player; absent when the message's own lines already say it all.
func TestSinceLine(t *testing.T) {
	tb, st := adaToPlaceAgain(t)
	line := sinceLine(tb, st, nil, games.English)
	if !strings.HasPrefix(line, "Ada, since your last turn: Ben ") || !strings.Contains(line, " · Cid ") {
		t.Fatalf("since line %q, want Ben's and Cid's moves addressed to Ada", line)
	}
	if cs := sinceLine(tb, st, nil, games.Czech); !strings.HasPrefix(cs, "Ada, od tvého posledního tahu: Ben ") {
		t.Errorf("Czech: %q", cs)
	}
	// A message that itself tells every one of those moves needs no such line.
	var steps []games.Step
	for i := len(tb.Record.Moves) - 1; i >= 0 && tb.Record.Moves[i].Seat != 0; i-- {
		steps = append(steps, games.Step{Seat: tb.Record.Moves[i].Seat})
	}
	if got := sinceLine(tb, st, steps, games.English); got != "" {
		t.Errorf("with every move told: %q", got)
	}
}

// adaToPlaceAgain is a table of Ingenious for Ada, Ben and Cid, played (with a fixed seed) until
// Ada has placed a tile and it is her turn to place again, and its state.
func adaToPlaceAgain(t *testing.T) (*table.Table, games.State) {
	t.Helper()
	rec, err := games.Start(ingenious.Game{}, []string{"Ada", "Ben", "Cid"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	placed := false
	if _, err := games.AdvanceUntil(rec, r, games.Hints, func(st games.State) bool {
		if games.IsToAct(st, 0) && placed && st.(*ingenious.State).View(0).(*ingenious.View).Phase == ingenious.PhasePlace {
			return true
		}
		if games.IsToAct(st, 0) {
			placed = true
		}
		return false
	}); err != nil {
		t.Fatal(err)
	}
	tb := &table.Table{Game: "ingenious", Record: &rec.Record, Seats: []table.SeatInfo{{Name: "Ada"}, {Name: "Ben"}, {Name: "Cid"}}}
	return tb, rec.State
}
