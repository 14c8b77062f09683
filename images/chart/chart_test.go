package chart

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images/imagestest"
)

func TestBadCharts(t *testing.T) {
	r := New()
	five := make([]Series, MaxSeries+1)
	for i := range five {
		five[i] = Series{Name: ingenious, Ratings: []float64{1}}
	}
	for _, tc := range []struct {
		name string
		ch   Chart
	}{
		{"five series", Chart{Series: five}},
		{"NaN", Chart{Series: []Series{{Name: fits, Ratings: []float64{1, math.NaN()}}}}},
		{"+Inf", Chart{Series: []Series{{Name: fits, Ratings: []float64{math.Inf(1)}}}}},
		{"−Inf in an Auto series", Chart{Series: []Series{{Name: fits, Mark: Square, Ratings: []float64{2}}, {Name: shelfie, Ratings: []float64{math.Inf(-1)}}}}},
		{"beyond MaxRating", Chart{Series: []Series{{Name: fits, Ratings: []float64{1, -MaxRating * 1.5}}}}},
		{"mark 5", Chart{Series: []Series{{Name: fits, Mark: 5, Ratings: []float64{1}}}}},
		{"mark −1", Chart{Series: []Series{{Name: fits, Mark: -1, Ratings: []float64{1}}}}},
		{"a mark twice", Chart{Series: []Series{{Name: fits, Mark: Square, Ratings: []float64{1}}, {Name: shelfie, Mark: Square, Ratings: []float64{2}}}}},
	} {
		if _, err := r.Render(tc.ch, games.English); !errors.Is(err, ErrChart) {
			t.Errorf("Render(%s): error %v, want one wrapping ErrChart", tc.name, err)
		}
		if err := r.RenderPNG(&bytes.Buffer{}, tc.ch, games.English); !errors.Is(err, ErrChart) {
			t.Errorf("RenderPNG(%s): error %v, want one wrapping ErrChart", tc.name, err)
		}
	}
}

