package fits

import (
	"image"
	"image/color"

	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// asideCell is the square size of the pieces listed as set aside.
const asideCell = 7

// seat draws one seat's card: the head (colour badge, name, colour and state, the place at
// the end), the board with its pieces, and the foot (this board's score or, once scored, its
// breakdown; the total; the scored boards; the pieces set aside). A seat the table waits for
// is ringed in pink, the winners in gold.
func (sc *scene) seat(v *game.View, sv game.SeatView, card image.Rectangle, g boardGeom, set *spriteSet, own *owners) {
	at := boardAt(card)
	bs := g.size()
	head := image.Rect(card.Min.X+radius/2, card.Min.Y+radius/2, card.Max.X-radius/2, at.Y)
	foot := image.Rect(card.Min.X+radius/2, at.Y+bs.Y, card.Max.X-radius/2, card.Max.Y-radius/2)
	sc.seatHead(v, sv, head)
	sc.seatFoot(v, sv, foot)
	sc.later(func() { drawPieces(sc.s, set, g, at, sv, own, true) })
	waiting := acting(v, sv.Seat)
	switch {
	case waiting:
		sc.ring(card, images.Highlight)
	case v.Phase == game.PhaseOver && v.Result.PlaceOf(sv.Seat) == 1 && len(v.Seats) > 1:
		sc.ring(card, images.Gold)
	}
}

// seatHead draws the badge and name, and under them the colour's name and the seat's state:
// waiting (pink), done (a tick), or skipping the card of its own start piece.
func (sc *scene) seatHead(v *game.View, sv game.SeatView, r image.Rectangle) {
	sc.region(r, images.Card)
	x0, x1 := float64(r.Min.X+cardPad-radius/2), float64(r.Max.X-cardPad+radius/2)
	y := float64(r.Min.Y)
	sc.badge(sv.Colour, x0+13, y+22, 26)
	name := sv.Name
	if sv.Seat == v.Viewer {
		name += " (" + wordYou.In(sc.lang) + ")"
	}
	right := x1
	if v.Phase == game.PhaseOver && len(v.Seats) > 1 {
		if place := v.Result.PlaceOf(sv.Seat); place > 0 {
			sc.medal(place, x1-14, y+22, 14)
			right -= 36
		}
	}
	waiting := acting(v, sv.Seat)
	ink := images.Paper
	if waiting {
		ink = images.Highlight
	}
	nx := x0 + 34
	sc.text(name, nx, y+22, 0, 0.5, images.Bold, 20, ink, right-nx)
	sy := y + 46
	cx := nx + sc.text(sv.Colour.Name().In(sc.lang), nx, sy, 0, 0.5, images.Medium, 14, images.Dim, 0)
	state, col := sc.seatState(v, sv)
	if state == "" {
		return
	}
	cx += sc.text(" · ", cx, sy, 0, 0.5, images.Medium, 14, images.Dim, 0)
	if sv.Decided && !waiting {
		sc.check(cx+1, sy, 12, col)
		cx += 17
	}
	sc.text(state, cx, sy, 0, 0.5, images.Bold, 14, col, right-cx)
}

// seatState says what the seat is doing in a simultaneous step.
func (sc *scene) seatState(v *game.View, sv game.SeatView) (string, color.RGBA) {
	switch {
	case acting(v, sv.Seat):
		return wordWaiting.In(sc.lang), images.Highlight
	case v.Phase != game.PhaseStart && v.Phase != game.PhaseBuild:
		return "", images.Dim
	case sv.Decided:
		return wordDone.In(sc.lang), doneInk
	case v.Phase == game.PhaseBuild && int(sv.Seat) < len(v.StartCards) && v.StartCards[sv.Seat] == v.Card:
		return wordSkips.In(sc.lang), images.Dim
	}
	return "", images.Dim
}

// seatFoot draws under a board: this board's score (its breakdown once scored), the scored
// boards and the total, and the pieces set aside.
func (sc *scene) seatFoot(v *game.View, sv game.SeatView, r image.Rectangle) {
	sc.region(r, images.Card)
	x0, x1 := float64(r.Min.X+cardPad-radius/2), float64(r.Max.X-cardPad+radius/2)
	y := float64(r.Min.Y)

	// The board on the table as it stands, or its breakdown once scored.
	scored := v.RoundOver || v.Phase == game.PhaseOver
	if scored && len(sv.Rounds) > 0 {
		// The breakdown takes two lines at a phone's text size rather than losing its end.
		for i, line := range sc.wrap(sc.breakdown(sv.Rounds[len(sv.Rounds)-1]), images.Medium, 20, x1-x0, 2) {
			sc.text(line, x0, y+14+float64(i)*24, 0, 0.5, images.Medium, 20, images.Paper, x1-x0)
		}
	} else {
		lw := sc.text(wordThisBoard.In(sc.lang), x0, y+14, 0, 0.5, images.Medium, 14, images.Dim, 0)
		sc.text(signed(sv.Now.Total), x0+lw+6, y+14, 0, 0.5, images.Bold, 18, images.Paper, x1-x0-lw-6)
	}

	sc.roundChips(sv, scored, x0, x1, y+71)

	// The total, right on the last line; the pieces set aside this round left of it.
	ay := y + 100
	tl := x1 - sc.text(number(sv.Total), x1, ay, 1, 0.5, images.Bold, 20, images.Gold, 0) - 6
	tl -= sc.text(wordTotal.In(sc.lang), tl, ay, 1, 0.5, images.Medium, 14, images.Dim, 0) + 10
	sc.asideRow(sv, x0, tl, ay)
}

// roundChips draws the scored boards of sv as chips (the board's number, then its score)
// across the line at cy from x0 to x1: four fit a card, and none is ever left out (a row too
// narrow shortens to the last). The last is ringed in gold once scored.
func (sc *scene) roundChips(sv game.SeatView, scored bool, x0, x1, cy float64) {
	cx := x0
	if len(sv.Rounds) == 0 {
		sc.text(wordBoards.In(sc.lang)+": —", x0, cy, 0, 0.5, images.Medium, 14, images.Dim, x1-x0)
	}
	// A chip: its board's number, a gap, the score; wide enough that "1" and "−1" never read
	// as one "1−1".
	chipW := func(rs game.RoundScore) float64 {
		return 6 + sc.c.TextWidth(itoa(rs.Board), images.Medium, 13) + 8 + sc.c.TextWidth(signed(rs.Total), images.Bold, 15) + 6
	}
	widths := make([]float64, len(sv.Rounds))
	for i, rs := range sv.Rounds {
		widths[i] = chipW(rs)
	}
	first := firstChip(widths, 4, x1-x0)
	for i, rs := range sv.Rounds {
		if i < first {
			continue
		}
		val := signed(rs.Total)
		w := chipW(rs)
		chip := image.Rect(int(cx), int(cy)-13, int(cx+w), int(cy)+13)
		sc.box(chip, 5, images.Slate)
		if scored && i == len(sv.Rounds)-1 {
			sc.frame(chip, 5, 2, images.Gold)
		}
		sc.text(itoa(rs.Board), cx+6, cy, 0, 0.5, images.Medium, 13, images.Dim, 0)
		sc.text(val, cx+w-6, cy, 1, 0.5, images.Bold, 15, images.Paper, 0)
		cx += w + 4
	}
}

// asideRow draws the pieces sv set aside this round on the line at ay from x0 to x1, small,
// the one set aside last underlined in pink.
func (sc *scene) asideRow(sv game.SeatView, x0, x1, ay float64) {
	lw := sc.text(wordAside.In(sc.lang)+":", x0, ay, 0, 0.5, images.Medium, 14, images.Dim, 0)
	ax := x0 + lw + 8
	if len(sv.Aside) == 0 {
		sc.text(wordNone.In(sc.lang), ax, ay, 0, 0.5, images.Medium, 14, images.Dim, 0)
		return
	}
	col := seatShade(sv.Colour)
	for i, sh := range sv.Aside {
		o := sh.Orient(0, false)
		w := float64(o.Width * asideCell)
		// A piece is drawn when it fits with room left for "+2" saying how many more follow.
		need := w
		if rest := len(sv.Aside) - i - 1; rest > 0 {
			need += 8 + sc.c.TextWidth("+"+itoa(rest), images.Bold, 14)
		}
		if ax+need > x1 {
			more := "+" + itoa(len(sv.Aside)-i)
			if i == 0 { // no piece fits: how many there are
				more = itoa(len(sv.Aside))
			}
			sc.text(more, ax, ay, 0, 0.5, images.Bold, 14, images.Dim, x1-ax)
			break
		}
		sc.shape(o, ax+w/2, ay, asideCell, col, edgeOf(col))
		if sh == sv.LastAside {
			rect(sc.c, image.Rect(int(ax), int(ay)+13, int(ax+w), int(ay)+15), images.Highlight)
		}
		ax += w + 8
	}
}

// firstChip returns the first of the chips of the given widths, spaced by gap, to draw so that
// the rest fit in room: 0 when all fit; otherwise the newest ones, never none.
func firstChip(widths []float64, gap, room float64) int {
	need := -gap
	for i := len(widths) - 1; i >= 0; i-- {
		need += widths[i] + gap
		if need > room {
			return min(i+1, len(widths)-1)
		}
	}
	return 0
}
