package ingenious

import (
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
	pal, err := r.pal()
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
	out := image.NewPaletted(image.Rect(0, 0, tableWidth, boardHeight+rackHeight), pal.Colours())
	if err := r.renderBoard(out, art, v, d.Place); err != nil {
		return nil, fmt.Errorf("ingenious art: draw the board: %w", err)
	}
	if err := r.drawNumbers(out, v, numbered); err != nil {
		return nil, err
	}
	images.Blit(out, strip, image.Pt(0, boardHeight))
	return out, nil
}

// maxRacks bounds the cache of rack strips.
const maxRacks = 512

// rackStrip returns the rack strip of v at draft d on the palette, its own copy: the rack from
// the cache when the same rack was drawn before with the same tile chosen (a turn's panels
// show one rack several times), else drawn and cached; the caption written afresh.
func (r *Renderer) rackStrip(v *ingenious.View, d ingenious.Draft, lang games.Lang) (*image.Paletted, error) {
	name := "?"
	if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
		name = v.Players[v.Viewer]
	}
	var key strings.Builder
	fmt.Fprintf(&key, "%s|%v|%v|", name, lang, d.Place != nil)
	for _, t := range v.Rack {
		key.WriteString(t.String())
	}
	if d.Tile != nil {
		key.WriteString("|" + d.Tile.String())
	}
	k := key.String()
	r.mu.Lock()
	strip, ok := r.racks[k]
	r.mu.Unlock()
	pal, err := r.pal()
	if err != nil {
		return nil, err
	}
	if ok {
		return r.withHint(strip, pal, rackHint(v, d, lang))
	}
	rack := image.NewRGBA(image.Rect(0, 0, tableWidth, rackHeight))
	c, err := r.canvas(rack, false)
	if err != nil {
		return nil, err
	}
	c.Fill(rack.Rect, images.Slate)
	if d.Place != nil {
		c.Fill(image.Rect(panelMargin, 0, tableWidth-panelMargin, 2), images.Card)
	}
	drawRack(c, v, d, lang)
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("ingenious art: draw the rack: %w", err)
	}
	strip = pal.Convert(rack)
	r.mu.Lock()
	if len(r.racks) >= maxRacks {
		for old := range r.racks { // drop one at random
			delete(r.racks, old)
			break
		}
	}
	r.racks[k] = strip
	r.mu.Unlock()
	return r.withHint(strip, pal, rackHint(v, d, lang))
}

// The band of the rack strip where the caption goes.
const (
	hintTop    = 48
	hintHeight = 36
)

// withHint returns a copy of the cached rack strip with the caption hint written in its band:
// the caption changes with every draft, the rack only with the tiles and the chosen one.
func (r *Renderer) withHint(strip *image.Paletted, pal *images.Palette, hint string) (*image.Paletted, error) {
	out := image.NewPaletted(strip.Rect, strip.Palette)
	copy(out.Pix, strip.Pix)
	band := image.NewRGBA(image.Rect(0, 0, tableWidth, hintHeight))
	c, err := r.canvas(band, false)
	if err != nil {
		return nil, err
	}
	c.Fill(band.Rect, images.Slate)
	c.Text(c.Fit(hint, images.Bold, 24, tableWidth-2*rackMargin), rackMargin, hintHeight/2, 0, 0.5, images.Bold, 24, images.Highlight)
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("ingenious art: the rack's caption: %w", err)
	}
	images.Blit(out, pal.Convert(band), image.Pt(0, hintTop))
	return out, nil
}

// maxNumbers is how many of the best places the board numbers; the menu lists more.
const maxNumbers = 9

// drawNumbers marks the best places of a chosen tile on the board of out, each with its
// number in the panel's menu, in a badge on the edge between its two cells. A pair of cells
// offered both ways round is numbered once, with its better way.
func (r *Renderer) drawNumbers(out *image.Paletted, v *ingenious.View, cands []ingenious.Candidate) error {
	var marks []badgeMark
	seen := map[[2]ingenious.Cell]bool{}
	for i, cand := range cands {
		if i >= maxNumbers {
			break
		}
		cells := cand.Place.Canonical().Cells
		if seen[cells] {
			continue
		}
		seen[cells] = true
		marks = append(marks, badgeMark{cells: cand.Place.Cells, label: strconv.Itoa(i + 1), fill: images.Slate, ink: images.Paper})
	}
	return r.drawBadges(out, v, marks)
}

