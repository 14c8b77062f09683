package sideboards

import (
	"image"
	"image/color"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/images"
)

// table draws the table picture.
func (sc *scene) table(v *game.View, l tableLayout) {
	sc.header(v)
	for k, r := range l.tasks {
		sc.taskCard(v.Tasks[k], len(v.Seats), r)
	}
	for i, sv := range v.Seats {
		sc.panel(v, sv, l.panels[i], l.geom)
	}
}

// header draws the title, the turn and the draw pile, and the status line: whom the table
// waits for, or how the game ended.
func (sc *scene) header(v *game.View) {
	x0, x1 := float64(margin), float64(width-margin)
	y := float64(margin + titleH/2)
	sc.text("Sideboards", x0, y, 0, 0.5, images.Bold, textL, images.Paper, 0)
	turn := sc.say(wordSetup)
	switch {
	case v.Phase == game.PhaseOver:
		turn = sc.say(wordOver)
	case v.Turn > 0:
		turn = sc.say(wordTurn, v.Turn) + " · " + sc.say(wordPile, v.Pile)
	}
	sc.text(turn, x1, y, 1, 0.5, images.Bold, textS, images.Dim, 0)
	status, col := sc.status(v)
	sc.text(status, x0, float64(margin+titleH+statusH/2-4), 0, 0.5, images.Bold, textS, col, x1-x0)
}

// status is the status line and its colour.
func (sc *scene) status(v *game.View) (string, color.RGBA) {
	switch {
	case v.Phase == game.PhaseOver:
		return v.Result.Summary.In(sc.lang), images.Gold
	case v.Exchanging != games.NoSeat:
		return sc.say(wordExchanging, v.Players[v.Exchanging]), images.Highlight
	case v.Phase == game.PhaseTurn:
		var names []string
		for _, s := range v.ToAct {
			if s >= 0 && int(s) < len(v.Players) {
				names = append(names, v.Players[s])
			}
		}
		return sc.say(wordWaiting, games.And(names).In(sc.lang)), images.Highlight
	}
	return sc.say(wordDrawing), images.Dim
}

// stateLine draws a seat's state on the line at y from x0 to x1 (nothing once the game is
// over): placing (waiting) or placed, its hand size and the cards of it the viewer knows.
func (sc *scene) stateLine(v *game.View, sv game.SeatView, waiting bool, x0, x1, y float64) {
	if v.Phase == game.PhaseOver {
		return
	}
	x := x0
	switch {
	case waiting:
		x += sc.text(sc.say(wordPlacing), x, y, 0, 0.5, images.Bold, textS, images.Highlight, 0) + 10
	case sv.Decided:
		sc.tick(x+2, y, 16, doneInk)
		x += 22
		x += sc.text(sc.say(wordPlaced), x, y, 0, 0.5, images.Bold, textS, doneInk, 0) + 10
	}
	if v.Turn > 0 {
		info := sc.say(wordHand, sv.HandSize)
		if len(sv.Known) > 0 {
			info += " · " + sc.say(wordKnown, joinCards(sv.Known))
		}
		sc.text(info, x, y, 0, 0.5, images.Medium, textS, images.Dim, x1-x)
	}
}

// acting reports whether seat must act now.
func acting(v *game.View, seat games.Seat) bool {
	return v.Phase == game.PhaseTurn && v.Exchanging == games.NoSeat && slices.Contains(v.ToAct, seat)
}

