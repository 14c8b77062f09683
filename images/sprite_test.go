package images

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"github.com/fogleman/gg"
)

// testSprite is a disc with a translucent halo: opaque, partial and clear runs.
func testSprite() Sprite {
	return NewSprite(12, 12, 12, 12, func(dc *gg.Context) {
		dc.DrawCircle(0, 0, 11)
		dc.SetColor(color.NRGBA{200, 30, 40, 120})
		dc.Fill()
		dc.DrawCircle(0.5, 0.5, 7)
		dc.SetColor(Highlight)
		dc.Fill()
	})
}

func filled(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

func TestStampMatchesOver(t *testing.T) {
	sp := testSprite()
	for _, at := range []image.Point{{20, 20}, {12, 12}, {3, 30}, {39, 2}} {
		got, want := filled(40, 40, Slate), filled(40, 40, Slate)
		sp.Stamp(got, at.X, at.Y)
		Over(want, sp.Img, at.Sub(sp.Anchor))
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("stamp at %v differs from Over", at)
		}
	}
}

func TestStampPaletted(t *testing.T) {
	p, err := NewPalette(StandardColours())
	if err != nil {
		t.Fatal(err)
	}
	sp := testSprite().ForPalette(p)
	rgba := filled(40, 40, Card)
	sp.Stamp(rgba, 20, 20)
	want := p.Convert(rgba)
	got := p.Convert(filled(40, 40, Card))
	if err := sp.StampPaletted(got, 20, 20); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Error("stamping on the palette differs from stamping in RGBA and converting")
	}
	if err := sp.StampPaletted(got, 2, 2); err == nil {
		t.Error("a sprite reaching outside the picture: want an error")
	}
	if err := testSprite().StampPaletted(got, 20, 20); err == nil {
		t.Error("a sprite not prepared for the palette: want an error")
	}
}

// TestCanvasStampBaselineDraws checks that drawing a sprite afresh gives the sprite (within the
// rounding of compositing twice).
func TestCanvasStampBaselineDraws(t *testing.T) {
	sp := testSprite()
	fast, slow := filled(40, 40, Slate), filled(40, 40, Slate)
	NewCanvas(fast, nil).Stamp(sp, 20, 20)
	c := NewCanvas(slow, nil)
	c.SetBaseline(true)
	c.Stamp(sp, 20, 20)
	if diff := differing(fast, slow, 4); diff > 0 {
		t.Errorf("baseline stamp differs from the sprite in %d pixels", diff)
	}
}

// differing counts the pixels of a and b that differ by more than tol in a channel.
func differing(a, b *image.RGBA, tol int) int {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for k := range 4 {
			if d := int(a.Pix[i+k]) - int(b.Pix[i+k]); d > tol || d < -tol {
				n++
				break
			}
		}
	}
	return n
}

func BenchmarkStamp(b *testing.B) {
	sp := testSprite()
	dst := filled(400, 400, Slate)
	for b.Loop() {
		for y := 20; y < 380; y += 24 {
			for x := 20; x < 380; x += 24 {
				sp.Stamp(dst, x, y)
			}
		}
	}
}

// TestSpriteTrimsClearMargins checks that a sprite keeps only the rectangle it paints, its
// anchor moved with it, so that it stamps exactly what the padded picture would, and that a
// wholly clear picture makes an empty sprite that stamps nothing.
func TestSpriteTrimsClearMargins(t *testing.T) {
	padded := image.NewRGBA(image.Rect(0, 0, 80, 60))
	dc := gg.NewContextForRGBA(padded)
	dc.DrawCircle(50, 20, 9.5)
	dc.SetRGB(0.8, 0.2, 0.1)
	dc.Fill()
	sp := SpriteOf(padded, image.Pt(40, 30), nil)
	if got := sp.Img.Rect.Size(); got.X > 21 || got.Y > 21 || got.X < 19 || got.Y < 19 {
		t.Fatalf("sprite of a circle of radius 9.5 is %v, want about 20×20", got)
	}
	if want := (image.Rectangle{Min: image.Pt(100-40, 100-30), Max: image.Pt(100-40, 100-30).Add(padded.Rect.Size())}); !sp.Painted(100, 100).In(want) {
		t.Fatalf("painted %v outside the padded picture's place %v", sp.Painted(100, 100), want)
	}
	got := image.NewRGBA(image.Rect(0, 0, 200, 200))
	want := image.NewRGBA(image.Rect(0, 0, 200, 200))
	sp.Stamp(got, 100, 100)
	Over(want, padded, image.Pt(100-40, 100-30))
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Fatal("the trimmed sprite stamps other pixels than the padded picture")
	}
	clear := SpriteOf(image.NewRGBA(image.Rect(0, 0, 10, 10)), image.Pt(5, 5), nil)
	if !clear.Img.Rect.Empty() || !clear.Painted(3, 3).Empty() {
		t.Fatalf("a clear picture made a sprite of %v", clear.Img.Rect)
	}
	clear.Stamp(got, 100, 100)
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Fatal("a clear sprite stamped something")
	}
}