// badgeMark is a round badge on the edge between a tile's two cells: a number on a fill.
type badgeMark struct {
	cells     [2]ingenious.Cell
	label     string
	fill, ink color.RGBA
}

// badgeRadius is the radius of a badge, ringed in the highlight colour.
const badgeRadius = 17

// drawBadges draws marks on the board of out. Each badge is drawn in RGBA over a small copy
// of its patch of the board and put back on the palette, so a few badges cost little.
func (r *Renderer) drawBadges(out *image.Paletted, v *ingenious.View, marks []badgeMark) error {
	if len(marks) == 0 {
		return nil
	}
	art, err := r.board(v.Radius)
	if err != nil {
		return err
	}
	pal, err := r.pal()
	if err != nil {
		return err
	}
	const side = 2*badgeRadius + 12
	patch := image.NewRGBA(image.Rect(0, 0, side, side))
	c, err := r.canvas(patch, false)
	if err != nil {
		return err
	}
	for _, m := range marks {
		a, b := art.l.at(m.cells[0]), art.l.at(m.cells[1])
		x, y := int((a.X+b.X)/2), int((a.Y+b.Y)/2)
		at := image.Pt(x-side/2, y-side/2)
		draw.Draw(patch, patch.Rect, out, at, draw.Src)
		mid := float64(side) / 2
		c.DC.DrawCircle(mid, mid, badgeRadius+3)
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

// drawRack draws the rack strip: a caption saying what to do, and the tiles large on a wooden
// rack with their letters beneath; the draft's tile is ringed and the others dimmed.
func drawRack(c *images.Canvas, v *ingenious.View, d ingenious.Draft, lang games.Lang) {
	name := "?"
	if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
		name = v.Players[v.Viewer]
	}
	c.Text(c.Fit(wordYourTiles.In(lang)+" — "+name, images.Bold, 28, tableWidth-2*rackMargin), rackMargin, 30, 0, 0.5, images.Bold, 28, images.Paper)
	if len(v.Rack) == 0 {
		c.Text(wordEmpty.In(lang), tableWidth/2, 170, 0.5, 0.5, images.Bold, 24, images.Dim)
		return
	}
	c.RoundedRect(rackMargin, 96, tableWidth-2*rackMargin, 124, 16, plateRim)
	c.RoundedRect(rackMargin+4, 100, tableWidth-2*rackMargin-8, 116, 12, plate)
	chosen := -1
	if d.Tile != nil {
		for i, t := range v.Rack {
			if t == *d.Tile {
				chosen = i
				break
			}
		}
	}
	slots := max(ingenious.RackSize, len(v.Rack))
	slotW := float64(tableWidth-2*rackMargin) / float64(slots)
	cw := math.Min(rackCellWidth, math.Floor(slotW/2.4))
	size := cw / math.Sqrt(3)
	left := rackMargin + slotW*float64(slots-len(v.Rack))/2
	for i, t := range v.Rack {
		cx, cy := left+slotW*(float64(i)+0.5), 158.0
		dim := chosen >= 0 && i != chosen
		if i == chosen {
			c.RoundedFrame(cx-cw-size*0.55, 104, 2*cw+size*1.1, 108, 12, 4, images.Highlight)
		}
		drawRackTile(c.DC, t, cx, cy, cw, size)
		ink := images.Paper
		if dim {
			images.Polygon(c.DC, images.PairOutline(images.Point{X: cx - cw/2, Y: cy}, images.Point{X: cx + cw/2, Y: cy}, size))
			c.DC.SetColor(fade(plate, 150))
			c.DC.Fill()
			ink = images.Dim
		}
		c.Text(t.A.Initial().In(lang), cx-cw/2, 254, 0.5, 0.5, images.Bold, 28, ink)
		c.Text(t.B.Initial().In(lang), cx+cw/2, 254, 0.5, 0.5, images.Bold, 28, ink)
	}
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
