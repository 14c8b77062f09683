package fits

import (
	"errors"
	"fmt"
	"image"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// ErrView is wrapped by the errors of views a renderer cannot draw: of another game, nil,
// inconsistent, or a spectator's view for a private panel.
var ErrView = errors.New("fits art: cannot draw this view")

// Renderer draws FITS pictures. It implements images.Renderer on images.Base.
// Its caches (the palette, static boards, frames, sprites) fill on first use; it is safe for
// concurrent use.
type Renderer struct {
	*images.Base

	boards     images.Cache[boardKey, *image.Paletted]
	frames     images.Cache[frameKey, *image.Paletted]
	spriteSets images.Cache[int, *spriteSet] // by cell size
	rings      images.Cache[ringKey, images.Sprite]
}

var _ images.Renderer = (*Renderer)(nil)

// New returns a renderer with empty caches.
func New() *Renderer {
	return &Renderer{Base: images.NewBase("fits art", paletteColours, images.PhoneMinText(maxWidth))}
}

// convert returns img, drawn on c, on the palette, or c's drawing error.
func (r *Renderer) convert(img *image.RGBA, c *images.Canvas) (*image.Paletted, error) {
	if err := r.DrawErr(c.Err()); err != nil {
		return nil, err
	}
	pal, err := r.Palette()
	if err != nil {
		return nil, err
	}
	return pal.Convert(img), nil
}

// Table draws the table as view (a *fits.View) shows it, as an *image.Paletted.
func (r *Renderer) Table(view any, lang games.Lang) (image.Image, error) {
	return images.Checked(view, asView, func(v *game.View) (*image.Paletted, error) { return r.fastTable(v, lang) })
}

// NaiveTable draws the table the straightforward way, for benchmarks: everything afresh
// through gg into RGBA, nothing cached (see images.Baseline).
func (r *Renderer) NaiveTable(view any, lang games.Lang) (image.Image, error) {
	return images.Checked(view, asView, func(v *game.View) (*image.RGBA, error) { return r.naiveTable(v, lang) })
}

// Private draws the viewer's panel at draft (see fits.ParseDraft; "" stands for the view's
// suggestion): the own board with the current piece as a ghost where it would land, or marked
// as set aside, and beside it the piece, the card, the round and the scores. A spectator's
// view, a malformed draft and setting a start piece aside are errors.
func (r *Renderer) Private(view any, draft string, lang games.Lang) (image.Image, error) {
	p, err := preparePrivate(view, draft)
	if err != nil {
		return nil, err
	}
	return r.fastPrivate(p, lang)
}

// asView checks that view is a non-nil *fits.View that can be drawn: 1–4 seats, a board
// number 1–4, every seat's colour known and its pieces on the board without overlapping.
func asView(view any) (*game.View, error) {
	v, err := images.ViewOf[game.View](view, ErrView)
	if err != nil {
		return nil, err
	}
	if len(v.Seats) < 1 || len(v.Seats) > 4 {
		return nil, fmt.Errorf("%w: %d seats (want 1 to 4)", ErrView, len(v.Seats))
	}
	if v.Board < 1 || v.Board > 4 {
		return nil, fmt.Errorf("%w: board %d (want 1 to 4)", ErrView, v.Board)
	}
	for i, sv := range v.Seats {
		if sv.Colour < game.Red || sv.Colour > game.Yellow {
			return nil, fmt.Errorf("%w: seat %d has colour %d", ErrView, i, sv.Colour)
		}
		if _, err := occupancy(sv); err != nil {
			return nil, fmt.Errorf("%w: seat %d: %w", ErrView, i, err)
		}
	}
	return v, nil
}

// owners says which piece covers each cell of a board: 0 none, k the piece Pieces[k-1].
type owners [game.Rows][game.Cols]int8

// occupancy returns the owners of sv's cells, built from its pieces; it fails when a piece
// lies off the board or on another.
func occupancy(sv game.SeatView) (*owners, error) {
	var o owners
	if len(sv.Pieces) > 100 {
		return nil, fmt.Errorf("%d pieces on one board", len(sv.Pieces))
	}
	if sv.Last < -1 || sv.Last >= len(sv.Pieces) {
		return nil, fmt.Errorf("the last piece is number %d of %d", sv.Last, len(sv.Pieces))
	}
	for i, p := range sv.Pieces {
		for _, c := range p.Cells {
			if c.Col < 0 || c.Col >= game.Cols || c.Row < 0 || c.Row >= game.Rows {
				return nil, fmt.Errorf("piece %d (%s) has a square off the board at column %d, row %d", i+1, p.Place.Piece, c.Col, c.Row+1)
			}
			if o[c.Row][c.Col] != 0 {
				return nil, fmt.Errorf("pieces %d and %d both cover %s", o[c.Row][c.Col], i+1, c.Label())
			}
			o[c.Row][c.Col] = int8(i + 1)
		}
	}
	return &o, nil
}
