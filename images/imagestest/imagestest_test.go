package imagestest

import (
	"image"
	"image/color"
	"testing"
)

func TestCompare(t *testing.T) {
	pal := color.Palette{color.Black, color.White}
	a := image.NewPaletted(image.Rect(0, 0, 100, 100), pal)
	b := image.NewPaletted(image.Rect(0, 0, 100, 100), pal)
	if err := Compare(a, b); err != nil || !SamePixels(a, b) {
		t.Fatalf("equal pictures: %v", err)
	}
	b.SetColorIndex(5, 5, 1) // 1 of 10,000 pixels: within MaxDiffering
	if err := Compare(a, b); err != nil || SamePixels(a, b) {
		t.Fatalf("one pixel off: %v, same %v", err, SamePixels(a, b))
	}
	for x := range 30 {
		b.SetColorIndex(x, 50, 1)
	}
	if err := Compare(a, b); err == nil {
		t.Fatal("31 differing pixels of 10,000 passed")
	}
	if err := Compare(a, image.NewPaletted(image.Rect(0, 0, 99, 100), pal)); err == nil {
		t.Fatal("pictures of different sizes passed")
	}
	path := t.TempDir() + "/p.png"
	if err := WritePNG(path, a); err != nil {
		t.Fatal(err)
	}
	back, err := ReadPNG(path)
	if err != nil || Compare(back, a) != nil {
		t.Fatalf("round trip: %v", err)
	}
}
