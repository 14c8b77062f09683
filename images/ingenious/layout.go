package ingenious

import (
	"fmt"
	"image"
	"math"

	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// Picture sizes. A table picture is portrait, made for a phone: the board across the whole
// width on top, the score panel under it, its height growing with the rows of score cards.
// No text is smaller than minText, which stays 11 px high once the picture is scaled to
// images.PhoneWidth (360 px) wide.
const (
	tableWidth  = 840
	boardHeight = 790
	panelMargin = 14
)

// minText is the smallest text size of every Ingenious picture (all are tableWidth wide).
var minText = images.PhoneMinText(tableWidth)

// layout is the geometry of the board for one radius.
type layout struct {
	radius int
	grid   images.HexGrid
	// hex is the circumradius of a drawn cell: a little less than the grid's, leaving a gap.
	hex float64
	// ring is the width of the coloured ring around a start symbol.
	ring float64
	// labelSize and letterSize are the text sizes of cell numbers and row letters.
	labelSize, letterSize float64
	// plate is the circumradius of the flat-topped hexagonal board under the cells.
	plate float64
	// centre is the centre of the board.
	centre images.Point
}

// cellWidth returns the cell width, in pixels, that fills the board's part of the picture for
// an active area of the given radius, or false for a radius no board has.
func cellWidth(radius int) (int, bool) {
	switch {
	case radius >= 1 && radius <= 5:
		return 68, true
	case radius == 6:
		return 58, true
	case radius == ingenious.BoardRadius:
		return 50, true
	}
	return 0, false
}

// newLayout returns the geometry for an active area of the given radius.
func newLayout(radius int) (layout, error) {
	w, ok := cellWidth(radius)
	if !ok {
		return layout{}, fmt.Errorf("ingenious art: radius %d is not a board (want 1 to %d)", radius, ingenious.BoardRadius)
	}
	centre := images.Point{X: tableWidth / 2, Y: boardHeight / 2}
	grid := images.NewHexGrid(w, centre)
	scale := float64(w) / 50
	hex := grid.Size() - 3.5*scale
	return layout{
		radius:     radius,
		grid:       grid,
		hex:        hex,
		ring:       3.5 * scale,
		labelSize:  math.Max(minText, math.Round(20*scale)),
		letterSize: math.Max(minText, math.Round(22*scale)),
		plate:      (float64(radius)+0.5)*float64(w) + 34,
		centre:     centre,
	}, nil
}

// at returns the centre of cell c.
func (l layout) at(c ingenious.Cell) images.Point { return l.grid.Center(c.Q, c.R) }

// pixel returns the centre of cell c as a whole pixel.
func (l layout) pixel(c ingenious.Cell) (int, int) {
	p := l.at(c)
	return int(p.X), int(p.Y)
}

// inArea reports whether c is a cell of the active area.
func (l layout) inArea(c ingenious.Cell) bool { return c.Distance() <= l.radius }

// Score panel sizes.
const (
	bannerHeight = 96
	footerHeight = 88
	cardGap      = 10
	cardHeight   = 206
)

// panelHeight is the height of the score panel under the board for the given number of
// score holders (seats, or teams): the banner, the cards two to a row, the last move.
func panelHeight(sides int) int {
	rows := (sides + 1) / 2
	return bannerHeight + cardGap + rows*(cardHeight+cardGap) + footerHeight + panelMargin
}

// tableSize is the size of the table picture for the given number of score holders.
func tableSize(sides int) image.Point {
	return image.Pt(tableWidth, boardHeight+panelHeight(sides))
}

// panelArea is the part of the table picture under the board, where the panel goes.
func panelArea(sides int) image.Rectangle {
	return image.Rect(0, boardHeight, tableWidth, boardHeight+panelHeight(sides))
}
