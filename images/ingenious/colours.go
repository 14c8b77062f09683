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

// paletteColours lists every colour the pictures use, with the shades between them that
// anti-aliased edges need. Few steps per ramp keep the edges' pixels few in kind, which keeps
// the pictures small.
func paletteColours() []color.RGBA {
	out := images.StandardColours()
	add := func(cs ...color.RGBA) { out = append(out, cs...) }
	ramp := func(a, b color.RGBA, n int) { add(images.Ramp(a, b, n)...) }
	add(plate, plateRim, plateDeep, shadow, cellFill, labelInk, rowInk, symbolFill, track, trackTick)
	ramp(images.Slate, shadow, 1)
	ramp(shadow, plate, 2)
	ramp(plate, plateRim, 2)
	ramp(plate, plateDeep, 1)
	ramp(plate, cellFill, 2)
	ramp(cellFill, labelInk, 2)
	ramp(plate, rowInk, 2)
	ramp(plate, images.Highlight, 2)
	ramp(cellFill, images.Highlight, 2)
	ramp(track, trackTick, 1)
	ramp(images.Card, track, 1)
	ramp(plate, images.Gold, 2)
	ramp(plateDeep, images.Highlight, 2)
	for _, s := range shades {
		add(s)
		ramp(s, symbolFill, 2)
		ramp(s, plate, 2)
		ramp(s, plateDeep, 2)
		ramp(s, images.Highlight, 1)
		ramp(s, track, 1)
		ramp(s, images.Card, 1)
		ramp(s, cellFill, 2)
	}
	return out
}

// fade returns c at opacity alpha (0–255), premultiplied as image/color expects.
func fade(c color.RGBA, alpha uint8) color.RGBA {
	m := func(v uint8) uint8 { return uint8(int(v) * int(alpha) / 255) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), alpha}
}
