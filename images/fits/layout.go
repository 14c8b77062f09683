package fits

import (
	"image"
	"math"

	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// Picture geometry shared by the table and the private panel.
const (
	margin   = 14  // around every picture
	gap      = 12  // between cards
	cardPad  = 12  // inside a card
	radius   = 10  // of a card's corners
	headerH  = 132 // the table's header band
	seatHead = 64  // a seat card above its board
	seatFoot = 120 // a seat card below its board
	minWidth = 680 // the narrowest table picture
	// maxWidth is the widest picture the renderer draws; its text is never smaller than a
	// phone showing that width needs (images.PhoneMinText).
	maxWidth = 727
	soloSide = 330 // the solo table's score panel
)

// boardGeom is the geometry of one static board picture at a cell size: the grid of 16 rows
// with the walnut frame and labels round it.
type boardGeom struct {
	cell int
}

// band is the height of a row of column letters, and the width of the row numbers.
func (g boardGeom) band() int { return max(22, g.cell*7/10) + 6 }

// left is the width left of the grid: the row numbers, as wide as "16" at the smallest text a
// phone reads (a narrower strip cut the flag off the 1 of 16 and 11), and their gap.
func (g boardGeom) left() int { return max(g.band(), int(math.Ceil(1.2*phoneText))+12) }

// phoneText is the smallest text size of every FITS picture (see images.PhoneMinText).
var phoneText = images.PhoneMinText(maxWidth)

// above is the margin over row 16: the overhang's name and the frame's rim.
func (g boardGeom) above() int { return 30 }

// labelSize is the text size of the labels round the grid.
func (g boardGeom) labelSize() float64 { return math.Max(14, math.Round(float64(g.cell)*0.42)) }

// size is the size of the static board picture.
func (g boardGeom) size() image.Point {
	return image.Pt(g.left()+game.Cols*g.cell+8, g.above()+game.Rows*g.cell+g.band())
}

// cell returns the square of cell (col, row) of a board picture whose top-left corner is at;
// rows count from the floor, and rows 16 and above (the preview's headroom) lie above the
// picture.
func (g boardGeom) cellRect(at image.Point, col, row int) image.Rectangle {
	x := at.X + g.left() + col*g.cell
	y := at.Y + g.above() + (game.Rows-1-row)*g.cell
	return image.Rect(x, y, x+g.cell, y+g.cell)
}

// grid returns the rectangle of all 16 rows of cells.
func (g boardGeom) grid(at image.Point) image.Rectangle {
	return g.cellRect(at, 0, game.Rows-1).Union(g.cellRect(at, game.Cols-1, 0))
}

// cellFor is the cell size of the table's boards by the number of seats.
func cellFor(seats int) int {
	switch seats {
	case 1:
		return 40
	}
	return 36
}

// tableLayout is the geometry of the table picture for a number of seats: the header band
// across the top, then one card per seat, two to a row so that four boards make a 2×2 grid a
// phone can read (and, solo, a score panel beside the one card).
type tableLayout struct {
	n      int
	geom   boardGeom
	size   image.Point
	header image.Rectangle
	cards  []image.Rectangle
	// side is the solo score panel (empty with several seats).
	side image.Rectangle
}

// newTableLayout returns the table's geometry for n (1–4) seats.
func newTableLayout(n int) tableLayout {
	g := boardGeom{cell: cellFor(n)}
	bs := g.size()
	cardW, cardH := bs.X+2*cardPad, seatHead+bs.Y+seatFoot
	perRow := min(n, 2)
	rows := (n + perRow - 1) / perRow
	row := perRow*cardW + (perRow-1)*gap
	if n == 1 {
		row += gap + soloSide
	}
	w := max(minWidth, 2*margin+row)
	l := tableLayout{n: n, geom: g, size: image.Pt(w, margin+headerH+rows*(gap+cardH)+margin)}
	l.header = image.Rect(margin, margin, w-margin, margin+headerH)
	x0 := (w - row) / 2
	y := l.header.Max.Y + gap
	for i := range n {
		x := x0 + (i%perRow)*(cardW+gap)
		if i > 0 && i%perRow == 0 {
			y += cardH + gap
		}
		l.cards = append(l.cards, image.Rect(x, y, x+cardW, y+cardH))
	}
	if n == 1 {
		x := x0 + cardW + gap
		l.side = image.Rect(x, y, x+soloSide, y+cardH)
	}
	return l
}

// boardAt returns where the static board picture of card lies.
func boardAt(card image.Rectangle) image.Point {
	return image.Pt(card.Min.X+cardPad, card.Min.Y+seatHead)
}

// previewCell is the cell size of the board on a private panel.
const previewCell = 36

// headroomRows is how many rows above row 16 a preview shows: enough for any piece resting on
// a full column.
const headroomRows = 4

// Private panel sizes.
const (
	titleH    = 58  // the title line
	panelSide = 372 // the piece and what the draft does, right of the board
)

// privateLayout is the geometry of the private panel: a title, the viewer's board card (the
// column letters on top, where the piece enters, then the headroom above row 16, then the
// board) and the side panel.
type privateLayout struct {
	geom  boardGeom
	size  image.Point
	title image.Rectangle
	card  image.Rectangle
	// letters is the band of column letters over the headroom.
	letters image.Rectangle
	// room is the headroom above row 16.
	room image.Rectangle
	// board is the top-left corner of the static board picture.
	board image.Point
	side  image.Rectangle
}

// newPrivateLayout returns the private panel's geometry.
func newPrivateLayout() privateLayout {
	g := boardGeom{cell: previewCell}
	bs := g.size()
	roomH := headroomRows * g.cell
	cardW := bs.X + 2*cardPad
	cardH := cardPad + g.band() + roomH - g.above() + bs.Y + cardPad/2
	w := 2*margin + cardW + gap + panelSide
	l := privateLayout{geom: g, size: image.Pt(w, margin+titleH+cardH+margin)}
	l.title = image.Rect(margin, margin, w-margin, margin+titleH)
	l.card = image.Rect(margin, l.title.Max.Y, margin+cardW, l.title.Max.Y+cardH)
	l.board = image.Pt(l.card.Min.X+cardPad, l.card.Min.Y+cardPad+g.band()+roomH-g.above())
	grid := g.grid(l.board)
	l.room = image.Rect(grid.Min.X, grid.Min.Y-roomH, grid.Max.X, grid.Min.Y-g.above())
	l.letters = image.Rect(grid.Min.X, l.room.Min.Y-g.band(), grid.Max.X, l.room.Min.Y)
	l.side = image.Rect(l.card.Max.X+gap, l.card.Min.Y, w-margin, l.card.Max.Y)
	return l
}
