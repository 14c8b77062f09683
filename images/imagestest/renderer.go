package imagestest

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
)

// Renderer is what the checks below draw with: a game's renderer (images.Renderer).
type Renderer = images.Renderer

// Budget is what every picture of a renderer must keep to.
type Budget struct {
	// Width is the width of every picture (0: any).
	Width int
	// MaxWidth is the widest a picture may be (0: no limit).
	MaxWidth int
	// MaxBytes is the most a picture may encode to with the renderer's kit.
	MaxBytes int
}

// Sizes draws every picture with r and checks it against b: an *image.Paletted of the width
// asked, encoding to at most b.MaxBytes, its smallest text readable on a phone (Readable).
func Sizes[R Renderer](t *testing.T, r R, b Budget, pics []Picture[R]) {
	t.Helper()
	var buf bytes.Buffer
	widest := 0
	for _, p := range pics {
		img, err := p.Draw(r)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		w := img.Bounds().Dx()
		widest = max(widest, w)
		if _, ok := img.(*image.Paletted); !ok {
			t.Errorf("%s is a %T, not paletted", p.Name, img)
		}
		if b.Width > 0 && w != b.Width {
			t.Errorf("%s: %d px wide, want %d", p.Name, w, b.Width)
		}
		if b.MaxWidth > 0 && w > b.MaxWidth {
			t.Errorf("%s: %d px wide, more than %d", p.Name, w, b.MaxWidth)
		}
		if n := Encode(t, r.Kit(), img, &buf); n > b.MaxBytes {
			t.Errorf("%s: encodes to %d bytes, more than %d", p.Name, n, b.MaxBytes)
		}
	}
	if err := readableKit(r.Kit(), widest); err != nil {
		t.Error(err)
	}
}

// BadView is a view a renderer must refuse.
type BadView struct {
	Name string
	View any
	// PrivateOnly: only Private must refuse it (a spectator's view, which has a table).
	PrivateOnly bool
}

// BadViews checks that r refuses every view of cases with an error wrapping errView: Table,
// NaiveTable and Private (at the empty draft), or Private alone.
func BadViews(t *testing.T, r Renderer, errView error, cases []BadView) {
	t.Helper()
	for _, tc := range cases {
		if !tc.PrivateOnly {
			if _, err := r.Table(tc.View, games.English); !errors.Is(err, errView) {
				t.Errorf("Table(%s): error %v, want one wrapping %v", tc.Name, err, errView)
			}
			if _, err := r.NaiveTable(tc.View, games.English); !errors.Is(err, errView) {
				t.Errorf("NaiveTable(%s): error %v, want one wrapping %v", tc.Name, err, errView)
			}
		}
		if _, err := r.Private(tc.View, "", games.English); !errors.Is(err, errView) {
			t.Errorf("Private(%s): error %v, want one wrapping %v", tc.Name, err, errView)
		}
	}
}

// Drafts checks the private panels of view at drafts: every draft of bad refused (in
// English), every draft of good drawn (in Czech).
func Drafts(t *testing.T, r images.Art, view any, bad, good []string) {
	t.Helper()
	for _, d := range bad {
		if _, err := r.Private(view, d, games.English); err == nil {
			t.Errorf("Private with draft %q: want an error", d)
		}
	}
	for _, d := range good {
		if _, err := r.Private(view, d, games.Czech); err != nil {
			t.Errorf("Private with draft %q: %v", d, err)
		}
	}
}

// DrawAll draws the table of st (as a spectator sees it, in Czech) and the private panel of
// each of its seats (at the empty draft, in English), and returns the first failure.
func DrawAll(r images.Art, st games.State, seats int) error {
	if _, err := r.Table(st.View(games.NoSeat), games.Czech); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	for seat := range games.Seat(seats) {
		if _, err := r.Private(st.View(seat), "", games.English); err != nil {
			return fmt.Errorf("panel of seat %d: %w", seat, err)
		}
	}
	return nil
}

// Similar fails when two pictures differ in size, or in more than frac of their pixels by more
// than 40 levels in a channel: the naive baseline and the fast path anti-alias text and edges
// a little differently and the palette rounds the baseline's colours, but they draw the same
// picture.
func Similar(a, b image.Image, frac float64) error {
	if a.Bounds() != b.Bounds() {
		return Compare(a, b)
	}
	n, r := 0, a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if farBy(r1, r2, 40) || farBy(g1, g2, 40) || farBy(b1, b2, 40) {
				n++
			}
		}
	}
	if got := float64(n) / float64(r.Dx()*r.Dy()); got > frac {
		return fmt.Errorf("%d pixels (%.2f%%) differ by more than 40 levels", n, 100*got)
	}
	return nil
}

// farBy reports whether two 16-bit channel values differ by more than levels of 255.
func farBy(a, b uint32, levels uint32) bool { return max(a, b)-min(a, b) > levels*0x101 }

// WrongViews are the views every renderer refuses whatever its game, given a spectator's view
// of type *V (the renderer's own): none, a string, a view by value, a nil *V; and the
// spectator's own view for a private panel.
func WrongViews[V any](spectator *V) []BadView {
	return []BadView{
		{Name: "nil", View: nil},
		{Name: "a string", View: "table"},
		{Name: "a view by value", View: *spectator},
		{Name: "a nil view", View: (*V)(nil)},
		{Name: "a spectator's", View: spectator, PrivateOnly: true},
	}
}

// SimilarTable draws the table of view in English both ways, Table and NaiveTable, and fails
// t unless the pictures are Similar within frac.
func SimilarTable(t *testing.T, r Renderer, view any, frac float64) {
	t.Helper()
	fast, err := r.Table(view, games.English)
	if err != nil {
		t.Fatal(err)
	}
	naive, err := r.NaiveTable(view, games.English)
	if err != nil {
		t.Fatal(err)
	}
	if err := Similar(fast, naive, frac); err != nil {
		t.Errorf("the table: %v", err)
	}
}
