package shelfie

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/images"
)

// Text sizes: every picture is 640 px wide, where 20 px reads as 11 px on a 360 px phone
// (images.PhoneWidth).
const (
	small = 20
	mid   = 22
	big   = 26
)

// scene is one picture being drawn.
type scene struct {
	r    *Renderer
	c    *images.Canvas
	lang games.Lang
	err  error
}

// say returns t in the scene's language.
func (sc *scene) say(t games.Text) string { return t.In(sc.lang) }

// fill paints r with col.
func (sc *scene) fill(r image.Rectangle, col color.RGBA) { sc.c.Fill(r, col) }

// box draws a rounded box of colour col.
func (sc *scene) box(r image.Rectangle, rad float64, col color.RGBA) { sc.c.Box(r, rad, col) }

// frame strokes a rounded frame of colour col lw wide just inside r.
func (sc *scene) frame(r image.Rectangle, rad, lw float64, col color.Color) {
	sc.c.FrameIn(r, rad, lw, col)
}

// text draws s so that (x, y) falls at the fraction (ax, ay) of its box, shortened with an
// ellipsis to at most w pixels (w ≤ 0: no limit). It returns the width drawn.
func (sc *scene) text(s string, x, y, ax, ay float64, style images.Style, size float64, col color.Color, w float64) float64 {
	return sc.c.TextFitted(s, x, y, ax, ay, style, size, col, w)
}

// wrap breaks s into at most lines lines no wider than w, the last shortened with an
// ellipsis when the words do not fit.
func (sc *scene) wrap(s string, style images.Style, size, w float64, lines int) []string {
	return sc.c.Wrap(s, style, size, w, lines)
}

// die draws die d, size pixels wide, with its top-left corner at (x, y).
func (sc *scene) die(x, y, size int, d game.Die) {
	sp, err := sc.r.dieSprite(size, d)
	if err != nil {
		sc.fail(err)
		return
	}
	sc.c.Stamp(sp, x, y)
}

// ring strokes a highlight ring round the square at (x, y), size wide.
func (sc *scene) ring(x, y, size int, col color.Color, lw float64) {
	o := lw / 2
	sc.c.RoundedFrame(float64(x)-o-1, float64(y)-o-1, float64(size)+lw+2, float64(size)+lw+2, math.Max(3, float64(size)*0.18), lw, col)
}

// tick draws a tick mark h pixels high with its left end at (x, y).
func (sc *scene) tick(x, y, h float64, col color.Color) { sc.c.Tick(x, y, h, col) }

// chip draws a card chip with label s at (x, y), h high, and returns its width.
func (sc *scene) chip(s string, x, y, h int, fill, ink color.RGBA, style images.Style) int {
	w := int(math.Ceil(sc.c.TextWidth(s, style, small))) + 12
	r := image.Rect(x, y, x+w, y+h)
	sc.box(r, 6, fill)
	sc.text(s, float64(x+w/2), float64(y+h/2), 0.5, 0.5, style, small, ink, 0)
	return w
}

// fail keeps the first error of the scene.
func (sc *scene) fail(err error) {
	if sc.err == nil {
		sc.err = err
	}
}

// badge draws the seat colour badge of seat centred on (x, y), size wide, with its number.
func (sc *scene) badge(seat games.Seat, x, y, size float64) {
	sc.c.SeatDisc(int(seat), x, y, size, small)
}

// signed writes n with its sign and a true minus: "+3", "−5", "0".
func signed(n int) string { return images.Signed(n) }

// number writes n with a true minus when negative.
func number(n int) string { return images.Number(n) }

// itoa writes n in decimal.
func itoa(n int) string { return strconv.Itoa(n) }