// panel draws one seat's panel: badge, name and total (a medal at the end); whether it has
// placed, its hand size and the cards of it the viewer knows; the sideboard with the newest
// card ringed and the counted runs underlined; and the score per task, the row bonus and the
// exchange card. A seat the table waits for is ringed in pink, the winners in gold.
func (sc *scene) panel(v *game.View, sv game.SeatView, r image.Rectangle, g boardGeom) {
	sc.box(r, radius, images.Card)
	x0, x1 := float64(r.Min.X+pad), float64(r.Max.X-pad)
	y := float64(r.Min.Y + headH/2 + 2)
	sc.badge(int(sv.Seat), x0+14, y, 28)
	waiting := acting(v, sv.Seat)
	name := sv.Name
	if sv.Seat == v.Viewer {
		name += " (" + sc.say(wordYou) + ")"
	}
	right := x1
	over := v.Phase == game.PhaseOver
	if over && len(v.Seats) > 1 {
		if place := v.Result.PlaceOf(sv.Seat); place > 0 {
			sc.medal(place, x1-14, y, 15)
			right -= 38
		}
	}
	totalCol := images.Paper
	if over && v.Result.PlaceOf(sv.Seat) == 1 {
		totalCol = images.Gold
	}
	tw := sc.text(itoa(sv.Score.Total), right, y, 1, 0.5, images.Bold, textL, totalCol, 0)
	ink := images.Paper
	if waiting {
		ink = images.Highlight
	}
	sc.text(name, x0+36, y, 0, 0.5, images.Bold, textM, ink, right-tw-12-(x0+36))
	sc.stateLine(v, sv, waiting, x0, x1, float64(r.Min.Y+headH+stateH/2-2))
	// The sideboard.
	at := image.Pt(r.Min.X+(r.Dx()-g.size().X)/2, r.Min.Y+headH+stateH)
	marks := boardMarks{ringCol: images.Highlight}
	for i, p := range sv.Board {
		if slices.Contains(sv.Newest, p.Card) && !over {
			marks.fresh = append(marks.fresh, i)
		}
	}
	if rt := v.Tasks[game.RowTask]; rt != 0 {
		marks.runs, _ = game.GridOf(sv.Board).Counted(rt)
		marks.task = rt
	}
	sc.board(sv.Board, at, g, marks)
	// The scores.
	y = float64(at.Y + g.size().Y + scoreH/2)
	sc.scoreLine(v, sv.Score, x0, x1, y)
	y += scoreH
	parts := []string{sc.say(wordBonus, signed(sv.Score.Bonus))}
	switch {
	case v.Variant == game.Four:
		parts = append(parts, sc.say(wordNoExchange))
	case sv.Exchanged > 0:
		parts = append(parts, sc.say(wordExchanged, sv.Exchanged))
	default:
		parts = append(parts, sc.say(wordExchange))
	}
	sc.text(strings.Join(parts, " · "), x0, y, 0, 0.5, images.Medium, textS, images.Paper, x1-x0)
	switch {
	case waiting:
		sc.ring(r, radius, 3, images.Highlight)
	case over && len(v.Seats) > 1 && v.Result.PlaceOf(sv.Seat) == 1:
		sc.ring(r, radius, 3, images.Gold)
	}
}

// scoreLine draws the score per task between x0 and x1 on line y: the kind's icon, how often
// the task is met (or the counted length) and its points ("5× = 20"), the three spread evenly
// over the line. When they do not fit so (a narrow panel), the spaces round "=" go.
func (sc *scene) scoreLine(v *game.View, s game.Score, x0, x1, y float64) {
	const icon = 30 // the icon's width and the gap after it
	items := []struct {
		kind game.Kind
		n, p int
		x    string
	}{
		{game.ColourTask, s.Colours, s.ColourPoints, "×"},
		{game.HandleTask, s.Handles, s.HandlePoints, "×"},
		{game.RowTask, s.Length, s.RowPoints, ""},
	}
	texts := make([]string, len(items))
	for _, eq := range []string{" = ", "="} {
		total := 0.0
		for i, it := range items {
			texts[i] = itoa(it.n) + it.x + eq + itoa(it.p)
			total += icon + sc.c.TextWidth(texts[i], images.Bold, textS)
		}
		if total+2*16 <= x1-x0 {
			break
		}
	}
	widths := make([]float64, len(items))
	total := 0.0
	for i := range items {
		widths[i] = icon + sc.c.TextWidth(texts[i], images.Bold, textS)
		total += widths[i]
	}
	space := max(8, (x1-x0-total)/float64(len(items)-1))
	x := x0
	for i, it := range items {
		sc.kindIcon(it.kind, x+12, y)
		sc.text(texts[i], x+icon, y, 0, 0.5, images.Bold, textS, images.Paper, x1-x-icon)
		x += widths[i] + space
	}
}

// joinCards writes cards as "12 40".
func joinCards(cs []game.Card) string {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += " "
		}
		out += c.String()
	}
	return out
}
