package shelfie

import (
	"errors"
	"fmt"
	"image"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/images"
)

// ErrView is wrapped by the errors of views a renderer cannot draw: of another game, nil,
// inconsistent, or a spectator's view for a private panel.
var ErrView = errors.New("shelfie art: cannot draw this view")

// Renderer draws Shelfie Stacker pictures. It implements images.Renderer on
// images.Base. Its caches (the palette, the dice sprites) fill on first use; it is safe
// for concurrent use.
type Renderer struct {
	*images.Base
	dice images.Cache[dieKey, images.Sprite]
}

var _ images.Renderer = (*Renderer)(nil)

// New returns a renderer with empty caches.
func New() *Renderer {
	return &Renderer{Base: images.NewBase("shelfie art", paletteColours, images.PhoneMinText(width))}
}

// draw makes one picture of size: fast (text through the glyph path, dice stamped, converted
// to the palette) or, for the baseline, everything through gg into a fresh RGBA image.
func (r *Renderer) draw(size image.Point, lang games.Lang, baseline bool, paint func(sc *scene) error) (image.Image, error) {
	return r.Paint(size, baseline, func(c *images.Canvas) error {
		sc := &scene{r: r, c: c, lang: lang}
		if err := paint(sc); err != nil {
			return err
		}
		return r.DrawErr(sc.err)
	})
}

// Table draws the table as view (a *shelfie.View) shows it, as an *image.Paletted.
func (r *Renderer) Table(view any, lang games.Lang) (image.Image, error) {
	return images.Checked(view, asView, func(v *game.View) (image.Image, error) { return r.table(v, lang, false) })
}

// NaiveTable draws the table the straightforward way, for benchmarks: through gg into RGBA,
// nothing cached (see images.Baseline).
func (r *Renderer) NaiveTable(view any, lang games.Lang) (image.Image, error) {
	return images.Checked(view, asView, func(v *game.View) (image.Image, error) { return r.table(v, lang, true) })
}

// Private draws the viewer's panel at draft (a draft of shelfie's Composer): the hand to
// choose from, the boxes to take, or the shipment and the own shelf with the columns where
// the picked die fits. A spectator's view and a draft naming no die of the shipment are
// errors.
func (r *Renderer) Private(view any, draft string, lang games.Lang) (image.Image, error) {
	p, err := preparePrivate(view, draft)
	if err != nil {
		return nil, err
	}
	l := newPrivateLayout(p)
	return r.draw(l.size, lang, false, func(sc *scene) error { return sc.private(p, l) })
}

// asView checks that view is a non-nil *shelfie.View that can be drawn: 1–4 seats, shelves
// within 5 × 5, boxes of at most 3 dice, known colours and values.
func asView(view any) (*game.View, error) {
	v, err := images.ViewOf[game.View](view, ErrView)
	if err != nil {
		return nil, err
	}
	if len(v.Seats) < 1 || len(v.Seats) > 4 {
		return nil, fmt.Errorf("%w: %d seats (want 1 to 4)", ErrView, len(v.Seats))
	}
	if len(v.Boxes) > 5 {
		return nil, fmt.Errorf("%w: %d boxes (want at most 5)", ErrView, len(v.Boxes))
	}
	for i, b := range v.Boxes {
		if len(b.Dice) > 3 {
			return nil, fmt.Errorf("%w: box %d holds %d dice", ErrView, i+1, len(b.Dice))
		}
		if err := checkDice(b.Dice); err != nil {
			return nil, fmt.Errorf("%w: box %d: %w", ErrView, i+1, err)
		}
	}
	if err := checkDice(v.Shipment); err != nil {
		return nil, fmt.Errorf("%w: shipment: %w", ErrView, err)
	}
	for i, sv := range v.Seats {
		for col, h := range sv.Shelf.Heights {
			if h < 0 || h > game.Height {
				return nil, fmt.Errorf("%w: seat %d column %d holds %d dice", ErrView, i, col+1, h)
			}
			if err := checkDice(sv.Shelf.Column(col)); err != nil {
				return nil, fmt.Errorf("%w: seat %d column %d: %w", ErrView, i, col+1, err)
			}
		}
		if err := checkDice(sv.Shame); err != nil {
			return nil, fmt.Errorf("%w: seat %d shame shelf: %w", ErrView, i, err)
		}
	}
	return v, nil
}

// checkDice returns why a die cannot be drawn: an unknown colour, a value outside 0–6.
func checkDice(ds []game.Die) error {
	for _, d := range ds {
		if !d.Colour.Valid() || d.Value < 0 || d.Value > 6 {
			return fmt.Errorf("die %v", d)
		}
	}
	return nil
}

// table draws the table of v, fast or, naive, the benchmarks' baseline.
func (r *Renderer) table(v *game.View, lang games.Lang, naive bool) (image.Image, error) {
	l := newTableLayout(v)
	return r.draw(l.size, lang, naive, func(sc *scene) error { return sc.table(v, l) })
}
