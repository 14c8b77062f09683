package ingenious

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"

	"github.com/fogleman/gg"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// Rack strip sizes.
const (
	rackHeight    = 290
	rackCellWidth = 80
	rackMargin    = 24
)

// drawPrivate draws the viewer's rack strip, below the board when the draft names a tile (its
// best places numbered) or a placement (the tile as a ghost). The scores are left to the
// public table: the panel stays short on a phone.
func (r *Renderer) drawPrivate(v *ingenious.View, d ingenious.Draft, lang games.Lang) (*image.Paletted, error) {
	pal, err := r.Palette()
	if err != nil {
		return nil, err
	}
	strip, err := r.rackStrip(v, d, lang)
	if err != nil {
		return nil, err
	}
	var numbered []ingenious.Candidate
	if d.Tile != nil && d.Place == nil {
		numbered = v.Candidates[*d.Tile]
	}
	if d.Place == nil && len(numbered) == 0 {
		return strip, nil
	}
	art, err := r.prepare(v, d.Place)
	if err != nil {
		return nil, err
	}
	out := r.Picture(image.Pt(tableWidth, boardHeight+rackHeight), pal)
	if err := r.renderBoard(out, art, v, d.Place); err != nil {
		return nil, fmt.Errorf("ingenious art: draw the board: %w", err)
	}
	if err := r.drawNumbers(out, v, numbered); err != nil {
		return nil, err
	}
	images.Blit(out, strip, image.Pt(0, boardHeight))
	r.Recycle(strip)
	return out, nil
}

// rackStrip returns the rack strip of v at draft d on the palette, composed afresh of pieces
// drawn once: the empty strip, each tile on the rack, the ring of the chosen tile, the others
// under a veil and the colour letters are sprites stamped at their places, and only the
// two lines of text (whose tiles, what to do) are drawn each time.
func (r *Renderer) rackStrip(v *ingenious.View, d ingenious.Draft, lang games.Lang) (*image.Paletted, error) {
	pal, err := r.Palette()
	if err != nil {
		return nil, err
	}
	base, err := r.rackBase(d.Place != nil, len(v.Rack) == 0, lang)
	if err != nil {
		return nil, err
	}
	out := r.Picture(base.Rect.Size(), pal)
	copy(out.Pix, base.Pix)
	if len(v.Rack) > 0 {
		chosen := -1
		if d.Tile != nil {
			for i, t := range v.Rack {
				if t == *d.Tile {
					chosen = i
					break
				}
			}
		}
		g := newRackGeometry(len(v.Rack))
		for i, t := range v.Rack {
			sp, err := r.rackSprites(g.slots, t, lang)
			if err != nil {
				return nil, err
			}
			cx := g.centre(i)
			// The tile (veiled when another is chosen) and its letters, each copied from the
			// tiles when drawn before: the plate and the slate under what they paint are the
			// same in every slot. The chosen tile's ring reaches the plate's rounded ends, so
			// it and its tile are always stamped.
			dim := chosen >= 0 && i != chosen
			tile, letters := sp.tile, sp.letters
			if dim {
				tile, letters = sp.dimTile, sp.dimLetters
			}
			stamp := func(s images.Sprite, y int) func() error {
				return func() error { return s.StampPaletted(out, cx, y) }
			}
			if i == chosen {
				err = errors.Join(stamp(sp.ring, rackTileY)(), stamp(tile, rackTileY)())
			} else {
				err = r.tiles.Draw(out, fmt.Sprintf("rack %d %v %t", g.slots, t, dim), tile.Painted(cx, rackTileY), stamp(tile, rackTileY))
			}
			if err == nil {
				err = r.tiles.Draw(out, fmt.Sprintf("rack letters %d %v %t %v", g.slots, t, dim, lang), letters.Painted(cx, rackLetterY), stamp(letters, rackLetterY))
			}
			if err != nil {
				return nil, fmt.Errorf("ingenious art: the rack: %w", err)
			}
		}
	}
	name := "?"
	if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
		name = v.Players[v.Viewer]
	}
	if err := r.rackText(out, pal, wordYourTiles.In(lang)+" — "+name, rackHint(v, d, lang)); err != nil {
		return nil, err
	}
	return out, nil
}

// The rows of the rack strip: the title's centre, the band of text (title and caption), the
// tiles' centre and the letters' centre.
const (
	titleY      = 30
	textTop     = 8
	rackTileY   = 158
	rackLetterY = 254
)

// The band of the rack strip where the caption goes.
const (
	hintTop    = 48
	hintHeight = 36
)

