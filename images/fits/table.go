package fits

import (
	"image"
	"image/color"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// frameKey names a cached frame: the table's for a number of seats (0: the private panel's),
// in a language.
type frameKey struct {
	seats int
	lang  games.Lang
}

// frame returns the frame of key on the palette, drawing it on first use.
func (r *Renderer) frame(k frameKey, size image.Point, draw func(c *images.Canvas)) (*image.Paletted, error) {
	return r.frames.Get(k, func() (*image.Paletted, error) {
		img := image.NewRGBA(image.Rectangle{Max: size})
		c, err := r.Canvas(img, false)
		if err != nil {
			return nil, err
		}
		draw(c)
		return r.convert(img, c)
	})
}

// drawTableFrame draws what every table of n seats shares: the slate, the header band, the
// seat cards and the solo panel, empty.
func drawTableFrame(c *images.Canvas, l tableLayout) {
	rect(c, image.Rectangle{Max: l.size}, images.Slate)
	card := func(r image.Rectangle) {
		c.RoundedRect(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), radius, images.Card)
	}
	card(l.header)
	for _, r := range l.cards {
		card(r)
	}
	if !l.side.Empty() {
		card(l.side)
	}
}

// fastTable draws the table of v: the cached frame and boards copied, the text drawn in
// RGBA and converted region by region, the pieces stamped straight onto the palette.
func (r *Renderer) fastTable(v *game.View, lang games.Lang) (*image.Paletted, error) {
	l := newTableLayout(len(v.Seats))
	pal, err := r.Palette()
	if err != nil {
		return nil, err
	}
	frame, err := r.frame(frameKey{seats: l.n}, l.size, func(c *images.Canvas) { drawTableFrame(c, l) })
	if err != nil {
		return nil, err
	}
	board, err := r.board(v.Board, l.geom.cell, lang)
	if err != nil {
		return nil, err
	}
	at := make([]image.Point, len(l.cards))
	for i, card := range l.cards {
		at[i] = boardAt(card)
	}
	return r.compose(pal, frame, board, at, l.size, lang, func(sc *scene) error { return sc.table(v, l) })
}

// compose finishes a fast picture: the cached frame copied, the cached board blitted into
// each of boards, then draw's text drawn in RGBA on a pooled scratch and converted region by
// region, and its shapes stamped straight onto the palette.
func (r *Renderer) compose(pal *images.Palette, frame, board *image.Paletted, boards []image.Point, size image.Point, lang games.Lang, draw func(sc *scene) error) (*image.Paletted, error) {
	out := r.Picture(frame.Rect.Size(), pal)
	copy(out.Pix, frame.Pix)
	for _, at := range boards {
		images.Blit(out, board, at)
	}
	scratch := r.Scratch().Borrow(size)
	defer r.Scratch().Return(scratch)
	c, err := r.Canvas(scratch, false)
	if err != nil {
		return nil, err
	}
	var stampErr error
	sc := &scene{r: r, c: c, s: palSurface{out: out, pal: pal, err: &stampErr}, lang: lang}
	if err := draw(sc); err != nil {
		return nil, err
	}
	for _, rg := range sc.regions {
		pal.ConvertRect(out, scratch, rg)
	}
	sc.runShapes()
	if err := sc.finish(stampErr); err != nil {
		return nil, err
	}
	return out, nil
}

// naiveTable draws the table of v the straightforward way: everything afresh through gg into
// RGBA.
func (r *Renderer) naiveTable(v *game.View, lang games.Lang) (*image.RGBA, error) {
	l := newTableLayout(len(v.Seats))
	return r.naive(l.size, lang, func(c *images.Canvas) {
		drawTableFrame(c, l)
		for _, card := range l.cards {
			drawBoard(c, l.geom, boardAt(card), v.Board, lang)
		}
	}, func(sc *scene) error { return sc.table(v, l) })
}

// naive draws a picture of size the straightforward way, the benchmarks' reference: frame
// draws its static parts and paint the rest on a scene, everything afresh through gg into
// RGBA.
func (r *Renderer) naive(size image.Point, lang games.Lang, frame func(c *images.Canvas), paint func(sc *scene) error) (*image.RGBA, error) {
	img := image.NewRGBA(image.Rectangle{Max: size})
	c, err := r.Canvas(img, true)
	if err != nil {
		return nil, err
	}
	frame(c)
	sc := &scene{r: r, c: c, s: ggSurface{c}, lang: lang}
	if err := paint(sc); err != nil {
		return nil, err
	}
	sc.runShapes()
	if err := sc.finish(nil); err != nil {
		return nil, err
	}
	return img, nil
}

// table draws everything of the table that changes: the header, each seat's card and the
// solo panel.
func (sc *scene) table(v *game.View, l tableLayout) error {
	set, err := sc.r.sprites(l.geom.cell)
	if err != nil {
		return err
	}
	sc.header(v, l.header)
	for i, sv := range v.Seats {
		own, err := occupancy(sv)
		if err != nil {
			return err
		}
		sc.seat(v, sv, l.cards[i], l.geom, set, own)
	}
	if !l.side.Empty() {
		sc.soloPanel(v, v.Seats[0], l.side)
	}
	return nil
}

