package sideboards

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
)

// Text sizes. The pictures are 800 pixels wide and seen 360 wide on a phone
// (images.PhoneWidth), so the smallest text, 25 pixels, stays 11 pixels high there.
const (
	textS = 25 // labels, scores, notes, drawer letters
	textM = 28 // names, headings of cards
	textL = 34 // the picture's title
)

// scene is one picture being drawn on a canvas.
type scene struct {
	r     *Renderer
	c     *images.Canvas
	lang  games.Lang
	naive bool
	err   error
}

// fail keeps the first error of the scene.
func (sc *scene) fail(err error) {
	if err != nil && sc.err == nil {
		sc.err = err
	}
}

// say returns t in the scene's language, formatted with args.
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

// box fills a rounded rectangle.
func (sc *scene) box(r image.Rectangle, rad float64, col color.RGBA) { sc.c.Box(r, rad, col) }

// ring strokes a rounded frame of colour col lw wide just inside r.
func (sc *scene) ring(r image.Rectangle, rad, lw float64, col color.Color) {
	sc.c.FrameIn(r, rad, lw, col)
}

// badge draws a seat's badge centred on (x, y): a disc of the seat's colour with its number.
func (sc *scene) badge(seat int, x, y, size float64) {
	sc.c.SeatDisc(seat, x, y, size, math.Round(size*0.62))
}

// medal draws a place number on a disc centred on (x, y): gold for the first place.
func (sc *scene) medal(place int, x, y, r float64) { sc.c.Medal(place, x, y, r, textS, silver) }

// tick draws a tick mark h pixels high with its left end at (x, y): "placed".
func (sc *scene) tick(x, y, h float64, col color.RGBA) { sc.c.Tick(x, y, h, col) }

// triangle draws a small triangle centred on (x, y), pointing up or down: a card upright or
// turned.
func (sc *scene) triangle(x, y, size float64, up bool, col color.RGBA) {
	dc := sc.c.DC
	h := size * 0.8
	if up {
		dc.MoveTo(x-size/2, y+h/2)
		dc.LineTo(x+size/2, y+h/2)
		dc.LineTo(x, y-h/2)
	} else {
		dc.MoveTo(x-size/2, y-h/2)
		dc.LineTo(x+size/2, y-h/2)
		dc.LineTo(x, y+h/2)
	}
	dc.ClosePath()
	dc.SetColor(col)
	dc.Fill()
}

// signed writes n with its sign, using a true minus: "+3", "−5", "0".
func signed(n int) string { return images.Signed(n) }

// itoa writes n in decimal.
func itoa(n int) string { return strconv.Itoa(n) }
