package fits

import (
	"bytes"
	"image"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images/imagestest"
)

// BenchmarkTable4 draws and encodes the four-player table mid-round: the naive baseline
// (NaiveTable, everything through gg into RGBA, png.Encode's defaults) against Table encoded
// the way the bot does.
func BenchmarkTable4(b *testing.B) { suite.BenchTable(b, fourMid(b)) }

// BenchmarkPreview draws and encodes the private panel with a ghost, what every ◀ ▶ ⟳ click
// costs in pictures: the naive way against Private.
func BenchmarkPreview(b *testing.B) {
	s := fourMid(b)
	seat := s.ToAct()[0]
	v := suite.View(s, seat)
	r := New()
	if _, err := r.Private(v, "", games.English); err != nil { // fill the caches
		b.Fatal(err)
	}
	imagestest.Pair(b, func(b *testing.B, buf *bytes.Buffer) int {
		return imagestest.EncodeNaive(b, naivePreview(b, r, v), buf)
	}, func(b *testing.B, buf *bytes.Buffer) int {
		img, err := r.Private(v, "", games.English)
		if err != nil {
			b.Fatal(err)
		}
		return imagestest.Encode(b, r.Kit(), img, buf)
	})
}

// TestSizes checks that every kind of picture stays within the size and width budgets.
func TestSizes(t *testing.T) {
	over := fourOver(t)
	ps := append(goldens(t),
		suite.Table("four over", over, games.NoSeat, games.Czech),
		suite.Table("start pieces", startPhase(t), games.NoSeat, games.English),
		suite.Table("solo mid", suite.Play(t, 1, "{}", 9, func(s *game.State) bool { return s.Board() == 3 && turned(s) == 8 }), 0, games.Czech),
	)
	suite.Sizes(t, ps)
}

// TestNaiveMatchesFast checks that the baseline draws the same pictures as the fast path
// (within the rounding of text and edges drawn by different means: 0.5% of the pixels).
func TestNaiveMatchesFast(t *testing.T) {
	four := fourMid(t)
	suite.SimilarTable(t, four, 0.005)
	r := New()
	pv := suite.View(four, four.ToAct()[0])
	fastP, err := r.Private(pv, "", games.English)
	if err != nil {
		t.Fatal(err)
	}
	if err := imagestest.Similar(fastP, naivePreview(t, r, pv), 0.005); err != nil {
		t.Errorf("preview: %v", err)
	}
}

// naivePreview draws v's private panel at the empty draft, in English, the naive way: the
// baseline Private is measured and compared against.
func naivePreview(tb testing.TB, r *Renderer, v *game.View) image.Image {
	tb.Helper()
	p, err := preparePrivate(v, "")
	if err != nil {
		tb.Fatal(err)
	}
	img, err := r.naivePrivate(p, games.English)
	if err != nil {
		tb.Fatal(err)
	}
	return img
}
