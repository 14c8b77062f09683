package sideboards

import (
	"image"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images/imagestest"
)

// maxPictureBytes is the most a picture may encode to.
const maxPictureBytes = 120 << 10

// benchTable draws and encodes the table of view: the naive baseline against Table encoded
// the way the bot does (imagestest.BenchTable).
func benchTable(b *testing.B, v any) { imagestest.BenchTable(b, New(), v) }

// BenchmarkTable2 is the two-player table in turn 4.
func BenchmarkTable2(b *testing.B) { benchTable(b, view(twoMid(b), games.NoSeat)) }

// BenchmarkTable6 is the finished six-player table, the largest picture.
func BenchmarkTable6(b *testing.B) { benchTable(b, view(sixOver(b), games.NoSeat)) }

// BenchmarkPrivate draws and encodes a private panel.
func BenchmarkPrivate(b *testing.B) {
	v := view(twoMid(b), 0)
	r := New()
	imagestest.BenchFast(b, r.Kit(), func() (image.Image, error) { return r.Private(v, "", games.English) })
}

// TestPictureSizes: every golden picture is 800 pixels wide, paletted, and encodes small.
func TestPictureSizes(t *testing.T) {
	imagestest.Sizes(t, New(), imagestest.Budget{Width: width, MaxBytes: maxPictureBytes}, goldens(t))
}

// TestNaiveMatchesFast checks that the baseline draws the same picture as the fast path,
// within the rounding of text drawn by different means and the palette (1% of the pixels).
func TestNaiveMatchesFast(t *testing.T) {
	imagestest.SimilarTable(t, New(), view(sixOver(t), games.NoSeat), 0.01)
}
