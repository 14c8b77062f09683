package sideboards

import (
	"image"
	"strings"

	game "github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/images"
)

// taskH is the height of a task card.
const taskH = 188

// taskCard draws task t (or a blank card while the tasks are not drawn) in r: its kind and
// number, its shape drawn as cells (combinations) or its goal in words with a sample run
// (rows), and what it scores.
func (sc *scene) taskCard(t game.Task, players int, r image.Rectangle) {
	sc.box(r, 10, taskFill)
	x0, x1 := float64(r.Min.X+12), float64(r.Max.X-12)
	w := x1 - x0
	if t == 0 {
		sc.text(sc.say(wordNoTask), float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2), 0.5, 0.5, images.Bold, textM, taskInk, w)
		return
	}
	title := wordRows
	switch t.Kind() {
	case game.ColourTask:
		title = wordColours
	case game.HandleTask:
		title = wordHandles
	}
	tw := sc.text(sc.say(title, int(t)), x0, float64(r.Min.Y+22), 0, 0.5, images.Bold, textM, taskInk, w)
	if t.Kind() == game.RowTask {
		if players > 1 {
			sc.text(bonusText(t, players), x1, float64(r.Min.Y+22), 1, 0.5, images.Bold, textS, shapeFill, w-tw-8)
		}
		sc.rowTask(t, players, r)
		return
	}
	each := wordEach4
	if t.Kind() == game.HandleTask {
		each = wordEach3
	}
	sc.text(sc.say(each), x0, float64(r.Max.Y-20), 0, 0.5, images.Medium, textS, taskInk, w)
	// The shape as printed, in a grid of its extent.
	shape := t.Shape()
	cols, rows := 0, 0
	for _, o := range shape {
		cols, rows = max(cols, o.Col+1), max(rows, o.Row+1)
	}
	area := image.Rect(r.Min.X+12, r.Min.Y+42, r.Max.X-12, r.Max.Y-38)
	cell := min(area.Dx()/cols, area.Dy()/rows, 30)
	gx := area.Min.X + (area.Dx()-cols*cell)/2
	gy := area.Min.Y + (area.Dy()-rows*cell)/2
	for c := range cols {
		for rr := range rows {
			sc.c.Fill(image.Rect(gx+c*cell+1, gy+rr*cell+1, gx+(c+1)*cell-1, gy+(rr+1)*cell-1), taskGrid)
		}
	}
	for _, o := range shape {
		cr := image.Rect(gx+o.Col*cell+1, gy+o.Row*cell+1, gx+(o.Col+1)*cell-1, gy+(o.Row+1)*cell-1)
		if t.Kind() == game.ColourTask {
			sc.c.Fill(cr, shapeFill)
			continue
		}
		sc.c.Fill(cr, shapeFill)
		cx, cy := float64(cr.Min.X+cr.Max.X)/2, float64(cr.Min.Y+cr.Max.Y)/2
		handle(sc.c.DC, game.Flower, cx, cy, float64(cell)*0.4, float64(cell), taskFill, shapeFill)
	}
}

// rowTask draws the body of a row task's card: its goal in words, a sample run in the colour
// or with the handle it asks for, and the points with the row bonus.
func (sc *scene) rowTask(t game.Task, players int, r image.Rectangle) {
	x0, w := float64(r.Min.X+12), float64(r.Dx()-24)
	maxLines := 3
	if players == 1 {
		maxLines = 2
	}
	lines := sc.wrap(sc.say(t.Short()), images.Medium, textS, w, maxLines)
	y := float64(r.Min.Y + 52)
	for _, l := range lines {
		sc.text(l, x0, y, 0, 0.5, images.Medium, textS, taskInk, 0)
		y += 26
	}
	// A sample run of three drawers when the goal names a colour or handle.
	var sample *game.Drawer
	switch {
	case t >= 19 && t <= 23:
		sample = &game.Drawer{Colour: game.Colour(t - 19)}
	case t >= 24 && t <= 26:
		sample = &game.Drawer{Colour: game.Orange, Handle: game.Handle(t - 23)}
	}
	if sample != nil && len(lines) < 3 {
		cw, rh := 40, 30
		for i := range 3 {
			sc.c.Stamp(sc.drawerSprite(cw, rh, *sample), int(x0)+i*cw, int(y)-12)
		}
		y += 30
	}
	if players == 1 {
		sc.text(bonusText(t, players), x0, y, 0, 0.5, images.Bold, textS, shapeFill, w)
	}
	sc.text(sc.say(wordPerDrawer), x0, float64(r.Max.Y-20), 0, 0.5, images.Medium, textS, taskInk, w)
}

// bonusText lists the row bonus: "+8 +4 +2" by place, or solo the thresholds "≥4 +2 ≥6 +4
// ≥8 +8".
func bonusText(t game.Task, players int) string {
	if players == 1 {
		lengths := []int{4, 6, 8}
		if t.TwoRuns() {
			lengths = []int{7, 9, 11}
		}
		var parts []string
		for _, l := range lengths {
			parts = append(parts, "≥"+itoa(l)+" +"+itoa(game.SoloBonus(t, l)))
		}
		return strings.Join(parts, " ")
	}
	lengths := make([]int, players)
	for i := range lengths {
		lengths[i] = players - i
	}
	var parts []string
	for _, b := range game.RowBonuses(lengths, t) {
		if b > 0 {
			parts = append(parts, "+"+itoa(b))
		}
	}
	return strings.Join(parts, " ")
}

// kindIcon draws a small icon of a task kind centred on (x, y): three coloured squares for
// colours, a flower for handles, a bar of drawers for rows.
func (sc *scene) kindIcon(k game.Kind, x, y float64) {
	switch k {
	case game.ColourTask:
		for i, c := range []game.Colour{game.Red, game.Turquoise, game.Orange} {
			sx := int(x) - 12 + i*8
			sc.c.Fill(image.Rect(sx, int(y)-4-i*3+3, sx+8, int(y)+4-i*3+3), drawerFills[c])
		}
	case game.HandleTask:
		handle(sc.c.DC, game.Flower, x, y, 10, 24, images.Paper, images.Card)
	default:
		sc.c.Fill(image.Rect(int(x)-12, int(y)-3, int(x)+12, int(y)+3), runBar)
	}
}
