package shelfie

import (
	"fmt"
	"image"
	"strings"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/images"
)

// table draws the whole table picture.
func (sc *scene) table(v *game.View, l tableLayout) error {
	sc.fill(image.Rectangle{Max: l.size}, images.Slate)
	sc.title(v, l.title)
	for i, r := range l.boxes {
		sc.boxCard(v, i, r, boxDie)
	}
	sc.rewards(v, l.rewards)
	for i, r := range l.seats {
		sc.seatCard(v, v.Seats[i], r)
	}
	if !l.bag.Empty() {
		sc.bagCard(v, l.bag)
	}
	return nil
}

// headline is the first line of the title: the round and whose turn it is, or the end.
func (sc *scene) headline(v *game.View) string {
	switch v.Phase {
	case game.PhaseOver:
		return sc.say(wOver)
	case game.PhaseDeal, game.PhaseRewards:
		return sc.say(wSetup)
	}
	s := fmt.Sprintf(sc.say(wRound), v.Round)
	switch {
	case v.Current != games.NoSeat:
		s += " · " + fmt.Sprintf(sc.say(wToPlay), sc.nameOf(v, v.Current))
	case v.Phase == game.PhaseChoose || v.Phase == game.PhaseReveal:
		s += " · " + sc.say(wChoosing)
	}
	return s
}

// nameOf is seat's name, "you" added for the viewer.
func (sc *scene) nameOf(v *game.View, seat games.Seat) string {
	n := v.Name(seat)
	if seat == v.Viewer && seat >= 0 {
		n += " (" + sc.say(wYou) + ")"
	}
	return n
}

// title draws the headline and, below it, the turn order of the round and the bag.
func (sc *scene) title(v *game.View, r image.Rectangle) {
	sc.box(r, radius, images.Card)
	x0, x1 := float64(r.Min.X+pad+2), float64(r.Max.X-pad-2)
	sc.text(sc.headline(v), x0, float64(r.Min.Y+17), 0, 0.5, images.Bold, big, images.Paper, x1-x0)
	bag := sc.say(wBag) + " "
	for _, c := range game.Colours() {
		bag += fmt.Sprintf(" %s%d", c, v.Bag[c])
	}
	if v.Phase == game.PhaseOver {
		sc.text(sc.say(v.Result.Summary), x0, float64(r.Min.Y+43), 0, 0.5, images.Bold, small, images.Gold, x1-x0)
		return
	}
	bw := sc.c.TextWidth(bag, images.Medium, small)
	sc.text(bag, x1, float64(r.Min.Y+43), 1, 0.5, images.Medium, small, images.Dim, 0)
	if len(v.Order) == 0 {
		return
	}
	var parts []string
	for _, seat := range v.Order {
		sv := v.Seats[seat]
		p := v.Name(seat)
		if sv.Choice.Number != 0 {
			p += " (" + itoa(int(sv.Choice.Number)) + ")" // the order shows the tie-break, so no letter
		}
		parts = append(parts, p)
	}
	order := sc.say(wOrder) + ": " + strings.Join(parts, " → ")
	sc.text(order, x0, float64(r.Min.Y+43), 0, 0.5, images.Medium, small, images.Paper, x1-x0-bw-12)
}

// boxCard draws box i: its label and taker, its dice and their letters.
func (sc *scene) boxCard(v *game.View, i int, r image.Rectangle, die int) {
	b := v.Boxes[i]
	fill, ink := boxFill, boxInk
	if b.Taker != games.NoSeat {
		fill, ink = takenFill, images.Dim
	}
	sc.box(r, 8, fill)
	label := fmt.Sprintf(sc.say(wBox), i+1)
	if b.Taker != games.NoSeat {
		label = fmt.Sprintf("%d · %s", i+1, v.Name(b.Taker))
	}
	cx := float64(r.Min.X+r.Max.X) / 2
	sc.text(label, cx, float64(r.Min.Y+16), 0.5, 0.5, images.Bold, small, ink, float64(r.Dx()-8))
	n := len(b.Dice)
	if n == 0 {
		return
	}
	g := 4
	x := r.Min.X + (r.Dx()-n*die-(n-1)*g)/2
	y := r.Min.Y + 30
	for k, d := range b.Dice {
		sc.die(x+k*(die+g), y, die, d)
	}
	var letters []string
	for _, d := range b.Dice {
		letters = append(letters, d.In(sc.lang))
	}
	sc.text(strings.Join(letters, " "), cx, float64(y+die+15), 0.5, 0.5, images.Medium, small, ink, float64(r.Dx()-6))
}

