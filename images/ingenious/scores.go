package ingenious

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// side is one score track holder: a seat, or a team of two partners.
type side struct {
	seats  []games.Seat
	scores [6]int
}

// sidesOf lists the score holders of v: partners (seats 0 & 2, 1 & 3) share a side in a team
// game.
func sidesOf(v *ingenious.View) []side {
	if v.Teams && len(v.Players) == 4 {
		return []side{
			{seats: []games.Seat{0, 2}, scores: v.Scores[0]},
			{seats: []games.Seat{1, 3}, scores: v.Scores[1]},
		}
	}
	out := make([]side, len(v.Players))
	for i := range v.Players {
		out[i] = side{seats: []games.Seat{games.Seat(i)}, scores: v.Scores[i]}
	}
	return out
}

// lowest returns the lowest of the six scores.
func lowest(s [6]int) int {
	m := s[0]
	for _, v := range s[1:] {
		m = min(m, v)
	}
	return m
}

// has reports whether seat belongs to the side.
func (s side) has(seat games.Seat) bool {
	for _, x := range s.seats {
		if x == seat {
			return true
		}
	}
	return false
}

// Panel sizes.
const (
	bannerHeight = 96
	legendHeight = 50
	footerHeight = 58
	cardGap      = 10
	cardPad      = 12
	cardHeader   = 36
	maxCard      = 220
)

// panel draws the score panel of v.
type panel struct {
	c     *images.Canvas
	v     *ingenious.View
	lang  games.Lang
	icons func(col ingenious.Colour, f float64) images.Sprite
}

// column returns the x of the centre of colour i's column in a panel spanning x0 to x1.
func column(i int, x0, x1 float64) float64 {
	w := (x1 - x0 - 2*cardPad) / 6
	return x0 + cardPad + w*(float64(i)+0.5)
}

// draw draws into r the banner, the colour legend heading the columns, one card per side
// and the footer.
func (p *panel) draw(r image.Rectangle) {
	p.banner(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+bannerHeight))
	p.legend(image.Rect(r.Min.X, r.Min.Y+bannerHeight, r.Max.X, r.Min.Y+bannerHeight+legendHeight))
	sides := sidesOf(p.v)
	top, bottom := r.Min.Y+bannerHeight+legendHeight, r.Max.Y-footerHeight-cardGap
	h := min(maxCard, (bottom-top-cardGap*(len(sides)-1))/len(sides))
	for i, s := range sides {
		y := top + i*(h+cardGap)
		p.card(image.Rect(r.Min.X, y, r.Max.X, y+h), s)
	}
	p.footer(image.Rect(r.Min.X, r.Max.Y-footerHeight, r.Max.X, r.Max.Y))
}

// legend draws each colour's symbol and letter over its column.
func (p *panel) legend(r image.Rectangle) {
	x0, x1 := float64(r.Min.X), float64(r.Max.X)
	cy := float64(r.Min.Y) + 24
	for i, col := range ingenious.Colours {
		x := column(i, x0, x1)
		p.c.Stamp(p.icons(col, 13), int(x)-9, int(cy))
		p.c.Text(string(col.Letter()), x+9, cy, 0, 0.5, images.Bold, 17, images.Paper)
	}
}

// name returns the display name of seat, or "?" for a seat the view does not name.
func (p *panel) name(seat games.Seat) string {
	if seat >= 0 && int(seat) < len(p.v.Players) {
		return p.v.Players[seat]
	}
	return "?"
}

// fit shortens s with an ellipsis until it is at most w pixels wide (see images.Canvas.Fit).
func (p *panel) fit(s string, style images.Style, size, w float64) string {
	return p.c.Fit(s, style, size, w)
}

// badge draws the round seat badge of seat centred on (x, y).
func (p *panel) badge(seat games.Seat, x, y, radius float64) {
	dc := p.c.DC
	dc.DrawCircle(x, y, radius)
	dc.SetColor(images.PlayerColour(int(seat)))
	dc.Fill()
	p.c.Text(strconv.Itoa(int(seat)+1), x, y, 0.5, 0.5, images.Bold, math.Round(radius*1.2), images.Slate)
}

