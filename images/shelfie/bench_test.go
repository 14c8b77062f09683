package shelfie

import (
	"testing"

	"github.com/tablebot/tablebot/games"
)

// BenchmarkTable4 draws and encodes the four-player table mid-round: the baseline (gg text,
// dice drawn afresh, RGBA, png.Encode's defaults) against Table encoded the way the bot does.
func BenchmarkTable4(b *testing.B) { suite.BenchTable(b, fourMid(b)) }

// BenchmarkPrivate draws and encodes the private panel with a die picked: what every click
// of the placement costs in pictures.
func BenchmarkPrivate(b *testing.B) {
	s := fourMid(b)
	suite.BenchPrivate(b, s, suite.View(s, games.NoSeat).Current, "d1")
}

// TestSizes checks that every kind of picture stays within the size budget and is 640 px
// wide, so that 20 px text reads as 11 px at 360 px.
func TestSizes(t *testing.T) {
	suite.Sizes(t, append(goldens(t), suite.Table("four over", fourOver(t), games.NoSeat, games.Czech)))
}

// TestNaiveMatchesFast checks that the baseline draws the same picture as the fast path,
// within the rounding of text drawn by different means and the palette (1% of the pixels).
func TestNaiveMatchesFast(t *testing.T) {
	suite.SimilarTable(t, fourMid(t), 0.01)
}
