package ingenious

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// orientations are the directions from a tile's anchor cell to its other cell. Every pair of
// neighbours is one of these three, taken from the right end.
var orientations = [3]ingenious.Cell{{Q: 1, R: 0}, {Q: 0, R: 1}, {Q: -1, R: 1}}

// boardArt is what is drawn once per radius: the empty board with its labels and start
// symbols (in RGBA and on the palette), and the sprites stamped for tiles and their marks. It
// is immutable once built.
type boardArt struct {
	l         layout
	static    *image.RGBA
	staticPal *image.Paletted
	starts    [6]images.Sprite
	// halves are the tile halves by orientation, end (0 on the anchor cell) and colour; ghosts
	// the same faded for previews.
	halves [3][2][6]images.Sprite
	ghosts [3][2][6]images.Sprite
	// lastRings ring the last tile, ghostRings a previewed one, by orientation; freeStart
	// rings a start symbol still free during the first round.
	lastRings  [3]images.Sprite
	ghostRings [3]images.Sprite
	freeStart  images.Sprite
}

// newBoardArt draws the static parts for layout l and prepares every sprite for pal.
func newBoardArt(l layout, faces *images.Faces, pal *images.Palette) (*boardArt, error) {
	a := &boardArt{l: l}
	for col := range shades {
		a.starts[col] = a.startSprite(ingenious.Colour(col))
	}
	for o := range orientations {
		for end := range 2 {
			for col := range shades {
				col := ingenious.Colour(col)
				a.halves[o][end][col] = a.halfSprite(o, end, col, 0.5).ForPalette(pal)
				a.ghosts[o][end][col] = fadeSprite(a.halfSprite(o, end, col, 0), 0.8).ForPalette(pal)
			}
		}
		a.lastRings[o] = a.ringSprite(o, false).ForPalette(pal)
		a.ghostRings[o] = a.ringSprite(o, true).ForPalette(pal)
	}
	a.freeStart = a.freeStartSprite().ForPalette(pal)
	a.static = image.NewRGBA(image.Rect(0, 0, tableWidth, boardHeight))
	c := images.NewCanvas(a.static, faces)
	c.SetMinText(minText)
	a.drawStatic(c)
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("ingenious art: draw the board of radius %d: %w", l.radius, err)
	}
	a.staticPal = pal.Convert(a.static)
	return a, nil
}

// partner returns the offset from a tile's anchor cell to its other cell in orientation o.
func (a *boardArt) partner(o int) images.Point {
	b := a.l.grid.Center(orientations[o].Q, orientations[o].R)
	return images.Point{X: b.X - a.l.grid.Origin.X, Y: b.Y - a.l.grid.Origin.Y}
}

// halfSprite is one coloured half of a tile in orientation o, anchored on its own cell: end 0
// lies on the anchor cell, end 1 on the other. The face reaches across the gap between the
// cells to the middle line (and overlap pixels past it), so that the two halves of a tile join
// into one piece while tiles side by side stay apart.
func (a *boardArt) halfSprite(o, end int, col ingenious.Colour, overlap float64) images.Sprite {
	d := a.partner(o)
	if end == 1 {
		d = images.Point{X: -d.X, Y: -d.Y}
	}
	m := int(math.Ceil(a.l.hex)) + 3
	return images.NewSprite(m, m, m, m, func(dc *gg.Context) {
		drawHalf(dc, col, images.Point{}, d, a.l.hex, overlap)
	})
}

// drawHalf draws a tile half of colour col on the cell centred on c whose partner cell lies at
// offset d: a coloured hexagon of circumradius f stretched towards the partner up to overlap
// pixels past the middle line, carrying its symbol.
func drawHalf(dc *gg.Context, col ingenious.Colour, c, d images.Point, f, overlap float64) {
	theta := math.Atan2(d.Y, d.X)
	w := math.Hypot(d.X, d.Y)
	ext := w/2 + overlap - f*math.Sqrt(3)/2
	ex, ey := ext*math.Cos(theta), ext*math.Sin(theta)
	corner := func(k int) images.Point {
		an := theta + (30+60*float64(k))*math.Pi/180
		return images.Point{X: c.X + f*math.Cos(an), Y: c.Y + f*math.Sin(an)}
	}
	pts := make([]images.Point, 0, 8)
	for k := range 6 {
		pts = append(pts, corner(k))
	}
	pts = append(pts, corner(5).Add(ex, ey), corner(0).Add(ex, ey))
	images.Polygon(dc, pts)
	dc.SetColor(shades[col])
	dc.Fill()
	drawSymbol(dc, col, c, f*0.92, symbolFill)
}

