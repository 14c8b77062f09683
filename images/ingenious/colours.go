package ingenious

import (
	"image/color"

	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// shades are the six symbol colours in record order (R G B O Y P): the faces of tile halves,
// start symbols and score bars.
var shades = [6]color.RGBA{
	ingenious.Red:    images.Hex("#e0393e"),
	ingenious.Green:  images.Hex("#32a852"),
	ingenious.Blue:   images.Hex("#2f6fdb"),
	ingenious.Orange: images.Hex("#f28a1c"),
	ingenious.Yellow: images.Hex("#f5cb1f"),
	ingenious.Purple: images.Hex("#9550cc"),
}

// The colours of the board and the panel.
var (
	plate      = images.Hex("#4b3423") // the walnut board, seen between the cells
	plateRim   = images.Hex("#7a5638") // its bevelled edge
	plateDeep  = images.Hex("#3a2819") // its shadowed edge and the ground of start symbols
	shadow     = images.Hex("#11151a") // the board's drop shadow on the slate
	cellFill   = images.Hex("#efe7d6") // an empty cell
	labelInk   = images.Hex("#4f3f2e") // the label of an empty cell
	rowInk     = images.Hex("#f6e7c8") // row letters on the board
	symbolFill = images.Hex("#ffffff") // the symbol on a tile half
	track      = images.Hex("#3b4650") // an empty score track
	trackTick  = images.Hex("#232b32") // marks on a score track
)

// paletteColours adds every colour the pictures use, with the shades between them that
// anti-aliased edges need. Few steps per ramp keep the edges' pixels few in kind, which keeps
// the pictures small.
func paletteColours(p *images.Colours) {
	p.Add(plate, plateRim, plateDeep, shadow, cellFill, labelInk, rowInk, symbolFill, track, trackTick)
	p.Ramp(images.Slate, shadow, 1)
	p.Ramp(shadow, plate, 2)
	p.Ramp(plate, plateRim, 2)
	p.Ramp(plate, plateDeep, 1)
	p.Ramp(plate, cellFill, 2)
	p.Ramp(cellFill, labelInk, 2)
	p.Ramp(plate, rowInk, 2)
	p.Ramp(plate, images.Highlight, 2)
	p.Ramp(cellFill, images.Highlight, 2)
	p.Ramp(track, trackTick, 1)
	p.Ramp(images.Card, track, 1)
	p.Ramp(plate, images.Gold, 2)
	p.Ramp(plateDeep, images.Highlight, 2)
	for _, s := range shades {
		p.Add(s)
		p.Ramp(s, symbolFill, 2)
		p.Ramp(s, plate, 2)
		p.Ramp(s, plateDeep, 2)
		p.Ramp(s, images.Highlight, 1)
		p.Ramp(s, track, 1)
		p.Ramp(s, images.Card, 1)
		p.Ramp(s, cellFill, 2)
	}
}

// fade returns c at opacity alpha (0–255), premultiplied as image/color expects.
func fade(c color.RGBA, alpha uint8) color.RGBA {
	m := func(v uint8) uint8 { return uint8(int(v) * int(alpha) / 255) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), alpha}
}