// banner names the seat to act and what it must do, or the winners once the game is over.
func (p *panel) banner(r image.Rectangle) {
	c, v, lang := p.c, p.v, p.lang
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	c.RoundedRect(x, y, w, h, 12, images.Card)
	if v.Phase == ingenious.PhaseOver {
		c.RoundedFrame(x+1.5, y+1.5, w-3, h-3, 11, 3, images.Gold)
		c.Text(wordOver.In(lang), x+w/2, y+32, 0.5, 0.5, images.Bold, 28, images.Gold)
		var names []string
		var first []games.Seat
		if len(v.Result.Ranking) > 0 {
			first = v.Result.Ranking[0]
		}
		for _, s := range first {
			names = append(names, p.name(s))
		}
		label := wordWinner
		if len(first) > 1 && !v.Teams {
			label = wordWinners
		}
		sep := ", "
		if v.Teams {
			sep = " & "
		}
		line := label.In(lang) + ": " + strings.Join(names, sep)
		c.Text(p.fit(line, images.Bold, 18, w-24), x+w/2, y+70, 0.5, 0.5, images.Bold, 18, images.Paper)
		return
	}
	c.RoundedFrame(x+1.5, y+1.5, w-3, h-3, 11, 3, images.Highlight)
	c.Text(strings.ToUpper(wordTurn.In(lang)), x+16, y+20, 0, 0.5, images.Bold, 13, images.Dim)
	bag := fmt.Sprintf("%s: %d", wordBag.In(lang), v.BagSize)
	if v.Solo {
		bag = wordSolo.In(lang) + " · " + bag
	}
	c.Text(bag, x+w-16, y+20, 1, 0.5, images.Bold, 13, images.Dim)
	p.badge(v.Turn, x+30, y+50, 14)
	c.Text(p.fit(p.name(v.Turn), images.Bold, 26, w-70), x+54, y+50, 0, 0.5, images.Bold, 26, images.Paper)
	c.Text(p.fit(p.action(), images.Bold, 17, w-32), x+16, y+80, 0, 0.5, images.Bold, 17, images.Highlight)
}

// action says what the seat in turn must do now.
func (p *panel) action() string {
	v, lang := p.v, p.lang
	switch v.Phase {
	case ingenious.PhaseSwap:
		return wordSwap.In(lang)
	case ingenious.PhaseDeal, ingenious.PhaseDraw:
		return wordDrawing.In(lang)
	}
	if v.Bonus > 0 {
		if v.Bonus > 1 {
			return fmt.Sprintf("%s ×%d", wordBonus.In(lang), v.Bonus)
		}
		return wordBonus.In(lang)
	}
	for _, pl := range v.Placements {
		if pl.Seat == v.Turn {
			return wordPlaces.In(lang)
		}
	}
	return wordFirst.In(lang)
}

// card draws the scores of one side: its seats, its lowest colour, and a bar per colour
// under the legend's columns, with the value under it.
func (p *panel) card(r image.Rectangle, s side) {
	c, v := p.c, p.v
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	c.RoundedRect(x, y, w, h, 10, images.Card)
	over := v.Phase == ingenious.PhaseOver
	acting := !over && s.has(v.Turn)
	if acting {
		c.RoundedFrame(x+1.5, y+1.5, w-3, h-3, 9, 3, images.Highlight)
	}

	// Header: badges and names on the left; the place and the lowest colour on the right.
	hy := y + cardHeader/2 + 2
	low := lowest(s.scores)
	tied := true
	for _, v := range s.scores {
		tied = tied && v == low
	}
	right := x + w - cardPad
	right -= p.number(low, true, right, hy, 22, 1) + 8
	if over {
		if place := v.Result.PlaceOf(s.seats[0]); place > 0 {
			medal := images.Dim
			if place == 1 {
				medal = images.Gold
			}
			c.DC.DrawCircle(right-13, hy, 13)
			c.DC.SetColor(medal)
			c.DC.Fill()
			c.Text(strconv.Itoa(place), right-13, hy, 0.5, 0.5, images.Bold, 17, images.Slate)
			right -= 34
		}
	}
	nx := x + cardPad
	room := (right - nx - 8) / float64(len(s.seats))
	for i, seat := range s.seats {
		if i > 0 {
			c.Text("&", nx, hy, 0, 0.5, images.Bold, 18, images.Dim)
			nx += c.TextWidth("& ", images.Bold, 18)
		}
		p.badge(seat, nx+11, hy, 11)
		nx += 28
		name := p.name(seat)
		if seat == v.Viewer {
			name += " (" + wordYou.In(p.lang) + ")"
		}
		col := images.Paper
		if acting && seat == v.Turn {
			col = images.Highlight
		}
		name = p.fit(name, images.Bold, 18, room-40)
		c.Text(name, nx, hy, 0, 0.5, images.Bold, 18, col)
		nx += c.TextWidth(name, images.Bold, 18) + 8
	}

	// One bar per colour, rising from the bottom, with its value beneath.
	top := y + cardHeader + 2
	valueY := y + h - 18
	barBottom := valueY - 18
	for i, col := range ingenious.Colours {
		cx := column(i, x, x+w)
		p.bar(col, s.scores[col], int(cx), int(top), int(barBottom))
		p.number(s.scores[col], s.scores[col] == low && !tied, cx, valueY, 18, 0.5)
	}
}

