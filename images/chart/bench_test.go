package chart

import (
	"bytes"
	"testing"

	"github.com/tablebot/tablebot/games"
	shelfiegame "github.com/tablebot/tablebot/games/shelfie"
	shelfieart "github.com/tablebot/tablebot/images/shelfie"
)

// fourGames is the busiest chart: four series, two of them of MaxPoints ratings.
func fourGames() Chart {
	return Chart{Title: "Ada Lovelace", Series: []Series{
		{Name: ingenious, Mark: Circle, Ratings: walk(50, 1, 0.25)},
		{Name: fits, Mark: Square, Ratings: walk(23, 2, 0.35)},
		{Name: sideboards, Mark: Triangle, Ratings: walk(9, 3, -0.1)},
		{Name: shelfie, Mark: Diamond, Ratings: walk(50, 4, 0.05)},
	}}
}

// BenchmarkChart draws and encodes the busiest chart, and in the same run a Shelfie Stacker
// table of four seats (a game picture the bot draws after every move), drawn and encoded the
// same way, both renderers' caches filled first; the chart reports its cost as a multiple of the table's (x-table).
func BenchmarkChart(b *testing.B) {
	st, err := shelfiegame.Game{}.New([]string{"Ada", "Bohuslav", "Cyril", "Dana"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	view := st.View(games.NoSeat)
	table := shelfieart.New()
	r := New()
	ch := fourGames()
	// Fill both renderers' caches (fonts, palettes, dice) before timing.
	if _, err := table.Table(view, games.English); err != nil {
		b.Fatal(err)
	}
	if _, err := r.Render(ch, games.English); err != nil {
		b.Fatal(err)
	}
	var tableNs float64
	b.Run("shelfie-table", func(b *testing.B) {
		var buf bytes.Buffer
		b.ReportAllocs()
		for b.Loop() {
			img, err := table.Table(view, games.English)
			if err != nil {
				b.Fatal(err)
			}
			buf.Reset()
			if err := table.Kit().EncodePNG(&buf, img); err != nil {
				b.Fatal(err)
			}
		}
		tableNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(buf.Len()), "bytes/picture")
	})
	b.Run("chart", func(b *testing.B) {
		var buf bytes.Buffer
		b.ReportAllocs()
		for b.Loop() {
			buf.Reset()
			if err := r.RenderPNG(&buf, ch, games.English); err != nil {
				b.Fatal(err)
			}
		}
		if tableNs > 0 {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/tableNs, "x-table")
		}
		b.ReportMetric(float64(buf.Len()), "bytes/picture")
	})
}
