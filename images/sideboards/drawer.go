package sideboards

import (
	"errors"
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/images"
)

// drawerKey names a drawer sprite: its size, its drawer and the language of its letter.
type drawerKey struct {
	w, h int
	d    game.Drawer
	lang games.Lang
}

// colourLetter is the letter shown on a drawer of colour c, in the language of the picture:
// R T P O K in English (as in the rules' card table), Č T P O K in Czech. No letter stands
// for two colours across the languages, so a mixed channel cannot misread one (the Czech
// růžová is P, as in the card table, not R, which is red in English). Czech red is Č for
// červená; black is K in both (the printer's key black, and Č is taken).
func colourLetter(c game.Colour, lang games.Lang) string {
	if lang == games.Czech {
		return [...]string{"Č", "T", "P", "O", "K"}[c]
	}
	return c.Letter()
}

// drawerSprite returns the sprite of a drawer w × h pixels (anchored at its top-left corner).
func (sc *scene) drawerSprite(w, h int, d game.Drawer) images.Sprite {
	k := drawerKey{w, h, d, sc.lang}
	if sc.naive {
		return images.Sprite{Draw: sc.r.drawerDraw(k)}
	}
	sp, err := sc.r.drawers.Get(k, func() (images.Sprite, error) {
		draw := sc.r.drawerDraw(k)
		if draw == nil {
			return images.Sprite{}, errNoFonts
		}
		return images.NewSprite(0, 0, w, h, draw), nil
	})
	sc.fail(err)
	return sp
}

// errNoFonts is returned when the embedded fonts cannot be loaded.
var errNoFonts = errors.New("sideboards art: the embedded fonts cannot be loaded")

// drawerDraw returns the function that draws drawer k with its top-left corner at the origin:
// a rounded front in the drawer's colour with a darker rim, its colour's letter, and its
// handle's glyph. Wide drawers show the letter in the top-left corner and the handle right of
// it; narrow ones the letter on the left and the handle on the right.
func (r *Renderer) drawerDraw(k drawerKey) func(dc *gg.Context) {
	fonts, err := r.Kit().Fonts()
	if err != nil {
		return nil
	}
	size := float64(textS)
	face, err := fonts.Face(images.Bold, size)
	if err != nil {
		return nil
	}
	fill, ink := drawerFills[k.d.Colour], drawerInks[k.d.Colour]
	w, h := float64(k.w), float64(k.h)
	letter := colourLetter(k.d.Colour, k.lang)
	return func(dc *gg.Context) {
		dc.DrawRoundedRectangle(1, 1, w-2, h-2, 4)
		dc.SetColor(edgeOf(fill))
		dc.Fill()
		dc.DrawRoundedRectangle(2.5, 2.5, w-5, h-6, 3)
		dc.SetColor(fill)
		dc.Fill()
		dc.SetFontFace(face)
		dc.SetColor(ink)
		wide := w >= 70
		var lx, ly, hx, hy, hr, room float64
		if wide {
			// The letter in the top-left corner, the handle centred in the space right of it
			// and a little lower, clear of the letter.
			lx, ly = 7, 5+images.CapHeight(face)
			start := lx + images.TextWidth(face, letter) + 6
			room = w - 6 - start
			hx, hy, hr = start+room/2, h/2+3, math.Min(h*0.3, w*0.2)
		} else {
			// The letter on the left, the handle in the space right of it.
			lx, ly = 3, h/2+images.CapHeight(face)/2
			room = w - 3 - (lx + images.TextWidth(face, letter) + 1)
			hx, hy, hr = w-3-room/2, h/2, math.Min(h*0.27, room/2)
		}
		dc.DrawString(letter, lx, ly)
		handle(dc, k.d.Handle, hx, hy, hr, room, ink, fill)
	}
}

// handle draws a handle glyph of radius r centred on (x, y), at most room pixels wide: a
// flower of five petals, a square knob, or a long bar; nothing for no handle.
func handle(dc *gg.Context, h game.Handle, x, y, r, room float64, ink, fill color.RGBA) {
	switch h {
	case game.Flower:
		r = math.Min(r, room/1.95)
		for i := range 5 {
			a := float64(i)*2*math.Pi/5 - math.Pi/2
			dc.DrawCircle(x+math.Cos(a)*r*0.55, y+math.Sin(a)*r*0.55, r*0.42)
		}
		dc.SetColor(ink)
		dc.Fill()
		dc.DrawCircle(x, y, r*0.28)
		dc.SetColor(fill)
		dc.Fill()
	case game.Square:
		s := math.Min(r*1.5, room)
		dc.DrawRoundedRectangle(x-s/2, y-s/2, s, s, s*0.1)
		dc.SetColor(ink)
		dc.Fill()
	case game.Long:
		lw, lh := math.Min(r*3.2, room), math.Max(r*0.7, 5)
		dc.DrawRoundedRectangle(x-lw/2, y-lh/2, lw, lh, lh/2)
		dc.SetColor(ink)
		dc.Fill()
	}
}