// header draws the header band: the round and board with the board's scoring rule and what
// the table waits for on the left; the revealed card (or the start pieces, the round's
// scores, the result) in a box on the right.
func (sc *scene) header(v *game.View, r image.Rectangle) {
	in := r.Inset(radius / 2)
	sc.region(in, images.Card)
	boxW := min(360, r.Dx()*9/20)
	box := image.Rect(r.Max.X-12-boxW, r.Min.Y+10, r.Max.X-12, r.Max.Y-10)
	x := float64(r.Min.X + 18)
	w := float64(box.Min.X-12) - x
	top := float64(r.Min.Y)
	title := games.OutOf("Round", "Kolo", v.Round+1, len(v.Boards)).In(sc.lang) + " · " + sc.say(wordBoard, v.Board)
	sc.text(title, x, top+28, 0, 0.5, images.Bold, 26, images.Paper, w)
	y := top + 58
	for _, line := range sc.wrap(sc.rule(v.Board), images.Medium, 20, w, 2) {
		sc.text(line, x, y, 0, 0.5, images.Medium, 20, images.Dim, w)
		y += 24
	}
	status, col := sc.status(v)
	sc.text(status, x, top+float64(r.Dy())-22, 0, 0.5, images.Bold, 20, col, w)
	sc.cardBox(v, box)
}

// status says what the table waits for, and in which colour: the seats still placing, a deal
// or a turn of chance, or at the end the ranking.
func (sc *scene) status(v *game.View) (string, color.RGBA) {
	switch v.Phase {
	case game.PhaseOver:
		if v.Solo && len(v.Seats) == 1 {
			return wordTotal.In(sc.lang) + " " + number(v.Seats[0].Total), images.Gold
		}
		var parts []string
		for place, group := range v.Result.Ranking {
			for _, seat := range group {
				if int(seat) >= 0 && int(seat) < len(v.Seats) {
					sv := v.Seats[seat]
					parts = append(parts, itoa(place+1)+". "+sv.Name+" "+number(sv.Total))
				}
			}
		}
		return strings.Join(parts, " · "), images.Gold
	case game.PhaseDeal:
		if v.RoundOver && v.Round+1 < len(v.Boards) {
			return sc.say(wordNext, v.Boards[v.Round+1]), images.Paper
		}
		return sc.say(wordDealing), images.Paper
	case game.PhaseReveal:
		return sc.say(wordTurning), images.Paper
	}
	var names []string
	for _, seat := range v.ToAct {
		if int(seat) >= 0 && int(seat) < len(v.Seats) {
			names = append(names, v.Seats[seat].Name)
		}
	}
	return sc.say(wordWaitingFor, strings.Join(names, ", ")), images.Highlight
}

// cardBox draws the header's box: the card turned (its number, name and shape), the start
// pieces of each seat, the board just scored, or the end.
func (sc *scene) cardBox(v *game.View, box image.Rectangle) {
	sc.box(box, 8, images.Slate)
	x, top := float64(box.Min.X+14), float64(box.Min.Y)
	w := float64(box.Dx() - 28)
	cy := float64(box.Min.Y+box.Max.Y) / 2
	switch {
	case v.Phase == game.PhaseOver:
		sc.text(wordOver.In(sc.lang), x, top+26, 0, 0.5, images.Bold, 22, images.Gold, w)
		for i, line := range sc.wrap(v.Result.Summary.In(sc.lang), images.Medium, 15, w, 2) {
			sc.text(line, x, top+52+float64(i)*20, 0, 0.5, images.Medium, 15, images.Paper, w)
		}
	case v.RoundOver:
		sc.text(sc.say(wordScored, v.Board), x, top+26, 0, 0.5, images.Bold, 22, images.Gold, w)
		var parts []string
		for _, sv := range v.Seats {
			if len(sv.Rounds) > 0 {
				parts = append(parts, sv.Name+" "+signed(sv.Rounds[len(sv.Rounds)-1].Total))
			}
		}
		for i, line := range sc.wrap(strings.Join(parts, " · "), images.Medium, 15, w, 2) {
			sc.text(line, x, top+52+float64(i)*20, 0, 0.5, images.Medium, 15, images.Paper, w)
		}
	case v.Phase == game.PhaseStart || v.Phase == game.PhaseDeal || v.Card == game.NoShape:
		label := wordStartCards.In(sc.lang)
		if v.Phase == game.PhaseReveal {
			label = sc.say(wordTurning)
		}
		sc.text(label, x, top+24, 0, 0.5, images.Bold, 20, images.Paper, w)
		if v.Phase != game.PhaseStart {
			return
		}
		sx := x
		for i, sh := range v.StartCards {
			if !sh.Valid() || i >= len(v.Seats) {
				continue
			}
			o := sh.Orient(0, false)
			col := seatShade(v.Seats[i].Colour)
			sc.shape(o, sx+float64(o.Width*12)/2, cy+14, 12, col, edgeOf(col))
			sx += float64(o.Width*12) + 18
		}
	default:
		const cell = 20
		o := v.Card.Orient(0, false)
		sx := float64(box.Max.X-16) - float64(o.Width*cell)/2
		sc.text(games.OutOf("Card", "Karta", len(v.Turned), game.NumShapes).In(sc.lang), x, top+30, 0, 0.5, images.Bold, 22, images.Paper, w-float64(o.Width*cell)-16)
		sc.text(v.Card.In(sc.lang), x, top+60, 0, 0.5, images.Bold, 18, images.Dim, 0)
		sc.shape(o, sx, cy, cell, neutral, neutralRim)
	}
}

