package fits

import (
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/tablebot/tablebot/images"
)

var samplesOut = flag.String("out", "", "directory to write sample pictures to (TestSamples)")

// TestSamples writes the pictures of the golden views as PNG files (to -out, for looking at
// them; by default to a temporary directory) and checks that each reads back.
func TestSamples(t *testing.T) {
	out := *samplesOut
	if out == "" {
		out = t.TempDir()
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	r := New()
	for _, g := range goldenCases(t) {
		img, err := g.draw(r)
		if err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		path := filepath.Join(out, g.name+".png")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := images.EncodePNG(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
		back, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(back); err != nil {
			t.Fatalf("%s does not read back: %v", path, err)
		}
		back.Close()
	}
}
