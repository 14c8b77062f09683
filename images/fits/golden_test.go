package fits

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
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// maxDiffering is the fraction of pixels a picture may differ from its golden copy in (by
// more than a few levels in a channel), for floating-point differences between machines.
const maxDiffering = 0.002

// picture is one picture of the tests: its name and how to draw it.
type picture struct {
	name string
	draw func(r *Renderer) (image.Image, error)
}

func tablePic(name string, v *game.View, lang games.Lang) picture {
	return picture{name, func(r *Renderer) (image.Image, error) { return r.Table(v, lang) }}
}

func privatePic(name string, v *game.View, draft string, lang games.Lang) picture {
	return picture{name, func(r *Renderer) (image.Image, error) { return r.Private(v, draft, lang) }}
}

// goldens lists the golden pictures, each drawn from a seeded game played by the AI.
func goldens(tb testing.TB) []picture {
	tb.Helper()
	two, four, end, b4, solo, high := twoMid(tb), fourMid(tb), roundEnd(tb), board4(tb), soloOver(tb), crowded(tb)
	tooHigh, ok := highDraft(view(high, 0))
	if !ok {
		tb.Fatal("no drop reaches above row 16")
	}
	return []picture{
		tablePic("table-two-mid", view(two, games.NoSeat), games.English),
		tablePic("table-four", view(four, 1), games.Czech),
		tablePic("table-solo-over", view(solo, 0), games.English),
		tablePic("table-round-end", view(end, games.NoSeat), games.English),
		tablePic("table-board4", view(b4, games.NoSeat), games.English),
		privatePic("private-legal", view(two, 0), "", games.English),
		privatePic("private-too-high", view(high, 0), tooHigh, games.English),
		privatePic("private-aside-cs", view(four, 0), game.AsideDraft, games.Czech),
	}
}

func TestGolden(t *testing.T) {
	r := New()
	for _, p := range goldens(t) {
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
				t.Fatalf("%v (go test ./images/fits -update writes it)", err)
			}
			if err := compare(got, want); err != nil {
				out, werr := os.CreateTemp("", "fits-"+p.name+"-*.png")
				if werr == nil {
					out.Close()
					werr = writePNG(out.Name(), got)
				}
				if werr != nil {
					t.Fatalf("%v; writing the picture failed too: %v", err, werr)
				}
				t.Fatalf("%v: got %s, want %s (go test ./images/fits -update accepts it)", err, out.Name(), path)
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

// TestConcurrent draws every golden picture from several goroutines on one fresh renderer
// (its caches filling under contention) and checks that each equals the picture drawn alone.
func TestConcurrent(t *testing.T) {
	ps := goldens(t)
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
	two := twoMid(t)
	spectator := view(two, games.NoSeat)
	overlap := view(two, games.NoSeat)
	overlap.Seats[1].Pieces = append(overlap.Seats[1].Pieces, overlap.Seats[1].Pieces[0])
	offBoard := view(two, games.NoSeat)
	offBoard.Seats[0].Pieces[0].Cells = []game.Cell{{Col: 6, Row: 0}}
	noSeats := view(two, games.NoSeat)
	noSeats.Seats = nil
	badBoard := view(two, games.NoSeat)
	badBoard.Board = 7
	badLast := view(two, games.NoSeat)
	badLast.Seats[0].Last = 99
	for _, tc := range []struct {
		name string
		view any
	}{
		{"nil", nil},
		{"a string", "table"},
		{"a view by value", *spectator},
		{"a nil view", (*game.View)(nil)},
		{"no seats", noSeats},
		{"board 7", badBoard},
		{"overlapping pieces", overlap},
		{"a piece off the board", offBoard},
		{"a last piece out of range", badLast},
	} {
		if _, err := r.Table(tc.view, games.English); !errors.Is(err, ErrView) {
			t.Errorf("Table(%s): error %v, want one wrapping ErrView", tc.name, err)
		}
		if _, err := r.NaiveTable(tc.view, games.English); !errors.Is(err, ErrView) {
			t.Errorf("NaiveTable(%s): error %v, want one wrapping ErrView", tc.name, err)
		}
		if _, err := r.Private(tc.view, "", games.English); !errors.Is(err, ErrView) {
			t.Errorf("Private(%s): error %v, want one wrapping ErrView", tc.name, err)
		}
	}
	if _, err := r.Private(spectator, "", games.English); !errors.Is(err, ErrView) {
		t.Errorf("Private(spectator): error %v, want one wrapping ErrView", err)
	}
	player := view(two, 0)
	for _, draft := range []string{"r9f0cA", "x", "r0f0cG", "r0f2cA", "aside "} {
		if _, err := r.Private(player, draft, games.English); err == nil {
			t.Errorf("Private with draft %q: want an error", draft)
		}
	}
	for _, draft := range []string{"", "aside", "r0f0cA", "r3f1cD", "r1f0cF"} {
		if _, err := r.Private(player, draft, games.Czech); err != nil {
			t.Errorf("Private with draft %q: %v", draft, err)
		}
	}
	if _, err := r.Private(view(startPhase(t), 0), "aside", games.English); err == nil {
		t.Error("setting a start piece aside: want an error")
	}
	if _, err := r.Private(view(two, 1), "", games.English); err != nil {
		t.Errorf("a seat that has chosen already: %v", err)
	}
}

// TestEveryStep draws the table and every player's panel after every move of a seeded game:
// no phase, seat or state may fail to draw.
func TestEveryStep(t *testing.T) {
	r := New()
	var st *game.State
	draw := func() {
		t.Helper()
		if _, err := r.Table(view(st, games.NoSeat), games.Czech); err != nil {
			t.Fatalf("table after %d cards: %v", turned(st), err)
		}
		for seat := range games.Seat(2) {
			if _, err := r.Private(view(st, seat), "", games.English); err != nil {
				t.Fatalf("panel of seat %d after %d cards: %v", seat, turned(st), err)
			}
		}
	}
	play(t, 2, `{"boards":[4,3]}`, 11, func(s *game.State) bool {
		st = s
		draw()
		return false
	})
	draw()
	if !games.Over(st) {
		t.Fatal("the game did not end")
	}
}
