package fits

import (
	"bytes"
	"errors"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// maxPictureBytes is the most a picture may encode to.
const maxPictureBytes = 80 << 10

func encode(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := images.EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// differing counts the pixels that differ between two pictures of the same size.
func differing(a, b image.Image) int {
	if a.Bounds() != b.Bounds() {
		return -1
	}
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				n++
			}
		}
	}
	return n
}

func TestGolden(t *testing.T) {
	r := New()
	for _, g := range goldenCases(t) {
		t.Run(g.name, func(t *testing.T) {
			img, err := g.draw(r)
			if err != nil {
				t.Fatal(err)
			}
			data := encode(t, img)
			if len(data) > maxPictureBytes {
				t.Errorf("%d bytes, want at most %d", len(data), maxPictureBytes)
			}
			if w := img.Bounds().Dx(); w > 1200 {
				t.Errorf("%d px wide, want at most 1200", w)
			}
			path := filepath.Join("testdata", g.name+".png")
			if *update {
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			want, err := png.Decode(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			if d := differing(img, want); d < 0 || d > img.Bounds().Dx()*img.Bounds().Dy()/1000 {
				got := filepath.Join(t.TempDir(), g.name+".png")
				os.WriteFile(got, data, 0o644)
				t.Fatalf("%d pixels differ from %s; the new picture is %s", d, path, got)
			}
		})
	}
}

func TestBadViews(t *testing.T) {
	r := New()
	spectator := play(t, 2, "{}", 1, func(s *game.State) bool { return turned(s) == 2 }).View(games.NoSeat)
	for name, draw := range map[string]func() error{
		"wrong type":        func() error { _, err := r.Table(42, games.English); return err },
		"nil view":          func() error { _, err := r.Table((*game.View)(nil), games.English); return err },
		"spectator private": func() error { _, err := r.Private(spectator, "", games.English); return err },
		"naive wrong type":  func() error { _, err := r.NaiveTable("x", games.English); return err },
	} {
		if err := draw(); !errors.Is(err, ErrView) {
			t.Errorf("%s: %v, want ErrView", name, err)
		}
	}
	// A malformed draft is drawn as "nothing to place", never a panic.
	mine := play(t, 2, "{}", 1, func(s *game.State) bool { return turned(s) == 3 && len(s.ToAct()) == 2 }).View(0)
	if _, err := r.Private(mine, "r9f7cZ", games.English); err != nil {
		t.Errorf("malformed draft: %v", err)
	}
}

func TestConcurrentRendering(t *testing.T) {
	r := New()
	cases := goldenCases(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := cases[i%len(cases)]
			if _, err := g.draw(r); err != nil {
				t.Errorf("%s: %v", g.name, err)
			}
		}()
	}
	wg.Wait()
}
