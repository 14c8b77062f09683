package images

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"testing"
)

// TestTiles checks that a kept tile is laid back with its pixels where it is asked, that a key
// never kept is not laid, that keeping a key again replaces its tile, and that the bytes kept
// never pass the budget however many tiles are kept.
func TestTiles(t *testing.T) {
	pal := color.Palette{color.Black, color.White, color.Gray{Y: 128}}
	src := image.NewPaletted(image.Rect(0, 0, 40, 30), pal)
	for i := range src.Pix {
		src.Pix[i] = uint8(i % 3)
	}
	tiles := NewTiles(10 * 100) // ten tiles of 10×10
	part := image.Rect(5, 7, 15, 17)
	tiles.Keep("a", src, part)

	dst := image.NewPaletted(image.Rect(0, 0, 40, 30), pal)
	if tiles.Lay(dst, "b", image.Pt(0, 0)) {
		t.Fatal("laid a tile never kept")
	}
	if !tiles.Lay(dst, "a", image.Pt(20, 3)) {
		t.Fatal("the kept tile was not laid")
	}
	for y := range 10 {
		for x := range 10 {
			if got, want := dst.ColorIndexAt(20+x, 3+y), src.ColorIndexAt(5+x, 7+y); got != want {
				t.Fatalf("pixel (%d, %d) of the tile: %d, want %d", x, y, got, want)
			}
		}
	}
	if dst.ColorIndexAt(19, 3) != 0 || dst.ColorIndexAt(30, 3) != 0 {
		t.Error("the tile was laid outside its place")
	}

	tiles.Keep("a", src, image.Rect(0, 0, 10, 10)) // kept again: replaced, counted once
	if n, bytes := tiles.Len(); n != 1 || bytes != 100 {
		t.Fatalf("after keeping one key twice: %d tiles, %d bytes; want 1 and 100", n, bytes)
	}
	for i := range 50 {
		tiles.Keep(fmt.Sprint(i), src, part)
		if _, bytes := tiles.Len(); bytes > 1000 {
			t.Fatalf("%d bytes kept, over the budget of 1000", bytes)
		}
	}
	if n, bytes := tiles.Len(); n != 10 || bytes != 1000 {
		t.Fatalf("full: %d tiles, %d bytes; want 10 and 1000", n, bytes)
	}
	tiles.Keep("huge", src, src.Rect)
	if tiles.Lay(dst, "huge", image.Point{}) {
		t.Error("kept a tile larger than the whole budget")
	}
}

// TestTilesDraw checks that Draw paints a missing part with draw and keeps it, lays the kept
// part afterwards without calling draw, and keeps nothing when draw fails.
func TestTilesDraw(t *testing.T) {
	pal := color.Palette{color.Black, color.White}
	dst := image.NewPaletted(image.Rect(0, 0, 20, 20), pal)
	tiles := NewTiles(1 << 10)
	part := image.Rect(2, 3, 7, 9)
	calls := 0
	paint := func() error {
		calls++
		FillIndex(dst, part, 1)
		return nil
	}
	if err := tiles.Draw(dst, "p", part, paint); err != nil || calls != 1 {
		t.Fatalf("first draw: %v, %d calls", err, calls)
	}
	FillIndex(dst, dst.Rect, 0)
	if err := tiles.Draw(dst, "p", part, paint); err != nil || calls != 1 {
		t.Fatalf("second draw: %v, %d calls; want the kept tile laid", err, calls)
	}
	if dst.ColorIndexAt(2, 3) != 1 || dst.ColorIndexAt(6, 8) != 1 || dst.ColorIndexAt(7, 8) != 0 {
		t.Fatal("the kept part was not laid where it belongs")
	}
	failed := errors.New("no ink")
	if err := tiles.Draw(dst, "q", part, func() error { return failed }); !errors.Is(err, failed) {
		t.Fatalf("draw's error: %v", err)
	}
	if tiles.Lay(dst, "q", image.Point{}) {
		t.Fatal("kept a part whose drawing failed")
	}
}
