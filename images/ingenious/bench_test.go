package ingenious

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
)

// maxPictureBytes is the largest a table picture may encode to (the portrait table of four
// seats is 840 × 1430 pixels).
const maxPictureBytes = 96 << 10

// encodeFast renders the table of v the way the bot does and returns the PNG's size.
func encodeFast(tb testing.TB, r *Renderer, v *ingenious.View, buf *bytes.Buffer) int {
	img, err := r.Table(v, games.English)
	if err != nil {
		tb.Fatal(err)
	}
	buf.Reset()
	if err := r.kit.EncodePNG(buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Len()
}

// encodeNaive draws the same picture the straightforward way — everything through gg into
// RGBA, no cached board, no sprites — and encodes it with png.Encode's defaults.
func encodeNaive(tb testing.TB, r *Renderer, v *ingenious.View, buf *bytes.Buffer) int {
	img, err := r.drawBaseline(v, games.English)
	if err != nil {
		tb.Fatal(err)
	}
	buf.Reset()
	if err := png.Encode(buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Len()
}

// BenchmarkTable4 measures drawing and encoding the table of a late four-player game (radius
// 7): the naive baseline first, then the fast pipeline, which reports how many times faster it
// is than the baseline measured in the same run (x-faster) and the size of its picture.
func BenchmarkTable4(b *testing.B) {
	v := view(fourPlayerLate(b), games.NoSeat)
	r := New()
	var buf bytes.Buffer
	encodeFast(b, r, v, &buf) // fill the caches
	naiveNs := 0.0
	b.Run("naive", func(b *testing.B) {
		var buf bytes.Buffer
		size := 0
		for b.Loop() {
			size = encodeNaive(b, r, v, &buf)
		}
		naiveNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(size), "bytes/picture")
	})
	b.Run("fast", func(b *testing.B) {
		var buf bytes.Buffer
		size := 0
		b.ReportAllocs()
		for b.Loop() {
			size = encodeFast(b, r, v, &buf)
		}
		fastNs := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		if naiveNs > 0 {
			b.ReportMetric(naiveNs/fastNs, "x-faster")
		}
		b.ReportMetric(float64(size), "bytes/picture")
	})
}

// BenchmarkPreview measures the private panel with a ghost placement on the four-player board.
func BenchmarkPreview(b *testing.B) {
	st := fourPlayerLate(b)
	seat := st.Turn()
	v := view(st, seat)
	draft := previewDraft(b, st, seat)
	r := New()
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		img, err := r.Private(v, draft, games.English)
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

// TestTableSize checks that the benchmark's picture stays within the size budget.
func TestTableSize(t *testing.T) {
	r := New()
	var buf bytes.Buffer
	for name, v := range map[string]*ingenious.View{
		"four players, late": view(fourPlayerLate(t), games.NoSeat),
		"teams":              view(teamGame(t), games.NoSeat),
		"finished":           view(finishedGame(t), games.NoSeat),
		"two players":        view(twoPlayerMid(t), games.NoSeat),
	} {
		if n := encodeFast(t, r, v, &buf); n > maxPictureBytes {
			t.Errorf("%s: the table encodes to %d bytes, more than %d", name, n, maxPictureBytes)
		}
	}
}
