package fits

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// scene is one picture being drawn, in two passes. The first draws text and small vector
// marks on c inside regions of flat colour; the second (the shapes queued during the first)
// draws pieces, ghosts, card shapes and rings on s. On the fast path c is a scratch RGBA
// image whose regions are converted onto the paletted picture between the passes, and s
// stamps straight onto that picture; on the baseline path both draw on one RGBA picture
// through gg.
type scene struct {
	r       *Renderer
	c       *images.Canvas
	s       surface
	lang    games.Lang
	regions []image.Rectangle
	shapes  []func()
	err     error
}

// region paints r with bg and marks it as drawn in the first pass. Everything the first
// pass draws lies inside a region.
func (sc *scene) region(r image.Rectangle, bg color.RGBA) {
	rect(sc.c, r, bg)
	sc.regions = append(sc.regions, r)
}

// later queues a shape for the second pass.
func (sc *scene) later(f func()) { sc.shapes = append(sc.shapes, f) }

// say returns t in the scene's language.
func (sc *scene) say(t games.Text, args ...any) string { return images.Say(t, sc.lang, args...) }

// text draws s so that (x, y) falls at the fraction (ax, ay) of its box, shortened with an
// ellipsis to at most w pixels (w ≤ 0: no limit). It returns the width drawn.
func (sc *scene) text(s string, x, y, ax, ay float64, style images.Style, size float64, col color.Color, w float64) float64 {
	return sc.c.TextFitted(s, x, y, ax, ay, style, size, col, w)
}

// wrap breaks s into at most lines lines of at most w pixels, the last shortened with an
// ellipsis when the words run over.
func (sc *scene) wrap(s string, style images.Style, size, w float64, lines int) []string {
	return sc.c.Wrap(s, style, size, w, lines)
}

// badge draws the colour badge of a seat centred on (x, y): a square of its piece colour
// with its colour's letter, size pixels wide.
func (sc *scene) badge(colour game.Colour, x, y, size float64) {
	col := seatShade(colour)
	dc := sc.c.DC
	dc.DrawRoundedRectangle(x-size/2, y-size/2, size, size, 4)
	dc.SetColor(edgeOf(col))
	dc.Fill()
	dc.DrawRoundedRectangle(x-size/2+2, y-size/2+2, size-4, size-4, 3)
	dc.SetColor(col)
	dc.Fill()
	ink := images.White
	if colour == game.Yellow || colour == game.Green {
		ink = markInk
	}
	letter := ""
	if colour >= game.Red && colour <= game.Yellow {
		letter = colourLetters[colour].In(sc.lang)
	}
	sc.c.Text(letter, x, y, 0.5, 0.5, images.Bold, math.Round(size*0.6), ink)
}

// check draws a tick mark h pixels high with its left end at (x, y): "done".
func (sc *scene) check(x, y, h float64, col color.RGBA) { sc.c.Tick(x, y, h, col) }

// medal draws a place number on a disc centred on (x, y): gold for the first place.
func (sc *scene) medal(place int, x, y, r float64) {
	sc.c.Medal(place, x, y, r, math.Round(r*1.15), silver)
}

// box draws a rounded box of colour col (inside a region).
func (sc *scene) box(r image.Rectangle, rad float64, col color.RGBA) { sc.c.Box(r, rad, col) }

// frame strokes a rounded frame of colour col lw wide just inside r.
func (sc *scene) frame(r image.Rectangle, rad, lw float64, col color.RGBA) {
	sc.c.FrameIn(r, rad, lw, col)
}

// shape queues orientation o of a piece centred on (cx, cy), squares cell wide.
func (sc *scene) shape(o game.Orientation, cx, cy float64, cell int, face, edge color.RGBA) {
	x := int(math.Round(cx)) - o.Width*cell/2
	y := int(math.Round(cy)) - o.Height*cell/2
	lw := max(1, min(outlineWidth(cell), cell/6))
	sc.later(func() { drawShape(sc.s, o, x, y, cell, face, edge, lw) })
}

// ring queues a ring of colour col round the card r.
func (sc *scene) ring(r image.Rectangle, col color.RGBA) {
	sc.later(func() {
		sp, err := sc.r.ring(r.Dx(), r.Dy(), col)
		if err != nil {
			sc.fail(err)
			return
		}
		sc.s.stamp(sp, r.Min.X, r.Min.Y)
	})
}

// fail keeps the first error of the scene.
func (sc *scene) fail(err error) {
	if sc.err == nil {
		sc.err = err
	}
}

// runShapes draws the queued shapes.
func (sc *scene) runShapes() {
	for _, f := range sc.shapes {
		f()
	}
}

// finish returns the scene's drawing errors (and the stamping error of a fast picture).
func (sc *scene) finish(stampErr error) error { return sc.r.DrawErr(sc.err, sc.c.Err(), stampErr) }

// signed writes n with its sign, using a true minus: "+3", "−5", "0".
func signed(n int) string { return images.Signed(n) }

// number writes n with a true minus when negative: "3", "−5".
func number(n int) string { return images.Number(n) }

// itoa writes n in decimal.
func itoa(n int) string { return strconv.Itoa(n) }
