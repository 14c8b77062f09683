package chart

import (
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
)

// The picture's size: the same for every chart.
const (
	// Width is the width of every chart, in pixels: 20 px text reads as 11 px at 360 px.
	Width = 640
	// Height is the height of every chart, in pixels.
	Height = 600
)

// Geometry and text sizes.
const (
	margin   = 20  // around the picture
	pad      = 14  // inside the plot's card
	radius   = 12  // of the card's corners
	small    = 20  // axis labels, the line under the title, the legend: 11 px at 360 px
	mid      = 22  // the end labels
	titleTxt = 32  // the player's name
	headTxt  = 26  // the headline of a chart without ratings
	legendH  = 32  // one row of the legend
	markR    = 7.0 // a marker's radius
	tagR     = 5.5 // the radius of the marker before an end label
	lineW    = 3.5 // a series' line
	inset    = 12  // between the plot's frame and the first and last games
	labelGap = 26  // between the centres of two end labels
)

// scene is one picture being drawn.
type scene struct {
	c    *images.Canvas
	lang games.Lang
}

// say returns t in the scene's language.
func (sc *scene) say(t games.Text) string { return t.In(sc.lang) }

// draw paints the whole picture: title, the line under it, legend and plot.
func (sc *scene) draw(title string, lines []line) {
	c := sc.c
	c.Fill(c.Img.Rect, images.Slate)
	y := float64(margin)
	c.TextFitted(title, margin, y, 0, 0, images.Bold, titleTxt, images.Paper, Width-2*margin)
	y += titleTxt + 10
	n := 0
	for _, l := range lines {
		n = max(n, len(l.ratings))
	}
	if n > 0 {
		c.TextFitted(sc.say(covers(n)), margin, y, 0, 0, images.Regular, small, images.Dim, Width-2*margin)
	}
	y += small + 14
	if n == 0 {
		card := image.Rect(margin, int(y), Width-margin, Height-margin)
		sc.card(card)
		sc.empty(card)
		return
	}
	rows := (len(lines) + 1) / 2
	legend := image.Rect(margin, int(y), Width-margin, int(y)+rows*legendH)
	sc.legend(legend, lines)
	card := image.Rect(margin, legend.Max.Y+10, Width-margin, Height-margin)
	sc.card(card)
	sc.plot(card.Inset(pad), lines, n)
}

// card paints the plot's card on r.
func (sc *scene) card(r image.Rectangle) {
	sc.c.RoundedRect(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), radius, images.Card)
}

// legend draws each line's stroke, marker and game name, two to a row.
func (sc *scene) legend(r image.Rectangle, lines []line) {
	cw := float64(r.Dx()) / 2
	for i, l := range lines {
		x := float64(r.Min.X) + float64(i%2)*cw
		y := float64(r.Min.Y) + float64(i/2)*legendH + legendH/2
		col := colourOf(l.mark)
		dc := sc.c.DC
		dc.SetColor(col)
		dc.SetLineWidth(lineW)
		dc.SetLineCapRound()
		dc.DrawLine(x+2, y, x+30, y)
		dc.Stroke()
		sc.marker(l.mark, x+16, y, markR, images.Slate)
		sc.c.TextFitted(sc.say(l.name), x+40, y, 0, 0.5, images.Medium, small, images.Paper, cw-48)
	}
}

// empty draws the card of a chart without ratings: a headline and why.
func (sc *scene) empty(r image.Rectangle) {
	cx, cy := float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2)
	w := float64(r.Dx() - 4*pad)
	sc.c.TextFitted(sc.say(wNone), cx, cy-20, 0.5, 0.5, images.Bold, headTxt, images.Paper, w)
	for i, s := range sc.c.Wrap(sc.say(wNoneWhy), images.Regular, small, w, 2) {
		sc.c.Text(s, cx, cy+16+float64(i)*28, 0.5, 0.5, images.Regular, small, images.Dim)
	}
}