// startSprite is a start symbol printed on the board: the symbol in its colour on a dark
// cell ringed in the same colour, so that it reads as part of the board rather than a tile.
func (a *boardArt) startSprite(col ingenious.Colour) images.Sprite {
	l := a.l
	m := int(math.Ceil(l.hex)) + 3
	return images.NewSprite(m, m, m, m, func(dc *gg.Context) {
		images.Hexagon(dc, images.Point{}, l.hex)
		dc.SetColor(shades[col])
		dc.Fill()
		images.Hexagon(dc, images.Point{}, l.hex-l.ring)
		dc.SetColor(plateDeep)
		dc.Fill()
		drawSymbol(dc, col, images.Point{}, (l.hex-l.ring)*0.95, shades[col])
	})
}

// ringSprite rings a tile in orientation o, anchored on its anchor cell: for the last tile a
// thick highlight over a soft glow, for a preview a dashed highlight.
func (a *boardArt) ringSprite(o int, dashed bool) images.Sprite {
	l, b := a.l, a.partner(o)
	pad := int(math.Ceil(l.hex)) + 14
	left := pad + int(math.Max(0, -b.X))
	right := pad + int(math.Max(0, b.X))
	return images.NewSprite(left, pad, right, pad+int(b.Y), func(dc *gg.Context) {
		stroke := func(grow, lw float64, col color.Color) {
			images.Polygon(dc, images.PairOutline(images.Point{}, b, l.hex+grow))
			dc.SetColor(col)
			dc.SetLineWidth(lw)
			dc.SetLineJoinRound()
			dc.Stroke()
		}
		if dashed {
			dc.SetDash(7, 5)
			stroke(4, 3, images.Highlight)
			dc.SetDash()
			return
		}
		stroke(7, 9, fade(images.Highlight, 110))
		stroke(3.5, 5, images.Highlight)
	})
}

// freeStartSprite rings a start symbol that no first tile has touched yet.
func (a *boardArt) freeStartSprite() images.Sprite {
	l := a.l
	m := int(math.Ceil(l.hex)) + 8
	return images.NewSprite(m, m, m, m, func(dc *gg.Context) {
		images.Hexagon(dc, images.Point{}, l.hex+3)
		dc.SetColor(images.Highlight)
		dc.SetLineWidth(3)
		dc.SetDash(6, 4)
		dc.Stroke()
		dc.SetDash()
	})
}

// fadeSprite returns a copy of sp faded to opacity alpha, for previews. It has no Draw
// function: previews are always stamped.
func fadeSprite(sp images.Sprite, alpha float64) images.Sprite {
	img := image.NewRGBA(sp.Img.Rect)
	for i, v := range sp.Img.Pix {
		img.Pix[i] = uint8(float64(v)*alpha + 0.5)
	}
	return images.SpriteOf(img, sp.Anchor, nil)
}

// flatHexagon adds a flat-topped hexagon of circumradius r centred on c to dc's path.
func flatHexagon(dc *gg.Context, c images.Point, r float64) {
	images.Polygon(dc, images.RegularPoints(c, r, 6, 0))
}

// drawStatic draws the empty board: the walnut plate, the cells with their numbers, the start
// symbols and the row letters at both ends of every row.
func (a *boardArt) drawStatic(c *images.Canvas) {
	l := a.l
	dc := c.DC
	c.Fill(c.Img.Rect, images.Slate)
	flatHexagon(dc, l.centre.Add(0, 8), l.plate+4)
	dc.SetColor(shadow)
	dc.Fill()
	flatHexagon(dc, l.centre, l.plate)
	dc.SetColor(plateRim)
	dc.Fill()
	flatHexagon(dc, l.centre.Add(0, 1.5), l.plate-4)
	dc.SetColor(plateDeep)
	dc.Fill()
	flatHexagon(dc, l.centre, l.plate-5)
	dc.SetColor(plate)
	dc.Fill()

	starts := map[ingenious.Cell]ingenious.Colour{}
	for col, at := range ingenious.StartSymbols {
		if l.inArea(at) {
			starts[at] = ingenious.Colour(col)
		}
	}
	for _, cell := range ingenious.AreaCells(l.radius) {
		if _, ok := starts[cell]; ok {
			continue
		}
		p := l.at(cell)
		images.Hexagon(dc, p, l.hex)
		dc.SetColor(cellFill)
		dc.Fill()
		// The cell's number: its row's letter stands at both ends of the row.
		c.Text(cell.Label(l.radius)[1:], p.X, p.Y, 0.5, 0.5, images.Bold, l.labelSize, labelInk)
	}
	for col, at := range ingenious.StartSymbols {
		if l.inArea(at) {
			x, y := l.pixel(at)
			c.Stamp(a.starts[col], x, y)
		}
	}
	a.drawRowLetters(c)
}

