package sideboards

import (
	"errors"
	"fmt"
	"image"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/images"
)

// ErrView is wrapped by the errors of views a renderer cannot draw: of another game, nil,
// inconsistent, or a spectator's view for a private panel.
var ErrView = errors.New("sideboards art: cannot draw this view")

// Renderer draws Sideboards pictures. It implements images.Renderer on
// images.Base. Its caches (the palette, drawer sprites, scratch images) fill on first
// use; it is safe for concurrent use.
type Renderer struct {
	*images.Base
	drawers images.Cache[drawerKey, images.Sprite]
}

var _ images.Renderer = (*Renderer)(nil)

// New returns a renderer with empty caches.
func New() *Renderer {
	return &Renderer{Base: images.NewBase("sideboards art", paletteColours, images.PhoneMinText(width))}
}

// draw makes one picture of size: draw paints it on a canvas (through gg's general paths when
// naive), and the result is converted to the palette — or, naive, returned as RGBA.
func (r *Renderer) draw(size image.Point, lang games.Lang, naive bool, paint func(sc *scene)) (image.Image, error) {
	return r.Paint(size, naive, func(c *images.Canvas) error {
		sc := &scene{r: r, c: c, lang: lang, naive: naive}
		c.Fill(c.Img.Rect, images.Slate)
		paint(sc)
		return r.DrawErr(sc.err)
	})
}

// Table draws the table as view (a *sideboards.View) shows it, as an *image.Paletted.
func (r *Renderer) Table(view any, lang games.Lang) (image.Image, error) {
	return images.Checked(view, asView, func(v *game.View) (image.Image, error) { return r.table(v, lang, false) })
}

// NaiveTable draws the table the straightforward way, for benchmarks: everything afresh
// through gg into RGBA, nothing cached (see images.Baseline).
func (r *Renderer) NaiveTable(view any, lang games.Lang) (image.Image, error) {
	return images.Checked(view, asView, func(v *game.View) (image.Image, error) { return r.table(v, lang, true) })
}

// Private draws the viewer's panel at draft (see sideboards.ParseDraft; "" stands for the
// view's suggestion): the hand, every card upright and turned, the draft's cards marked, and
// the sideboard with the draft's cards attached and what they score. A viewer who need not
// place sees its hand, its sideboard (with its hidden choice, if any) and whom the table
// waits for. A spectator's view and a draft that does not fit the hand are errors.
func (r *Renderer) Private(view any, draft string, lang games.Lang) (image.Image, error) {
	v, _, err := images.PrivateOf(view, asView, (*game.View).Mine, ErrView)
	if err != nil {
		return nil, err
	}
	var d *game.Draft
	if v.MustPlace() {
		dd, err := v.Draft(draft)
		if err != nil {
			return nil, err
		}
		d = &dd
	}
	l := newPrivateLayout(v, d)
	return r.draw(l.size, lang, false, func(sc *scene) { sc.private(v, d, l) })
}

// asView checks that view is a non-nil *sideboards.View that can be drawn: 1–6 seats, at
// most 8 valid, distinct cards on each sideboard, tasks of the right kinds.
func asView(view any) (*game.View, error) {
	v, err := images.ViewOf[game.View](view, ErrView)
	if err != nil {
		return nil, err
	}
	if len(v.Seats) < 1 || len(v.Seats) > 6 || len(v.Players) != len(v.Seats) {
		return nil, fmt.Errorf("%w: %d seats (want 1 to 6)", ErrView, len(v.Seats))
	}
	for k, t := range v.Tasks {
		if t != 0 && (!t.Valid() || t.Kind() != game.Kind(k)) {
			return nil, fmt.Errorf("%w: task %d in the place of kind %d", ErrView, t, k)
		}
	}
	seen := map[game.Card]bool{}
	for i, sv := range v.Seats {
		if len(sv.Board) > game.Width || len(sv.Pending) > 2 {
			return nil, fmt.Errorf("%w: seat %d has %d cards laid", ErrView, i, len(sv.Board))
		}
		for _, p := range sv.Board {
			if !p.Card.Valid() || seen[p.Card] {
				return nil, fmt.Errorf("%w: seat %d: card %d laid twice or unknown", ErrView, i, p.Card)
			}
			seen[p.Card] = true
		}
		for _, c := range append(append([]game.Card(nil), sv.Hand...), sv.Known...) {
			if !c.Valid() {
				return nil, fmt.Errorf("%w: seat %d holds card %d", ErrView, i, c)
			}
		}
	}
	return v, nil
}

// table draws the table of v, fast or, naive, the benchmarks' baseline.
func (r *Renderer) table(v *game.View, lang games.Lang, naive bool) (image.Image, error) {
	l := newTableLayout(v)
	return r.draw(l.size, lang, naive, func(sc *scene) { sc.table(v, l) })
}
