package shelfie

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images/imagestest"
)

var outDir = flag.String("out", "", "write sample pictures into this directory")

// TestSamples writes sample pictures for people to look at (go test ./images/shelfie -run
// Samples -out DIR): the golden pictures and more phases, languages and seat counts.
func TestSamples(t *testing.T) {
	if *outDir == "" {
		t.Skip("no -out directory")
	}
	r := New()
	over := fourOver(t)
	ps := append(goldens(t),
		tablePic("table-four-over", view(over, games.NoSeat), games.Czech),
		tablePic("table-two-cs", view(twoMid(t), 1), games.Czech),
	)
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
