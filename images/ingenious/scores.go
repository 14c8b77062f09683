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

// Card sizes.
const (
	cardPad    = 14
	cardHeader = 48
)

// panel draws the score panel of v.
type panel struct {
	c     *images.Canvas
	v     *ingenious.View
	lang  games.Lang
	icons func(col ingenious.Colour, f float64) images.Sprite
}

// column returns the x of the centre of colour i's column in a card spanning x0 to x1.
func column(i int, x0, x1 float64) float64 {
	w := (x1 - x0 - 2*cardPad) / 6
	return x0 + cardPad + w*(float64(i)+0.5)
}

// draw draws into r the banner, one card per side two to a row (a lone side takes the whole
// row) and the last move.
func (p *panel) draw(r image.Rectangle) {
	p.banner(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+bannerHeight))
	for _, cr := range p.cards(r) {
		p.card(cr.r, cr.side)
	}
	p.footer(image.Rect(r.Min.X, r.Max.Y-footerHeight, r.Max.X, r.Max.Y))
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

// badge draws the round seat badge of seat centred on (x, y): the seat's colour and number.
func (p *panel) badge(seat games.Seat, x, y, radius float64) {
	dc := p.c.DC
	dc.DrawCircle(x, y, radius)
	dc.SetColor(images.PlayerColour(int(seat)))
	dc.Fill()
	p.c.Text(strconv.Itoa(int(seat)+1), x, y, 0.5, 0.5, images.Bold, math.Round(radius*1.2), images.Slate)
}

// banner names the seat to act and what it must do, with the tiles left in the bag, or the
// winners once the game is over.
func (p *panel) banner(r image.Rectangle) {
	p.bannerShell(r, p.v.Phase == ingenious.PhaseOver)
	p.bannerText(r)
}

// bannerRect is the rectangle of the banner at r inside its frame, where bannerText draws.
func bannerRect(r image.Rectangle) image.Rectangle {
	return image.Rect(r.Min.X+12, r.Min.Y+5, r.Max.X-12, r.Max.Y-5)
}

// bannerShell draws the background of the banner at r, framed in gold once the game is over.
func (p *panel) bannerShell(r image.Rectangle, over bool) {
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	p.c.RoundedRect(x, y, w, h, 12, images.Card)
	frame := images.Highlight
	if over {
		frame = images.Gold
	}
	p.c.RoundedFrame(x+1.5, y+1.5, w-3, h-3, 11, 3, frame)
}

