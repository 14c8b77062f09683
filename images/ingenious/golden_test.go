package ingenious

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// maxDiffering is the fraction of pixels a picture may differ from its golden copy in (by more
// than a few levels in a channel), for floating-point differences between machines.
const maxDiffering = 0.002

// picture is one golden picture: its file name and how to draw it.
type picture struct {
	name string
	draw func(r *Renderer) (image.Image, error)
}

// pictures lists the golden pictures, each drawn from a seeded game played by the AI.
func pictures(tb testing.TB) []picture {
	two, four, team, over := twoPlayerMid(tb), fourPlayerLate(tb), teamGame(tb), finishedGame(tb)
	seat := two.Turn()
	chosen := two.Rack(seat)[2].String()
	preview := previewDraft(tb, two, seat)
	table := func(st *ingenious.State, viewer games.Seat, lang games.Lang) func(r *Renderer) (image.Image, error) {
		v := view(st, viewer)
		return func(r *Renderer) (image.Image, error) { return r.Table(v, lang) }
	}
	private := func(st *ingenious.State, viewer games.Seat, draft string) func(r *Renderer) (image.Image, error) {
		v := view(st, viewer)
		return func(r *Renderer) (image.Image, error) { return r.Private(v, draft, games.English) }
	}
	return []picture{
		{"table-two-mid", table(two, games.NoSeat, games.English)},
		{"table-four-late", table(four, 1, games.Czech)},
		{"table-teams", table(team, games.NoSeat, games.English)},
		{"table-over", table(over, games.NoSeat, games.English)},
		{"private-rack", private(two, seat, "")},
		{"private-chosen", private(two, seat, chosen)},
		{"private-preview", private(two, seat, preview)},
	}
}

func TestGolden(t *testing.T) {
	r := New()
	for _, p := range pictures(t) {
		t.Run(p.name, func(t *testing.T) {
			got, err := p.draw(r)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", p.name+".png")
			if *update {
				if err := writePNG(path, got); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := readPNG(path)
			if err != nil {
				t.Fatalf("%v (run go test ./images/ingenious -update to write it)", err)
			}
			if err := compare(got, want); err != nil {
				out, werr := os.CreateTemp("", "ingenious-"+p.name+"-*.png")
				if werr == nil {
					out.Close()
					werr = writePNG(out.Name(), got)
				}
				if werr != nil {
					t.Fatalf("%v; writing the picture failed too: %v", err, werr)
				}
				t.Fatalf("%v: got %s, want %s (go test ./images/ingenious -update accepts it)", err, out.Name(), path)
			}
		})
	}
}

// compare fails when the pictures differ in size or in more than a tiny fraction of pixels.
func compare(got, want image.Image) error {
	if got.Bounds() != want.Bounds() {
		return fmt.Errorf("size %v, want %v", got.Bounds(), want.Bounds())
	}
	b := got.Bounds()
	diff := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := got.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				diff++
			}
		}
	}
	if frac := float64(diff) / float64(b.Dx()*b.Dy()); frac > maxDiffering {
		return fmt.Errorf("%d pixels (%.2f%%) differ", diff, 100*frac)
	}
	return nil
}

// far reports whether two 16-bit channel values differ by more than 8 levels of 255.
func far(a, b uint32) bool { return max(a, b)-min(a, b) > 8*0x101 }

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := images.EncodePNG(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// TestConcurrent draws every picture from several goroutines on one fresh renderer (its caches
// filling under contention) and checks that each equals the picture drawn alone.
func TestConcurrent(t *testing.T) {
	ps := pictures(t)
	alone := New()
	want := make([]image.Image, len(ps))
	for i, p := range ps {
		img, err := p.draw(alone)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = img
	}
	r := New()
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range ps {
				i := (g + k) % len(ps)
				got, err := ps[i].draw(r)
				if err != nil {
					t.Error(err)
					return
				}
				if !samePixels(got, want[i]) {
					t.Errorf("%s drawn concurrently differs from the picture drawn alone", ps[i].name)
				}
			}
		}()
	}
	wg.Wait()
}

// samePixels reports whether two paletted pictures are identical.
func samePixels(a, b image.Image) bool {
	pa, ok1 := a.(*image.Paletted)
	pb, ok2 := b.(*image.Paletted)
	return ok1 && ok2 && pa.Rect == pb.Rect && string(pa.Pix) == string(pb.Pix)
}

func TestBadViews(t *testing.T) {
	r := New()
	two := twoPlayerMid(t)
	spectator := view(two, games.NoSeat)
	player := view(two, two.Turn())
	far := *player
	far.Placements = append(far.Placements[:len(far.Placements):len(far.Placements)], ingenious.Placement{
		Place: ingenious.Place{First: ingenious.Red, Second: ingenious.Blue, Cells: [2]ingenious.Cell{{Q: 0, R: 0}, {Q: 2, R: 0}}},
	})
	for _, tc := range []struct {
		name string
		view any
	}{
		{"nil", nil},
		{"a string", "table"},
		{"a view by value", *spectator},
		{"a nil view", (*ingenious.View)(nil)},
		{"a radius of 9", &ingenious.View{Radius: 9, Players: []string{"A"}, Scores: [][6]int{{}}}},
		{"no players", &ingenious.View{Radius: 5}},
		{"a tile on cells apart", &far},
	} {
		if _, err := r.Table(tc.view, games.English); !errors.Is(err, ErrView) {
			t.Errorf("Table(%s): error %v, want one wrapping ErrView", tc.name, err)
		}
		if _, err := r.Private(tc.view, "", games.English); !errors.Is(err, ErrView) {
			t.Errorf("Private(%s): error %v, want one wrapping ErrView", tc.name, err)
		}
	}
	if _, err := r.Private(spectator, "", games.English); !errors.Is(err, ErrView) {
		t.Errorf("Private(spectator): error %v, want one wrapping ErrView", err)
	}
	for _, draft := range []string{"XX", "RG:F7", "RG:Z1-Z2", "RG:A1-A3", "RG:F7-F8-F9"} {
		if _, err := r.Private(player, draft, games.English); err == nil {
			t.Errorf("Private with draft %q: want an error", draft)
		}
	}
	for _, draft := range []string{"", "swap", "keep", "RG", "RG:F7-F8"} {
		if _, err := r.Private(player, draft, games.Czech); err != nil {
			t.Errorf("Private with draft %q: %v", draft, err)
		}
	}
}
