package chart

import (
	"image/color"

	"github.com/tablebot/tablebot/images"
)

// markColours are the colours of the marks, indexed by Mark (entry 0 unused). They differ in
// lightness as well as hue, and each goes with its own marker shape.
var markColours = [markCount]color.RGBA{
	images.Dim,
	images.Hex("#5ec8d8"), // cyan circles
	images.Hex("#f38bc0"), // pink squares
	images.Gold,           // gold triangles
	images.Hex("#b49cf0"), // violet diamonds
}

// The colours of the plot.
var (
	grid     = images.Mix(images.Card, images.Dim, 0.3) // a tick's line across the plot
	zeroLine = images.Mix(images.Card, images.Dim, 0.7) // the line at rating 0
)

// colourOf returns the colour of mark m.
func colourOf(m Mark) color.RGBA {
	if m <= Auto || m >= markCount {
		return images.Dim
	}
	return markColours[m]
}

// paletteColours adds every colour of the pictures with the shades that anti-aliased lines,
// markers and text between them need.
func paletteColours(p *images.Colours) {
	p.Add(grid, zeroLine)
	p.Ramp(images.Card, grid, 1)
	p.Ramp(images.Card, zeroLine, 2)
	p.Ramp(grid, images.Dim, 2)
	p.Ramp(grid, images.Paper, 3)
	for m := Circle; m < markCount; m++ {
		c := markColours[m]
		p.Add(c)
		for _, bg := range []color.RGBA{images.Card, images.Slate} {
			p.Ramp(bg, c, 4)
		}
		p.Ramp(grid, c, 2)
		p.Ramp(zeroLine, c, 2)
		for n := m + 1; n < markCount; n++ {
			p.Ramp(c, markColours[n], 1)
		}
	}
}
