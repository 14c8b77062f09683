package shelfie

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
	"github.com/tablebot/tablebot/images/imagestest"
)

// maxPictureBytes is the most a picture may encode to.
const maxPictureBytes = 80 << 10

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

// pair runs the naive and the fast way of making one picture as sub-benchmarks of b; the fast
// one reports how many times faster it is than the naive measured in the same run.
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

// BenchmarkTable4 draws and encodes the four-player table mid-round: the baseline (gg text,
// dice drawn afresh, RGBA, png.Encode's defaults) against Table encoded the way the bot does.
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

// BenchmarkPrivate draws and encodes the private panel with a die picked: what every click
// of the placement costs in pictures.
func BenchmarkPrivate(b *testing.B) {
	s := fourMid(b)
	v := view(s, view(s, games.NoSeat).Current)
	r := New()
	b.ReportAllocs()
	var buf bytes.Buffer
	for b.Loop() {
		img, err := r.Private(v, "d1", games.English)
		if err != nil {
			b.Fatal(err)
		}
		encodeFast(b, r, img, &buf)
	}
}

// TestSizes checks that every kind of picture stays within the size budget and is 640 px
// wide, so that 20 px text reads as 11 px at 360 px.
func TestSizes(t *testing.T) {
	r := New()
	var buf bytes.Buffer
	ps := append(goldens(t), tablePic("four over", view(fourOver(t), games.NoSeat), games.Czech))
	for _, p := range ps {
		img, err := p.Draw(r)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if w := img.Bounds().Dx(); w != width {
			t.Errorf("%s: %d px wide, want %d", p.Name, w, width)
		}
		if n := encodeFast(t, r, img, &buf); n > maxPictureBytes {
			t.Errorf("%s: encodes to %d bytes, more than %d", p.Name, n, maxPictureBytes)
		}
	}
	fonts, err := r.Kit().Fonts()
	if err != nil {
		t.Fatal(err)
	}
	if got := fonts.Smallest() * images.PhoneWidth / width; got < images.PhoneLabel {
		t.Errorf("smallest text %.1f px → %.1f px at %d px wide", fonts.Smallest(), got, images.PhoneWidth)
	}
}

// TestNaiveMatchesFast checks that the baseline draws the same picture as the fast path,
// within the rounding of text drawn by different means and the palette.
func TestNaiveMatchesFast(t *testing.T) {
	r := New()
	v := view(fourMid(t), games.NoSeat)
	fast, err := r.Table(v, games.English)
	if err != nil {
		t.Fatal(err)
	}
	naive, err := r.NaiveTable(v, games.English)
	if err != nil {
		t.Fatal(err)
	}
	if err := similar(fast, naive); err != nil {
		t.Error(err)
	}
}

// similar fails when two pictures differ in size, or in more than 1% of their pixels by more
// than 40 levels.
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
	if frac := float64(n) / float64(r.Dx()*r.Dy()); frac > 0.01 {
		return fmt.Errorf("%d pixels (%.2f%%) differ by more than 40 levels", n, 100*frac)
	}
	return nil
}
