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

// paletteColours lists every colour of the pictures with the shades that anti-aliased lines,
// markers and text between them need.
func paletteColours() []color.RGBA {
	out := images.StandardColours()
	add := func(cs ...color.RGBA) { out = append(out, cs...) }
	add(grid, zeroLine)
	add(images.Ramp(images.Card, grid, 1)...)
	add(images.Ramp(images.Card, zeroLine, 2)...)
	add(images.Ramp(grid, images.Dim, 2)...)
	add(images.Ramp(grid, images.Paper, 3)...)
	for m := Circle; m < markCount; m++ {
		c := markColours[m]
		add(c)
		for _, bg := range []color.RGBA{images.Card, images.Slate} {
			add(images.Ramp(bg, c, 4)...)
		}
		add(images.Ramp(grid, c, 2)...)
		add(images.Ramp(zeroLine, c, 2)...)
		for n := m + 1; n < markCount; n++ {
			add(images.Ramp(c, markColours[n], 1)...)
		}
	}
	return out
}
