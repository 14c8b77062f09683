package chart

import (
	"flag"
	"path/filepath"

	"github.com/tablebot/tablebot/games"
	"testing"

	"github.com/tablebot/tablebot/images/imagestest"
)

var outDir = flag.String("out", "", "write sample pictures into this directory")

// TestSamples writes sample pictures for people to look at (go test ./images/chart -run
// Samples -args -out DIR): the golden pictures and stats-chart.png, the README's picture of /stats.
func TestSamples(t *testing.T) {
	if *outDir == "" {
		t.Skip("no -out directory")
	}
	r := New()
	ps := append(goldens(), pic("stats-chart", fourGames(), games.English))
	for _, p := range ps {
		img, err := p.Draw(r)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if err := imagestest.WritePNG(filepath.Join(*outDir, p.Name+".png"), img); err != nil {
			t.Fatal(err)
		}
	}
}
