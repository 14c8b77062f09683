package sideboards

import (
	"image/color"

	game "github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/images"
)

// drawerFills are the drawer colours, indexed by game.Colour: red, turquoise, pink, orange,
// black. They differ in lightness as well as hue, and every drawer carries its letter too.
var drawerFills = [game.NumColours]color.RGBA{
	game.Red:       images.Hex("#d33c36"),
	game.Turquoise: images.Hex("#27b5aa"),
	game.Pink:      images.Hex("#f5a3cc"),
	game.Orange:    images.Hex("#f29a2e"),
	game.Black:     images.Hex("#26262b"),
}

// drawerInks are the colours of the letter and handle drawn on each drawer colour: light on
// the dark drawers, dark on the light ones.
var drawerInks = [game.NumColours]color.RGBA{
	game.Red:       images.Hex("#fff4ec"),
	game.Turquoise: images.Hex("#0d2f2c"),
	game.Pink:      images.Hex("#3a1128"),
	game.Orange:    images.Hex("#3a2005"),
	game.Black:     images.Hex("#f0e6d2"),
}

// The colours of the furniture and the pictures.
var (
	walnut     = images.Hex("#5a3d27") // the sideboard's body round the drawers
	walnutEdge = images.Hex("#3b2718") // its shadowed edge and the gaps between drawers
	slot       = images.Hex("#3a3f46") // a place for a card not laid yet
	slotEdge   = images.Hex("#4b525b")
	doneInk    = images.Hex("#7fd18b") // the "placed" mark
	silver     = images.Hex("#c0c8d0") // the medal of second place and below
	taskFill   = images.Hex("#efe6d2") // a task card
	taskInk    = images.Hex("#2e261d") // the text on a task card
	taskGrid   = images.Hex("#cdbf9f") // the empty cells of a task's shape
	shapeFill  = images.Hex("#6b4a2f") // the cells of a task's shape
	runBar     = images.Gold           // the bar under a counted run
)

// edgeOf is the darker rim of a drawer of colour c.
func edgeOf(c color.RGBA) color.RGBA { return images.Mix(c, images.Black, 0.35) }

// paletteColours adds every colour the pictures use, with the shades between them that
// anti-aliased edges need.
func paletteColours(p *images.Colours) {
	p.Add(walnut, walnutEdge, slot, slotEdge, doneInk, silver, taskFill, taskInk, taskGrid, shapeFill)
	for c := range drawerFills {
		f, ink := drawerFills[c], drawerInks[c]
		p.Add(f, ink, edgeOf(f))
		p.Ramp(f, ink, 4)
		p.Ramp(f, edgeOf(f), 1)
		p.Ramp(edgeOf(f), walnutEdge, 1)
		p.Ramp(f, images.Highlight, 2)
		p.Ramp(f, images.Card, 2)
	}
	p.Ramp(walnut, walnutEdge, 2)
	p.Ramp(walnut, images.Highlight, 3)
	p.Ramp(walnutEdge, images.Highlight, 2)
	p.Ramp(walnut, images.Gold, 2)
	p.Ramp(walnutEdge, images.Gold, 2)
	p.Ramp(taskFill, taskInk, 5)
	p.Ramp(taskFill, shapeFill, 2)
	p.Ramp(taskFill, taskGrid, 1)
	p.Ramp(images.Card, doneInk, 3)
	p.Ramp(images.Card, silver, 2)
	p.Ramp(images.Card, slot, 1)
	p.Ramp(slot, slotEdge, 1)
	p.Ramp(images.Card, walnut, 2)
	p.Ramp(images.Slate, walnut, 2)
	for _, f := range drawerFills {
		p.Ramp(taskFill, f, 2)
	}
}