// TestPrepare checks how series become lines: Auto takes the first free look, series without
// ratings are left out, and only the last MaxPoints ratings stay.
func TestPrepare(t *testing.T) {
	long := walk(80, 3, 0.2)
	lines, err := prepare(Chart{Series: []Series{
		{Name: ingenious, Ratings: []float64{1}},
		{Name: fits, Mark: Circle, Ratings: []float64{2}},
		{Name: sideboards, Mark: Triangle},
		{Name: shelfie, Ratings: long},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3 (the series without ratings left out)", len(lines))
	}
	if lines[0].mark != Square || lines[1].mark != Circle || lines[2].mark != Diamond {
		t.Errorf("marks %v %v %v, want Square (first free), Circle (asked), Diamond (Triangle is taken by the empty series)",
			lines[0].mark, lines[1].mark, lines[2].mark)
	}
	if got := lines[2].ratings; len(got) != MaxPoints || got[0] != long[30] || got[MaxPoints-1] != long[79] {
		t.Errorf("the long series keeps %d ratings from %v, want the last %d", len(got), got[0], MaxPoints)
	}
}

// TestLastFifty checks that a series of more than MaxPoints ratings is drawn as its last
// MaxPoints.
func TestLastFifty(t *testing.T) {
	r := New()
	long := walk(75, 11, 0.3)
	a, err := r.Render(Chart{Title: "Ada", Series: []Series{{Name: fits, Ratings: long}}}, games.English)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Render(Chart{Title: "Ada", Series: []Series{{Name: fits, Ratings: long[25:]}}}, games.English)
	if err != nil {
		t.Fatal(err)
	}
	if !imagestest.SamePixels(a, b) {
		t.Error("75 ratings are not drawn as their last 50")
	}
	c, err := r.Render(Chart{Title: "Ada", Series: []Series{{Name: fits, Ratings: long[24:74]}}}, games.English)
	if err != nil {
		t.Fatal(err)
	}
	if imagestest.SamePixels(a, c) {
		t.Error("another 50 ratings draw the same picture: the test shows nothing")
	}
}

// TestRandomCharts draws random charts — up to four series of up to 60 ratings, flat,
// wild, huge or tiny — and checks that none fails or panics, every picture is Width ×
// Height, and its text stays readable on a phone.
func TestRandomCharts(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rnd := rand.New(rand.NewPCG(seed, 28))
	r := New()
	for i := range 150 {
		ch := randomChart(rnd)
		img, err := r.Render(ch, []games.Lang{games.English, games.Czech}[i%2])
		if err != nil {
			t.Fatalf("seed %d, chart %d (%+v): %v", seed, i, ch, err)
		}
		if got := img.Bounds(); got != image.Rect(0, 0, Width, Height) {
			t.Fatalf("seed %d, chart %d: %v, want %d × %d", seed, i, got, Width, Height)
		}
	}
	fonts, err := r.Kit().Fonts()
	if err != nil {
		t.Fatal(err)
	}
	if err := imagestest.Readable(fonts.Smallest(), Width); err != nil {
		t.Error(err)
	}
}

// randomChart returns a chart of random series.
func randomChart(rnd *rand.Rand) Chart {
	names := []games.Text{ingenious, fits, sideboards, shelfie}
	ch := Chart{Title: []string{"Ada", "", "王小明 🎲", "Přemysl Šťastný-Žďárský von Habsburg-Lothringen und so weiter"}[rnd.IntN(4)]}
	marks := rnd.Perm(int(markCount))
	for k := range rnd.IntN(MaxSeries + 1) {
		s := Series{Name: names[k]}
		if rnd.IntN(2) == 0 {
			s.Mark = Mark(marks[k])
		}
		n := rnd.IntN(61)
		scale := []float64{0, 0.01, 5, 30, 1e4, MaxRating / 1.2}[rnd.IntN(6)]
		base := (rnd.Float64()*2 - 1) * scale
		for range n {
			s.Ratings = append(s.Ratings, base+(rnd.Float64()*2-1)*scale*0.2)
		}
		ch.Series = append(ch.Series, s)
	}
	return ch
}

// TestPlace checks that end labels placed one by one, where there is room, never overlap.
func TestPlace(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rnd := rand.New(rand.NewPCG(seed, 4))
	none := func(float64) bool { return false }
	for i := range 2000 {
		var placed []labelBox
		for range 1 + rnd.IntN(MaxSeries) {
			b := labelBox{x0: 100 + rnd.Float64()*400, w: 60}
			want := rnd.Float64() * 300
			b.y = place(b, want, placed, none, 0, 300)
			if b.y < 0 || b.y > 300 {
				t.Fatalf("seed %d case %d: label at %v, outside 0…300", seed, i, b.y)
			}
			for _, o := range placed {
				if b.overlaps(b.y, o) {
					t.Fatalf("seed %d case %d: label at (%v, %v) overlaps one at (%v, %v)", seed, i, b.x0, b.y, o.x0, o.y)
				}
			}
			placed = append(placed, b)
		}
	}
	// A label that would cross a line moves off it, to the nearest height that does not.
	b := labelBox{x0: 100, w: 60}
	crosses := func(y float64) bool { return y > 140 && y < 170 }
	if got, want := place(b, 150, nil, crosses, 0, 300), 150-2*labelGap/4.0; got != want {
		t.Errorf("label wanted at 150 across a line at 140…170 placed at %v, want %v", got, want)
	}
	// With no height free of the line, a label still keeps clear of the others.
	always := func(float64) bool { return true }
	first := labelBox{x0: 100, w: 60, y: 150}
	if got := place(b, 150, []labelBox{first}, always, 0, 300); b.overlaps(got, first) {
		t.Errorf("label placed at %v overlaps one at 150", got)
	}
}

// TestRenderPNG checks that RenderPNG writes the picture Render draws, as a paletted PNG.
func TestRenderPNG(t *testing.T) {
	r := New()
	ch := Chart{Title: "Ada", Series: []Series{{Name: ingenious, Ratings: walk(20, 1, 0.4)}}}
	var buf bytes.Buffer
	if err := r.RenderPNG(&buf, ch, games.Czech); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := got.(*image.Paletted); !ok {
		t.Errorf("the PNG decodes to %T, want a paletted picture", got)
	}
	want, err := r.Render(ch, games.Czech)
	if err != nil {
		t.Fatal(err)
	}
	if err := imagestest.Compare(got, want); err != nil {
		t.Error(err)
	}
}
