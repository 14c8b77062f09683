package fits

import (
	"fmt"
	"image"
	"image/color"
	"slices"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// bigCell is the square size of the piece drawn large on the private panel.
const bigCell = 34

// privateView is what a private panel shows: the viewer's board and, when it has a piece to
// place, the draft and where it would land.
type privateView struct {
	v    *game.View
	mine game.SeatView
	own  *owners
	// draft is the draft read (meaningful when mine.Piece is a shape); ghost and landErr are
	// the landing of a placement (see fits.View.Ghost).
	draft   game.Draft
	ghost   game.Placed
	landErr error
}

// preparePrivate reads view and draft for a private panel. A spectator's view is an error
// wrapping ErrView; a malformed draft, or setting a start piece aside, is an error too.
func preparePrivate(view any, draft string) (*privateView, error) {
	v, mine, err := images.PrivateOf(view, asView, (*game.View).Mine, ErrView)
	if err != nil {
		return nil, err
	}
	own, err := occupancy(mine)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrView, err)
	}
	p := &privateView{v: v, mine: mine, own: own}
	if mine.Piece == game.NoShape {
		if draft != "" {
			if _, err := game.ParseDraft(draft); err != nil {
				return nil, fmt.Errorf("fits art: draft %q: %w", draft, err)
			}
		}
		return p, nil
	}
	d, err := v.Draft(draft)
	if err != nil {
		return nil, fmt.Errorf("fits art: draft %q: %w", draft, err)
	}
	if d.Aside && v.Phase == game.PhaseStart {
		return nil, fmt.Errorf("fits art: draft %q: a start piece cannot be set aside", draft)
	}
	p.draft = d
	if !d.Aside {
		p.ghost, p.landErr = v.Ghost(d)
	}
	return p, nil
}

// placing reports whether the panel previews a placement (not an aside, not idle).
func (p *privateView) placing() bool { return p.mine.Piece != game.NoShape && !p.draft.Aside }

// drawPrivateFrame draws what every private panel shares: the slate, the board's card with
// the column letters and the headroom above row 16, and the side card.
func drawPrivateFrame(c *images.Canvas, l privateLayout, lang games.Lang) {
	rect(c, image.Rectangle{Max: l.size}, images.Slate)
	for _, r := range []image.Rectangle{l.card, l.side} {
		c.RoundedRect(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), radius, images.Card)
	}
	room := l.room
	rect(c, room, headroom)
	dc := c.DC
	dc.SetDash(6, 5)
	dc.DrawRectangle(float64(room.Min.X)+1, float64(room.Min.Y)+1, float64(room.Dx())-2, float64(room.Dy())-2)
	dc.SetColor(roomInk)
	dc.SetLineWidth(2)
	dc.Stroke()
	dc.SetDash()
	mid := float64(room.Min.X+room.Max.X) / 2
	lines := c.Wrap(wordNoRoomRows.In(lang), images.Bold, 20, float64(room.Dx()-12), 3)
	y := float64(room.Min.Y+room.Max.Y)/2 - float64(len(lines)-1)*12
	for _, line := range lines {
		c.Text(line, mid, y, 0.5, 0.5, images.Bold, 20, roomInk)
		y += 24
	}
	g := l.geom
	for col := range game.Cols {
		r := g.cellRect(l.board, col, 0)
		c.Text(game.ColumnLabel(col), float64(r.Min.X)+float64(g.cell)/2, float64(l.letters.Min.Y+l.letters.Max.Y)/2, 0.5, 0.5, images.Bold, g.labelSize(), images.Paper)
	}
}

// fastPrivate draws the private panel: the cached frame and board copied, the text drawn in
// RGBA and converted, pieces and the ghost stamped straight onto the palette.
func (r *Renderer) fastPrivate(p *privateView, lang games.Lang) (*image.Paletted, error) {
	l := newPrivateLayout()
	pal, err := r.Palette()
	if err != nil {
		return nil, err
	}
	frame, err := r.frame(frameKey{seats: 0, lang: lang}, l.size, func(c *images.Canvas) { drawPrivateFrame(c, l, lang) })
	if err != nil {
		return nil, err
	}
	board, err := r.board(p.v.Board, l.geom.cell, lang)
	if err != nil {
		return nil, err
	}
	return r.compose(pal, frame, board, []image.Point{l.board}, l.size, lang, func(sc *scene) error { return sc.private(p, l) })
}