// rackGeometry places n tiles on the rack: slots of equal width, the tiles centred.
type rackGeometry struct {
	slots int
	n     int
	slotW float64
	cw    float64 // distance between a tile's two cells
	size  float64 // circumradius of a cell
	left  float64
}

func newRackGeometry(n int) rackGeometry {
	slots := max(ingenious.RackSize, n)
	slotW := float64(tableWidth-2*rackMargin) / float64(slots)
	cw := math.Min(rackCellWidth, math.Floor(slotW/2.4))
	return rackGeometry{slots: slots, n: n, slotW: slotW, cw: cw, size: cw / math.Sqrt(3),
		left: rackMargin + slotW*float64(slots-n)/2}
}

// centre returns the x of the centre of the i-th tile, on a whole pixel so that one sprite
// serves every slot.
func (g rackGeometry) centre(i int) int {
	return int(math.Round(g.left + g.slotW*(float64(i)+0.5)))
}

// rackBase returns the rack strip with no tiles and no text — the slate, the line under the
// board of a preview, the empty plate or the word for an empty rack — drawn on first use.
func (r *Renderer) rackBase(placeLine, empty bool, lang games.Lang) (*image.Paletted, error) {
	key := rackBaseKey{placeLine: placeLine, empty: empty}
	if empty {
		key.lang = lang
	}
	return r.rackBases.Get(key, func() (*image.Paletted, error) { return r.drawRackBase(placeLine, empty, lang) })
}

// drawRackBase draws rackBase's strip.
func (r *Renderer) drawRackBase(placeLine, empty bool, lang games.Lang) (*image.Paletted, error) {
	pal, err := r.Palette()
	if err != nil {
		return nil, err
	}
	rack := image.NewRGBA(image.Rect(0, 0, tableWidth, rackHeight))
	c, err := r.Canvas(rack, false)
	if err != nil {
		return nil, err
	}
	c.Fill(rack.Rect, images.Slate)
	if placeLine {
		c.Fill(image.Rect(panelMargin, 0, tableWidth-panelMargin, 2), images.Card)
	}
	if empty {
		c.Text(wordEmpty.In(lang), tableWidth/2, 170, 0.5, 0.5, images.Bold, 24, images.Dim)
	} else {
		c.RoundedRect(rackMargin, 96, tableWidth-2*rackMargin, 124, 16, plateRim)
		c.RoundedRect(rackMargin+4, 100, tableWidth-2*rackMargin-8, 116, 12, plate)
	}
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("ingenious art: draw the rack: %w", err)
	}
	return pal.Convert(rack), nil
}

// rackBaseKey names an empty rack strip.
type rackBaseKey struct {
	placeLine, empty bool
	lang             games.Lang // only for an empty rack, which says so
}

// rackSprite names the sprites of one tile on a rack of so many slots, in a language.
type rackSpriteKey struct {
	slots int
	tile  ingenious.Tile
	lang  games.Lang
}

// tileSprites are the pieces of one tile on the rack, prepared for the palette.
type tileSprites struct {
	// tile, the tile under a veil (dimTile: one opaque stamp, where the veil stamped over the
	// tile would blend every pixel of it) and the ring of a chosen tile, anchored at the
	// tile's centre.
	tile, dimTile, ring images.Sprite
	letters, dimLetters images.Sprite // anchored at the letters' centre line, under the tile
}

// rackSprites returns the sprites of tile t on a rack of slots slots, drawing them on first
// use.
func (r *Renderer) rackSprites(slots int, t ingenious.Tile, lang games.Lang) (*tileSprites, error) {
	key := rackSpriteKey{slots: slots, tile: t, lang: lang}
	return r.rackTiles.Get(key, func() (*tileSprites, error) { return r.drawRackSprites(slots, t, lang) })
}

