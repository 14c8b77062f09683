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
	rec, err := games.Start(ingenious.Game{}, []string{"Ada", "Ben", "Cid"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	// Play until Ada has placed a tile and it is her turn again.
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
	line := sinceLine(tb, rec.State, nil, games.English)
	if !strings.HasPrefix(line, "Ada, since your last turn: Ben ") || !strings.Contains(line, " · Cid ") {
		t.Fatalf("since line %q, want Ben's and Cid's moves addressed to Ada", line)
	}
	if cs := sinceLine(tb, rec.State, nil, games.Czech); !strings.HasPrefix(cs, "Ada, od tvého posledního tahu: Ben ") {
		t.Errorf("Czech: %q", cs)
	}
	// A message that itself tells every one of those moves needs no such line.
	var steps []games.Step
	for i := len(rec.Record.Moves) - 1; i >= 0 && rec.Record.Moves[i].Seat != 0; i-- {
		steps = append(steps, games.Step{Seat: rec.Record.Moves[i].Seat})
	}
	if got := sinceLine(tb, rec.State, steps, games.English); got != "" {
		t.Errorf("with every move told: %q", got)
	}
}
