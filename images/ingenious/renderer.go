package ingenious

import (
	"errors"
	"fmt"
	"image"

	"github.com/fogleman/gg"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// Renderer draws Ingenious pictures. It implements images.Renderer on images.Base. Its caches
// (the palette, the static board of each radius, sprites) fill on first use; it is safe for
// concurrent use.
type Renderer struct {
	*images.Base

	boards images.Cache[int, *boardArt] // by radius
	icons  images.Cache[iconKey, images.Sprite]
	// rackBases and rackTiles are the pieces rack strips are composed of (see rackStrip).
	rackBases images.Cache[rackBaseKey, *image.Paletted]
	rackTiles images.Cache[rackSpriteKey, *tileSprites]
	// tiles keeps parts of pictures drawn lately: of score panels (see panel.drawParts) and of
	// rack strips (the tiles, their letters and the titles).
	tiles *images.Tiles
}

var _ images.Renderer = (*Renderer)(nil)

// iconKey names a small symbol icon: a colour at a face size.
type iconKey struct {
	col  ingenious.Colour
	size float64
}

// New returns a renderer with empty caches.
func New() *Renderer {
	return &Renderer{Base: images.NewBase("ingenious art", paletteColours, minText), tiles: images.NewTiles(tileBudget)}
}

// tileBudget is the memory, in bytes, the tiles may keep: a score column is about 9 KB, a
// header 16 KB, a card's shell 80 KB, a rack title 34 KB.
const tileBudget = 16 << 20

// ErrView is wrapped by the errors of views a renderer cannot draw: of another game, nil, or
// inconsistent.
var ErrView = errors.New("ingenious art: cannot draw this view")

// Table draws the table as view (an *ingenious.View) shows it, as an *image.Paletted.
func (r *Renderer) Table(view any, lang games.Lang) (image.Image, error) {
	v, err := asView(view)
	if err != nil {
		return nil, err
	}
	pal, err := r.Palette()
	if err != nil {
		return nil, err
	}
	out := r.Picture(tableSize(len(sidesOf(v))), pal)
	if err := r.renderTable(out, v, lang, nil); err != nil {
		return nil, err
	}
	if err := r.drawBadges(out, v, sinceMarks(v)); err != nil {
		return nil, err
	}
	return out, nil
}

// Private draws the viewer's panel at draft (see ingenious.ParseDraft): the rack, the chosen
// tile highlighted, and, when the draft names a placement, the table with the tile as a ghost
// on its cells above the rack. A spectator's view has no rack and is an error.
func (r *Renderer) Private(view any, draft string, lang games.Lang) (image.Image, error) {
	v, err := asView(view)
	if err != nil {
		return nil, err
	}
	if v.Rack == nil {
		return nil, fmt.Errorf("%w: a spectator's view has no rack to draw", ErrView)
	}
	d, err := ingenious.ParseDraft(draft, v.Radius)
	if err != nil {
		return nil, fmt.Errorf("ingenious art: draft %q: %w", draft, err)
	}
	return r.drawPrivate(v, d, lang)
}

// asView checks that view is a non-nil *ingenious.View that can be drawn.
func asView(view any) (*ingenious.View, error) {
	v, err := images.ViewOf[ingenious.View](view, ErrView)
	if err != nil {
		return nil, err
	}
	if _, ok := cellWidth(v.Radius); !ok {
		return nil, fmt.Errorf("%w: radius %d", ErrView, v.Radius)
	}
	if len(v.Players) == 0 || len(v.Scores) < len(v.Players) {
		return nil, fmt.Errorf("%w: %d players with %d score lists", ErrView, len(v.Players), len(v.Scores))
	}
	if v.Teams && len(v.Players) != 4 {
		return nil, fmt.Errorf("%w: a team game of %d players", ErrView, len(v.Players))
	}
	for i, pl := range v.Placements {
		if err := checkPlace(pl.Place, v.Radius); err != nil {
			return nil, fmt.Errorf("%w: tile %d: %w", ErrView, i+1, err)
		}
	}
	return v, nil
}

// board returns the art of radius, drawing it on first use.
func (r *Renderer) board(radius int) (*boardArt, error) {
	return r.boards.Get(radius, func() (*boardArt, error) {
		l, err := newLayout(radius)
		if err != nil {
			return nil, err
		}
		faces, err := r.Kit().Faces()
		if err != nil {
			return nil, fmt.Errorf("ingenious art: %w", err)
		}
		pal, err := r.Palette()
		if err != nil {
			return nil, err
		}
		return newBoardArt(l, faces, pal)
	})
}

// icon returns the sprite of colour col's face at circumradius f, for the score panel.
func (r *Renderer) icon(col ingenious.Colour, f float64) images.Sprite {
	sp, _ := r.icons.Get(iconKey{col, f}, func() (images.Sprite, error) {
		m := int(f) + 3
		return images.NewSprite(m, m, m, m, func(dc *gg.Context) { drawFace(dc, col, images.Point{}, f) }), nil
	})
	return sp
}

// prepare returns the art of v's radius after checking that the ghost, when not nil, lies on
// two neighbouring cells of the board.
func (r *Renderer) prepare(v *ingenious.View, ghost *ingenious.Place) (*boardArt, error) {
	if ghost != nil {
		if err := checkPlace(*ghost, v.Radius); err != nil {
			return nil, fmt.Errorf("ingenious art: the draft's placement: %w", err)
		}
	}
	return r.board(v.Radius)
}

// renderTable draws the table of v into the top of out, which is tableWidth wide and tall
// enough for v's table: the static board copied, the tiles stamped straight onto the palette,
// and the score panel under the board, its parts copied from the tiles of earlier panels or
// drawn in RGBA and converted (see panel.drawParts). A ghost, when not nil, is previewed on
// the board.
func (r *Renderer) renderTable(out *image.Paletted, v *ingenious.View, lang games.Lang, ghost *ingenious.Place) error {
	art, err := r.prepare(v, ghost)
	if err != nil {
		return err
	}
	pal, err := r.Palette()
	if err != nil {
		return err
	}
	area := panelArea(len(sidesOf(v)))
	rgba := r.Scratch().Borrow(image.Pt(tableWidth, area.Dy()))
	defer r.Scratch().Return(rgba)
	c, err := r.Canvas(rgba, false)
	if err != nil {
		return err
	}
	stampErr := r.renderBoard(out, art, v, ghost)
	p := panel{c: c, v: v, lang: lang, icons: r.icon}
	p.drawParts(out, image.Rect(panelMargin, 0, tableWidth-panelMargin, area.Dy()-panelMargin), area.Min, pal, r.tiles)
	if err := errors.Join(stampErr, c.Err()); err != nil {
		return fmt.Errorf("ingenious art: draw the table: %w", err)
	}
	return nil
}

// renderBoard draws the board of v into the top boardHeight rows of out (tableWidth wide):
// the static board copied and the tiles stamped straight onto the palette, a ghost, when not
// nil, previewed.
func (r *Renderer) renderBoard(out *image.Paletted, art *boardArt, v *ingenious.View, ghost *ingenious.Place) error {
	copy(out.Pix, art.staticPal.Pix)
	var stampErr error
	art.drawTiles(palSurface{out: out, err: &stampErr}, v, ghost)
	return stampErr
}

// NaiveTable draws the table the straightforward way, for benchmarks; see images.Baseline.
func (r *Renderer) NaiveTable(view any, lang games.Lang) (image.Image, error) {
	return images.Checked(view, asView, func(v *ingenious.View) (*image.RGBA, error) { return r.drawBaseline(v, lang) })
}

// drawBaseline draws the table of v the straightforward way, the benchmarks' reference: the
// whole picture afresh through gg into RGBA, no cached board, no sprites.
func (r *Renderer) drawBaseline(v *ingenious.View, lang games.Lang) (*image.RGBA, error) {
	art, err := r.prepare(v, nil)
	if err != nil {
		return nil, err
	}
	area := panelArea(len(sidesOf(v)))
	img := image.NewRGBA(image.Rect(0, 0, tableWidth, area.Max.Y))
	c, err := r.Canvas(img, true)
	if err != nil {
		return nil, err
	}
	c.Fill(img.Rect, images.Slate)
	art.drawStatic(c)
	art.drawTiles(rgbaSurface{c}, v, nil)
	p := panel{c: c, v: v, lang: lang, icons: r.icon}
	p.draw(image.Rect(panelMargin, area.Min.Y, tableWidth-panelMargin, area.Max.Y-panelMargin))
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("ingenious art: draw the table: %w", err)
	}
	return img, nil
}
