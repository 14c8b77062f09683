package imagestest

import (
	"image"
	"image/color"
	"testing"

	"github.com/tablebot/tablebot/images"
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

// TestReadable checks the phone check at the width Discord shows a picture at, 360 px in a
// 400 px window: text readable at 400 px but not at 360 fails.
func TestReadable(t *testing.T) {
	if images.PhoneWidth != 360 {
		t.Errorf("pictures are checked at %d px wide, want 360 (Discord shows 345–376 px in a 400 px window)", images.PhoneWidth)
	}
	for _, tc := range []struct {
		size  float64
		width int
		ok    bool
	}{
		{22, 800, false}, // 11 px at 400 px, 9.9 px at 360
		{25, 800, true},
		{19, 680, false},
		{21, 680, true},
		{11, 360, true},
		{11, 300, true},
		{10, 300, false},
	} {
		if err := Readable(tc.size, tc.width); (err == nil) != tc.ok {
			t.Errorf("Readable(%v px, %d px wide) = %v, want ok %v", tc.size, tc.width, err, tc.ok)
		}
	}
	if got := images.PhoneMinText(800); Readable(got, 800) != nil || Readable(got-1, 800) == nil {
		t.Errorf("PhoneMinText(800) = %v, not the smallest readable size", got)
	}
}
