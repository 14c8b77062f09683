package shelfie

import (
	"image/color"

	game "github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/images"
)

// dieShades are the dice colours, indexed by shelfie.Colour (entry 0: an unknown colour).
var dieShades = [game.NumColours + 1]color.RGBA{
	images.Hex("#8a8f96"),
	images.Hex("#9159d6"), // purple
	images.Hex("#37a257"), // green
	images.Hex("#2f74d6"), // blue
	images.Hex("#ef8426"), // orange
}

// The colours of the table.
var (
	shelfWood  = images.Hex("#6b4a2f") // the shelf's boards
	shelfBack  = images.Hex("#3b2a1c") // an empty space of a shelf
	shelfInk   = images.Hex("#d9c3a3") // labels on the wood
	pipFill    = images.Hex("#ffffff") // a die's pips
	pipEdge    = images.Hex("#1d1f24") // their outline, and a die's edge
	fitFill    = images.Hex("#2e6b43") // a column where the picked die fits
	fitInk     = images.Hex("#8ff0ae") // its label
	spentFill  = images.Hex("#3a424b") // a spent card
	upFill     = images.Hex("#f4e3b5") // a face-up card
	upInk      = images.Hex("#3a2a12") // its number
	shameFill  = images.Hex("#5a2a33") // the shame shelf
	shameInk   = images.Hex("#ffb3c0") // its count
	boxFill    = images.Hex("#c79a5b") // a delivery box
	boxInk     = images.Hex("#2c1d0c") // its label
	takenFill  = images.Hex("#4d4438") // a box taken this round
	rewardFill = images.Hex("#33414e") // a reward card
	anyFill    = images.Hex("#55606b") // a contest space that takes any die
)

// shade returns the colour of a die colour.
func shade(c game.Colour) color.RGBA {
	if !c.Valid() {
		return dieShades[0]
	}
	return dieShades[c]
}

// stripeOf is the lighter shade of a die's pattern.
func stripeOf(c color.RGBA) color.RGBA { return images.Mix(c, images.White, 0.3) }

// edgeOf is the dark outline of a die.
func edgeOf(c color.RGBA) color.RGBA { return images.Mix(c, images.Black, 0.55) }

// paletteColours adds every colour the pictures use, with the shades between them that
// anti-aliased edges need.
func paletteColours(p *images.Colours) {
	flat := []color.RGBA{shelfWood, shelfBack, shelfInk, pipFill, pipEdge, fitFill, fitInk, spentFill, upFill, upInk, shameFill, shameInk, boxFill, boxInk, takenFill, rewardFill, anyFill}
	p.Add(flat...)
	for _, bg := range []color.RGBA{images.Card, images.Slate, shelfWood, boxFill, takenFill, rewardFill} {
		for _, fg := range []color.RGBA{images.Paper, shelfInk, boxInk, upInk, shameInk, fitInk} {
			p.Ramp(bg, fg, 2)
		}
	}
	p.Ramp(upFill, upInk, 2)
	p.Ramp(shameFill, shameInk, 2)
	p.Ramp(fitFill, fitInk, 2)
	p.Ramp(spentFill, images.Dim, 2)
	p.Ramp(shelfBack, shelfWood, 1)
	for _, d := range dieShades {
		p.Add(d, stripeOf(d), edgeOf(d))
		p.Ramp(d, pipFill, 2)
		p.Ramp(d, pipEdge, 2)
		p.Ramp(stripeOf(d), pipEdge, 1)
		for _, bg := range []color.RGBA{shelfBack, images.Card, boxFill, takenFill, rewardFill, fitFill} {
			p.Ramp(bg, edgeOf(d), 1)
		}
	}
}
