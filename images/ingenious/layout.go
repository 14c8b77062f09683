package ingenious

import (
	"fmt"
	"image"
	"math"

	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// Picture sizes. Every table picture is tableWidth × tableHeight whatever the radius: the board
// on the left, the score panel on the right.
const (
	tableWidth  = 1200
	tableHeight = 760
	boardWidth  = 830
	panelMargin = 14
)

// layout is the geometry of the table picture for one radius.
type layout struct {
	radius int
	grid   images.HexGrid
	// hex is the circumradius of a drawn cell: a little less than the grid's, leaving a gap.
	hex float64
	// ring is the width of the coloured ring around a start symbol.
	ring float64
	// labelSize and letterSize are the text sizes of cell labels and row letters.
	labelSize, letterSize float64
	// plate is the circumradius of the flat-topped hexagonal board under the cells.
	plate float64
	// centre is the centre of the board.
	centre images.Point
	// panel is where the scores go.
	panel image.Rectangle
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
	centre := images.Point{X: boardWidth / 2, Y: tableHeight / 2}
	grid := images.NewHexGrid(w, centre)
	scale := float64(w) / 50
	hex := grid.Size() - 3.5*scale
	return layout{
		radius:     radius,
		grid:       grid,
		hex:        hex,
		ring:       3.5 * scale,
		labelSize:  math.Round(13.5 * scale),
		letterSize: math.Round(17 * scale),
		plate:      (float64(radius)+0.5)*float64(w) + 34,
		centre:     centre,
		panel:      image.Rect(boardWidth+panelMargin, panelMargin, tableWidth-panelMargin, tableHeight-panelMargin),
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

// panelArea is the part of the table picture right of the board, where the panel goes.
func (l layout) panelArea() image.Rectangle {
	return image.Rect(boardWidth, 0, tableWidth, tableHeight)
}
