package ingenious

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images/imagestest"
)

// play starts a game for players and lets the built-in AI play it with chance seeded by seed,
// until places tiles have been laid (or the game ends when places is negative or too large).
func play(tb testing.TB, players []string, opts ingenious.Options, seed uint64, places int) *ingenious.State {
	tb.Helper()
	return playUntil(tb, players, opts, seed, func(st *ingenious.State, laid int) bool {
		return places >= 0 && laid >= places && st.Phase() == ingenious.PhasePlace
	})
}

// playUntil is play stopping as soon as stop holds (or the game ends); laid is the number of
// tiles laid so far.
func playUntil(tb testing.TB, players []string, opts ingenious.Options, seed uint64, stop func(st *ingenious.State, laid int) bool) *ingenious.State {
	tb.Helper()
	st, err := ingenious.NewState(players, opts)
	if err != nil {
		tb.Fatalf("new game: %v", err)
	}
	rec := &games.Recorder{State: st}
	laid := func(st games.State) int { return len(st.View(games.NoSeat).(*ingenious.View).Placements) }
	done := func(g games.State) bool { return stop(g.(*ingenious.State), laid(g)) }
	if _, err := games.AdvanceUntil(rec, rand.New(rand.NewPCG(seed, seed^0x5eed)), games.Hints, done); err != nil {
		tb.Fatal(err)
	}
	return st
}

// suite is the test kit on the Ingenious renderer; the tests play their games themselves
// (play), with players of their own names.
var suite = imagestest.Suite[*Renderer, *ingenious.State, ingenious.View]{
	New:     New,
	ErrView: ErrView,
	// A picture encodes to at most 96 KiB (the portrait table of four seats is 840 × 1430
	// pixels).
	Budget: imagestest.Budget{MaxBytes: 96 << 10},
}

// The games the tests and benchmarks draw.
func twoPlayerMid(tb testing.TB) *ingenious.State {
	return play(tb, []string{"Ada", "Božena"}, ingenious.Options{}, 7, 18)
}

func fourPlayerLate(tb testing.TB) *ingenious.State {
	return play(tb, []string{"Ada", "Bohuslav", "Cyril", "Dana"}, ingenious.Options{}, 11, 58)
}

func teamGame(tb testing.TB) *ingenious.State {
	return play(tb, []string{"Ada", "Bohuslav", "Cyril", "Dana"}, ingenious.Options{Teams: true}, 23, 40)
}

func finishedGame(tb testing.TB) *ingenious.State {
	return play(tb, []string{"Ada", "Božena", "Čeněk"}, ingenious.Options{}, 5, -1)
}

// previewDraft returns the draft of the AI's placement for seat, as the panel writes it.
func previewDraft(tb testing.TB, st *ingenious.State, seat games.Seat) string {
	tb.Helper()
	p, ok := st.Hint(seat).(ingenious.Place)
	if !ok {
		tb.Fatalf("seat %v has no placement to preview", seat)
	}
	r := st.Radius()
	return fmt.Sprintf("%c%c:%s-%s", p.First.Letter(), p.Second.Letter(), p.Cells[0].Label(r), p.Cells[1].Label(r))
}