// drawRowLetters writes each row's letter left of its first cell and right of its last.
func (a *boardArt) drawRowLetters(c *images.Canvas) {
	l := a.l
	gap := float64(l.grid.Width)/2 + 13*float64(l.grid.Width)/50
	for r := -l.radius; r <= l.radius; r++ {
		first := ingenious.Cell{Q: max(-l.radius, -l.radius-r), R: r}
		last := ingenious.Cell{Q: min(l.radius, l.radius-r), R: r}
		letter := string(rune('A' + r + l.radius))
		p, q := l.at(first), l.at(last)
		c.Text(letter, p.X-gap, p.Y, 0.5, 0.5, images.Bold, l.letterSize, rowInk)
		c.Text(letter, q.X+gap, q.Y, 0.5, 0.5, images.Bold, l.letterSize, rowInk)
	}
}

// anchored returns the anchor cell of a tile on cells c0 and c1 and its orientation index, or
// false when the cells are not neighbours.
func anchored(c0, c1 ingenious.Cell) (ingenious.Cell, int, bool) {
	for o, d := range orientations {
		switch {
		case c1.Q-c0.Q == d.Q && c1.R-c0.R == d.R:
			return c0, o, true
		case c0.Q-c1.Q == d.Q && c0.R-c1.R == d.R:
			return c1, o, true
		}
	}
	return ingenious.Cell{}, 0, false
}

// end returns 0 for a tile's anchor cell and 1 for its other cell.
func end(cell, anchor ingenious.Cell) int {
	if cell == anchor {
		return 0
	}
	return 1
}

// checkPlace fails unless p lies on two neighbouring cells of the area of the given radius.
func checkPlace(p ingenious.Place, radius int) error {
	for _, cell := range p.Cells {
		if cell.Distance() > radius {
			return fmt.Errorf("cell (%d, %d) is outside the board of radius %d", cell.Q, cell.R, radius)
		}
	}
	if _, _, ok := anchored(p.Cells[0], p.Cells[1]); !ok {
		return fmt.Errorf("cells %s and %s are not neighbours", p.Cells[0].Label(radius), p.Cells[1].Label(radius))
	}
	return nil
}

// surface is where the board's sprites go: an RGBA canvas, or straight onto the palette.
type surface interface {
	stamp(sp images.Sprite, x, y int)
}

// rgbaSurface stamps onto a canvas (through the sprites' Draw functions on a baseline canvas).
type rgbaSurface struct{ c *images.Canvas }

func (s rgbaSurface) stamp(sp images.Sprite, x, y int) { s.c.Stamp(sp, x, y) }

// palSurface stamps onto a paletted picture, keeping the first error.
type palSurface struct {
	out *image.Paletted
	err *error
}

func (s palSurface) stamp(sp images.Sprite, x, y int) {
	if err := sp.StampPaletted(s.out, x, y); err != nil && *s.err == nil {
		*s.err = err
	}
}

// drawTile stamps the halves of a tile (faded for a preview).
func (a *boardArt) drawTile(s surface, p ingenious.Place, ghost bool) {
	anchor, o, _ := anchored(p.Cells[0], p.Cells[1])
	set := &a.halves
	if ghost {
		set = &a.ghosts
	}
	for i, col := range [2]ingenious.Colour{p.First, p.Second} {
		x, y := a.l.pixel(p.Cells[i])
		s.stamp(set[o][end(p.Cells[i], anchor)][col], x, y)
	}
}

// drawTiles draws what changes on the board of v: the tiles, the free start symbols during the
// first round, the last tile ringed, and a previewed tile (when ghost is not nil) as a faded
// tile ringed with dashes.
func (a *boardArt) drawTiles(s surface, v *ingenious.View, ghost *ingenious.Place) {
	last, hasLast := v.Last()
	for i, pl := range v.Placements {
		if hasLast && i == len(v.Placements)-1 {
			break
		}
		a.drawTile(s, pl.Place, false)
	}
	if firstRound(v) {
		for col, at := range ingenious.StartSymbols {
			if !v.UsedStarts[col] && a.l.inArea(at) {
				x, y := a.l.pixel(at)
				s.stamp(a.freeStart, x, y)
			}
		}
	}
	if hasLast {
		anchor, o, _ := anchored(last.Place.Cells[0], last.Place.Cells[1])
		x, y := a.l.pixel(anchor)
		s.stamp(a.lastRings[o], x, y)
		a.drawTile(s, last.Place, false)
	}
	if ghost != nil {
		anchor, o, _ := anchored(ghost.Cells[0], ghost.Cells[1])
		x, y := a.l.pixel(anchor)
		s.stamp(a.ghostRings[o], x, y)
		a.drawTile(s, *ghost, true)
	}
}

// firstRound reports whether some seat has still to lay its first tile (which must touch a
// free start symbol).
func firstRound(v *ingenious.View) bool {
	if v.Phase == ingenious.PhaseOver {
		return false
	}
	laid := make([]bool, len(v.Players))
	for _, p := range v.Placements {
		if int(p.Seat) >= 0 && int(p.Seat) < len(laid) {
			laid[p.Seat] = true
		}
	}
	for _, l := range laid {
		if !l {
			return true
		}
	}
	return false
}
