package sideboards

import (
	"image"
	"image/color"
	"slices"

	game "github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/images"
)

// private draws the viewer's panel: the title and a hint, the hand with every card upright and
// turned (the draft's cards ringed in their chosen way up, cards passed to the viewer marked
// with their sender), and the sideboard with the draft's cards attached and what that scores.
func (sc *scene) private(v *game.View, d *game.Draft, l privateLayout) {
	mine, _ := v.Mine()
	x0, x1 := float64(margin), float64(width-margin)
	title := sc.say(wordYourMove, v.Turn)
	if v.Phase == game.PhaseOver {
		title = sc.say(wordOver)
	}
	sc.text(title, x0, float64(margin+titleH/2), 0, 0.5, images.Bold, textL, images.Paper, x1-x0)
	hint, col := sc.privateHint(v, d)
	y := float64(margin + titleH + 15)
	for _, line := range sc.wrap(hint, images.Medium, textS, x1-x0, 2) {
		sc.text(line, x0, y, 0, 0.5, images.Medium, textS, col, 0)
		y += 30
	}
	sc.hand(v, d, mine, l)
	sc.preview(v, d, mine, l)
}

// privateHint is the line under the title: what the draft does, or whom the table waits for.
func (sc *scene) privateHint(v *game.View, d *game.Draft) (string, color.RGBA) {
	if d == nil {
		status, col := sc.status(v)
		return status, col
	}
	col := images.Paper
	if d.Kind == game.DraftExchange {
		col = images.Highlight
	}
	return v.DraftText(*d).In(sc.lang), col
}

// hand draws the hand: each card upright and turned side by side under its number.
func (sc *scene) hand(v *game.View, d *game.Draft, mine game.SeatView, l privateLayout) {
	r := l.hand
	sc.box(r, radius, images.Card)
	x0, x1 := float64(r.Min.X+pad), float64(r.Max.X-pad)
	sc.text(sc.say(wordYourHand), x0, float64(r.Min.Y+handHeadH/2+2), 0, 0.5, images.Bold, textM, images.Paper, 0)
	// The legend: ▲ upright ▼ turned.
	legend := sc.say(wordUpTurned)
	lw := sc.c.TextWidth(legend, images.Medium, textS)
	sc.triangle(x1-lw-40, float64(r.Min.Y+handHeadH/2+2), 14, true, images.Dim)
	sc.triangle(x1-lw-20, float64(r.Min.Y+handHeadH/2+2), 14, false, images.Dim)
	sc.text(legend, x1, float64(r.Min.Y+handHeadH/2+2), 1, 0.5, images.Medium, textS, images.Dim, 0)
	cards := mine.Hand
	if len(cards) == 0 {
		return
	}
	cw, rh := l.handCW, l.handRH
	pairW := 2*cw + 10
	slotW := min((r.Dx()-2*pad)/len(cards), pairW+60)
	left := r.Min.X + pad + (r.Dx()-2*pad-slotW*len(cards))/2
	top := r.Min.Y + handHeadH + handLabelH
	for i, c := range cards {
		sx := left + i*slotW + (slotW-pairW)/2
		chosen, turned, rest := sc.choice(d, mine, c)
		ink := images.Paper
		if chosen {
			ink = images.Highlight
		}
		sc.text(c.String(), float64(sx+pairW/2), float64(top-handLabelH/2), 0.5, 0.5, images.Bold, textM, ink, 0)
		for k, t := range []bool{false, true} {
			x := sx + k*(cw+10)
			sc.column(game.Placed{Card: c, Turned: t}, x, top, cw, rh)
			sc.triangle(float64(x+cw/2), float64(top+game.Drawers*rh+14), 14, !t, images.Dim)
			if chosen && t == turned {
				sc.ring(image.Rect(x-6, top-6, x+cw+6, top+game.Drawers*rh+6), 6, 3, images.Highlight)
			}
		}
		note := ""
		switch {
		case rest && v.Solo, rest && v.Turn == 7:
			note = sc.say(wordAway)
		case rest:
			// "pass → Ben", or just "→ Ben" when the slots are narrow (the hint says "pass").
			to := "→ " + v.Players[(int(mine.Seat)+1)%len(v.Players)]
			note = sc.say(wordPass) + " " + to
			if sc.c.TextWidth(note, images.Medium, textS) > float64(slotW-16) {
				note = to
			}
		case slices.Contains(mine.Received, c):
			from := (int(mine.Seat) + len(v.Players) - 1) % len(v.Players)
			note = sc.say(wordFrom, v.Players[from])
		}
		if note != "" {
			sc.text(note, float64(sx+pairW/2), float64(top+game.Drawers*rh+handFootH/2+18), 0.5, 0.5, images.Medium, textS, images.Dim, float64(slotW-16))
		}
	}
}

