package ingenious

import (
	"testing"

	"github.com/tablebot/tablebot/games"
)

// BenchmarkTable4 measures drawing and encoding the table of a late four-player game (radius
// 7): the naive baseline first, then the fast pipeline (imagestest.BenchTable).
func BenchmarkTable4(b *testing.B) { suite.BenchTable(b, fourPlayerLate(b)) }

// BenchmarkPreview measures the private panel with a ghost placement on the four-player board.
func BenchmarkPreview(b *testing.B) {
	st := fourPlayerLate(b)
	suite.BenchPrivate(b, st, st.Turn(), previewDraft(b, st, st.Turn()))
}

// TestTableSize checks that the tables, the golden pictures and the samples stay within the
// size budget (and so that every sample draws and encodes).
func TestTableSize(t *testing.T) {
	ps := append(pictures(t), samples(t)...)
	suite.Sizes(t, append(ps, suite.Table("four players, late", fourPlayerLate(t), games.NoSeat, games.English)))
}

// TestNaiveMatchesFast checks that the baseline draws the same picture as the fast path,
// within the rounding of text and edges drawn by different means and the palette (1% of the
// pixels).
func TestNaiveMatchesFast(t *testing.T) {
	suite.SimilarTable(t, fourPlayerLate(t), 0.01)
}
