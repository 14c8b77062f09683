package images

import (
	"image"
	"image/color"
	"math"
	"testing"

	"golang.org/x/image/math/fixed"
)

func TestFontsCoverCzech(t *testing.T) {
	fonts, err := LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	for _, style := range []Style{Regular, Medium, Bold} {
		face, err := fonts.Face(style, 16)
		if err != nil {
			t.Fatal(err)
		}
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
	fonts, err := LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	face, err := fonts.Face(Bold, 20)
	if err != nil {
		t.Fatal(err)
	}
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
	fonts, err := LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	face, err := fonts.Face(Regular, 14)
	if err != nil {
		t.Fatal(err)
	}
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
	fonts, err := LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	face, err := fonts.Face(Bold, 24)
	if err != nil {
		t.Fatal(err)
	}
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
