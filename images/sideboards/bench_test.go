package sideboards

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// maxPictureBytes is the most a picture may encode to.
const maxPictureBytes = 120 << 10

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

// benchTable draws and encodes the table of view: the naive baseline (NaiveTable, everything
// through gg into RGBA, png.Encode's defaults) against Table encoded the way the bot does.
func benchTable(b *testing.B, v any) {
	r := New()
	if _, err := r.Table(v, games.English); err != nil { // fill the caches
		b.Fatal(err)
	}
	pair(b, func(b *testing.B, buf *bytes.Buffer) int {
		img, err := r.NaiveTable(v, games.English)
		if err != nil {
			b.Fatal(err)
		}
		buf.Reset()
		if err := png.Encode(buf, img); err != nil {
			b.Fatal(err)
		}
		return buf.Len()
	}, func(b *testing.B, buf *bytes.Buffer) int {
		img, err := r.Table(v, games.English)
		if err != nil {
			b.Fatal(err)
		}
		buf.Reset()
		if err := r.kit.EncodePNG(buf, img); err != nil {
			b.Fatal(err)
		}
		return buf.Len()
	})
}

// BenchmarkTable2 is the two-player table in turn 4.
func BenchmarkTable2(b *testing.B) { benchTable(b, view(twoMid(b), games.NoSeat)) }

// BenchmarkTable6 is the finished six-player table, the largest picture.
func BenchmarkTable6(b *testing.B) { benchTable(b, view(sixOver(b), games.NoSeat)) }

// BenchmarkPrivate draws and encodes a private panel.
func BenchmarkPrivate(b *testing.B) {
	v := view(twoMid(b), 0)
	r := New()
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		img, err := r.Private(v, "", games.English)
		if err != nil {
			b.Fatal(err)
		}
		buf.Reset()
		if err := r.kit.EncodePNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/picture")
}

// TestPictureSizes: every golden picture is 800 pixels wide, paletted, and encodes small.
func TestPictureSizes(t *testing.T) {
	r := New()
	for _, p := range goldens(t) {
		img, err := p.Draw(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := img.(*image.Paletted); !ok {
			t.Errorf("%s is a %T, not paletted", p.Name, img)
		}
		if img.Bounds().Dx() != width {
			t.Errorf("%s is %d pixels wide", p.Name, img.Bounds().Dx())
		}
		var buf bytes.Buffer
		if err := r.kit.EncodePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > maxPictureBytes {
			t.Errorf("%s encodes to %d bytes, more than %d", p.Name, buf.Len(), maxPictureBytes)
		}
	}
}
