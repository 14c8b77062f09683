package images

import (
	"image"
	"testing"
)

func TestFillIndexAndBlit(t *testing.T) {
	p, err := NewPalette(StandardColours())
	if err != nil {
		t.Fatal(err)
	}
	dst := image.NewPaletted(image.Rect(0, 0, 20, 10), p.Colours())
	FillIndex(dst, image.Rect(-5, 2, 4, 4), 3)
	for y := range 10 {
		for x := range 20 {
			want := uint8(0)
			if x < 4 && y >= 2 && y < 4 {
				want = 3
			}
			if got := dst.ColorIndexAt(x, y); got != want {
				t.Fatalf("fill: (%d, %d) = %d, want %d", x, y, got, want)
			}
		}
	}
	src := image.NewPaletted(image.Rect(0, 0, 5, 3), p.Colours())
	FillIndex(src, src.Rect, 7)
	src.SetColorIndex(0, 0, 9)
	Blit(dst, src, image.Pt(17, 8))
	if dst.ColorIndexAt(17, 8) != 9 || dst.ColorIndexAt(19, 9) != 7 || dst.ColorIndexAt(16, 8) != 0 {
		t.Error("blit: the copy is misplaced")
	}
	Blit(dst, src, image.Pt(-10, -10)) // wholly outside: nothing happens
}
