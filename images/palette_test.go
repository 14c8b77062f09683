package images

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

func testPalette(t testing.TB) *Palette {
	t.Helper()
	p, err := NewPalette(StandardColours())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestNewPaletteLimits(t *testing.T) {
	var many []color.RGBA
	for i := range 257 {
		many = append(many, color.RGBA{uint8(i), uint8(i / 2), 7, 0xff})
	}
	if _, err := NewPalette(many); err == nil {
		t.Error("257 colours: want an error")
	}
	if _, err := NewPalette(nil); err == nil {
		t.Error("no colours: want an error")
	}
	if _, err := NewPalette([]color.RGBA{{1, 2, 3, 4}}); err == nil {
		t.Error("a translucent colour: want an error")
	}
	p, err := NewPalette([]color.RGBA{White, Black, White})
	if err != nil {
		t.Fatal(err)
	}
	if p.Len() != 2 {
		t.Errorf("duplicates kept: %d colours, want 2", p.Len())
	}
}

func TestPaletteColoursMapToThemselves(t *testing.T) {
	p := testPalette(t)
	for i, c := range p.rgba {
		if got := p.Index(c); p.rgba[got] != c {
			t.Errorf("colour %d %v maps to %v", i, c, p.rgba[got])
		}
	}
}

// TestPaletteNearest checks the lookup table against a brute-force search from the centre of
// each table cell (cells holding a palette colour belong to that colour).
func TestPaletteNearest(t *testing.T) {
	p := testPalette(t)
	own := map[int]bool{}
	for _, c := range p.rgba {
		own[lutKey(c.R, c.G, c.B)] = true
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		c := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 0xff}
		if own[lutKey(c.R, c.G, c.B)] {
			continue
		}
		step := 256 / (1 << lutBits)
		centre := func(v uint8) float64 { return float64(int(v)/step*step) + float64(step)/2 }
		r, g, b := centre(c.R), centre(c.G), centre(c.B)
		best := math.Inf(1)
		for _, q := range p.rgba {
			best = min(best, dist(r, g, b, q))
		}
		got := p.rgba[p.Index(c)]
		if d := dist(r, g, b, got); d > best+1e-9 {
			t.Fatalf("%v maps to %v at distance %.2f; the nearest is at %.2f", c, got, d, best)
		}
	}
}

func TestConvertRect(t *testing.T) {
	p := testPalette(t)
	src := image.NewRGBA(image.Rect(0, 0, 40, 30))
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < len(src.Pix); i += 4 {
		src.Pix[i], src.Pix[i+1], src.Pix[i+2], src.Pix[i+3] = uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 0xff
	}
	all := p.Convert(src)
	for y := range 30 {
		for x := range 40 {
			if want := p.Index(src.RGBAAt(x, y)); all.ColorIndexAt(x, y) != want {
				t.Fatalf("(%d, %d): index %d, want %d", x, y, all.ColorIndexAt(x, y), want)
			}
		}
	}
	part := image.NewPaletted(src.Rect, p.Colours())
	r := image.Rect(5, 6, 17, 20)
	p.ConvertRect(part, src, r)
	for y := range 30 {
		for x := range 40 {
			in := image.Pt(x, y).In(r)
			if got := part.ColorIndexAt(x, y); in && got != all.ColorIndexAt(x, y) || !in && got != 0 {
				t.Fatalf("(%d, %d) inside=%v: index %d", x, y, in, got)
			}
		}
	}
}

func TestConvertAt(t *testing.T) {
	p := testPalette(t)
	rng := rand.New(rand.NewPCG(7, 8))
	src := image.NewRGBA(image.Rect(3, 4, 23, 19)) // not at the origin
	for i := 0; i < len(src.Pix); i += 4 {
		src.Pix[i], src.Pix[i+1], src.Pix[i+2], src.Pix[i+3] = uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 0xff
	}
	for _, at := range []image.Point{{0, 0}, {10, 12}, {-5, -3}, {25, 20}, {40, 40}} {
		want := image.NewPaletted(image.Rect(0, 0, 30, 25), p.Colours())
		FillIndex(want, want.Rect, 1)
		got := image.NewPaletted(want.Rect, p.Colours())
		copy(got.Pix, want.Pix)
		Blit(want, p.Convert(src), at)
		p.ConvertAt(got, src, at)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("at %v: ConvertAt differs from converting and blitting", at)
		}
	}
}

func TestPalettedScratch(t *testing.T) {
	p := testPalette(t)
	var s PalettedScratch
	size := image.Pt(12, 7)
	a := s.Borrow(size, p.Colours())
	if a.Rect != (image.Rectangle{Max: size}) || len(a.Pix) != 12*7 || len(a.Palette) != p.Len() {
		t.Fatalf("borrowed %v with %d pixels and %d colours", a.Rect, len(a.Pix), len(a.Palette))
	}
	s.Return(a)
	s.Return(image.NewPaletted(image.Rect(2, 2, 14, 9), p.Colours())) // not lent: ignored
	s.Return(nil)
	for range 3 {
		b := s.Borrow(size, p.Colours()[:4])
		if b.Rect != a.Rect || len(b.Palette) != 4 {
			t.Fatalf("borrowed %v with %d colours, want %v with 4", b.Rect, len(b.Palette), a.Rect)
		}
	}
}

func BenchmarkConvert(b *testing.B) {
	p := testPalette(b)
	src := image.NewRGBA(image.Rect(0, 0, 1200, 760))
	rng := rand.New(rand.NewPCG(5, 6))
	c := p.rgba[0]
	for i := 0; i < len(src.Pix); i += 4 {
		if rng.IntN(6) == 0 {
			c = p.rgba[rng.IntN(len(p.rgba))]
		}
		src.Pix[i], src.Pix[i+1], src.Pix[i+2], src.Pix[i+3] = c.R, c.G, c.B, 0xff
	}
	dst := image.NewPaletted(src.Rect, p.Colours())
	for b.Loop() {
		p.ConvertInto(dst, src)
	}
}

func BenchmarkNewPalette(b *testing.B) {
	cs := StandardColours()
	for b.Loop() {
		if _, err := NewPalette(cs); err != nil {
			b.Fatal(err)
		}
	}
}

// LazyPalette builds its palette once, on the first call, and hands every caller that one
// palette; a build's error is kept likewise.
func TestLazyPalette(t *testing.T) {
	builds := 0
	pal := LazyPalette(func() []color.RGBA { builds++; return []color.RGBA{Hex("#102030"), Hex("#ffffff")} })
	if builds != 0 {
		t.Fatal("the palette was built before its first use")
	}
	first, err := pal()
	if err != nil {
		t.Fatal(err)
	}
	again, err := pal()
	if err != nil || again != first || builds != 1 {
		t.Fatalf("second call: %p (first %p), %v, %d builds; want the same palette from one build", again, first, err, builds)
	}
	bad := LazyPalette(func() []color.RGBA { return []color.RGBA{{R: 1, A: 0x80}} })
	if _, err := bad(); err == nil {
		t.Fatal("a translucent colour built a palette")
	}
	if _, err := bad(); err == nil {
		t.Fatal("the kept error was lost on the second call")
	}
}
