package images

import (
	"image"
	"image/color"
	"math"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

func TestFontsCoverCzech(t *testing.T) {
	fonts := loadFonts(t)
	for _, style := range []Style{Regular, Medium, Bold} {
		face := faceOf(t, fonts, style, 16)
		for _, r := range "ěščřžýáíéůúďťňóĚŠČŘŽÝÁÍÉŮÚĎŤŇÓ—…·×" {
			if _, _, _, _, ok := face.Glyph(fixed.Point26_6{}, r); !ok {
				t.Errorf("%v has no glyph for %q", style, r)
			}
		}
	}
	if _, err := fonts.Face(Style(9), 12); err == nil {
		t.Error("an unknown style: want an error")
	}
}

func TestTextAnchors(t *testing.T) {
	face := faceOf(t, loadFonts(t), Bold, 20)
	w := TextWidth(face, "H15")
	x, y := TextOrigin(face, "H15", 100, 50, 1, 0.5)
	if math.Abs(x+w-100) > 1 {
		t.Errorf("right-anchored text ends at %.1f, want 100", x+w)
	}
	if want := 50 + CapHeight(face)/2; math.Abs(y-want) > 1 {
		t.Errorf("baseline of vertically centred text at %.1f, want %.1f", y, want)
	}
	img := filled(200, 100, Slate)
	DrawText(img, face, "H15", 100, 50, 0.5, 0.5, Paper)
	ink := image.Rectangle{}
	for py := range 100 {
		for px := range 200 {
			if img.RGBAAt(px, py) != Slate {
				ink = ink.Union(image.Rect(px, py, px+1, py+1))
			}
		}
	}
	if c := ink.Min.Add(ink.Max).Div(2); math.Abs(float64(c.X-100)) > 2 || math.Abs(float64(c.Y-50)) > 2 {
		t.Errorf("centred text inked %v, centred on %v; want (100, 50)", ink, c)
	}
}

func TestFacesMadeOnce(t *testing.T) {
	k := NewKit()
	fs, err := k.Faces()
	if err != nil {
		t.Fatal(err)
	}
	a, err := fs.Get(Bold, 14)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := fs.Get(Bold, 14)
	if a != b {
		t.Error("the same style and size gave two faces")
	}
	f1, _ := k.Fonts()
	f2, _ := k.Fonts()
	if f1 != f2 {
		t.Error("the kit parsed its fonts twice")
	}
}

func TestPrintable(t *testing.T) {
	face := faceOf(t, loadFonts(t), Regular, 14)
	for in, want := range map[string]string{
		"Žofie Přemyslovna": "Žofie Přemyslovna",
		"Žofie 🎲 Ada":       "Žofie 🎲 Ada",
		"李小龍":               "李小龍",
		"さくら":               "さくら",
		"민수":                "민수",
		"Ben \ue000 Ada":    "Ben Ada",
		"\ue000\ue001":      "",
		"  A  B ":           "  A  B ",
	} {
		if got := Printable(face, in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEveryScriptHasInk draws names in Chinese, Japanese, Korean and an emoji and checks
// that each leaves ink: the fallback fonts are wired in, not just measured.
func TestEveryScriptHasInk(t *testing.T) {
	face := faceOf(t, loadFonts(t), Bold, 24)
	for _, name := range []string{"李小龍", "さくら", "민수", "🎲", "Ž"} {
		img := image.NewRGBA(image.Rect(0, 0, 120, 40))
		DrawText(img, face, name, 4, 20, 0, 0.5, color.White)
		ink := 0
		for i := 3; i < len(img.Pix); i += 4 {
			if img.Pix[i] > 128 {
				ink++
			}
		}
		if ink < 20 {
			t.Errorf("%q drew %d pixels of ink, want a visible glyph", name, ink)
		}
		if w := TextWidth(face, name); w < 12 {
			t.Errorf("%q is %.1f px wide", name, w)
		}
	}
}

// uncachedFace is the fallback chain of style and size with no glyph cache: the reference the
// cached glyphs are compared with.
func uncachedFace(t testing.TB, fonts *Fonts, style Style, size float64) font.Face {
	t.Helper()
	face := faceOf(t, fonts, style, size)
	chain := *face.(*fallbackFace)
	return uncached{&chain}
}

// uncached draws every glyph afresh through the chain's own faces.
type uncached struct{ *fallbackFace }

func (u uncached) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	return u.pick(r).Glyph(dot, r)
}

func TestGlyphCacheDrawsTheSamePixels(t *testing.T) {
	fonts := loadFonts(t)
	for _, style := range []Style{Regular, Bold} {
		for _, size := range []float64{14, 23.5} {
			want := uncachedFace(t, fonts, style, size)
			for round := range 2 { // the second round draws from the cache
				got := faceOf(t, fonts, style, size)
				for _, x := range []float64{3, 3.25, 17.8} {
					for _, text := range []string{"Žluťoučký kůň — 18", "李小龍 🎲 Ada"} {
						a := image.NewRGBA(image.Rect(0, 0, 260, 40))
						b := image.NewRGBA(a.Rect)
						d := font.Drawer{Dst: a, Src: image.White, Face: got, Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: 27 * 64}}
						d.DrawString(text)
						d = font.Drawer{Dst: b, Src: image.White, Face: want, Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: 27 * 64}}
						d.DrawString(text)
						if !sameRGBA(a, b) {
							t.Errorf("%v %.1f px, round %d, x %.2f: %q drawn from the glyph cache differs", style, size, round, x, text)
						}
					}
				}
			}
		}
	}
	if n := len(fonts.glyphs.glyphs); n == 0 || n > maxGlyphs {
		t.Errorf("%d glyphs cached", n)
	}
}

// sameRGBA reports whether two RGBA pictures are equal pixel for pixel.
func sameRGBA(a, b *image.RGBA) bool {
	return a.Rect == b.Rect && string(a.Pix) == string(b.Pix)
}

// BenchmarkDrawText draws a line of the score panel through faces with the glyph cache and
// through the same faces drawing every glyph afresh (the baseline); x-faster is the ratio in
// the run.
func BenchmarkDrawText(b *testing.B) {
	fonts := loadFonts(b)
	img := image.NewRGBA(image.Rect(0, 0, 400, 40))
	var afreshNs float64
	for _, tc := range []struct {
		name string
		face func() font.Face
	}{
		{"afresh", func() font.Face { return uncachedFace(b, fonts, Bold, 24) }},
		{"cached", func() font.Face { return faceOf(b, fonts, Bold, 24) }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			face := tc.face()
			for b.Loop() {
				DrawText(img, face, "Ben is to play — 12 · 7 · 18", 8, 20, 0, 0.5, color.White)
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if tc.name == "afresh" {
				afreshNs = ns
			} else if afreshNs > 0 {
				b.ReportMetric(afreshNs/ns, "x-faster")
			}
		})
	}
}

// loadFonts returns the embedded fonts, parsed, or fails tb.
func loadFonts(tb testing.TB) *Fonts {
	tb.Helper()
	fonts, err := LoadFonts()
	if err != nil {
		tb.Fatal(err)
	}
	return fonts
}

// faceOf returns the face of fonts in style at size, or fails tb.
func faceOf(tb testing.TB, fonts *Fonts, style Style, size float64) font.Face {
	tb.Helper()
	face, err := fonts.Face(style, size)
	if err != nil {
		tb.Fatal(err)
	}
	return face
}

// textCanvas returns a small canvas with faces of its own, to measure, fit and wrap text on.
func textCanvas(tb testing.TB) *Canvas {
	tb.Helper()
	return NewCanvas(image.NewRGBA(image.Rect(0, 0, 10, 10)), NewFaces(loadFonts(tb)))
}
