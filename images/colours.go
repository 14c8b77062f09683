package images

import "image/color"

// The colours every picture shares. Renderers add their own to these when they build their
// palette (see StandardColours).
var (
	// Black is pure black.
	Black = Hex("#000000")
	// White is pure white.
	White = Hex("#ffffff")
	// Highlight marks the last move and the seat to act: a hot pink that no game piece uses.
	Highlight = Hex("#ff2e88")
	// Gold marks winners and full tracks.
	Gold = Hex("#ffd257")
	// Slate is the dark background of every picture.
	Slate = Hex("#1d2329")
	// Card is the background of panels drawn on Slate.
	Card = Hex("#29323b")
	// Paper is the main text colour on Slate and Card.
	Paper = Hex("#f4f1ea")
	// Dim is secondary text on Slate and Card.
	Dim = Hex("#9aa6b1")
)

// MaxSeats is the most seats any game has: every seat has its own colour and letter.
const MaxSeats = 6

// playerColours are the colours of seats 0 to 5, used for seat badges. They differ in
// lightness as well as hue, and a badge always carries the seat's number too.
var playerColours = [MaxSeats]color.RGBA{
	Hex("#5ec8d8"), Hex("#f38bc0"), Hex("#e4e4e4"), Hex("#d2ad6e"), Hex("#9bd36b"), Hex("#b49cf0"),
}

// PlayerColour returns the colour of seat 0 to 5 (cycling past the sixth); Dim for no seat.
func PlayerColour(seat int) color.RGBA {
	if seat < 0 {
		return Dim
	}
	return playerColours[seat%MaxSeats]
}

// Greys returns n+1 evenly spaced greys from black to white.
func Greys(n int) []color.RGBA {
	out := make([]color.RGBA, 0, n+1)
	for i := 0; i <= n; i++ {
		v := uint8(i * 255 / n)
		out = append(out, color.RGBA{v, v, v, 0xff})
	}
	return out
}

// StandardColours lists the shared colours with the ramps that anti-aliased text and edges
// between them need: about 60 colours, leaving the rest of a palette to the game.
func StandardColours() []color.RGBA {
	out := Greys(4)
	out = append(out, Highlight, Gold, Slate, Card, Paper, Dim)
	out = append(out, Ramp(Slate, Card, 2)...)
	out = append(out, Ramp(Card, Paper, 5)...)
	out = append(out, Ramp(Slate, Paper, 4)...)
	out = append(out, Ramp(Card, Dim, 3)...)
	out = append(out, Ramp(Card, Highlight, 3)...)
	out = append(out, Ramp(Slate, Highlight, 2)...)
	out = append(out, Ramp(Card, Gold, 3)...)
	out = append(out, Ramp(Slate, Gold, 2)...)
	for _, p := range playerColours {
		out = append(out, p)
		out = append(out, Ramp(Card, p, 2)...)
	}
	return out
}

// Colours gathers the colours of a renderer's palette, in order: a renderer's own (Add) and
// the shades between two of them that anti-aliased edges and translucent marks need (Ramp).
// NewPalette keeps the order and drops duplicates.
type Colours struct{ list []color.RGBA }

// Add adds cs.
func (c *Colours) Add(cs ...color.RGBA) { c.list = append(c.list, cs...) }

// Ramp adds the steps shades between a and b (see Ramp).
func (c *Colours) Ramp(a, b color.RGBA, steps int) { c.Add(Ramp(a, b, steps)...) }

// ColoursWith returns the StandardColours followed by the colours own adds: a renderer's
// palette (see NewBase).
func ColoursWith(own func(c *Colours)) []color.RGBA {
	c := &Colours{list: StandardColours()}
	own(c)
	return c.list
}