// drawRackSprites draws rackSprites' sprites.
func (r *Renderer) drawRackSprites(slots int, t ingenious.Tile, lang games.Lang) (*tileSprites, error) {
	pal, err := r.Palette()
	if err != nil {
		return nil, err
	}
	g := newRackGeometry(slots)
	cw, size := g.cw, g.size
	// Every sprite is drawn on a clear square around its anchor, as wide as a slot and a
	// half, the ring's line included.
	half := int(math.Ceil(cw+size*0.55)) + 6
	var drawErr error
	sprite := func(top, bottom int, draw func(c *images.Canvas, x, y float64)) images.Sprite {
		img := image.NewRGBA(image.Rect(0, 0, 2*half, top+bottom))
		c, err := r.Canvas(img, false)
		if err != nil {
			drawErr = err
			return images.Sprite{}
		}
		draw(c, float64(half), float64(top))
		if err := c.Err(); err != nil && drawErr == nil {
			drawErr = err
		}
		return images.SpriteOf(img, image.Pt(half, top), nil).ForPalette(pal)
	}
	const tileTop, tileBottom = 60, 60
	letters := func(ink color.RGBA) func(c *images.Canvas, x, y float64) {
		return func(c *images.Canvas, x, y float64) {
			c.Text(t.A.Initial().In(lang), x-cw/2, y, 0.5, 0.5, images.Bold, 28, ink)
			c.Text(t.B.Initial().In(lang), x+cw/2, y, 0.5, 0.5, images.Bold, 28, ink)
		}
	}
	sp := &tileSprites{
		tile: sprite(tileTop, tileBottom, func(c *images.Canvas, x, y float64) { drawRackTile(c.DC, t, x, y, cw, size) }),
		ring: sprite(tileTop, tileBottom, func(c *images.Canvas, x, y float64) {
			c.RoundedFrame(x-cw-size*0.55, y-(rackTileY-104), 2*cw+size*1.1, 108, 12, 4, images.Highlight)
		}),
		dimTile: sprite(tileTop, tileBottom, func(c *images.Canvas, x, y float64) {
			drawRackTile(c.DC, t, x, y, cw, size)
			images.Polygon(c.DC, images.PairOutline(images.Point{X: x - cw/2, Y: y}, images.Point{X: x + cw/2, Y: y}, size))
			c.DC.SetColor(fade(plate, 150))
			c.DC.Fill()
		}),
		letters:    sprite(22, 22, letters(images.Paper)),
		dimLetters: sprite(22, 22, letters(images.Dim)),
	}
	if drawErr != nil {
		return nil, fmt.Errorf("ingenious art: draw a rack tile: %w", drawErr)
	}
	return sp, nil
}

// rackText writes the strip's two lines in their bands of out: the title over the rack
// (whose tiles), drawn once per player and language, and the caption saying what to do, drawn
// afresh because it changes with every draft.
func (r *Renderer) rackText(out *image.Paletted, pal *images.Palette, title, hint string) error {
	err := r.tiles.Draw(out, "rack title "+title, image.Rect(0, textTop, tableWidth, hintTop),
		r.textLine(out, pal, title, textTop, hintTop-textTop, titleY-textTop, 28, images.Paper))
	if err != nil {
		return err
	}
	return r.textLine(out, pal, hint, hintTop, hintHeight, hintHeight/2, 24, images.Highlight)()
}

// textLine returns what draws one line of bold text (see drawTextBand) into the band of out
// from row top, height rows high, on lent scratch converted to the palette.
func (r *Renderer) textLine(out *image.Paletted, pal *images.Palette, text string, top, height int, y, size float64, ink color.RGBA) func() error {
	return func() error {
		band := r.Scratch().Borrow(image.Pt(tableWidth, height))
		defer r.Scratch().Return(band)
		if err := r.drawTextBand(band, text, y, size, ink); err != nil {
			return err
		}
		pal.ConvertAt(out, band, image.Pt(0, top))
		return nil
	}
}

// drawTextBand fills band with slate and draws one line of bold text on it, its middle at y,
// shortened to fit the rack's margins.
func (r *Renderer) drawTextBand(band *image.RGBA, text string, y, size float64, ink color.RGBA) error {
	c, err := r.Canvas(band, false)
	if err != nil {
		return err
	}
	c.Fill(band.Rect, images.Slate)
	c.Text(c.Fit(text, images.Bold, size, tableWidth-2*rackMargin), rackMargin, y, 0, 0.5, images.Bold, size, ink)
	if err := c.Err(); err != nil {
		return fmt.Errorf("ingenious art: the rack's text: %w", err)
	}
	return nil
}

// maxNumbers is how many of the best places the board numbers; the menu lists more.
const maxNumbers = 9

// drawNumbers marks the best places of a chosen tile on the board of out, each with its
// number in the panel's menu (see drawBadges). A pair of cells offered both ways round gets
// two numbers, one in each cell.
func (r *Renderer) drawNumbers(out *image.Paletted, v *ingenious.View, cands []ingenious.Candidate) error {
	var marks []badgeMark
	for i, cand := range cands {
		if i >= maxNumbers {
			break
		}
		marks = append(marks, badgeMark{cells: cand.Place.Cells, label: strconv.Itoa(i + 1), fill: images.Slate, ink: images.Paper})
	}
	return r.drawBadges(out, v, marks)
}

