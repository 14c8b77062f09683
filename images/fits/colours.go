package fits

import (
	"image/color"

	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// seatShades are the piece colours of the seats, indexed by game.Colour: red, green, blue,
// yellow.
var seatShades = [4]color.RGBA{
	game.Red:    images.Hex("#dc4640"),
	game.Green:  images.Hex("#35a457"),
	game.Blue:   images.Hex("#3674d8"),
	game.Yellow: images.Hex("#f0c233"),
}

// The colours of the boards.
var (
	plate      = images.Hex("#5a3d27") // the walnut frame around the grid
	plateRim   = images.Hex("#7d573a") // its lit edge
	cellFill   = images.Hex("#efe6d2") // an empty cell of the grid
	gridLine   = images.Hex("#c4b292") // the lines between cells
	overFill   = images.Hex("#3f2c1e") // an empty cell of the overhang
	overHatch  = images.Hex("#4e3828") // the overhang's hatching
	overInk    = images.Hex("#b39373") // the overhang's name and row numbers
	ridge      = images.Hex("#f4f1ea") // the line between row 12 and the overhang
	dotInk     = images.Hex("#958268") // a plain dot
	numberFill = images.Hex("#f6d77e") // board 2: a numbered cell
	whiteFill  = images.Hex("#ffffff") // board 3: a white value cell
	whiteRing  = images.Hex("#9aa0a8") // board 3: its ring
	blackFill  = images.Hex("#1b1d21") // board 3: a black −5 cell
	symbolFill = images.Hex("#ddd0f0") // board 4: a symbol's cell
	markInk    = images.Hex("#2e261d") // numbers, values and symbols printed on cells
	headroom   = images.Hex("#33242a") // the rows above 16 in a preview, where no piece may go
	roomInk    = images.Hex("#8c5468") // their dashed edge and label
	neutral    = images.Hex("#e6e9ec") // the revealed card's shape, nobody's yet
	neutralRim = images.Hex("#59636d") // its outline
	doneInk    = images.Hex("#7fd18b") // the "done" mark
	silver     = images.Hex("#c0c8d0") // the medal of second place and below
)

// ghostAlpha is the opacity of a previewed piece.
const ghostAlpha = 0.6

// edgeOf is the outline of a piece of colour c: a deep shade of it, so that two pieces of one
// colour side by side are parted by a clear dark line.
func edgeOf(c color.RGBA) color.RGBA { return images.Mix(c, images.Black, 0.62) }

// litOf and shadeOf are the lit (top, left) and shaded (bottom, right) rims of a square.
func litOf(c color.RGBA) color.RGBA   { return images.Mix(c, images.White, 0.22) }
func shadeOf(c color.RGBA) color.RGBA { return images.Mix(c, images.Black, 0.14) }

// paletteColours adds every colour the pictures use, with the shades between them that
// anti-aliased edges and the translucent preview need.
func paletteColours(p *images.Colours) {
	p.Add(plate, plateRim, cellFill, gridLine, overFill, overHatch, overInk, ridge, dotInk, numberFill,
		whiteFill, whiteRing, blackFill, symbolFill, markInk, headroom, roomInk, neutral, neutralRim,
		doneInk, silver)
	p.Ramp(images.Card, plate, 1)
	p.Ramp(images.Card, plateRim, 1)
	p.Ramp(plate, plateRim, 1)
	p.Ramp(cellFill, dotInk, 2)
	p.Ramp(cellFill, markInk, 3)
	p.Ramp(numberFill, markInk, 3)
	p.Ramp(whiteFill, markInk, 3)
	p.Ramp(whiteFill, whiteRing, 1)
	p.Ramp(blackFill, images.Paper, 3)
	p.Ramp(symbolFill, markInk, 3)
	p.Ramp(overFill, overHatch, 1)
	p.Ramp(overFill, overInk, 2)
	p.Ramp(images.Card, overInk, 1)
	p.Ramp(headroom, roomInk, 1)
	p.Ramp(images.Card, doneInk, 2)
	p.Ramp(images.Card, neutral, 2)
	p.Ramp(neutral, neutralRim, 1)
	p.Ramp(images.Card, silver, 2)
	p.Ramp(silver, images.Slate, 2)
	p.Ramp(images.Gold, images.Slate, 2)
	p.Ramp(images.Highlight, headroom, 1)
	for _, s := range seatShades {
		p.Add(s, edgeOf(s), litOf(s), shadeOf(s))
		p.Ramp(s, edgeOf(s), 1)
		p.Ramp(images.Card, s, 2)
		p.Ramp(s, markInk, 2)
		p.Ramp(s, images.Highlight, 1)
		for _, under := range []color.RGBA{cellFill, overFill, overHatch, dotInk, headroom, numberFill, whiteFill, blackFill, symbolFill, markInk} {
			p.Add(images.Mix(under, s, ghostAlpha))
		}
	}
	for _, under := range []color.RGBA{cellFill, overFill, overHatch, headroom} {
		p.Add(images.Mix(under, images.Highlight, ghostAlpha))
	}
}

// fade returns c at opacity alpha (0–1), premultiplied as image/color expects.
func fade(c color.RGBA, alpha float64) color.RGBA {
	m := func(v uint8) uint8 { return uint8(float64(v)*alpha + 0.5) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), m(255)}
}

// seatShade returns the piece colour of c, or neutral for a colour no seat has.
func seatShade(c game.Colour) color.RGBA {
	if c < game.Red || c > game.Yellow {
		return neutral
	}
	return seatShades[c]
}
