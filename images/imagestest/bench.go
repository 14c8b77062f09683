package imagestest

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
)

// Encode encodes img with k's encoder, the way the bot does, into buf (reset first) and
// returns the PNG's size.
func Encode(tb testing.TB, k *images.Kit, img image.Image, buf *bytes.Buffer) int {
	tb.Helper()
	buf.Reset()
	if err := k.EncodePNG(buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Len()
}

// EncodeNaive encodes img with png.Encode's defaults, as a straightforward renderer would,
// into buf (reset first) and returns the PNG's size.
func EncodeNaive(tb testing.TB, img image.Image, buf *bytes.Buffer) int {
	tb.Helper()
	buf.Reset()
	if err := png.Encode(buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Len()
}

// Pair runs the naive and the fast way of making one picture as sub-benchmarks of b: the
// naive first, then the fast, which reports how many times faster it is than the naive
// measured in the same run (x-faster). Each returns the size of its picture, which both
// report (bytes/picture).
func Pair(b *testing.B, naive, fast func(b *testing.B, buf *bytes.Buffer) int) {
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

// BenchTable is the Pair of the table of view in English: the naive baseline (NaiveTable,
// everything through gg into RGBA, png.Encode's defaults) against Table encoded the way the
// bot does, r's caches filled first.
func BenchTable(b *testing.B, r Renderer, view any) {
	if _, err := r.Table(view, games.English); err != nil { // fill the caches
		b.Fatal(err)
	}
	Pair(b, func(b *testing.B, buf *bytes.Buffer) int {
		return EncodeNaive(b, drawn(r.NaiveTable(view, games.English))(b), buf)
	}, func(b *testing.B, buf *bytes.Buffer) int {
		return Encode(b, r.Kit(), drawn(r.Table(view, games.English))(b), buf)
	})
}

// BenchFast measures draw followed by encoding its picture with k the way the bot does,
// reporting allocations and the size of the picture (bytes/picture).
func BenchFast(b *testing.B, k *images.Kit, draw func() (image.Image, error)) {
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		Encode(b, k, drawn(draw())(b), &buf)
	}
	b.ReportMetric(float64(buf.Len()), "bytes/picture")
}

// drawn returns a function giving img, or failing tb with err.
func drawn(img image.Image, err error) func(tb testing.TB) image.Image {
	return func(tb testing.TB) image.Image {
		tb.Helper()
		if err != nil {
			tb.Fatal(err)
		}
		return img
	}
}
