package shelfie

import (
	"math"

	"github.com/fogleman/gg"
	game "github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/images"
)

// dieKey names a die sprite: its size in pixels and its face.
type dieKey struct {
	size int
	die  game.Die
}

// dieSprite returns the sprite of die d at size, its anchor at the top-left corner, drawing
// it on first use.
func (r *Renderer) dieSprite(size int, d game.Die) (images.Sprite, error) {
	return r.dice.Get(dieKey{size, d}, func() (images.Sprite, error) {
		return images.NewSprite(0, 0, size, size, func(dc *gg.Context) { drawDie(dc, float64(size), d) }), nil
	})
}

// pipSpots are the pips of each value on a 3 × 3 grid (0–2 across, 0–2 down).
var pipSpots = [7][][2]int{
	{},
	{{1, 1}},
	{{0, 0}, {2, 2}},
	{{0, 0}, {1, 1}, {2, 2}},
	{{0, 0}, {2, 0}, {0, 2}, {2, 2}},
	{{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
	{{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}},
}

// drawDie draws die d, s pixels wide, with its top-left corner at the origin: a rounded square
// of its colour with its colour's pattern and white pips (a question mark before a drawn die's
// value is set, nothing for a value above 6: a colour swatch).
func drawDie(dc *gg.Context, s float64, d game.Die) {
	col := shade(d.Colour)
	rad := math.Max(3, s*0.16)
	dc.DrawRoundedRectangle(0.5, 0.5, s-1, s-1, rad)
	dc.SetColor(edgeOf(col))
	dc.Fill()
	in := math.Max(1.5, s*0.05)
	dc.DrawRoundedRectangle(in, in, s-2*in, s-2*in, rad-in/2)
	dc.SetColor(col)
	dc.Fill()
	drawPattern(dc, s, in, rad, d.Colour)
	if d.Value > 6 {
		return // a colour swatch: no pips
	}
	if d.Value < 1 {
		dc.SetColor(pipFill)
		dc.SetLineWidth(math.Max(2, s*0.09))
		dc.DrawArc(s/2, s*0.4, s*0.15, math.Pi, 2.3*math.Pi)
		dc.Stroke()
		dc.DrawCircle(s/2, s*0.76, s*0.06)
		dc.Fill()
		return
	}
	r := math.Max(1.8, s*0.085)
	for _, p := range pipSpots[d.Value] {
		x := s * (0.27 + 0.23*float64(p[0]))
		y := s * (0.27 + 0.23*float64(p[1]))
		dc.DrawCircle(x, y, r+math.Max(1, s*0.025))
		dc.SetColor(pipEdge)
		dc.Fill()
		dc.DrawCircle(x, y, r)
		dc.SetColor(pipFill)
		dc.Fill()
	}
}

// drawPattern draws the colour's pattern inside a die: purple diagonal stripes, green
// horizontal stripes, blue none, orange a frame just inside the edge.
func drawPattern(dc *gg.Context, s, in, rad float64, c game.Colour) {
	light := stripeOf(shade(c))
	lw := math.Max(1.5, s*0.06)
	step := math.Max(5, s*0.2)
	dc.Push()
	dc.DrawRoundedRectangle(in, in, s-2*in, s-2*in, rad-in/2)
	dc.Clip()
	dc.SetColor(light)
	dc.SetLineWidth(lw)
	switch c {
	case game.Purple:
		for x := -s; x < s; x += step {
			dc.DrawLine(x, s, x+s, 0)
		}
		dc.Stroke()
	case game.Green:
		for y := step / 2; y < s; y += step {
			dc.DrawLine(0, y, s, y)
		}
		dc.Stroke()
	case game.Orange:
		f := in + lw*1.2
		dc.DrawRoundedRectangle(f, f, s-2*f, s-2*f, math.Max(1, rad-f))
		dc.Stroke()
	}
	dc.ResetClip()
	dc.Pop()
}
