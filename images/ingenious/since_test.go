package ingenious

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// TestSinceMarks checks which tiles the table marks as laid since a seat's last turn: those
// after the seat's own last tile, numbered in order on the colour of whoever laid them; a
// spectator sees them since the last tile of the seat to play; nothing once the game is over.
func TestSinceMarks(t *testing.T) {
	v := &ingenious.View{Viewer: 0, Turn: 0, Phase: ingenious.PhasePlace}
	for i, seat := range []games.Seat{0, 1, 2, 3, 0, 1, 1, 2} {
		v.Placements = append(v.Placements, ingenious.Placement{Seat: seat, Place: ingenious.Place{Cells: [2]ingenious.Cell{{Q: i, R: 0}, {Q: i, R: 1}}}})
	}
	marks := sinceMarks(v)
	if len(marks) != 3 {
		t.Fatalf("seat 0 sees %d marks, want 3 (Ben, Ben's bonus, Cyril)", len(marks))
	}
	for i, want := range []games.Seat{1, 1, 2} {
		if marks[i].label != string(rune('1'+i)) || marks[i].fill != images.PlayerColour(int(want)) {
			t.Errorf("mark %d: %+v, want number %d on seat %d's colour", i, marks[i], i+1, want)
		}
	}
	v.Viewer, v.Turn = games.NoSeat, 3
	if got := len(sinceMarks(v)); got != 4 {
		t.Errorf("a spectator with seat 3 to play sees %d marks, want 4", got)
	}
	v.Phase = ingenious.PhaseOver
	if got := len(sinceMarks(v)); got != 0 {
		t.Errorf("the final table marks %d tiles", got)
	}
}

// TestRackHintWhoseTurn checks the rack's caption: it never says "Pick a tile" to a player
// whose turn it is not.
func TestRackHintWhoseTurn(t *testing.T) {
	v := &ingenious.View{Viewer: 1, Turn: 0, Players: []string{"Ada", "Ben"}, Phase: ingenious.PhasePlace}
	got := rackHint(v, ingenious.Draft{}, games.English)
	if got == wordPick.EN || !strings.Contains(got, "Ada") {
		t.Errorf("Ben's rack while Ada plays says %q", got)
	}
	v.Turn = 1
	if got := rackHint(v, ingenious.Draft{}, games.English); got != wordPick.EN {
		t.Errorf("Ben's rack on his turn says %q", got)
	}
	v.Phase = ingenious.PhaseSwap
	if got := rackHint(v, ingenious.Draft{}, games.Czech); got != wordSwapAsk.CS {
		t.Errorf("the swap question in Czech: %q", got)
	}
}