// number draws value at (x, y), anchored at the fraction ax of its width: on a light pill
// when it is a lowest colour, in gold at the top of the track. It returns the width used.
func (p *panel) number(value int, isLow bool, x, y, size, ax float64) float64 {
	c, top := p.c, p.top()
	text := strconv.Itoa(value)
	tw := c.TextWidth(text, images.Bold, size)
	pw := math.Max(tw+12, size*1.5)
	ink := color.RGBA(images.Paper)
	switch {
	case isLow:
		c.RoundedRect(x-ax*pw, y-size*0.62, pw, size*1.24, size*0.45, images.Paper)
		ink = images.Card
	case value >= top:
		ink = images.Gold
	}
	c.Text(text, x-ax*pw+pw/2, y, 0.5, 0.5, images.Bold, size, ink)
	return pw
}

// top returns the highest value of a track.
func (p *panel) top() int {
	if p.v.Top <= 0 {
		return ingenious.Cap
	}
	return p.v.Top
}

// bar draws colour col's track at value, centred on x from y0 down to y1: an empty track
// marked every three points (six on a track to 36, where 18 is marked bright), filled from
// the bottom.
func (p *panel) bar(col ingenious.Colour, value, x, y0, y1 int) {
	c, top := p.c, p.top()
	const half = 9
	bh := y1 - y0
	c.Fill(image.Rect(x-half, y0, x+half, y1), track)
	filled := int(math.Round(float64(bh) * float64(min(value, top)) / float64(top)))
	c.Fill(image.Rect(x-half, y1-filled, x+half, y1), shades[col])
	step := 3
	if top > ingenious.Cap {
		step = 6
	}
	for t := step; t < top; t += step {
		ty := y1 - int(math.Round(float64(bh)*float64(t)/float64(top)))
		tick, th := trackTick, 1
		if top > ingenious.Cap && t == ingenious.Cap {
			tick, th = images.Paper, 2
		}
		c.Fill(image.Rect(x-half, ty, x+half, ty+th), tick)
	}
}

// footer says what the last placement was: who laid which tile where, and what each half
// scored.
func (p *panel) footer(r image.Rectangle) {
	c, v, lang := p.c, p.v, p.lang
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	last, ok := v.Last()
	if !ok {
		c.Text(wordNoMoves.In(lang), x+4, y+16, 0, 0.5, images.Bold, 16, images.Dim)
		return
	}
	who := wordLast.In(lang) + ": " + p.name(last.Seat)
	if last.Bonus {
		who += " (" + wordBonusMark.In(lang) + ")"
	}
	c.Text(p.fit(who, images.Bold, 16, w-8), x+4, y+16, 0, 0.5, images.Bold, 16, images.Dim)
	pl, rad := last.Place, v.Radius
	move := fmt.Sprintf("%c%c %s-%s   +%d %c  +%d %c", pl.First.Letter(), pl.Second.Letter(),
		pl.Cells[0].Label(rad), pl.Cells[1].Label(rad), last.Gains[0], pl.First.Letter(), last.Gains[1], pl.Second.Letter())
	c.Text(move, x+4, y+44, 0, 0.5, images.Bold, 18, images.Paper)
}