// rewards draws the reward cards: the sidekick, the contest, the end-game cards.
func (sc *scene) rewards(v *game.View, rs []image.Rectangle) {
	i := 0
	next := func() image.Rectangle { r := rs[i]; i++; sc.box(r, 8, rewardFill); return r }
	holder := func(r image.Rectangle, seat games.Seat) {
		s, col := sc.say(wNobody), images.Dim
		if seat != games.NoSeat {
			s, col = "► "+v.Name(seat), images.Gold
		}
		sc.text(s, float64(r.Min.X+pad), float64(r.Max.Y-14), 0, 0.5, images.Bold, small, col, float64(r.Dx()-2*pad))
	}
	if v.Sidekick != 0 {
		r := next()
		c := game.SidekickColour(v.Sidekick)
		sc.text(fmt.Sprintf("%s S%d", sc.say(wSidekick), v.Sidekick), float64(r.Min.X+pad), float64(r.Min.Y+15), 0, 0.5, images.Bold, small, images.Paper, float64(r.Dx()-2*pad))
		sc.swatch(c, r.Min.X+pad, r.Min.Y+32, 44)
		sc.text(fmt.Sprintf("+%d", game.SidekickPoints), float64(r.Min.X+pad+54), float64(r.Min.Y+44), 0, 0.5, images.Bold, big, images.Gold, 0)
		sc.text(sc.say(wDice3), float64(r.Min.X+pad+54), float64(r.Min.Y+68), 0, 0.5, images.Medium, small, images.Paper, float64(r.Dx()-2*pad-54))
		holder(r, v.SidekickHolder)
	}
	if v.Contest != 0 {
		r := next()
		sc.text(fmt.Sprintf("%s K%d  +%d", sc.say(wContest), v.Contest, game.ContestPoints(v.Contest)), float64(r.Min.X+pad), float64(r.Min.Y+15), 0, 0.5, images.Bold, small, images.Paper, float64(r.Dx()-2*pad))
		sc.pattern(game.ContestPattern(v.Contest), r.Min.X+pad, r.Min.Y+30, 24)
		holder(r, v.ContestHolder)
	}
	for _, e := range v.Endgame {
		r := next()
		sc.text(fmt.Sprintf("%s E%d", sc.say(wEndgame), e), float64(r.Min.X+pad), float64(r.Min.Y+15), 0, 0.5, images.Bold, small, images.Paper, float64(r.Dx()-2*pad))
		for k, line := range sc.wrap(sc.say(game.EndgameText(e)), images.Regular, small, float64(r.Dx()-2*pad), 4) {
			sc.text(line, float64(r.Min.X+pad), float64(r.Min.Y+40+k*22), 0, 0.5, images.Regular, small, images.Paper, 0)
		}
	}
}

// swatch draws a colour's square with its pattern and letter, size wide, at (x, y).
func (sc *scene) swatch(c game.Colour, x, y, size int) {
	sc.die(x, y, size, game.Die{Colour: c, Value: 7})
	sc.c.TextOutline(sc.say(c.Initial()), float64(x)+float64(size)/2, float64(y)+float64(size)/2, 0.5, 0.5, images.Bold, float64(max(small, size/2)), images.White, pipEdge, 2)
}

// pattern draws a contest pattern with cells cell wide from (x, y): each coloured space a
// square of its colour with its letter, a space that takes anything grey.
func (sc *scene) pattern(p game.Pattern, x, y, cell int) {
	for row, cols := range p {
		for col, c := range cols {
			cx, cy := x+col*(cell+2), y+row*(cell+2)
			r := image.Rect(cx, cy, cx+cell, cy+cell)
			if c == game.NoColour {
				sc.box(r, 4, anyFill)
				continue
			}
			sc.box(r, 4, shade(c))
			sc.text(sc.say(c.Initial()), float64(cx)+float64(cell)/2, float64(cy)+float64(cell)/2, 0.5, 0.5, images.Bold, small, images.White, 0)
		}
	}
}

// bagCard draws the bag's content and, once the game is over, the ranking.
func (sc *scene) bagCard(v *game.View, r image.Rectangle) {
	sc.box(r, radius, images.Card)
	x := r.Min.X + pad
	sc.text(sc.say(wBag), float64(x), float64(r.Min.Y+pad+12), 0, 0.5, images.Bold, mid, images.Paper, 0)
	for i, c := range game.Colours() {
		y := r.Min.Y + pad + 32 + i*40
		sc.swatch(c, x, y, 32)
		sc.text(fmt.Sprintf("%s × %d", c, v.Bag[c]), float64(x+42), float64(y+16), 0, 0.5, images.Bold, mid, images.Paper, 0)
	}
	y := r.Min.Y + pad + 32 + 4*40 + 10
	for _, sr := range v.Result.Seats {
		sc.text(fmt.Sprintf("%s: %s", v.Name(sr.Seat), number(sr.Score)), float64(x), float64(y+10), 0, 0.5, images.Medium, small, images.Paper, float64(r.Dx()-2*pad))
		y += 24
	}
}
