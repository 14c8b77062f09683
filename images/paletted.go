package images

import (
	"image"
)

// FillIndex paints the rectangle r of dst (clipped to it) with palette index idx: the paletted
// counterpart of Canvas.Fill, for axis-aligned shapes drawn straight onto a picture.
func FillIndex(dst *image.Paletted, r image.Rectangle, idx uint8) {
	r = r.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	w := r.Dx()
	first := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y):][:w:w]
	for i := range first {
		first[i] = idx
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(dst.Pix[dst.PixOffset(r.Min.X, y):][:w:w], first)
	}
}

// Blit copies src, a paletted picture over the same palette as dst, into dst with src's
// top-left corner at at (clipped to dst): the way to lay a static part drawn once.
func Blit(dst, src *image.Paletted, at image.Point) {
	r := src.Rect.Sub(src.Rect.Min).Add(at).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	sp := r.Min.Sub(at).Add(src.Rect.Min)
	w := r.Dx()
	for y := 0; y < r.Dy(); y++ {
		so := src.PixOffset(sp.X, sp.Y+y)
		do := dst.PixOffset(r.Min.X, r.Min.Y+y)
		copy(dst.Pix[do:do+w:do+w], src.Pix[so:so+w:so+w])
	}
}