// boardGeom is the geometry of a drawn sideboard: cw × rh drawers in 8 card slots, inside a
// walnut frame fp wide, with row numbers in a gutter on the left when rows is set.
type boardGeom struct {
	cw, rh, fp int
	rows       bool
}

// gutter is the width of the row numbers' gutter.
func (g boardGeom) gutter() int {
	if g.rows {
		return 18
	}
	return 0
}

// size is the size of the drawn sideboard with the card numbers below it.
func (g boardGeom) size() image.Point {
	return image.Pt(g.gutter()+2*g.fp+game.Width*g.cw, 2*g.fp+game.Drawers*g.rh+numbersH)
}

// numbersH is the height of the band of card numbers under a sideboard.
const numbersH = 30

// boardMarks are what a drawn sideboard highlights.
type boardMarks struct {
	// fresh are the indexes in the board of cards to ring (the newest, or the previewed).
	fresh []int
	// ringCol is the colour of their ring.
	ringCol color.RGBA
	// runs are the counted runs of the row task, in board columns, to underline.
	runs []game.Run
	// task is the row task: the rows it counts in are numbered in gold when it picks rows.
	task game.Task
}

// board draws a sideboard at (x, y): the walnut frame, the cards centred in the 8 slots, the
// empty slots, the rings of the fresh cards, a bar under each counted run, row numbers and
// card numbers (with a ▼ for a turned card).
func (sc *scene) board(board []game.Placed, at image.Point, g boardGeom, m boardMarks) {
	sz := g.size()
	x0 := at.X + g.gutter()
	body := image.Rect(x0, at.Y, at.X+sz.X, at.Y+2*g.fp+game.Drawers*g.rh)
	sc.box(body, 6, walnutEdge)
	sc.box(body.Inset(2), 5, walnut)
	left := x0 + g.fp
	top := at.Y + g.fp
	off := (game.Width - len(board)) / 2
	for slotI := range game.Width {
		x := left + slotI*g.cw
		i := slotI - off
		if i < 0 || i >= len(board) {
			for row := range game.Drawers {
				y := top + row*g.rh
				sc.c.Fill(image.Rect(x+2, y+2, x+g.cw-2, y+g.rh-2), slot)
			}
			continue
		}
		col := board[i].Column()
		for row, d := range col {
			sc.c.Stamp(sc.drawerSprite(g.cw, g.rh, d), x, top+row*g.rh)
		}
		// The card's number, and a ▼ after it for a turned card: the two together centred on
		// the card, clear of each other (a narrow card's number runs into the next card's
		// space rather than into its own triangle).
		num := board[i].Card.String()
		ny := float64(body.Max.Y + numbersH/2 + 1)
		nw := sc.c.TextWidth(num, images.Bold, textS)
		nx := float64(x) + float64(g.cw)/2 - nw/2
		if board[i].Turned {
			nx -= 6
			sc.triangle(nx+nw+7, ny, 10, false, images.Dim)
		}
		sc.text(num, nx, ny, 0, 0.5, images.Bold, textS, images.Paper, 0)
	}
	if g.rows {
		for row := range game.Drawers {
			ink, style := images.Dim, images.Medium
			if picksRows(m.task) && m.task.CountsRow(row) {
				ink, style = images.Gold, images.Bold
			}
			sc.text(itoa(row+1), float64(at.X+g.gutter()/2-2), float64(top+row*g.rh+g.rh/2), 0.5, 0.5, style, textS, ink, 0)
		}
	}
	for _, r := range m.runs {
		x1 := left + (off+r.Start)*g.cw + 4
		x2 := left + (off+r.Start+r.Len)*g.cw - 4
		y := top + r.Row*g.rh + g.rh - 6
		sc.c.Fill(image.Rect(x1, y, x2, y+4), runBar)
	}
	for _, i := range m.fresh {
		x := left + (off+i)*g.cw
		sc.ring(image.Rect(x-2, top-3, x+g.cw+2, top+game.Drawers*g.rh+3), 5, 3, m.ringCol)
	}
}

// picksRows reports whether row task t counts runs in some rows only (tasks 27–30).
func picksRows(t game.Task) bool {
	for row := range game.Drawers {
		if t != 0 && !t.CountsRow(row) {
			return true
		}
	}
	return false
}

// column draws one card standing alone at (x, y): its five drawers, upright or turned.
func (sc *scene) column(p game.Placed, x, y, cw, rh int) {
	sc.box(image.Rect(x-3, y-3, x+cw+3, y+game.Drawers*rh+3), 5, walnut)
	for row, d := range p.Column() {
		sc.c.Stamp(sc.drawerSprite(cw, rh, d), x, y+row*rh)
	}
}
