package fits

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images/imagestest"
)

// maxPictureBytes is the most a picture may encode to.
const maxPictureBytes = 80 << 10

// maxPictureWidth is the widest a picture may be, to stay readable on a phone.
const maxPictureWidth = 1200

// encodeFast encodes img the way the bot does and returns the PNG's size.
func encodeFast(tb testing.TB, r *Renderer, img image.Image, buf *bytes.Buffer) int {
	buf.Reset()
	if err := r.kit.EncodePNG(buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Len()
}

// encodeNaive encodes img with png.Encode's defaults, as a straightforward renderer would.
func encodeNaive(tb testing.TB, img image.Image, buf *bytes.Buffer) int {
	buf.Reset()
	if err := png.Encode(buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Len()
}

// pair runs the naive and the fast way of making one picture as sub-benchmarks of b: the
// naive first, then the fast, which reports how many times faster it is than the naive
// measured in the same run (x-faster). Both report the size of their picture.
func pair(b *testing.B, naive, fast func(b *testing.B, buf *bytes.Buffer) int) {
	var naiveNs float64
	b.Run("naive", func(b *testing.B) {
		var buf bytes.Buffer
		size := 0
		for b.Loop() {
			size = naive(b, &buf)
		}
		naiveNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(size), "bytes/picture")
	})
	b.Run("fast", func(b *testing.B) {
		var buf bytes.Buffer
		size := 0
		b.ReportAllocs()
		for b.Loop() {
			size = fast(b, &buf)
		}
		if fastNs := float64(b.Elapsed().Nanoseconds()) / float64(b.N); naiveNs > 0 {
			b.ReportMetric(naiveNs/fastNs, "x-faster")
		}
		b.ReportMetric(float64(size), "bytes/picture")
	})
}

// BenchmarkTable4 draws and encodes the four-player table mid-round: the naive baseline
// (NaiveTable, everything through gg into RGBA, png.Encode's defaults) against Table encoded
// the way the bot does.
func BenchmarkTable4(b *testing.B) {
	v := view(fourMid(b), games.NoSeat)
	r := New()
	if _, err := r.Table(v, games.English); err != nil { // fill the caches
		b.Fatal(err)
	}
	pair(b, func(b *testing.B, buf *bytes.Buffer) int {
		img, err := r.NaiveTable(v, games.English)
		if err != nil {
			b.Fatal(err)
		}
		return encodeNaive(b, img, buf)
	}, func(b *testing.B, buf *bytes.Buffer) int {
		img, err := r.Table(v, games.English)
		if err != nil {
			b.Fatal(err)
		}
		return encodeFast(b, r, img, buf)
	})
}

// BenchmarkPreview draws and encodes the private panel with a ghost, what every ◀ ▶ ⟳ click
// costs in pictures: the naive way against Private.
func BenchmarkPreview(b *testing.B) {
	s := fourMid(b)
	seat := s.ToAct()[0]
	v := view(s, seat)
	r := New()
	if _, err := r.Private(v, "", games.English); err != nil { // fill the caches
		b.Fatal(err)
	}
	pair(b, func(b *testing.B, buf *bytes.Buffer) int {
		p, err := preparePrivate(v, "")
		if err != nil {
			b.Fatal(err)
		}
		img, err := r.naivePrivate(p, games.English)
		if err != nil {
			b.Fatal(err)
		}
		return encodeNaive(b, img, buf)
	}, func(b *testing.B, buf *bytes.Buffer) int {
		img, err := r.Private(v, "", games.English)
		if err != nil {
			b.Fatal(err)
		}
		return encodeFast(b, r, img, buf)
	})
}

// TestSizes checks that every kind of picture stays within the size and width budgets.
func TestSizes(t *testing.T) {
	r := New()
	var buf bytes.Buffer
	ps := goldens(t)
	over := fourOver(t)
	ps = append(ps,
		tablePic("four over", view(over, games.NoSeat), games.Czech),
		tablePic("start pieces", view(startPhase(t), games.NoSeat), games.English),
		tablePic("solo mid", view(play(t, 1, "{}", 9, func(s *game.State) bool { return s.Board() == 3 && turned(s) == 8 }), 0), games.Czech),
	)
	for _, p := range ps {
		img, err := p.Draw(r)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if w := img.Bounds().Dx(); w > maxPictureWidth {
			t.Errorf("%s: %d px wide, more than %d", p.Name, w, maxPictureWidth)
		}
		if n := encodeFast(t, r, img, &buf); n > maxPictureBytes {
			t.Errorf("%s: encodes to %d bytes, more than %d", p.Name, n, maxPictureBytes)
		}
	}
}

// TestNaiveMatchesFast checks that the baseline draws the same pictures as the fast path
// (within the rounding of text and edges drawn by different means).
func TestNaiveMatchesFast(t *testing.T) {
	r := New()
	four := fourMid(t)
	v := view(four, games.NoSeat)
	fast, err := r.Table(v, games.English)
	if err != nil {
		t.Fatal(err)
	}
	naive, err := r.NaiveTable(v, games.English)
	if err != nil {
		t.Fatal(err)
	}
	if err := similar(fast, naive); err != nil {
		t.Errorf("table: %v", err)
	}
	pv := view(four, four.ToAct()[0])
	fastP, err := r.Private(pv, "", games.English)
	if err != nil {
		t.Fatal(err)
	}
	p, err := preparePrivate(pv, "")
	if err != nil {
		t.Fatal(err)
	}
	naiveP, err := r.naivePrivate(p, games.English)
	if err != nil {
		t.Fatal(err)
	}
	if err := similar(fastP, naiveP); err != nil {
		t.Errorf("preview: %v", err)
	}
}

// similar fails when two pictures differ in size, or in more than 0.5% of their pixels by
// more than 40 levels: gg and the fast path anti-alias text and edges a little differently,
// and the palette rounds the baseline's colours, but the pictures must be the same.
func similar(a, b image.Image) error {
	if a.Bounds() != b.Bounds() {
		return imagestest.Compare(a, b)
	}
	n, r := 0, a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if max(r1, r2)-min(r1, r2) > 40*0x101 || max(g1, g2)-min(g1, g2) > 40*0x101 || max(b1, b2)-min(b1, b2) > 40*0x101 {
				n++
			}
		}
	}
	if frac := float64(n) / float64(r.Dx()*r.Dy()); frac > 0.005 {
		return fmt.Errorf("%d pixels (%.2f%%) differ by more than 40 levels", n, 100*frac)
	}
	return nil
}
