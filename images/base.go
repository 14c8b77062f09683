package images

import (
	"errors"
	"fmt"
	"image"
	"image/color"
)

// Base is the skeleton every game's renderer embeds: its kit (fonts and encoder), its palette
// built on first use, the pooled RGBA scratch images text is drawn on, the pooled paletted
// pictures it returns and takes back (Recycle), and the one way a picture is painted, fast or
// naive (Paint). A renderer adds its static art (in Caches), its checks of a view and its
// scenes. A *Base is safe for concurrent use; make it with NewBase.
type Base struct {
	name     string
	kit      *Kit
	palette  func() (*Palette, error)
	minText  float64
	scratch  Scratch
	pictures PalettedScratch
}

// NewBase returns the skeleton of the renderer called name (the prefix of its errors, "fits
// art"), drawing in the StandardColours and those colours adds (see ColoursWith and
// LazyPalette) with no text below minText pixels (see Canvas.SetMinText and PhoneMinText).
func NewBase(name string, colours func(c *Colours), minText float64) *Base {
	return &Base{name: name, kit: NewKit(), palette: LazyPalette(func() []color.RGBA { return ColoursWith(colours) }), minText: minText}
}

// Kit returns the kit the renderer draws with (its fonts record the smallest text drawn, and
// its encoder writes the pictures).
func (b *Base) Kit() *Kit { return b.kit }

// Palette returns the renderer's palette, building it (and its lookup table) on first use.
func (b *Base) Palette() (*Palette, error) {
	p, err := b.palette()
	if err != nil {
		return nil, fmt.Errorf("%s: palette: %w", b.name, err)
	}
	return p, nil
}

// Canvas returns a canvas over img with a fresh set of faces, drawing through gg's general
// paths when baseline is set (see Canvas.SetBaseline).
func (b *Base) Canvas(img *image.RGBA, baseline bool) (*Canvas, error) {
	faces, err := b.kit.Faces()
	if err != nil {
		return nil, fmt.Errorf("%s: fonts: %w", b.name, err)
	}
	c := NewCanvas(img, faces)
	c.SetBaseline(baseline)
	c.SetMinText(b.minText)
	return c, nil
}

// Scratch lends the RGBA images, by size, that a picture's text is drawn on before it is
// converted to the palette.
func (b *Base) Scratch() *Scratch { return &b.scratch }

// Picture lends a paletted picture of size over pal (the renderer's Palette), to be returned
// to the caller and taken back by Recycle. It holds what its last user drew: cover every
// pixel.
func (b *Base) Picture(size image.Point, pal *Palette) *image.Paletted {
	return b.pictures.Borrow(size, pal.Colours())
}

// Recycle takes back a picture the renderer returned, once encoded: the next picture of its
// size is drawn over it instead of on a new one (see Recycler). Pictures of another size or
// origin are left to the garbage collector.
func (b *Base) Recycle(img image.Image) {
	if p, ok := img.(*image.Paletted); ok {
		b.pictures.Return(p)
	}
}

// DrawErr returns the errors met while drawing, joined and named as the renderer's, or nil.
func (b *Base) DrawErr(errs ...error) error {
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("%s: draw: %w", b.name, err)
	}
	return nil
}

// Paint makes one picture of size with paint, the same drawing both ways: fast, on a pooled
// scratch image (paint covers every pixel) converted to a pooled paletted picture; or, with
// baseline set, the benchmarks' reference (see Baseline), on a fresh RGBA image through gg's
// general paths, returned as it is. An error paint returns is returned as it is; the canvas's
// drawing error is named as the renderer's.
func (b *Base) Paint(size image.Point, baseline bool, paint func(c *Canvas) error) (image.Image, error) {
	var img *image.RGBA
	if baseline {
		img = image.NewRGBA(image.Rectangle{Max: size})
	} else {
		img = b.scratch.Borrow(size)
		defer b.scratch.Return(img)
	}
	c, err := b.Canvas(img, baseline)
	if err != nil {
		return nil, err
	}
	if err := paint(c); err != nil {
		return nil, err
	}
	if err := b.DrawErr(c.Err()); err != nil {
		return nil, err
	}
	if baseline {
		return img, nil
	}
	pal, err := b.Palette()
	if err != nil {
		return nil, err
	}
	out := b.Picture(size, pal)
	pal.ConvertInto(out, img)
	return out, nil
}

// ViewOf returns view as a *V, the view type of a renderer's game, or an error wrapping
// errView when it is another type or nil.
func ViewOf[V any](view any, errView error) (*V, error) {
	v, ok := view.(*V)
	if !ok {
		return nil, fmt.Errorf("%w: want %T, got %T", errView, v, view)
	}
	if v == nil {
		return nil, fmt.Errorf("%w: nil %T", errView, v)
	}
	return v, nil
}

// PrivateOf returns view as a *V checked by check (a renderer's own checks of a view) and the
// viewer's part of it, which mine finds, for a private panel. It fails with check's error, or
// with one wrapping errView for a spectator's view (mine finds none).
func PrivateOf[V, S any](view any, check func(any) (*V, error), mine func(*V) (S, bool), errView error) (*V, S, error) {
	var none S
	v, err := check(view)
	if err != nil {
		return nil, none, err
	}
	s, ok := mine(v)
	if !ok {
		return nil, none, fmt.Errorf("%w: a spectator has no private panel", errView)
	}
	return v, s, nil
}

// Checked returns draw's picture of view as check (a renderer's own checks of a view) returns
// it, or check's error: the shape of every Table.
func Checked[V any, P image.Image](view any, check func(any) (*V, error), draw func(v *V) (P, error)) (image.Image, error) {
	v, err := check(view)
	if err != nil {
		return nil, err
	}
	img, err := draw(v)
	if err != nil {
		return nil, err
	}
	return img, nil
}
