package gamestest

import (
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
