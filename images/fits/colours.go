package fits

import (
	"image/color"

	"github.com/tablebot/tablebot/images"
)

// seatShades are the piece colours of seats 0–3 (red, green, blue, yellow), each with a dark
// edge and a light face for the ghost.
var seatShades = [4]struct{ face, edge, ghost color.RGBA }{
	{images.Hex("#d9443f"), images.Hex("#7c1f1c"), images.Hex("#efb3ad")},
	{images.Hex("#3aa45a"), images.Hex("#1b5a2e"), images.Hex("#b2dcbd")},
	{images.Hex("#3676d8"), images.Hex("#1a3c76"), images.Hex("#b1c8ef")},
	{images.Hex("#f0c233"), images.Hex("#836414"), images.Hex("#f7e3a6")},
}

// The colours of the boards.
var (
	wood      = images.Hex("#5a3d27") // the board seen between the cells
	woodEdge  = images.Hex("#7d573a") // its rim
	cellFill  = images.Hex("#efe6d2") // a plain cell
	dotInk    = images.Hex("#8b7a63") // the dot of a plain cell
	overFill  = images.Hex("#3f2c1e") // a cell of the overhang rows
	overHatch = images.Hex("#4e3828") // the hatching of the overhang
	overText  = images.Hex("#a98a6c") // the overhang's name
	numFill   = images.Hex("#f6dc8c") // a numbered cell (board 2)
	whiteFill = images.Hex("#ffffff") // a white cell (board 3)
	blackFill = images.Hex("#20242a") // a black cell (board 3)
	symFill   = images.Hex("#d9cdf0") // a symbol cell (board 4)
	ink       = images.Hex("#2e261d") // marks printed on cells
	badGhost  = images.Hex("#e85a5a") // a landing that is not allowed
)

// seatShade returns the shades of seat's colour.
func seatShade(seat int) (face, edge, ghost color.RGBA) {
	s := seatShades[((seat%4)+4)%4]
	return s.face, s.edge, s.ghost
}

// paletteColours lists every colour of the pictures with the ramps their anti-aliased edges
// and text need.
func paletteColours() []color.RGBA {
	out := images.StandardColours()
	add := func(cs ...color.RGBA) { out = append(out, cs...) }
	ramp := func(a, b color.RGBA, n int) { add(images.Ramp(a, b, n)...) }
	add(wood, woodEdge, cellFill, dotInk, overFill, overHatch, overText, numFill, whiteFill, blackFill, symFill, ink, badGhost)
	ramp(cellFill, dotInk, 2)
	ramp(cellFill, ink, 3)
	ramp(numFill, ink, 3)
	ramp(whiteFill, ink, 3)
	ramp(blackFill, whiteFill, 3)
	ramp(symFill, ink, 3)
	ramp(wood, cellFill, 2)
	ramp(wood, images.Paper, 3)
	ramp(overFill, overHatch, 1)
	ramp(overFill, images.Paper, 2)
	ramp(overFill, overText, 2)
	ramp(overHatch, overText, 1)
	ramp(images.Slate, wood, 1)
	ramp(wood, images.Highlight, 1)
	ramp(badGhost, images.Paper, 2)
	for _, s := range seatShades {
		add(s.face, s.edge, s.ghost)
		ramp(s.face, s.edge, 1)
		ramp(s.face, images.Card, 2)
		ramp(s.face, images.Slate, 2)
		ramp(s.ghost, s.edge, 1)
	}
	return out
}