// naivePrivate draws the private panel the straightforward way, the benchmarks' reference:
// everything afresh through gg into RGBA.
func (r *Renderer) naivePrivate(p *privateView, lang games.Lang) (*image.RGBA, error) {
	l := newPrivateLayout()
	return r.naive(l.size, lang, func(c *images.Canvas) {
		drawPrivateFrame(c, l, lang)
		drawBoard(c, l.geom, l.board, p.v.Board, lang)
	}, func(sc *scene) error { return sc.private(p, l) })
}

// private draws what changes on the private panel: the title, the pieces and the ghost on
// the board, and the side card.
func (sc *scene) private(p *privateView, l privateLayout) error {
	set, err := sc.r.sprites(l.geom.cell)
	if err != nil {
		return err
	}
	v, mine := p.v, p.mine
	sc.region(l.title, images.Slate)
	x, cy := float64(l.title.Min.X+4), float64(l.title.Min.Y+l.title.Max.Y)/2-4
	sc.badge(mine.Colour, x+15, cy, 30)
	right := games.OutOf("Round", "Kolo", v.Round+1, len(v.Boards)).In(sc.lang) + " · " + sc.say(wordBoard, v.Board)
	rw := sc.text(right, float64(l.title.Max.X-4), cy, 1, 0.5, images.Bold, 19, images.Dim, 0)
	title := mine.Name + " · " + wordYourBoard.In(sc.lang)
	sc.text(title, x+42, cy, 0, 0.5, images.Bold, 24, images.Paper, float64(l.title.Dx())-rw-62)

	sc.later(func() { drawPieces(sc.s, set, l.geom, l.board, mine, p.own, false) })
	if p.placing() && len(p.ghost.Cells) > 0 {
		sc.later(func() {
			drawGhost(sc.s, set, l.geom, l.board, mine.Colour, p.ghost.Cells, p.landErr == nil)
		})
	}
	sc.previewPanel(p, l.side)
	return nil
}

// previewPanel draws the side card: the card and the piece large in its orientation, what
// the draft does (where it lands and what the board then scores; too high; set aside), the
// scores so far and the pieces set aside.
func (sc *scene) previewPanel(p *privateView, r image.Rectangle) {
	x, x1 := float64(r.Min.X+20), float64(r.Max.X-20)
	w := x1 - x
	top := float64(r.Min.Y)
	lines, framed := sc.draftLines(p, w-16)
	boxH := max(96, 18+previewLineH*len(lines)+10)
	grow := float64(boxH - 96)
	// The text goes in bands of the card, leaving its empty stretches alone.
	band := func(y0, y1 float64) {
		sc.region(image.Rect(r.Min.X+radius/2, int(top+y0), r.Max.X-radius/2, int(top+y1)), images.Card)
	}
	band(radius/2, 56)
	band(214, 360+grow)
	band(364+grow, 454+grow)
	band(466+grow, 496+grow)
	band(float64(r.Dy()-70), float64(r.Dy()-radius/2))
	col := seatShade(p.mine.Colour)
	sc.previewPiece(p, x, x1, top, col)
	sc.draftBox(lines, framed, x, x1, top, boxH)
	top += grow // what follows moves down as far as the box grew
	sc.previewScores(p.mine, x, x1, top, col)
	sc.toCome(p.v, p.mine, x, x1, top+482)

	// The board's rule, at the bottom.
	rule := sc.wrap(sc.rule(p.v.Board), images.Medium, 15, w, 2)
	for i, line := range rule {
		sc.text(line, x, float64(r.Max.Y)-24-float64(len(rule)-1-i)*20, 0, 0.5, images.Medium, 15, images.Dim, w)
	}
}

// previewLineH is the height of a line of the preview's box.
const previewLineH = 28

// boxLine is one line of the preview's box, which says what the draft does.
type boxLine struct {
	text  string
	style images.Style
	size  float64
	ink   color.RGBA
}