// soloPanel draws the solo game's score panel: every board of the game with its score (the
// board on the table as it stands), the total, and at the end the rating.
func (sc *scene) soloPanel(v *game.View, sv game.SeatView, r image.Rectangle) {
	sc.region(r.Inset(radius/2), images.Card)
	x, x1 := float64(r.Min.X+18), float64(r.Max.X-18)
	w := x1 - x
	y := float64(r.Min.Y) + 30
	sc.text(wordBoards.In(sc.lang), x, y, 0, 0.5, images.Bold, 22, images.Paper, w)
	y += 44
	for i, b := range v.Boards {
		label, ink := sc.say(wordBoard, b), images.Paper
		value, vink := "—", images.Dim
		var detail string
		switch {
		case i < len(sv.Rounds):
			value, vink = signed(sv.Rounds[i].Total), images.Paper
			detail = sc.breakdown(sv.Rounds[i])
		case i == v.Round:
			ink, value, vink = images.Highlight, signed(sv.Now.Total), images.Highlight
			detail = sc.say(wordThisBoard)
		}
		sc.text(label, x, y, 0, 0.5, images.Bold, 19, ink, w-70)
		sc.text(value, x1, y, 1, 0.5, images.Bold, 21, vink, 0)
		// The detail wraps rather than losing its end (the panel is as tall as a board).
		for k, line := range sc.wrap(detail, images.Medium, 14, w, 2) {
			sc.text(line, x, y+24+float64(k)*24, 0, 0.5, images.Medium, 14, images.Dim, w)
			if k > 0 {
				y += 24
			}
		}
		y += 62
	}
	rect(sc.c, image.Rect(int(x), int(y)-14, int(x1), int(y)-12), images.Dim)
	y += 14
	sc.text(wordTotal.In(sc.lang), x, y, 0, 0.5, images.Bold, 22, images.Paper, w-80)
	sc.text(number(sv.Total), x1, y, 1, 0.5, images.Bold, 30, images.Gold, 0)
	if v.Phase != game.PhaseOver || v.Result.Summary.IsZero() {
		return
	}
	y += 50
	sc.text(wordRating.In(sc.lang), x, y, 0, 0.5, images.Bold, 16, images.Dim, w)
	y += 32
	if len(v.Boards) == 4 {
		sc.text(game.Rating(sv.Total).In(sc.lang), x, y, 0, 0.5, images.Bold, 30, images.Gold, w)
		return
	}
	for _, line := range sc.wrap(v.Result.Summary.In(sc.lang), images.Medium, 16, w, 2) {
		sc.text(line, x, y, 0, 0.5, images.Medium, 16, images.Paper, w)
		y += 22
	}
}

// nbsp joins a label to its value so that a wrapped line never parts them.
const nbsp = "\u00a0"

// rule returns the scoring rule of board n with each of its parts ("white +1…3") held
// together, so that a wrapped line breaks only between the parts.
func (sc *scene) rule(n int) string {
	parts := strings.Split(wordRule[n].In(sc.lang), " · ")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(p, " ", nbsp)
	}
	return strings.Join(parts, " · ")
}

// breakdown writes a scored board's parts: "dots −5 · numbers +4".
func (sc *scene) breakdown(rs game.RoundScore) string {
	parts := []string{sc.say(wordDots) + nbsp + signed(-rs.Dots)}
	switch rs.Board {
	case 1:
		parts = append(parts, sc.say(wordRows)+nbsp+signed(rs.Rows))
	case 2:
		parts = append(parts, sc.say(wordNumbers)+nbsp+signed(rs.Values))
	case 3:
		parts = append(parts, sc.say(wordWhite)+nbsp+signed(rs.Values), sc.say(wordBlack)+nbsp+signed(-5*rs.Blacks))
	case 4:
		parts = append(parts, sc.say(wordPairs)+nbsp+signed(3*rs.PairsBoth), sc.say(wordHalves)+nbsp+signed(-3*rs.PairsOne))
	}
	return strings.Join(parts, " · ")
}

// acting reports whether seat is among the seats v waits for.
func acting(v *game.View, seat games.Seat) bool { return slices.Contains(v.ToAct, seat) }
