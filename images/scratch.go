package images

import (
	"image"
	"image/color"
	"sync"
)

// sizedPool keeps values by the size of picture they hold; the zero value is ready.
type sizedPool[T any] struct {
	pools sync.Map // image.Point → *sync.Pool
}

// get returns a pooled value of size, or false when none is pooled.
func (p *sizedPool[T]) get(size image.Point) (T, bool) {
	pool, _ := p.pools.LoadOrStore(size, &sync.Pool{})
	v, ok := pool.(*sync.Pool).Get().(T)
	return v, ok
}

// put pools v of size, if a value of that size was ever asked for.
func (p *sizedPool[T]) put(size image.Point, v T) {
	if pool, ok := p.pools.Load(size); ok {
		pool.(*sync.Pool).Put(v)
	}
}

// Scratch lends RGBA images by size to draw on, so that repeated renders of pictures of the same
// size allocate none. A borrowed image holds what its last user drew: clear what you draw on.
// The zero value is ready; a Scratch is safe for concurrent use and must not be copied.
type Scratch struct {
	pool sizedPool[*image.RGBA]
}

// Borrow lends an image of size (its bounds start at the origin); give it back with Return.
func (s *Scratch) Borrow(size image.Point) *image.RGBA {
	if img, ok := s.pool.get(size); ok {
		return img
	}
	return image.NewRGBA(image.Rectangle{Max: size})
}

// Return gives back an image lent by Borrow.
func (s *Scratch) Return(img *image.RGBA) { s.pool.put(img.Rect.Max, img) }

// PalettedScratch lends paletted pictures by size, the pictures an Art returns and takes back
// through Recycler once they are encoded, so that a picture of every move reuses the memory of
// the last one instead of allocating (and the collector freeing) a megabyte. A borrowed picture
// holds what its last user drew: the Art must cover every pixel. The zero value is ready; a
// PalettedScratch is safe for concurrent use and must not be copied.
type PalettedScratch struct {
	pool sizedPool[*image.Paletted]
}

// Borrow lends a picture of size (its bounds start at the origin) over palette.
func (s *PalettedScratch) Borrow(size image.Point, palette color.Palette) *image.Paletted {
	if img, ok := s.pool.get(size); ok {
		img.Palette = palette
		return img
	}
	return image.NewPaletted(image.Rectangle{Max: size}, palette)
}

// Return takes back a picture lent by Borrow; any other picture (of a size never lent, or not
// at the origin) is left to the garbage collector, so a Recycler may pass on whatever it is
// given.
func (s *PalettedScratch) Return(img *image.Paletted) {
	if img == nil || img.Rect.Min != (image.Point{}) || img.Stride != img.Rect.Dx() {
		return
	}
	s.pool.put(img.Rect.Max, img)
}
