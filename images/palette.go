package images

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"
)

// lutBits is the number of bits per channel that index the lookup table of a Palette: 6 bits
// per channel, 262 144 entries of one byte.
const lutBits = 6

// lutSize is the number of entries of the lookup table.
const lutSize = 1 << (3 * lutBits)

// Palette is a fixed set of at most 256 opaque colours with a lookup table from every 18-bit
// RGB value to the index of its nearest colour, so that converting a drawing to a paletted
// image costs one table read per pixel. A *Palette is immutable and safe for concurrent use.
type Palette struct {
	colours color.Palette
	rgba    []color.RGBA
	lut     []uint8
}

// Mix returns the colour the fraction t of the way from a to b (t = 0 is a, 1 is b).
func Mix(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), m(a.A, b.A)}
}

// Ramp returns the steps colours strictly between a and b, evenly spaced: the shades that
// anti-aliased edges between a and b need.
func Ramp(a, b color.RGBA, steps int) []color.RGBA {
	out := make([]color.RGBA, 0, steps)
	for i := 1; i <= steps; i++ {
		out = append(out, Mix(a, b, float64(i)/float64(steps+1)))
	}
	return out
}

// Hex returns the opaque colour written as "#rrggbb"; it panics on any other text, so use it
// only with constants.
func Hex(s string) color.RGBA {
	var c color.RGBA
	if _, err := fmt.Sscanf(s, "#%02x%02x%02x", &c.R, &c.G, &c.B); err != nil || len(s) != 7 {
		panic(fmt.Sprintf("images: bad colour %q", s))
	}
	c.A = 0xff
	return c
}

// LazyPalette returns a function that builds the palette of colours() with NewPalette on its
// first call and returns that palette (or error) on every call, safe for concurrent use: a
// renderer's palette, built when it first draws.
func LazyPalette(colours func() []color.RGBA) func() (*Palette, error) {
	return sync.OnceValues(func() (*Palette, error) { return NewPalette(colours()) })
}

// NewPalette builds a palette of the given opaque colours (duplicates are dropped, order is
// kept) and its lookup table. It fails when more than 256 distinct colours remain or a colour
// is not opaque.
func NewPalette(colours []color.RGBA) (*Palette, error) {
	p := &Palette{}
	seen := map[color.RGBA]bool{}
	for _, c := range colours {
		if c.A != 0xff {
			return nil, fmt.Errorf("images: palette colour %v is not opaque", c)
		}
		if seen[c] {
			continue
		}
		seen[c] = true
		p.rgba = append(p.rgba, c)
		p.colours = append(p.colours, c)
	}
	if len(p.rgba) == 0 || len(p.rgba) > 256 {
		return nil, fmt.Errorf("images: a palette holds 1 to 256 colours, not %d", len(p.rgba))
	}
	p.lut = buildLUT(p.rgba)
	return p, nil
}

// Colours returns the palette's colours (shared: do not modify).
func (p *Palette) Colours() color.Palette { return p.colours }

// Len returns the number of colours.
func (p *Palette) Len() int { return len(p.rgba) }

// Index returns the index of the palette colour nearest to c (ignoring alpha).
func (p *Palette) Index(c color.RGBA) uint8 { return p.lut[lutKey(c.R, c.G, c.B)] }

// Convert returns src as a paletted image over p, mapping every pixel through the lookup
// table. Alpha is ignored: draw on an opaque background.
func (p *Palette) Convert(src *image.RGBA) *image.Paletted {
	dst := image.NewPaletted(src.Rect, p.colours)
	p.ConvertInto(dst, src)
	return dst
}

// ConvertInto maps the pixels of src that fall inside dst.Rect into dst, which must use this
// palette's colours.
func (p *Palette) ConvertInto(dst *image.Paletted, src *image.RGBA) {
	p.ConvertRect(dst, src, dst.Rect)
}

// ConvertRect maps the pixels of src inside r (clipped to both images) into dst.
func (p *Palette) ConvertRect(dst *image.Paletted, src *image.RGBA, r image.Rectangle) {
	p.ConvertRectAt(dst, src, r, image.Point{})
}

// ConvertAt maps all of src into dst with src's top-left corner at at (clipped to dst): Blit
// of a converted src without the intermediate picture.
func (p *Palette) ConvertAt(dst *image.Paletted, src *image.RGBA, at image.Point) {
	p.ConvertRectAt(dst, src, src.Rect, at.Sub(src.Rect.Min))
}