// draftLines returns what the draft of p does: a line in bold and a line of detail, each
// wrapped to w (at most four lines in all), and whether the box is framed (set aside, too
// high).
func (sc *scene) draftLines(p *privateView, w float64) ([]boxLine, bool) {
	mine := p.mine
	var lines []boxLine
	add := func(s string, style images.Style, size float64, ink color.RGBA, most int) {
		for _, l := range sc.wrap(s, style, size, w, most) {
			lines = append(lines, boxLine{l, style, size, ink})
		}
	}
	switch {
	case mine.Piece == game.NoShape:
		msg := wordNothing.In(sc.lang)
		if mine.Decided {
			msg = wordChosen.In(sc.lang)
		}
		add(msg, images.Bold, 18, images.Paper, 2)
		add(chosenText(sc, mine), images.Medium, 16, images.Dim, 2)
	case p.draft.Aside:
		add(wordSetAside.In(sc.lang)+" "+mine.Piece.In(sc.lang), images.Bold, 24, images.Highlight, 1)
		add(wordAsideNote.In(sc.lang), images.Medium, 16, images.Paper, 2)
		return lines, true
	case p.landErr != nil:
		msg, why := sc.say(wordTooHigh, p.ghost.Top+1), wordNoRoom.In(sc.lang)
		if len(p.ghost.Cells) == 0 {
			wide := mine.Piece.Orient(p.draft.Rot, p.draft.Flip).Width
			msg = sc.say(wordSideways, game.ColumnLabel(p.draft.Col))
			why = sc.say(wordPickCols, wide, game.ColumnLabel(game.Cols-wide))
		}
		add(msg, images.Bold, 18, images.Highlight, 2)
		add(why, images.Medium, 15, images.Paper, 2)
		return lines, true
	default:
		add(sc.say(wordLands, game.ColumnLabel(p.draft.Col), rowsText(p.ghost)), images.Bold, 21, images.Paper, 1)
		after := game.ScoreAfter(p.v.Board, mine.Grid, p.ghost)
		add(sc.say(wordAfter, after, after-mine.Now.Total), images.Medium, 16, images.Dim, 2)
	}
	return lines, false
}

// previewPiece draws, from x to x1 below top, the card's label and the piece large in the
// draft's orientation (in colour col), and how the draft turned it.
func (sc *scene) previewPiece(p *privateView, x, x1, top float64, col color.RGBA) {
	v, mine, w := p.v, p.mine, x1-x
	label := games.OutOf("Card", "Karta", len(v.Turned), game.NumShapes).In(sc.lang)
	if v.Phase == game.PhaseStart || len(v.Turned) == 0 {
		label = wordStartPiece.In(sc.lang)
	}
	piece, o := sc.shown(p)
	nw := 0.0
	if piece.Valid() && sc.c.TextWidth(label+" "+piece.In(sc.lang), images.Bold, 24)+12 <= w {
		// The piece's name in words when it fits beside the card; its drawing is below anyway.
		nw = sc.text(piece.In(sc.lang), x1, top+32, 1, 0.5, images.Bold, 24, images.Dim, 0) + 12
	}
	sc.text(label, x, top+32, 0, 0.5, images.Bold, 24, images.Paper, w-nw)
	if piece.Valid() {
		face := col
		if p.draft.Aside || mine.Piece == game.NoShape {
			face = images.Mix(images.Card, col, 2.0/3)
		}
		sc.shape(o, (x+x1)/2, top+140, bigCell, face, edgeOf(col))
	}
	if p.placing() && (p.draft.Rot > 0 || p.draft.Flip) {
		note := sc.say(wordTurned, p.draft.Rot)
		if p.draft.Rot == 0 {
			note = ""
		}
		if p.draft.Flip {
			if note != "" {
				note += " · "
			}
			note += wordFlipped.In(sc.lang)
		}
		sc.text(note, (x+x1)/2, top+228, 0.5, 0.5, images.Medium, 15, images.Dim, w)
	}
}

// draftBox draws the box of what the draft does, boxH high, from x to x1 below top: its lines,
// and a frame round it when framed.
func (sc *scene) draftBox(lines []boxLine, framed bool, x, x1, top float64, boxH int) {
	w := x1 - x
	box := image.Rect(int(x)-6, int(top)+250, int(x1)+6, int(top)+250+boxH)
	sc.box(box, 8, images.Slate)
	if framed {
		sc.frame(box, 8, 3, images.Highlight)
	}
	ly := float64(box.Min.Y) + 18 + previewLineH/2
	if len(lines) == 2 { // the two lines as before: centred in the box
		ly = float64(box.Min.Y) + 30
		lines[1].size = max(lines[1].size, 16)
	}
	for i, l := range lines {
		step := float64(previewLineH)
		if len(lines) == 2 {
			step = 34
		}
		sc.text(l.text, x+8, ly+float64(i)*step, 0, 0.5, l.style, l.size, l.ink, w-16)
	}
}