// badgeMark is a round badge marking a tile's two cells: a number on a fill.
type badgeMark struct {
	cells     [2]ingenious.Cell
	label     string
	fill, ink color.RGBA
}

// badgeRadius is the radius of a badge, ringed in the highlight colour, and badgeRing the
// ring's width: the whole badge fits inside the smallest cell, so badges in different cells
// never touch.
const (
	badgeRadius = 17
	badgeRing   = 3
)

// badgeSpot is where a mark's badge goes: on the joint of its tile's two cells, or in one of
// them (cell, 0 or 1) with a wedge pointing at the other.
type badgeSpot struct {
	joint bool
	cell  int
}

// spotBadges gives each mark a spot on the board of layout l, in order. A badge sits on the
// joint of its tile when no other mark's joint or cells are near enough for a badge there to
// touch it (so a placement and the same cells the other way round never do). The others sit
// each in one of its own two cells (the first when free), never a cell another badge took,
// moving earlier badges to their other cell when that frees one (a matching of marks to
// cells). It returns the spots of the longest run of marks from the first that can all have
// one: the marks after a mark with no free cell are left unnumbered, so that the board never
// skips a number. Laid tiles never share a cell, so every mark of them has a spot.
func spotBadges(marks []badgeMark, l layout) []badgeSpot {
	const room = 2 * (badgeRadius + badgeRing)
	joint := func(m badgeMark) images.Point {
		a, b := l.at(m.cells[0]), l.at(m.cells[1])
		return images.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
	}
	near := func(p, q images.Point) bool { return math.Hypot(p.X-q.X, p.Y-q.Y) < room }
	spots := make([]badgeSpot, 0, len(marks))
	owner := map[ingenious.Cell]int{} // cell → index of the mark in it
	// place tries to give mark i a cell, moving the marks in its way (seen guards the search).
	var place func(i int, seen map[ingenious.Cell]bool) bool
	place = func(i int, seen map[ingenious.Cell]bool) bool {
		for k, c := range marks[i].cells {
			if seen[c] {
				continue
			}
			seen[c] = true
			j, taken := owner[c]
			if !taken || place(j, seen) {
				owner[c] = i
				spots[i].cell = k
				return true
			}
		}
		return false
	}
	for i, m := range marks {
		alone := true
		for j, o := range marks {
			if j != i && (near(joint(m), joint(o)) || near(joint(m), l.at(o.cells[0])) || near(joint(m), l.at(o.cells[1]))) {
				alone = false
				break
			}
		}
		spots = append(spots, badgeSpot{joint: alone})
		if !alone && !place(i, map[ingenious.Cell]bool{}) {
			return spots[:i]
		}
	}
	return spots
}

// badgeAt returns the centre of the badge of m at spot s, and the centre of the cell its
// wedge points at (unused on a joint).
func badgeAt(m badgeMark, s badgeSpot, l layout) (at, other images.Point) {
	a, b := l.at(m.cells[s.cell]), l.at(m.cells[1-s.cell])
	if s.joint {
		return images.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}, b
	}
	return a, b
}

// drawBadges draws marks on the board of out at their spots (see spotBadges): on the joint of
// a tile's two cells, or in one of them with a wedge pointing across the edge to the other,
// so that a placement and the same cells the other way round are two badges in two cells
// and no two badges overlap. Each badge is drawn in RGBA over a small copy of its patch of
// the board and put back on the palette, so a few badges cost little.
func (r *Renderer) drawBadges(out *image.Paletted, v *ingenious.View, marks []badgeMark) error {
	if len(marks) == 0 {
		return nil
	}
	art, err := r.board(v.Radius)
	if err != nil {
		return err
	}
	pal, err := r.Palette()
	if err != nil {
		return err
	}
	// The wedge reaches to the edge with the other cell, short of a wedge from that side.
	reach := float64(art.l.grid.Width)/2 - 2
	side := 2 * int(math.Ceil(reach+2))
	patch := image.NewRGBA(image.Rect(0, 0, side, side))
	c, err := r.Canvas(patch, false)
	if err != nil {
		return err
	}
	for i, s := range spotBadges(marks, art.l) {
		m := marks[i]
		a, b := badgeAt(m, s, art.l)
		x, y := int(math.Round(a.X)), int(math.Round(a.Y))
		at := image.Pt(x-side/2, y-side/2)
		draw.Draw(patch, patch.Rect, out, at, draw.Src)
		mid := float64(side) / 2
		if !s.joint {
			// The wedge: a triangle from the badge's sides to a tip towards the other cell.
			dx, dy := b.X-a.X, b.Y-a.Y
			n := math.Hypot(dx, dy)
			dx, dy = dx/n, dy/n
			w := badgeRadius * 0.75
			c.DC.MoveTo(mid+dx*reach, mid+dy*reach)
			c.DC.LineTo(mid-dy*w, mid+dx*w)
			c.DC.LineTo(mid+dy*w, mid-dx*w)
			c.DC.ClosePath()
			c.DC.SetColor(images.Highlight)
			c.DC.Fill()
		}
		c.DC.DrawCircle(mid, mid, badgeRadius+badgeRing)
		c.DC.SetColor(images.Highlight)
		c.DC.Fill()
		c.DC.DrawCircle(mid, mid, badgeRadius)
		c.DC.SetColor(m.fill)
		c.DC.Fill()
		c.Text(m.label, mid, mid, 0.5, 0.5, images.Bold, minText, m.ink)
		images.Blit(out, pal.Convert(patch), at)
	}
	if err := c.Err(); err != nil {
		return fmt.Errorf("ingenious art: draw badges: %w", err)
	}
	return nil
}

