package sideboards

import (
	"image"

	game "github.com/tablebot/tablebot/games/sideboards"
)

// Picture geometry.
const (
	width    = 800 // every picture
	margin   = 16  // around a picture
	gap      = 12  // between cards
	pad      = 12  // inside a card
	titleH   = 48  // the title line
	statusH  = 36  // the status line under it
	headH    = 46  // a seat panel's name line
	stateH   = 32  // a seat panel's state line
	scoreH   = 32  // each of a seat panel's two score lines
	radius   = 10  // of a card's corners
	innerW   = width - 2*margin
	gridCols = 2 // seat panels side by side from three seats on
)

// tableLayout is the geometry of the table picture: the header (title, status, the three task
// cards), then one panel per seat, stacked for one or two seats and in a grid of two columns
// for three to six.
type tableLayout struct {
	size   image.Point
	tasks  [3]image.Rectangle
	panels []image.Rectangle
	geom   boardGeom
}

// newTableLayout returns the table's geometry for v's seats.
func newTableLayout(v *game.View) tableLayout {
	n := len(v.Seats)
	cols := 1
	g := boardGeom{cw: 86, rh: 54, fp: 6, rows: true}
	if n > 2 {
		cols = gridCols
		g = boardGeom{cw: 43, rh: 34, fp: 5, rows: true}
	}
	pw := (innerW - (cols-1)*gap) / cols
	ph := headH + stateH + g.size().Y + 2*scoreH + pad
	var l tableLayout
	l.geom = g
	y := margin + titleH + statusH
	tw := (innerW - 2*gap) / 3
	for k := range l.tasks {
		x := margin + k*(tw+gap)
		l.tasks[k] = image.Rect(x, y, x+tw, y+taskH)
	}
	y += taskH + gap
	for i := range n {
		col, row := i%cols, i/cols
		x := margin + col*(pw+gap)
		py := y + row*(ph+gap)
		l.panels = append(l.panels, image.Rect(x, py, x+pw, py+ph))
	}
	rows := (n + cols - 1) / cols
	l.size = image.Pt(width, y+rows*(ph+gap)-gap+margin)
	return l
}

// privateLayout is the geometry of the private panel: the title and hint, the hand (every
// card upright and turned), and the sideboard preview with its score.
type privateLayout struct {
	size  image.Point
	hand  image.Rectangle
	board image.Rectangle
	geom  boardGeom
	// handCW and handRH are the drawer size of the hand's cards.
	handCW, handRH int
}

// Private panel sizes.
const (
	handHeadH  = 40 // "Your hand" and the legend
	handLabelH = 34 // a hand card's number above it
	handFootH  = 34 // the triangles and "from Ben" under it
	boardHeadH = 40 // "Your sideboard after this move"
	gainH      = 64 // the score lines under the preview
)

// newPrivateLayout returns the private panel's geometry for v and draft d (nil when the
// viewer need not place).
func newPrivateLayout(v *game.View, d *game.Draft) privateLayout {
	l := privateLayout{handCW: 58, handRH: 38, geom: boardGeom{cw: 86, rh: 54, fp: 6, rows: true}}
	y := margin + titleH + 2*30 + gap // the title and two lines of hint
	handH := handHeadH + handLabelH + game.Drawers*l.handRH + 6 + handFootH
	l.hand = image.Rect(margin, y, width-margin, y+handH+pad)
	y = l.hand.Max.Y + gap
	bh := boardHeadH + l.geom.size().Y + gainH + pad
	if d != nil && d.Kind == game.DraftExchange {
		bh = boardHeadH + 2*30 + pad
	}
	l.board = image.Rect(margin, y, width-margin, y+bh)
	l.size = image.Pt(width, l.board.Max.Y+margin)
	return l
}