// previewScores draws, from x to x1 below top, the scores so far and the pieces set aside
// this round (in colour col).
func (sc *scene) previewScores(mine game.SeatView, x, x1, top float64, col color.RGBA) {
	sy := top + 384
	lw := sc.text(wordThisBoard.In(sc.lang), x, sy, 0, 0.5, images.Medium, 16, images.Dim, 0)
	sc.text(signed(mine.Now.Total), x+lw+8, sy, 0, 0.5, images.Bold, 24, images.Paper, 0)
	tw := sc.text(number(mine.Total), x1, sy, 1, 0.5, images.Bold, 24, images.Gold, 0)
	sc.text(wordTotal.In(sc.lang), x1-tw-8, sy, 1, 0.5, images.Medium, 16, images.Dim, 0)

	ay := top + 432
	lw = sc.text(wordAside.In(sc.lang)+":", x, ay, 0, 0.5, images.Medium, 16, images.Dim, 0)
	ax := x + lw + 10
	if len(mine.Aside) == 0 {
		sc.text(wordNone.In(sc.lang), ax, ay, 0, 0.5, images.Medium, 16, images.Dim, 0)
	}
	const cell = 9
	for i, sh := range mine.Aside {
		so := sh.Orient(0, false)
		sw := float64(so.Width * cell)
		if ax+sw > x1 {
			sc.text("+"+itoa(len(mine.Aside)-i), ax, ay, 0, 0.5, images.Bold, 15, images.Dim, 0)
			break
		}
		sc.shape(so, ax+sw/2, ay, cell, col, edgeOf(col))
		ax += sw + 10
	}
}

// toCome lists, from (x, y) to x1, the building cards not turned yet this round, small; the
// viewer's own start shape, which it will skip, is dimmed.
func (sc *scene) toCome(v *game.View, mine game.SeatView, x, x1, y float64) {
	var left []game.Shape
	for _, sh := range game.Shapes() {
		if !slices.Contains(v.Turned, sh) {
			left = append(left, sh)
		}
	}
	sc.text(sc.say(wordToCome)+": "+itoa(len(left)), x, y, 0, 0.5, images.Medium, 16, images.Dim, x1-x)
	var start game.Shape
	if int(mine.Seat) >= 0 && int(mine.Seat) < len(v.StartCards) {
		start = v.StartCards[mine.Seat]
	}
	const cell, slot, rowH = 12, 58, 48
	perRow := max(1, int(x1-x+12)/slot)
	for i, sh := range left {
		o := sh.Orient(0, false)
		cx := x + float64(i%perRow)*slot + float64(slot-12)/2
		cy := y + 44 + float64(i/perRow)*rowH
		face, edge := neutral, neutralRim
		if sh == start {
			face, edge = images.Mix(images.Card, neutral, 1.0/3), images.Mix(images.Card, neutral, 2.0/3)
		}
		sc.shape(o, cx, cy, cell, face, edge)
	}
}

// chosenText says what the viewer has chosen for the current piece, hidden from the others
// until all have chosen: where it lands, or that it is set aside; "" before a choice.
func chosenText(sc *scene, mine game.SeatView) string {
	if mine.PendingAside.Valid() {
		return wordSetAside.In(sc.lang) + " " + mine.PendingAside.In(sc.lang)
	}
	for _, pc := range mine.Pieces {
		if pc.Pending {
			return pc.Place.Piece.In(sc.lang) + " · " + sc.say(wordLands, game.ColumnLabel(pc.Place.Col), rowsText(pc))
		}
	}
	return ""
}

// rowsText names the rows a piece spans: "9" or "9–10".
func rowsText(pl game.Placed) string {
	if pl.Top > pl.Bottom {
		return itoa(pl.Bottom+1) + "–" + itoa(pl.Top+1)
	}
	return itoa(pl.Bottom + 1)
}

// shown returns the piece the panel draws large and its orientation: the piece to place as
// the draft turns it, or the viewer's hidden choice once made.
func (sc *scene) shown(p *privateView) (game.Shape, game.Orientation) {
	mine := p.mine
	switch {
	case p.placing():
		return mine.Piece, mine.Piece.Orient(p.draft.Rot, p.draft.Flip)
	case mine.Piece.Valid():
		return mine.Piece, mine.Piece.Orient(0, false)
	case mine.PendingAside.Valid():
		return mine.PendingAside, mine.PendingAside.Orient(0, false)
	}
	for _, pc := range mine.Pieces {
		if pc.Pending {
			return pc.Place.Piece, pc.Place.Piece.Orient(pc.Place.Rot, pc.Place.Flip)
		}
	}
	return game.NoShape, game.Orientation{}
}