// maxSince is how many of the moves since a seat's last turn the table marks.
const maxSince = 12

// sinceMarks marks, on the table a seat sees, the tiles laid since that seat's own last tile
// (a spectator: since the last tile of the seat to play), numbered in the order laid on the
// colour of the seat that laid them — what happened while the seat was away.
func sinceMarks(v *ingenious.View) []badgeMark {
	if v.Phase == ingenious.PhaseOver {
		return nil
	}
	seat := v.Viewer
	if seat < 0 {
		seat = v.Turn
	}
	from := 0
	for i, pl := range v.Placements {
		if pl.Seat == seat {
			from = i + 1
		}
	}
	from = max(from, len(v.Placements)-maxSince)
	var marks []badgeMark
	for i, pl := range v.Placements[from:] {
		marks = append(marks, badgeMark{cells: pl.Place.Cells, label: strconv.Itoa(i + 1), fill: images.PlayerColour(int(pl.Seat)), ink: images.Slate})
	}
	return marks
}

// drawRackTile draws tile t lying east–west, its cells cw apart, centred on (cx, cy): the two
// halves joined into one piece as on the board, over a soft shadow.
func drawRackTile(dc *gg.Context, t ingenious.Tile, cx, cy, cw, size float64) {
	a := images.Point{X: cx - cw/2, Y: cy}
	b := images.Point{X: cx + cw/2, Y: cy}
	hex := size - 3
	dc.Push()
	dc.Translate(2, 4)
	images.Polygon(dc, images.PairOutline(a, b, hex+1))
	dc.SetColor(fade(images.Black, 120))
	dc.Fill()
	dc.Pop()
	drawHalf(dc, t.A, a, images.Point{X: cw}, hex, 0.5)
	drawHalf(dc, t.B, b, images.Point{X: -cw}, hex, 0.5)
}

// rackHint says what the draft stands for: pick a tile, pick a place, the preview, a swap.
func rackHint(v *ingenious.View, d ingenious.Draft, lang games.Lang) string {
	mine := v.Turn == v.Viewer && v.Phase != ingenious.PhaseOver && v.Phase != ingenious.PhaseDeal && v.Phase != ingenious.PhaseDraw
	switch {
	case v.Phase == ingenious.PhaseOver:
		return wordOver.In(lang)
	case !mine:
		who := "?"
		if v.Turn >= 0 && int(v.Turn) < len(v.Players) {
			who = v.Players[v.Turn]
		}
		return games.Say("%s is to play — your turn comes", "Na tahu je %s — pak přijdeš na řadu ty", who).In(lang)
	case d.Swap != nil && *d.Swap:
		return wordSwapYes.In(lang)
	case d.Swap != nil:
		return wordSwapNo.In(lang)
	case v.Phase == ingenious.PhaseSwap:
		return wordSwapAsk.In(lang)
	case d.Place != nil:
		p := *d.Place
		return fmt.Sprintf("%s: %s %s %s, %s %s %s", wordPreview.In(lang),
			p.First.Initial().In(lang), wordOn.In(lang), p.Cells[0].Label(v.Radius),
			p.Second.Initial().In(lang), wordOn.In(lang), p.Cells[1].Label(v.Radius))
	case d.Tile != nil:
		return d.Tile.A.Initial().In(lang) + d.Tile.B.Initial().In(lang) + ": " + wordChosen.In(lang)
	case v.Bonus > 0:
		return wordBonus.In(lang) + ": " + strings.ToLower(wordPick.In(lang))
	}
	return wordPick.In(lang)
}
