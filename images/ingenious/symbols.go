package ingenious

import (
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// symbolPath adds the outline of colour col's symbol, sized for a face of circumradius f
// centred on c, to dc's path. The shapes differ so that colours can be told apart without
// seeing colour: red star, green disc, blue six-point star, orange hexagon, yellow sun,
// purple ring (the ring's hole is a second subpath: fill it even-odd).
func symbolPath(dc *gg.Context, col ingenious.Colour, c images.Point, f float64) {
	switch col {
	case ingenious.Red:
		images.Polygon(dc, images.StarPoints(c.Add(0, 0.04*f), 0.66*f, 0.27*f, 5, -math.Pi/2))
	case ingenious.Green:
		dc.NewSubPath()
		dc.DrawCircle(c.X, c.Y, 0.46*f)
	case ingenious.Blue:
		images.Polygon(dc, images.StarPoints(c, 0.64*f, 0.37*f, 6, -math.Pi/2))
	case ingenious.Orange:
		images.Polygon(dc, images.RegularPoints(c, 0.52*f, 6, 0))
	case ingenious.Yellow:
		dc.NewSubPath()
		dc.DrawCircle(c.X, c.Y, 0.27*f)
		for i := range 8 {
			a := float64(i) * math.Pi / 4
			tip := images.Point{X: c.X + 0.66*f*math.Cos(a), Y: c.Y + 0.66*f*math.Sin(a)}
			l := images.Point{X: c.X + 0.37*f*math.Cos(a-0.26), Y: c.Y + 0.37*f*math.Sin(a-0.26)}
			r := images.Point{X: c.X + 0.37*f*math.Cos(a+0.26), Y: c.Y + 0.37*f*math.Sin(a+0.26)}
			images.Polygon(dc, []images.Point{l, tip, r})
		}
	case ingenious.Purple:
		dc.NewSubPath()
		dc.DrawCircle(c.X, c.Y, 0.52*f)
		dc.NewSubPath()
		dc.DrawCircle(c.X, c.Y, 0.29*f)
	}
}

// drawSymbol fills colour col's symbol, sized for a face of circumradius f centred on c,
// with fill.
func drawSymbol(dc *gg.Context, col ingenious.Colour, c images.Point, f float64, fill color.Color) {
	symbolPath(dc, col, c, f)
	dc.SetFillRuleEvenOdd()
	dc.SetColor(fill)
	dc.Fill()
	dc.SetFillRuleWinding()
}

// drawFace draws a tile half of colour col: a coloured pointy-top hexagon of circumradius f
// centred on c carrying its white symbol.
func drawFace(dc *gg.Context, col ingenious.Colour, c images.Point, f float64) {
	images.Hexagon(dc, c, f)
	dc.SetColor(shades[col])
	dc.Fill()
	drawSymbol(dc, col, c, f*0.92, symbolFill)
}
