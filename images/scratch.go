package images

import (
	"image"
	"sync"
)

// Scratch lends RGBA images by size to draw on, so that repeated renders of pictures of the same
// size allocate none. A borrowed image holds what its last user drew: clear what you draw on.
// The zero value is ready; a Scratch is safe for concurrent use and must not be copied.
type Scratch struct {
	pools sync.Map // image.Point → *sync.Pool
}

// Borrow lends an image of size (its bounds start at the origin); give it back with Return.
func (s *Scratch) Borrow(size image.Point) *image.RGBA {
	p, _ := s.pools.LoadOrStore(size, &sync.Pool{})
	if img, ok := p.(*sync.Pool).Get().(*image.RGBA); ok {
		return img
	}
	return image.NewRGBA(image.Rectangle{Max: size})
}

// Return gives back an image lent by Borrow.
func (s *Scratch) Return(img *image.RGBA) {
	if p, ok := s.pools.Load(img.Rect.Max); ok {
		p.(*sync.Pool).Put(img)
	}
}
