// Package fits draws the pictures of FITS: the table overview with every player's board side
// by side, and a player's private panel with the current piece as a ghost where it would land.
//
// Static parts — each board number's empty grid with its dots, special cells, overhang and
// labels, at each cell size — are drawn once per Renderer and copied into every picture;
// pieces are filled straight into the pixels; only text is drawn per picture. The result is
// converted to the shared fixed palette, which encodes small and fast.
package fits

import (
	"errors"
	"fmt"
	"image"
	"sync"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// ErrView is wrapped by the errors of views a renderer cannot draw: of another game, nil, or a
// spectator's view for a private picture.
var ErrView = errors.New("fits art: cannot draw this view")

// Renderer draws FITS pictures. It keeps caches of static parts and is safe for concurrent use.
type Renderer struct {
	kit *images.Kit

	palOnce sync.Once
	pal     *images.Palette
	palErr  error

	mu     sync.Mutex
	boards map[boardKey]*image.RGBA
}

var (
	_ images.Art      = (*Renderer)(nil)
	_ images.Baseline = (*Renderer)(nil)
)

// New returns a renderer with empty caches.
func New() *Renderer {
	return &Renderer{kit: images.NewKit(), boards: map[boardKey]*image.RGBA{}}
}

// palette returns the renderer's palette, built on first use.
func (r *Renderer) palette() (*images.Palette, error) {
	r.palOnce.Do(func() { r.pal, r.palErr = images.NewPalette(paletteColours()) })
	return r.pal, r.palErr
}

// asView checks that view is a FITS view.
func asView(view any) (*game.View, error) {
	v, ok := view.(*game.View)
	if !ok || v == nil {
		return nil, fmt.Errorf("%w: want *fits.View, got %T", ErrView, view)
	}
	if len(v.Seats) == 0 || len(v.Seats) > 4 {
		return nil, fmt.Errorf("%w: %d seats", ErrView, len(v.Seats))
	}
	return v, nil
}

// Table draws the overview every player sees.
func (r *Renderer) Table(view any, lang games.Lang) (image.Image, error) {
	v, err := asView(view)
	if err != nil {
		return nil, err
	}
	img, err := r.drawTable(v, lang, false)
	if err != nil {
		return nil, err
	}
	return r.finish(img)
}

// NaiveTable draws the overview the straightforward way — every part afresh through gg into
// RGBA — as the reference of the benchmarks (see images.Baseline).
func (r *Renderer) NaiveTable(view any, lang games.Lang) (image.Image, error) {
	v, err := asView(view)
	if err != nil {
		return nil, err
	}
	return r.drawTable(v, lang, true)
}

// Private draws the viewer's own board with the current piece as a ghost at draft.
func (r *Renderer) Private(view any, draft string, lang games.Lang) (image.Image, error) {
	v, err := asView(view)
	if err != nil {
		return nil, err
	}
	if _, ok := v.Mine(); !ok {
		return nil, fmt.Errorf("%w: a spectator has no private board", ErrView)
	}
	img, err := r.drawPrivate(v, draft, lang)
	if err != nil {
		return nil, err
	}
	return r.finish(img)
}

// finish converts a drawn picture to the palette.
func (r *Renderer) finish(img *image.RGBA) (image.Image, error) {
	pal, err := r.palette()
	if err != nil {
		return nil, fmt.Errorf("fits art: palette: %w", err)
	}
	return pal.Convert(img), nil
}
