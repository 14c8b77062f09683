package images

import (
	"errors"
	"fmt"
	"image"
	"image/color"

	"github.com/fogleman/gg"
)

// Sprite is a small picture drawn once and stamped many times: an RGBA image with
// premultiplied alpha, the pixel of it that lands on the stamping point, and the runs of each
// row that are clear, opaque or partly covered, so that stamping copies opaque runs whole and
// blends only the edges.
type Sprite struct {
	Img    *image.RGBA
	Anchor image.Point
	// Draw draws the sprite's content with its anchor at the context's origin; a baseline
	// canvas calls it instead of stamping Img.
	Draw func(dc *gg.Context)
	runs [][]run
	// pal and idx are the palette the sprite was prepared for and the palette index of every
	// pixel (meaningful for opaque ones), one byte per pixel in Img's layout.
	pal *Palette
	idx *image.Paletted
}

// run is a stretch of one row of a sprite: columns [from, to), opaque or not.
type run struct {
	from, to int
	opaque   bool
}

// NewSprite draws a sprite covering the box from (-left, -top) to (right, bottom) around its
// anchor: draw is called with a context whose origin is the anchor.
func NewSprite(left, top, right, bottom int, draw func(dc *gg.Context)) Sprite {
	img := image.NewRGBA(image.Rect(0, 0, left+right, top+bottom))
	dc := gg.NewContextForRGBA(img)
	dc.Translate(float64(left), float64(top))
	draw(dc)
	return SpriteOf(img, image.Pt(left, top), draw)
}

// SpriteOf makes a sprite of an image already drawn, with its anchor and (optionally) the
// function that draws it. The clear margins of img are cut off (into a copy): a sprite keeps
// only the rectangle it paints.
func SpriteOf(img *image.RGBA, anchor image.Point, draw func(dc *gg.Context)) Sprite {
	if painted := paintedBounds(img); painted != img.Rect {
		trimmed := image.NewRGBA(image.Rect(0, 0, painted.Dx(), painted.Dy()))
		for y := range painted.Dy() {
			copy(trimmed.Pix[trimmed.PixOffset(0, y):], img.Pix[img.PixOffset(painted.Min.X, painted.Min.Y+y):img.PixOffset(painted.Max.X, painted.Min.Y+y)])
		}
		anchor = anchor.Sub(painted.Min.Sub(img.Rect.Min))
		img = trimmed
	}
	sp := Sprite{Img: img, Anchor: anchor, Draw: draw, runs: make([][]run, img.Rect.Dy())}
	for y := range sp.runs {
		var rs []run
		for x := img.Rect.Min.X; x < img.Rect.Max.X; {
			a := img.Pix[img.PixOffset(x, img.Rect.Min.Y+y)+3]
			end := x + 1
			for end < img.Rect.Max.X && kind(img.Pix[img.PixOffset(end, img.Rect.Min.Y+y)+3]) == kind(a) {
				end++
			}
			if a != 0 {
				rs = append(rs, run{from: x - img.Rect.Min.X, to: end - img.Rect.Min.X, opaque: a == 0xff})
			}
			x = end
		}
		sp.runs[y] = rs
	}
	return sp
}

// paintedBounds returns the smallest rectangle of img holding every pixel that is not wholly
// clear (an empty rectangle at img's corner when all are).
func paintedBounds(img *image.RGBA) image.Rectangle {
	var r image.Rectangle
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		row := img.Pix[img.PixOffset(img.Rect.Min.X, y):img.PixOffset(img.Rect.Max.X, y)]
		first, last := -1, -1
		for x := 0; x < len(row); x += 4 {
			if row[x+3] != 0 {
				if first < 0 {
					first = x / 4
				}
				last = x / 4
			}
		}
		if first >= 0 {
			r = r.Union(image.Rect(img.Rect.Min.X+first, y, img.Rect.Min.X+last+1, y+1))
		}
	}
	if r.Empty() {
		return image.Rectangle{Min: img.Rect.Min, Max: img.Rect.Min}
	}
	return r
}

// kind sorts an alpha value into clear (0), opaque (2) or partial (1).
func kind(a uint8) int {
	switch a {
	case 0:
		return 0
	case 0xff:
		return 2
	}
	return 1
}

// Stamp blends s over dst with its anchor at (x, y).
func (s Sprite) Stamp(dst *image.RGBA, x, y int) {
	at := image.Pt(x-s.Anchor.X, y-s.Anchor.Y)
	if s.runs == nil {
		Over(dst, s.Img, at)
		return
	}
	b := s.Img.Rect.Sub(s.Img.Rect.Min).Add(at)
	if !b.In(dst.Rect) {
		Over(dst, s.Img, at)
		return
	}
	for row, rs := range s.runs {
		so := s.Img.PixOffset(s.Img.Rect.Min.X, s.Img.Rect.Min.Y+row)
		do := dst.PixOffset(at.X, at.Y+row)
		for _, r := range rs {
			src := s.Img.Pix[so+4*r.from : so+4*r.to]
			d := dst.Pix[do+4*r.from : do+4*r.to]
			if r.opaque {
				copy(d, src)
			} else {
				blend(d, src)
			}
		}
	}
}