// plot draws the axes and the lines in r: the y labels on the left, the end labels on the
// right, the x labels and the axis title at the bottom.
func (sc *scene) plot(r image.Rectangle, lines []line, n int) {
	c := sc.c
	ax := newYAxis(lines)
	ticks := ax.ticks()
	labelW := 0.0
	for _, t := range ticks {
		labelW = max(labelW, c.TextWidth(number(t, ax.decimals, sc.lang), images.Medium, small))
	}
	endW := 0.0
	for _, l := range lines {
		endW = max(endW, c.TextWidth(sc.endLabel(l), images.Bold, mid))
	}
	left := float64(r.Min.X) + math.Ceil(labelW) + 10
	right := float64(r.Max.X) - math.Ceil(endW) - markR - 2*tagR - 24
	top := float64(r.Min.Y) + 10
	bottom := float64(r.Max.Y) - small - 12 - small - 14
	yOf := func(v float64) float64 { return bottom - (v-ax.lo)/(ax.hi-ax.lo)*(bottom-top) }
	xOf := func(i int) float64 {
		if n == 1 {
			return (left + right) / 2
		}
		return left + inset + float64(i)*(right-left-2*inset)/float64(n-1)
	}
	// The grid and the y labels.
	for _, t := range ticks {
		y := math.Round(yOf(t))
		col, h := grid, 1
		if math.Abs(t) < ax.step/1e6 {
			col, h = zeroLine, 2
		}
		c.Fill(image.Rect(int(left), int(y), int(right), int(y)+h), col)
		c.Text(number(t, ax.decimals, sc.lang), left-10, y+float64(h)/2, 1, 0.5, images.Medium, small, images.Dim)
	}
	// The x ticks, their labels and the axis title.
	for _, g := range xTicks(n) {
		x := math.Round(xOf(g - 1))
		c.Fill(image.Rect(int(x)-1, int(bottom)+1, int(x)+1, int(bottom)+7), zeroLine)
		c.Text(itoa(g), x, bottom+12, 0.5, 0, images.Medium, small, images.Dim)
	}
	c.TextFitted(sc.say(wGames), (left+right)/2, float64(r.Max.Y), 0.5, 1, images.Regular, small, images.Dim, right-left)
	// The lines, then their markers on top, then the end labels; the first series on top.
	dc := c.DC
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	for _, l := range slices.Backward(lines) {
		if len(l.ratings) < 2 {
			continue
		}
		for i, v := range l.ratings {
			dc.LineTo(xOf(i), yOf(v))
		}
		dc.SetColor(colourOf(l.mark))
		dc.SetLineWidth(lineW)
		dc.Stroke()
	}
	every := 1
	if n > 1 {
		every = max(1, int(math.Ceil(3*markR/((right-left-2*inset)/float64(n-1)))))
	}
	for _, l := range slices.Backward(lines) {
		last := len(l.ratings) - 1
		for i, v := range l.ratings {
			if (last-i)%every == 0 {
				sc.marker(l.mark, xOf(i), yOf(v), markR, images.Card)
			}
		}
	}
	sc.endLabels(lines, xOf, yOf, top, bottom)
}

// endLabel is the text written at the end of line l: its last rating.
func (sc *scene) endLabel(l line) string {
	return number(l.ratings[len(l.ratings)-1], 1, sc.lang)
}

// endLabels writes each line's last rating right of the line's end. A label that would
// overlap a label already placed or cross another line moves up or down, as little as it can
// while staying inside the plot; it is then tied to its line's end by a thin stroke of the
// line's colour and led by the line's marker, so that it is told apart by shape too where
// lines end at one point.
func (sc *scene) endLabels(lines []line, xOf func(int) float64, yOf func(float64) float64, top, bottom float64) {
	paths := make([][]point, len(lines))
	for i, l := range lines {
		for j, v := range l.ratings {
			paths[i] = append(paths[i], point{xOf(j), yOf(v)})
		}
	}
	placed := make([]labelBox, 0, len(lines))
	dc := sc.c.DC
	for i, l := range lines {
		end := paths[i][len(paths[i])-1]
		s := sc.endLabel(l)
		b := labelBox{x0: end.x + markR + 4, w: sc.c.TextWidth(s, images.Bold, mid) + 2*tagR + 18}
		crosses := func(y float64) bool {
			for k, p := range paths {
				if k != i && crossesBox(p, b.x0, b.x0+b.w, y-labelGap/2+3, y+labelGap/2-3) {
					return true
				}
			}
			return false
		}
		b.y = place(b, end.y, placed, crosses, top, bottom)
		placed = append(placed, b)
		col := colourOf(l.mark)
		tx := end.x + markR + 8
		if math.Abs(b.y-end.y) > 2 {
			// Moved: tied to the line's end, and led by the line's marker.
			tx += 10
			dc.SetColor(col)
			dc.SetLineWidth(2)
			dc.DrawLine(end.x+markR+2, end.y, tx-3, b.y)
			dc.Stroke()
			sc.marker(l.mark, tx+tagR, b.y, tagR, images.Card)
			tx += 2*tagR + 4
		}
		sc.c.TextOutline(s, tx, b.y, 0, 0.5, images.Bold, mid, col, images.Card, 2)
	}
}

