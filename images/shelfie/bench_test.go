package shelfie

import (
	"image"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images/imagestest"
)

// maxPictureBytes is the most a picture may encode to.
const maxPictureBytes = 80 << 10

// BenchmarkTable4 draws and encodes the four-player table mid-round: the baseline (gg text,
// dice drawn afresh, RGBA, png.Encode's defaults) against Table encoded the way the bot does.
func BenchmarkTable4(b *testing.B) {
	imagestest.BenchTable(b, New(), view(fourMid(b), games.NoSeat))
}

// BenchmarkPrivate draws and encodes the private panel with a die picked: what every click
// of the placement costs in pictures.
func BenchmarkPrivate(b *testing.B) {
	s := fourMid(b)
	v := view(s, view(s, games.NoSeat).Current)
	r := New()
	imagestest.BenchFast(b, r.Kit(), func() (image.Image, error) { return r.Private(v, "d1", games.English) })
}

// TestSizes checks that every kind of picture stays within the size budget and is 640 px
// wide, so that 20 px text reads as 11 px at 360 px.
func TestSizes(t *testing.T) {
	ps := append(goldens(t), tablePic("four over", view(fourOver(t), games.NoSeat), games.Czech))
	imagestest.Sizes(t, New(), imagestest.Budget{Width: width, MaxBytes: maxPictureBytes}, ps)
}

// TestNaiveMatchesFast checks that the baseline draws the same picture as the fast path,
// within the rounding of text drawn by different means and the palette (1% of the pixels).
func TestNaiveMatchesFast(t *testing.T) {
	imagestest.SimilarTable(t, New(), view(fourMid(t), games.NoSeat), 0.01)
}