// choice says whether card c is among the draft's (or, with no draft, the pending choice's)
// cards and which way up, and whether it is a card that will leave the hand (passed or thrown
// away) once the draft is made.
func (sc *scene) choice(d *game.Draft, mine game.SeatView, c game.Card) (chosen, turned, rest bool) {
	laid := mine.Pending
	if d != nil {
		if d.Kind == game.DraftExchange {
			return false, false, true
		}
		laid = d.Cards
	}
	if len(laid) == 0 {
		return false, false, false
	}
	for _, p := range laid {
		if p.Card == c {
			return true, p.Turned, false
		}
	}
	return false, false, true
}

// preview draws the sideboard section: the board with the draft's (or the pending choice's)
// cards attached and ringed, or for an exchange the note that both cards go.
func (sc *scene) preview(v *game.View, d *game.Draft, mine game.SeatView, l privateLayout) {
	r := l.board
	sc.box(r, radius, images.Card)
	x0, x1 := float64(r.Min.X+pad), float64(r.Max.X-pad)
	head := sc.say(wordYours)
	board := mine.Board
	var fresh []int
	switch {
	case d != nil && d.Kind == game.DraftExchange:
		y := float64(r.Min.Y + boardHeadH/2 + 2)
		sc.text(sc.say(wordThrow), x0, y, 0, 0.5, images.Bold, textS, images.Highlight, x1-x0)
		sc.text(sc.say(wordLose1), x0, y+36, 0, 0.5, images.Medium, textS, images.Paper, x1-x0)
		return
	case d != nil:
		head = sc.say(wordAfter)
		board, fresh = v.Preview(*d)
	case len(mine.Pending) > 0:
		head = sc.say(wordChosen)
		board, fresh = pendingBoard(mine)
	}
	sc.text(head, x0, float64(r.Min.Y+boardHeadH/2+2), 0, 0.5, images.Bold, textM, images.Paper, x1-x0)
	at := image.Pt(r.Min.X+(r.Dx()-l.geom.size().X)/2, r.Min.Y+boardHeadH)
	marks := boardMarks{fresh: fresh, ringCol: images.Highlight}
	if rt := v.Tasks[game.RowTask]; rt != 0 {
		marks.runs, _ = game.GridOf(board).Counted(rt)
		marks.task = rt
	}
	sc.board(board, at, l.geom, marks)
	after := game.ScoreBoard(board, v.Tasks)
	sc.scoreLine(v, after, x0, x1, float64(at.Y+l.geom.size().Y+scoreH/2))
}

// pendingBoard is the viewer's sideboard with its hidden choice laid.
func pendingBoard(mine game.SeatView) ([]game.Placed, []int) {
	p := mine.Pending
	switch {
	case len(p) == 2:
		return slices.Clone(p), []int{0, 1}
	case mine.PendingSide == game.Left:
		return append([]game.Placed{p[0]}, mine.Board...), []int{0}
	}
	return append(slices.Clone(mine.Board), p[0]), []int{len(mine.Board)}
}
