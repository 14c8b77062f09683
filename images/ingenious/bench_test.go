package ingenious

import (
	"image"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images/imagestest"
)

// maxPictureBytes is the largest a table picture may encode to (the portrait table of four
// seats is 840 × 1430 pixels).
const maxPictureBytes = 96 << 10

// BenchmarkTable4 measures drawing and encoding the table of a late four-player game (radius
// 7): the naive baseline first, then the fast pipeline (imagestest.BenchTable).
func BenchmarkTable4(b *testing.B) {
	imagestest.BenchTable(b, New(), view(fourPlayerLate(b), games.NoSeat))
}

// BenchmarkPreview measures the private panel with a ghost placement on the four-player board.
func BenchmarkPreview(b *testing.B) {
	st := fourPlayerLate(b)
	seat := st.Turn()
	v := view(st, seat)
	draft := previewDraft(b, st, seat)
	r := New()
	imagestest.BenchFast(b, r.Kit(), func() (image.Image, error) { return r.Private(v, draft, games.English) })
}

// TestTableSize checks that the tables, the golden pictures and the samples stay within the
// size budget (and so that every sample draws and encodes).
func TestTableSize(t *testing.T) {
	ps := append(pictures(t), samples(t)...)
	ps = append(ps, tablePic("four players, late", view(fourPlayerLate(t), games.NoSeat), games.English))
	imagestest.Sizes(t, New(), imagestest.Budget{MaxBytes: maxPictureBytes}, ps)
}

// TestNaiveMatchesFast checks that the baseline draws the same picture as the fast path,
// within the rounding of text and edges drawn by different means and the palette (1% of the
// pixels).
func TestNaiveMatchesFast(t *testing.T) {
	imagestest.SimilarTable(t, New(), view(fourPlayerLate(t), games.NoSeat), 0.01)
}