// bannerText draws the banner's words in its frame (see banner).
func (p *panel) bannerText(r image.Rectangle) {
	c, v, lang := p.c, p.v, p.lang
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	if v.Phase == ingenious.PhaseOver {
		c.Text(wordOver.In(lang), x+20, y+30, 0, 0.5, images.Bold, 30, images.Gold)
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
		line := label.In(lang) + ": " + games.And(names).In(lang)
		c.Text(p.fit(line, images.Bold, 26, w-40), x+20, y+68, 0, 0.5, images.Bold, 26, images.Paper)
		return
	}
	bag := fmt.Sprintf("%s: %d", wordBag.In(lang), v.BagSize)
	if v.Solo {
		bag = wordSolo.In(lang) + " · " + bag
	}
	bw := c.TextWidth(bag, images.Bold, 24)
	c.Text(bag, x+w-20, y+30, 1, 0.5, images.Bold, 24, images.Dim)
	p.badge(v.Turn, x+36, y+32, 18)
	c.Text(p.fit(p.name(v.Turn), images.Bold, 30, w-bw-100), x+64, y+32, 0, 0.5, images.Bold, 30, images.Paper)
	c.Text(p.fit(p.action(), images.Bold, 24, w-40), x+20, y+72, 0, 0.5, images.Bold, 24, images.Highlight)
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

// card draws the scores of one side: its seats (partners joined by "and"), its lowest colour,
// and under a head of each colour's symbol and initial, its track and value.
func (p *panel) card(r image.Rectangle, s side) {
	p.shell(r, p.acting(s))
	p.header(r, s, p.label(r, s))
	for i := range ingenious.Colours {
		p.column(r, s, i)
	}
}

// The parts of a card (see panel.card), each of which draws every pixel of its rectangle and
// no other, so that each may be drawn alone, or copied from an earlier picture: the shell
// (background and frame) under the header's and the columns' rectangles, all inside its frame.

// headerRect is the rectangle of the header of the card at r: the seats, the lowest colour
// and, at the end, the place.
func headerRect(r image.Rectangle) image.Rectangle {
	return image.Rect(r.Min.X+12, r.Min.Y+5, r.Max.X-12, r.Min.Y+cardHeader)
}

// columnRect is the rectangle of colour i's column in the card at r, from the header down to
// the frame, between the midpoints to its neighbours.
func columnRect(r image.Rectangle, i int) image.Rectangle {
	w := float64(r.Dx()-2*cardPad) / 6
	x0 := float64(r.Min.X + cardPad)
	return image.Rect(int(x0+w*float64(i)), r.Min.Y+cardHeader, int(x0+w*float64(i+1)), r.Max.Y-4)
}

// acting reports whether side s acts now.
func (p *panel) acting(s side) bool {
	return p.v.Phase != ingenious.PhaseOver && s.has(p.v.Turn)
}

// shell draws the background of the card at r, framed when its side acts.
func (p *panel) shell(r image.Rectangle, acting bool) {
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	p.c.RoundedRect(x, y, w, h, 10, images.Card)
	if acting {
		p.c.RoundedFrame(x+1.5, y+1.5, w-3, h-3, 9, 3, images.Highlight)
	}
}

// label returns the names of side s as its card at r shows them: partners joined by "and",
// the viewer's own marked, shortened to the room the badges, the lowest colour and the place
// leave.
func (p *panel) label(r image.Rectangle, s side) string {
	var names []string
	for _, seat := range s.seats {
		name := p.name(seat)
		if seat == p.v.Viewer {
			name += " (" + wordYou.In(p.lang) + ")"
		}
		names = append(names, name)
	}
	badges := float64(len(s.seats)) * 32
	x := float64(r.Min.X)
	return p.fit(games.And(names).In(p.lang), images.Bold, 26, p.headerRight(r, s)-x-cardPad-badges-8)
}

// place returns side s's place at the end of the game, or 0 while it goes on.
func (p *panel) place(s side) int {
	if p.v.Phase != ingenious.PhaseOver {
		return 0
	}
	return p.v.Result.PlaceOf(s.seats[0])
}

// headerRight returns where the names of side s end in its card at r: left of its lowest
// colour and, at the end, its place.
func (p *panel) headerRight(r image.Rectangle, s side) float64 {
	right := float64(r.Max.X) - cardPad
	right -= p.numberWidth(lowest(s.scores), 28) + 8
	if p.place(s) > 0 {
		right -= 40
	}
	return right
}

// header draws the header of side s's card at r with the names label: badges and names on
// the left; the place (at the end) and the lowest colour on the right.
func (p *panel) header(r image.Rectangle, s side, label string) {
	c := p.c
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	hy := y + cardHeader/2 + 4
	right := x + w - cardPad
	right -= p.number(lowest(s.scores), true, right, hy, 28, 1) + 8
	if place := p.place(s); place > 0 {
		medal := images.Dim
		if place == 1 {
			medal = images.Gold
		}
		c.DC.DrawCircle(right-16, hy, 16)
		c.DC.SetColor(medal)
		c.DC.Fill()
		c.Text(strconv.Itoa(place), right-16, hy, 0.5, 0.5, images.Bold, 24, images.Slate)
	}
	nx := x + cardPad
	for _, seat := range s.seats {
		p.badge(seat, nx+13, hy, 13)
		nx += 32
	}
	ink := images.Paper
	if p.acting(s) {
		ink = images.Highlight
	}
	c.Text(label, nx+2, hy, 0, 0.5, images.Bold, 26, ink)
}

// lowMarked reports whether colour col's value is marked as the lowest on side s's card: it
// is the lowest, and not all six are equal.
func lowMarked(s side, col ingenious.Colour) bool {
	low := lowest(s.scores)
	for _, v := range s.scores {
		if v != low {
			return s.scores[col] == low
		}
	}
	return false
}

// column draws colour i's column of side s's card at r: under its head (symbol and initial),
// its track rising from the bottom and its value beneath.
func (p *panel) column(r image.Rectangle, s side, i int) {
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	headY := y + cardHeader + 24
	top := headY + 26
	valueY := y + h - 22
	barBottom := valueY - 24
	col := ingenious.Colours[i]
	cx := column(i, x, x+w)
	p.c.Stamp(p.icons(col, 15), int(cx)-12, int(headY))
	p.c.Text(col.Initial().In(p.lang), cx+6, headY, 0, 0.5, images.Bold, 24, images.Paper)
	p.bar(col, s.scores[col], int(cx), int(top), int(barBottom))
	p.number(s.scores[col], lowMarked(s, col), cx, valueY, 26, 0.5)
}

// drawParts draws the panel into out as draw would into r of the canvas's picture (an RGBA
// whose pixels go to out moved by shift; out gets the whole of it), part by part, with the
// same pixels: the banner's words and the last move drawn and converted alone, and the
// banner's frame and each card's shell, header and columns copied from tiles when an earlier
// panel drew them the same, else drawn, converted and kept. Only the parts drawn are
// converted; the gaps are filled with slate on the palette. In a game, a move changes the
// banner, the last move, both headers (the frame moves to the next seat) and one or two
// columns; the rest is copied.
func (p *panel) drawParts(out *image.Paletted, r image.Rectangle, shift image.Point, pal *images.Palette, tiles *images.Tiles) {
	src := p.c.DC.Image().(*image.RGBA)
	images.FillIndex(out, src.Rect.Add(shift), pal.Index(images.Slate))
	part := func(key string, pr image.Rectangle, bg color.RGBA, draw func()) {
		paint := func() error {
			p.c.Fill(pr, bg)
			draw()
			pal.ConvertRectAt(out, src, pr, shift)
			return nil
		}
		if key == "" {
			_ = paint()
			return
		}
		_ = tiles.Draw(out, key, pr.Add(shift), paint)
	}
	banner := image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+bannerHeight)
	over := p.v.Phase == ingenious.PhaseOver
	part(fmt.Sprintf("banner %v %t", banner, over), banner, images.Slate, func() { p.bannerShell(banner, over) })
	part("", bannerRect(banner), images.Card, func() { p.bannerText(banner) })
	lang := p.lang
	for _, cr := range p.cards(r) {
		s := cr.side
		acting := p.acting(s)
		part(fmt.Sprintf("shell %v %t", cr.r, acting), cr.r, images.Slate, func() { p.shell(cr.r, acting) })
		label := p.label(cr.r, s)
		hr := headerRect(cr.r)
		part(fmt.Sprintf("head %v %v %q %v %t %d %d", hr, lang, label, s.seats, acting, lowest(s.scores), p.place(s)), hr, images.Card,
			func() { p.header(cr.r, s, label) })
		for i, col := range ingenious.Colours {
			colr := columnRect(cr.r, i)
			part(fmt.Sprintf("col %v %v %d %d %t %d", colr, lang, col, s.scores[col], lowMarked(s, col), p.top()), colr, images.Card,
				func() { p.column(cr.r, s, i) })
		}
	}
	footer := image.Rect(r.Min.X, r.Max.Y-footerHeight, r.Max.X, r.Max.Y)
	part("", footer, images.Slate, func() { p.footer(footer) })
}

