package fits

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// fourMid is a four-player game in its second round with two seats still placing.
func fourMid(b *testing.B) *game.State {
	return play(b, 4, "{}", 2, func(s *game.State) bool { return s.Board() == 2 && turned(s) == 11 && len(s.ToAct()) == 2 })
}

// BenchmarkTable4 draws and encodes the four-player overview: the naive baseline (everything
// through gg into RGBA, png.Encode's defaults) and the fast pipeline in the same run; fast
// reports x-faster against the baseline and the picture's size.
func BenchmarkTable4(b *testing.B) {
	v := fourMid(b).View(games.NoSeat)
	r := New()
	if _, err := r.Table(v, games.English); err != nil { // fill the caches
		b.Fatal(err)
	}
	var naiveNs float64
	b.Run("naive", func(b *testing.B) {
		var buf bytes.Buffer
		for b.Loop() {
			img, err := r.NaiveTable(v, games.English)
			if err != nil {
				b.Fatal(err)
			}
			buf.Reset()
			if err := png.Encode(&buf, img); err != nil {
				b.Fatal(err)
			}
		}
		naiveNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(buf.Len()), "bytes/picture")
	})
	b.Run("fast", func(b *testing.B) {
		enc := images.NewEncoder()
		var buf bytes.Buffer
		for b.Loop() {
			img, err := r.Table(v, games.English)
			if err != nil {
				b.Fatal(err)
			}
			buf.Reset()
			if err := enc.Encode(&buf, img); err != nil {
				b.Fatal(err)
			}
		}
		if naiveNs > 0 {
			b.ReportMetric(naiveNs/(float64(b.Elapsed().Nanoseconds())/float64(b.N)), "x-faster")
		}
		b.ReportMetric(float64(buf.Len()), "bytes/picture")
	})
}

// BenchmarkPreview draws and encodes a private panel with the ghost: what every ◀ ▶ ⟳ click
// costs in pictures.
func BenchmarkPreview(b *testing.B) {
	s := fourMid(b)
	v := s.View(0)
	r := New()
	enc := images.NewEncoder()
	var buf bytes.Buffer
	for b.Loop() {
		img, err := r.Private(v, "", games.English)
		if err != nil {
			b.Fatal(err)
		}
		buf.Reset()
		if err := enc.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/picture")
}
