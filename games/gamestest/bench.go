package gamestest

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// BenchLegalApply lists seat's moves in st and applies one of them (in turn) on a clone: the
// engine's share of a move. Run BenchClone beside it as its naive baseline.
func BenchLegalApply(b *testing.B, st games.State, seat games.Seat) {
	for i := 0; b.Loop(); i++ {
		legal := st.Legal(seat)
		c := st.Clone()
		if _, err := c.Apply(seat, legal[i%len(legal)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchClone clones st: the baseline beside BenchLegalApply.
func BenchClone(b *testing.B, st games.State) {
	for b.Loop() {
		_ = st.Clone()
	}
}

// BenchHint asks the game's AI for seat's move in st.
func BenchHint(b *testing.B, st games.State, seat games.Seat) {
	for b.Loop() {
		if st.Hint(seat) == nil {
			b.Fatal("no hint")
		}
	}
}

// BenchView builds seat's view of st.
func BenchView(b *testing.B, st games.State, seat games.Seat) {
	for b.Loop() {
		st.View(seat)
	}
}

// BenchCompose builds seat's first panel step in st, a games.Composer.
func BenchCompose(b *testing.B, st games.State, seat games.Seat) {
	c, ok := st.(games.Composer)
	if !ok {
		b.Fatalf("%T is no games.Composer", st)
	}
	for b.Loop() {
		if _, err := c.Compose(seat, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// HintsUntil plays st on, every seat on the built-in AI and chance drawing from r, until stop
// holds (games.AdvanceUntil): the way a benchmark reaches the position it measures.
func HintsUntil(tb testing.TB, st games.State, r *rand.Rand, stop func(games.State) bool) {
	tb.Helper()
	if _, err := games.AdvanceUntil(&games.Recorder{State: st}, r, games.Hints, stop); err != nil {
		tb.Fatal(err)
	}
}
