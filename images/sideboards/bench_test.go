package sideboards

import "testing"

// BenchmarkTable2 draws and encodes the two-player table in turn 4: the naive baseline against
// Table encoded the way the bot does (imagestest.BenchTable).
func BenchmarkTable2(b *testing.B) { suite.BenchTable(b, twoMid(b)) }

// BenchmarkTable6 is BenchmarkTable2 for the finished six-player table, the largest picture.
func BenchmarkTable6(b *testing.B) { suite.BenchTable(b, sixOver(b)) }

// BenchmarkPrivate draws and encodes a private panel.
func BenchmarkPrivate(b *testing.B) {
	suite.BenchPrivate(b, twoMid(b), 0, "")
}

// TestPictureSizes: every golden picture is 800 pixels wide, paletted, and encodes small.
func TestPictureSizes(t *testing.T) {
	suite.Sizes(t, goldens(t))
}

// TestNaiveMatchesFast checks that the baseline draws the same picture as the fast path,
// within the rounding of text drawn by different means and the palette (1% of the pixels).
func TestNaiveMatchesFast(t *testing.T) {
	suite.SimilarTable(t, sixOver(t), 0.01)
}
