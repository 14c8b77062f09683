package images

import (
	"image"
	"sync"
)

// Tiles remembers parts of pictures already drawn and converted to a palette, each under a key
// that names everything deciding its pixels (what it shows and where), so that a picture drawn
// again with some parts unchanged copies them instead of drawing them. A part is a tile only
// when nothing else draws over it: it must hold every pixel of its rectangle.
//
// At most budget bytes of pixels are kept; a tile that does not fit evicts tiles chosen at
// random. It is safe for concurrent use.
type Tiles struct {
	mu     sync.Mutex
	m      map[string]*image.Paletted
	bytes  int
	budget int
}

// NewTiles returns a cache of tiles holding at most budget bytes of pixels.
func NewTiles(budget int) *Tiles {
	return &Tiles{m: map[string]*image.Paletted{}, budget: budget}
}

// Lay copies the tile kept under key into dst with its top-left corner at at and reports
// true, or reports false when no tile is kept under key.
func (t *Tiles) Lay(dst *image.Paletted, key string, at image.Point) bool {
	t.mu.Lock()
	tile, ok := t.m[key]
	t.mu.Unlock()
	if ok {
		Blit(dst, tile, at)
	}
	return ok
}

// Draw gives dst the part r under key: the tile kept under key when there is one, else what
// draw paints into r of dst, which is then kept under key. draw must paint every pixel of r
// and nothing outside it; an error from it is returned and nothing is kept.
func (t *Tiles) Draw(dst *image.Paletted, key string, r image.Rectangle, draw func() error) error {
	if t.Lay(dst, key, r.Min) {
		return nil
	}
	if err := draw(); err != nil {
		return err
	}
	t.Keep(key, dst, r)
	return nil
}

// Keep keeps the pixels of src inside r (clipped to src) as the tile of key. Tiles are never
// changed once kept, so a tile laid while another goroutine keeps the same key is whole.
func (t *Tiles) Keep(key string, src *image.Paletted, r image.Rectangle) {
	r = r.Intersect(src.Rect)
	size := r.Dx() * r.Dy()
	if size == 0 || size > t.budget {
		return
	}
	tile := image.NewPaletted(image.Rect(0, 0, r.Dx(), r.Dy()), src.Palette)
	Blit(tile, src.SubImage(r).(*image.Paletted), image.Point{})
	t.mu.Lock()
	defer t.mu.Unlock()
	if old, ok := t.m[key]; ok {
		delete(t.m, key)
		t.bytes -= len(old.Pix)
	}
	for k, old := range t.m { // map order: a tile at random
		if t.bytes+size <= t.budget {
			break
		}
		delete(t.m, k)
		t.bytes -= len(old.Pix)
	}
	t.m[key] = tile
	t.bytes += size
}

// Len returns the number of tiles kept and their bytes.
func (t *Tiles) Len() (tiles, bytes int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.m), t.bytes
}