// point is a point of the plot, in pixels.
type point struct{ x, y float64 }

// crossesBox reports whether the polyline path passes through the box x0…x1, y0…y1.
func crossesBox(path []point, x0, x1, y0, y1 float64) bool {
	for i, p := range path {
		if p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1 {
			return true
		}
		if i == 0 {
			continue
		}
		q := path[i-1]
		// The segment q–p clipped to x0…x1, then its span of heights there.
		a, b := max(q.x, x0), min(p.x, x1)
		if a > b || p.x == q.x {
			continue
		}
		ya := q.y + (p.y-q.y)*(a-q.x)/(p.x-q.x)
		yb := q.y + (p.y-q.y)*(b-q.x)/(p.x-q.x)
		if max(ya, yb) >= y0 && min(ya, yb) <= y1 {
			return true
		}
	}
	return false
}

// labelBox is the room an end label takes: from x0, w wide (its leader stroke included),
// labelGap high, centred on y.
type labelBox struct {
	x0, w, y float64
}

// overlaps reports whether two label boxes would overlap were b centred on y.
func (b labelBox) overlaps(y float64, o labelBox) bool {
	return b.x0 < o.x0+o.w && o.x0 < b.x0+b.w && math.Abs(y-o.y) < labelGap
}

// place returns the height, within [top, bottom], nearest to want at which b overlaps none of
// placed and crosses no line: want itself, a few pixels away, or just above or below a label
// it would overlap. Failing that, the nearest that only overlaps no label; failing that, want
// (kept inside the plot).
func place(b labelBox, want float64, placed []labelBox, crosses func(y float64) bool, top, bottom float64) float64 {
	free := func(y float64) bool {
		for _, o := range placed {
			if b.overlaps(y, o) {
				return false
			}
		}
		return true
	}
	cands := []float64{min(max(want, top), bottom)}
	for k := 1; k <= 24; k++ {
		cands = append(cands, want-float64(k)*labelGap/4, want+float64(k)*labelGap/4)
	}
	for _, o := range placed {
		cands = append(cands, o.y-labelGap, o.y+labelGap)
	}
	nearest := func(ok func(y float64) bool) (float64, bool) {
		best, found := 0.0, false
		for _, y := range cands {
			if y < top || y > bottom || !ok(y) {
				continue
			}
			if !found || math.Abs(y-want) < math.Abs(best-want) {
				best, found = y, true
			}
		}
		return best, found
	}
	if y, ok := nearest(func(y float64) bool { return free(y) && !crosses(y) }); ok {
		return y
	}
	if y, ok := nearest(free); ok {
		return y
	}
	return cands[0]
}

// marker draws the marker of mark m, of radius r, centred on (x, y): a filled shape of the mark's colour,
// ringed in the background's colour bg so that it stands out from the lines it sits on.
func (sc *scene) marker(m Mark, x, y, r float64, bg color.Color) {
	dc := sc.c.DC
	shape := func(r float64) {
		switch m {
		case Square:
			s := r * 0.9
			dc.DrawRectangle(x-s, y-s, 2*s, 2*s)
		case Triangle:
			s := r * 1.2
			dc.MoveTo(x, y-s)
			dc.LineTo(x+s*0.95, y+s*0.7)
			dc.LineTo(x-s*0.95, y+s*0.7)
			dc.ClosePath()
		case Diamond:
			s := r * 1.2
			dc.MoveTo(x, y-s)
			dc.LineTo(x+s, y)
			dc.LineTo(x, y+s)
			dc.LineTo(x-s, y)
			dc.ClosePath()
		default:
			dc.DrawCircle(x, y, r)
		}
	}
	shape(r + 2)
	dc.SetColor(bg)
	dc.Fill()
	shape(r)
	dc.SetColor(colourOf(m))
	dc.Fill()
}

// itoa writes n in decimal.
func itoa(n int) string { return number(float64(n), 0, games.English) }
