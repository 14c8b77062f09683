package shelfie

import (
	"image"

	game "github.com/tablebot/tablebot/games/shelfie"
)

// Picture geometry shared by the table and the private panel.
const (
	width   = 640 // every picture
	margin  = 10  // around a picture
	gap     = 8   // between cards
	pad     = 8   // inside a card
	radius  = 10  // of a card's corners
	titleH  = 58  // the title band: a headline and a line below it
	boxDie  = 34  // a die in a box on the table
	boxH    = 96  // a box on the table
	rewardH = 132 // a reward card
)

// Seat card geometry on the table.
const (
	seatDie   = 38 // a die on a shelf
	seatGap   = 2  // between dice
	headH     = 34 // the seat card's name line
	labelH    = 24 // the column labels under a shelf
	chipH     = 30 // a row of card chips
	rowH      = 36 // the hand or shipment row
	miniDie   = 26 // a die on card 1, in the shipment row
	seatShelf = game.Columns*seatDie + (game.Columns-1)*seatGap
	seatH     = pad + headH + seatShelf + labelH + 6 + chipH + 6 + rowH + pad
)

// tableLayout is the geometry of the table picture: the title band, the boxes, the reward
// cards, and the seat cards two to a row (with an odd seat count, the bag card fills the
// last place).
type tableLayout struct {
	size    image.Point
	title   image.Rectangle
	boxes   []image.Rectangle
	rewards []image.Rectangle
	seats   []image.Rectangle
	bag     image.Rectangle
}

// newTableLayout returns the table's geometry for view v.
func newTableLayout(v *game.View) tableLayout {
	var l tableLayout
	inner := width - 2*margin
	y := margin
	l.title = image.Rect(margin, y, width-margin, y+titleH)
	y += titleH + gap
	if n := len(v.Boxes); n > 0 {
		w := (inner - (n-1)*gap) / n
		for i := range n {
			x := margin + i*(w+gap)
			l.boxes = append(l.boxes, image.Rect(x, y, x+w, y+boxH))
		}
		y += boxH + gap
	}
	if n := rewardCount(v); n > 0 {
		w := (inner - (n-1)*gap) / n
		for i := range n {
			x := margin + i*(w+gap)
			l.rewards = append(l.rewards, image.Rect(x, y, x+w, y+rewardH))
		}
		y += rewardH + gap
	}
	cw := (inner - gap) / 2
	cells := len(v.Seats)
	if cells%2 == 1 {
		cells++
	}
	for i := range cells {
		x := margin + (i%2)*(cw+gap)
		top := y + (i/2)*(seatH+gap)
		r := image.Rect(x, top, x+cw, top+seatH)
		if i < len(v.Seats) {
			l.seats = append(l.seats, r)
		} else {
			l.bag = r
		}
	}
	y += (cells / 2) * (seatH + gap)
	l.size = image.Pt(width, y-gap+margin)
	return l
}

// rewardCount is the number of reward cards on the table.
func rewardCount(v *game.View) int {
	n := len(v.Endgame)
	if v.Sidekick != 0 {
		n++
	}
	if v.Contest != 0 {
		n++
	}
	return n
}