// ConvertRectAt maps the pixels of src inside r into dst, moved by shift (clipped to both):
// ConvertRect of one part of src drawn where it goes in dst.
func (p *Palette) ConvertRectAt(dst *image.Paletted, src *image.RGBA, r image.Rectangle, shift image.Point) {
	p.convert(dst, src, r.Intersect(src.Rect).Add(shift).Intersect(dst.Rect), shift)
}

// convert maps the pixels of dst inside r, which lies in dst, from those of src at the same
// place less shift, which lie in src.
func (p *Palette) convert(dst *image.Paletted, src *image.RGBA, r image.Rectangle, shift image.Point) {
	if r.Empty() {
		return
	}
	lut := (*[lutSize]uint8)(p.lut)
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		so := src.PixOffset(r.Min.X-shift.X, y-shift.Y)
		do := dst.PixOffset(r.Min.X, y)
		s := src.Pix[so : so+4*w : so+4*w]
		d := dst.Pix[do : do+w : do+w]
		for i := range d {
			// One load per pixel: red in the low byte, the top six bits of each channel.
			v := binary.LittleEndian.Uint32(s[4*i:])
			d[i] = lut[(v>>2&0x3f)<<12|(v>>10&0x3f)<<6|(v>>18&0x3f)]
		}
	}
}

func lutKey(r, g, b uint8) int {
	return int(r>>(8-lutBits))<<(2*lutBits) | int(g>>(8-lutBits))<<lutBits | int(b>>(8-lutBits))
}

// Weights of the channels in the colour distance: the eye is most sensitive to green.
const wR, wG, wB = 2.0, 4.0, 3.0

func dist(r, g, b float64, c color.RGBA) float64 {
	dr, dg, db := r-float64(c.R), g-float64(c.G), b-float64(c.B)
	return math.Sqrt(wR*dr*dr + wG*dg*dg + wB*db*db)
}

// buildLUT finds the nearest colour for the centre of every table cell. It first lists, for
// each coarse block of 16³ RGB values, the colours that can be nearest anywhere in the block
// (by the triangle inequality), and then searches only those. Every palette colour finally
// claims its own cell, so flat areas drawn in palette colours convert exactly.
func buildLUT(pal []color.RGBA) []uint8 {
	const (
		fine       = 1 << lutBits
		coarseBits = 4
		coarse     = 1 << coarseBits
		perCoarse  = fine / coarse
		fineStep   = 256 / fine
		coarseStep = 256 / coarse
		coarseHalf = float64(coarseStep) / 2
		fineHalf   = float64(fineStep) / 2
	)
	lut := make([]uint8, lutSize)
	halfDiag := math.Sqrt((wR + wG + wB) * coarseHalf * coarseHalf)
	cands := make([]int, 0, len(pal))
	for cr := range coarse {
		for cg := range coarse {
			for cb := range coarse {
				r0 := float64(cr*coarseStep) + coarseHalf
				g0 := float64(cg*coarseStep) + coarseHalf
				b0 := float64(cb*coarseStep) + coarseHalf
				best := math.Inf(1)
				for _, c := range pal {
					best = min(best, dist(r0, g0, b0, c))
				}
				cands = cands[:0]
				for i, c := range pal {
					if dist(r0, g0, b0, c) <= best+2*halfDiag {
						cands = append(cands, i)
					}
				}
				for fr := cr * perCoarse; fr < (cr+1)*perCoarse; fr++ {
					for fg := cg * perCoarse; fg < (cg+1)*perCoarse; fg++ {
						for fb := cb * perCoarse; fb < (cb+1)*perCoarse; fb++ {
							r := float64(fr*fineStep) + fineHalf
							g := float64(fg*fineStep) + fineHalf
							b := float64(fb*fineStep) + fineHalf
							bi, bd := cands[0], math.Inf(1)
							for _, i := range cands {
								if d := dist(r, g, b, pal[i]); d < bd {
									bi, bd = i, d
								}
							}
							lut[fr<<(2*lutBits)|fg<<lutBits|fb] = uint8(bi)
						}
					}
				}
			}
		}
	}
	for i, c := range pal {
		lut[lutKey(c.R, c.G, c.B)] = uint8(i)
	}
	return lut
}
