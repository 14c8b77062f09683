package images

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/tablebot/tablebot/games"
)

// The marks every game's pictures draw alike: boxes and frames of cards, the tick of a seat
// that is done, the medal of a place, the disc of a seat, numbers with a true minus.

// Say returns t in lang, formatted with args when there are any.
func Say(t games.Text, lang games.Lang, args ...any) string {
	s := t.In(lang)
	if len(args) > 0 {
		s = fmt.Sprintf(s, args...)
	}
	return s
}

// Box fills r with corners rounded to rad with col (see RoundedRect).
func (c *Canvas) Box(r image.Rectangle, rad float64, col color.RGBA) {
	c.RoundedRect(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), rad, col)
}

// FrameIn strokes a rounded frame of colour col, lw wide, just inside r.
func (c *Canvas) FrameIn(r image.Rectangle, rad, lw float64, col color.Color) {
	c.RoundedFrame(float64(r.Min.X)+lw/2, float64(r.Min.Y)+lw/2, float64(r.Dx())-lw, float64(r.Dy())-lw, rad, lw, col)
}

// Tick draws a tick mark h pixels high with its left end at (x, y): "done".
func (c *Canvas) Tick(x, y, h float64, col color.Color) {
	dc := c.DC
	dc.MoveTo(x, y)
	dc.LineTo(x+h*0.35, y+h*0.35)
	dc.LineTo(x+h*0.95, y-h*0.45)
	dc.SetColor(col)
	dc.SetLineWidth(math.Max(2, h/5))
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	dc.Stroke()
}

// Medal draws place on a disc of radius r centred on (x, y), in text size pixels high: gold
// for the first place, other for the rest.
func (c *Canvas) Medal(place int, x, y, r, size float64, other color.RGBA) {
	col := other
	if place == 1 {
		col = Gold
	}
	c.DC.DrawCircle(x, y, r)
	c.DC.SetColor(col)
	c.DC.Fill()
	c.Text(strconv.Itoa(place), x, y, 0.5, 0.5, Bold, size, Slate)
}

// SeatDisc draws the badge of seat centred on (x, y): a disc d pixels wide of the seat's
// colour (PlayerColour) with its number, size pixels high.
func (c *Canvas) SeatDisc(seat int, x, y, d, size float64) {
	c.DC.DrawCircle(x, y, d/2)
	c.DC.SetColor(PlayerColour(seat))
	c.DC.Fill()
	c.Text(strconv.Itoa(seat+1), x, y, 0.5, 0.5, Bold, size, Slate)
}

// Signed writes n with its sign and a true minus: "+3", "−5", "0".
func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return Number(n)
}

// Number writes n with a true minus when negative: "3", "−5".
func Number(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