// placedCard is a side's card and where it goes.
type placedCard struct {
	side side
	r    image.Rectangle
}

// cards returns the cards of the panel drawn into r: one per side, two to a row (a lone side
// takes the whole row), under the banner.
func (p *panel) cards(r image.Rectangle) []placedCard {
	sides := sidesOf(p.v)
	top := r.Min.Y + bannerHeight + cardGap
	half := (r.Dx() - cardGap) / 2
	out := make([]placedCard, len(sides))
	for i, s := range sides {
		y := top + (i/2)*(cardHeight+cardGap)
		x0, x1 := r.Min.X, r.Min.X+half
		if i%2 == 1 {
			x0, x1 = r.Max.X-half, r.Max.X
		}
		if len(sides) == 1 {
			x1 = r.Max.X
		}
		out[i] = placedCard{s, image.Rect(x0, y, x1, y+cardHeight)}
	}
	return out
}

// number draws value at (x, y), anchored at the fraction ax of its width: on a light pill
// when it is a lowest colour, in gold at the top of the track. It returns the width used.
func (p *panel) number(value int, isLow bool, x, y, size, ax float64) float64 {
	c, top := p.c, p.top()
	text := strconv.Itoa(value)
	pw := p.numberWidth(value, size)
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

// numberWidth returns the width number draws value in at size.
func (p *panel) numberWidth(value int, size float64) float64 {
	tw := p.c.TextWidth(strconv.Itoa(value), images.Bold, size)
	return math.Max(tw+12, size*1.5)
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

// footer says what the last placement was: who laid which tile where, and what its halves
// scored, in words ("+7 orange"; a half that scored nothing is not listed).
func (p *panel) footer(r image.Rectangle) {
	c, v, lang := p.c, p.v, p.lang
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	last, ok := v.Last()
	if !ok {
		c.Text(wordNoMoves.In(lang), x+4, y+26, 0, 0.5, images.Bold, 24, images.Dim)
		return
	}
	who := wordLast.In(lang) + ": " + p.name(last.Seat)
	if last.Bonus {
		who += " (" + wordBonusMark.In(lang) + ")"
	}
	c.Text(p.fit(who, images.Bold, 24, w-8), x+4, y+24, 0, 0.5, images.Bold, 24, images.Dim)
	pl, rad := last.Place, v.Radius
	move := fmt.Sprintf("%s%s %s–%s · %s", pl.First.Initial().In(lang), pl.Second.Initial().In(lang),
		pl.Cells[0].Label(rad), pl.Cells[1].Label(rad), gains(last.Gains, pl.First, pl.Second, lang))
	c.Text(p.fit(move, images.Bold, 26, w-8), x+4, y+62, 0, 0.5, images.Bold, 26, images.Paper)
}

// gains says what a tile's halves scored: "+7 orange, +2 yellow" ("oranžová +7, žlutá +2"),
// one entry when both halves are of one colour, none for a half that scored nothing ("+7
// orange", not "+7 orange, +0 yellow"), and "no points" when neither did.
func gains(g [2]int, first, second ingenious.Colour, lang games.Lang) string {
	if first == second {
		g, second = [2]int{g[0] + g[1], 0}, first
	}
	var parts []string
	for i, c := range [2]ingenious.Colour{first, second} {
		if g[i] > 0 {
			parts = append(parts, ingenious.Gain(c, g[i]).In(lang))
		}
	}
	if len(parts) == 0 {
		return wordNoPoints.In(lang)
	}
	return strings.Join(parts, ", ")
}