// ForPalette returns the sprite prepared for stamping onto paletted images of p: its opaque
// pixels converted once.
func (s Sprite) ForPalette(p *Palette) Sprite {
	s.pal, s.idx = p, p.Convert(s.Img)
	return s
}

// StampPaletted draws s over dst, a paletted image of the palette the sprite was prepared for
// (see ForPalette), with its anchor at (x, y): opaque runs are copied as palette indices and
// edge pixels blended with the colour beneath and mapped back to the palette. A sprite not
// prepared for dst's palette, or not wholly inside dst, is an error.
func (s Sprite) StampPaletted(dst *image.Paletted, x, y int) error {
	if s.pal == nil {
		return errors.New("images: sprite not prepared for a palette")
	}
	at := image.Pt(x-s.Anchor.X, y-s.Anchor.Y)
	if b := s.Img.Rect.Sub(s.Img.Rect.Min).Add(at); !b.In(dst.Rect) {
		return fmt.Errorf("images: sprite at %v (%v) outside the picture %v", image.Pt(x, y), b, dst.Rect)
	}
	cols := s.pal.rgba
	org := s.Img.Rect.Min
	for row, rs := range s.runs {
		io := s.idx.PixOffset(org.X, org.Y+row)
		so := s.Img.PixOffset(org.X, org.Y+row)
		do := dst.PixOffset(at.X, at.Y+row)
		for _, r := range rs {
			d := dst.Pix[do+r.from : do+r.to]
			if r.opaque {
				copy(d, s.idx.Pix[io+r.from:io+r.to])
				continue
			}
			src := s.Img.Pix[so+4*r.from : so+4*r.to]
			for i := range d {
				px := src[4*i : 4*i+4 : 4*i+4]
				k := 255 - uint32(px[3])
				under := cols[d[i]]
				d[i] = s.pal.Index(color.RGBA{
					R: px[0] + uint8((uint32(under.R)*k+127)/255),
					G: px[1] + uint8((uint32(under.G)*k+127)/255),
					B: px[2] + uint8((uint32(under.B)*k+127)/255),
					A: 0xff,
				})
			}
		}
	}
	return nil
}

// Painted returns the smallest rectangle holding every pixel a stamp of the sprite with its
// anchor at (x, y) paints (every pixel not wholly clear); the sprite's whole picture when it
// was not split into runs.
func (s Sprite) Painted(x, y int) image.Rectangle {
	at := image.Pt(x-s.Anchor.X, y-s.Anchor.Y)
	if s.runs == nil {
		return s.Img.Rect.Sub(s.Img.Rect.Min).Add(at)
	}
	var r image.Rectangle
	for row, rs := range s.runs {
		if len(rs) > 0 {
			r = r.Union(image.Rect(rs[0].from, row, rs[len(rs)-1].to, row+1))
		}
	}
	return r.Add(at)
}

// Over blends src (premultiplied alpha) over dst with src's top-left corner at at.
func Over(dst, src *image.RGBA, at image.Point) {
	r := src.Rect.Sub(src.Rect.Min).Add(at).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	sp := r.Min.Sub(at).Add(src.Rect.Min)
	w := r.Dx() * 4
	for y := 0; y < r.Dy(); y++ {
		so := src.PixOffset(sp.X, sp.Y+y)
		do := dst.PixOffset(r.Min.X, r.Min.Y+y)
		blend(dst.Pix[do:do+w:do+w], src.Pix[so:so+w:so+w])
	}
}

// blend blends the premultiplied pixels of s over those of d, which has the same length:
// clear pixels are skipped and opaque ones copied.
func blend(d, s []uint8) {
	for i := 0; i+3 < len(s) && i+3 < len(d); i += 4 {
		a := s[i+3]
		switch a {
		case 0:
		case 0xff:
			copy(d[i:i+4], s[i:i+4])
		default:
			k := 255 - uint32(a)
			d[i] = s[i] + uint8((uint32(d[i])*k+127)/255)
			d[i+1] = s[i+1] + uint8((uint32(d[i+1])*k+127)/255)
			d[i+2] = s[i+2] + uint8((uint32(d[i+2])*k+127)/255)
			d[i+3] = a + uint8((uint32(d[i+3])*k+127)/255)
		}
	}
}
