package fits

import (
	"image"
	"image/color"

	"github.com/fogleman/gg"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// surface is where pieces, ghosts and rings go: straight onto the palette, or through gg on a
// baseline canvas. Everything drawn on it is axis-aligned rectangles and sprites.
type surface interface {
	fill(r image.Rectangle, col color.RGBA)
	stamp(sp images.Sprite, x, y int)
}

// palSurface draws onto a paletted picture, keeping the first error.
type palSurface struct {
	out *image.Paletted
	pal *images.Palette
	err *error
}

func (s palSurface) fill(r image.Rectangle, col color.RGBA) {
	images.FillIndex(s.out, r, s.pal.Index(col))
}

func (s palSurface) stamp(sp images.Sprite, x, y int) {
	if err := sp.StampPaletted(s.out, x, y); err != nil && *s.err == nil {
		*s.err = err
	}
}

// ggSurface draws through a canvas: with gg on a baseline canvas.
type ggSurface struct{ c *images.Canvas }

func (s ggSurface) fill(r image.Rectangle, col color.RGBA) { rect(s.c, r, col) }

func (s ggSurface) stamp(sp images.Sprite, x, y int) { s.c.Stamp(sp, x, y) }

// spriteSet holds the sprites of one cell size, each anchored at its top-left corner and
// prepared for the palette.
type spriteSet struct {
	// square is a square of a piece, ghost a translucent one, by colour.
	square, ghost [4]images.Sprite
	// bad is a square of a landing that is not allowed.
	bad images.Sprite
}

// sprites returns the sprites of cell size cell, drawing them on first use.
func (r *Renderer) sprites(cell int) (*spriteSet, error) {
	return r.spriteSets.Get(cell, func() (*spriteSet, error) {
		pal, err := r.Palette()
		if err != nil {
			return nil, err
		}
		set := &spriteSet{}
		for i, col := range seatShades {
			set.square[i] = images.NewSprite(0, 0, cell, cell, func(dc *gg.Context) { drawSquare(dc, cell, col) }).ForPalette(pal)
			set.ghost[i] = images.NewSprite(0, 0, cell, cell, func(dc *gg.Context) {
				dc.DrawRectangle(0, 0, float64(cell), float64(cell))
				dc.SetColor(fade(col, ghostAlpha))
				dc.Fill()
			}).ForPalette(pal)
		}
		set.bad = images.NewSprite(0, 0, cell, cell, func(dc *gg.Context) { drawBad(dc, cell) }).ForPalette(pal)
		return set, nil
	})
}

// drawSquare draws a square of a piece of colour col, cell wide, at the origin: the colour
// with a lit rim at the top and left and a shaded one at the bottom and right, so that the
// squares of one piece read as blocks.
func drawSquare(dc *gg.Context, cell int, col color.RGBA) {
	c := float64(cell)
	rim := float64(max(2, cell/16))
	box := func(x, y, w, h float64, k color.RGBA) {
		dc.DrawRectangle(x, y, w, h)
		dc.SetColor(k)
		dc.Fill()
	}
	box(0, 0, c, c, col)
	box(0, 0, c, rim, litOf(col))
	box(0, 0, rim, c, litOf(col))
	box(0, c-rim, c, rim, shadeOf(col))
	box(c-rim, rim, rim, c-rim, shadeOf(col))
}

// drawBad draws a square of a landing that is not allowed: translucent pink crossed out.
func drawBad(dc *gg.Context, cell int) {
	c := float64(cell)
	dc.DrawRectangle(0, 0, c, c)
	dc.SetColor(fade(images.Highlight, ghostAlpha))
	dc.Fill()
	m := c * 0.27
	dc.DrawLine(m, m, c-m, c-m)
	dc.DrawLine(c-m, m, m, c-m)
	dc.SetColor(images.Paper)
	dc.SetLineWidth(3)
	dc.SetLineCapRound()
	dc.Stroke()
}

// outlineCell draws the outline of one square r of a shape, lw wide in col, along the sides
// whose neighbour (steps dc, dr, with dr upwards) is not part of the shape, and fills the
// inner corners where both sides' neighbours are but the diagonal one is not.
func outlineCell(s surface, r image.Rectangle, lw int, col color.RGBA, same func(dc, dr int) bool) {
	if !same(-1, 0) {
		s.fill(image.Rect(r.Min.X, r.Min.Y, r.Min.X+lw, r.Max.Y), col)
	}
	if !same(1, 0) {
		s.fill(image.Rect(r.Max.X-lw, r.Min.Y, r.Max.X, r.Max.Y), col)
	}
	if !same(0, 1) {
		s.fill(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+lw), col)
	}
	if !same(0, -1) {
		s.fill(image.Rect(r.Min.X, r.Max.Y-lw, r.Max.X, r.Max.Y), col)
	}
	for _, d := range [4][2]int{{-1, 1}, {1, 1}, {-1, -1}, {1, -1}} {
		if !same(d[0], 0) || !same(0, d[1]) || same(d[0], d[1]) {
			continue
		}
		x, y := r.Min.X, r.Min.Y
		if d[0] > 0 {
			x = r.Max.X - lw
		}
		if d[1] < 0 {
			y = r.Max.Y - lw
		}
		s.fill(image.Rect(x, y, x+lw, y+lw), col)
	}
}

// dashedOutlineCell is outlineCell in dashes, laid out on the picture's own grid so that they
// run on from square to square.
func dashedOutlineCell(s surface, r image.Rectangle, lw int, col color.RGBA, same func(dc, dr int) bool) {
	const on, period = 7, 11
	across := func(y int) {
		for x := r.Min.X; x < r.Max.X; x++ {
			if x%period < on {
				end := min(r.Max.X, x+on-x%period)
				s.fill(image.Rect(x, y, end, y+lw), col)
				x = end - 1
			}
		}
	}
	down := func(x int) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			if y%period < on {
				end := min(r.Max.Y, y+on-y%period)
				s.fill(image.Rect(x, y, x+lw, end), col)
				y = end - 1
			}
		}
	}
	if !same(-1, 0) {
		down(r.Min.X)
	}
	if !same(1, 0) {
		down(r.Max.X - lw)
	}
	if !same(0, 1) {
		across(r.Min.Y)
	}
	if !same(0, -1) {
		across(r.Max.Y - lw)
	}
}

// outlineWidth is the width of a piece's outline at cell size cell; twice that parts two
// pieces side by side.
func outlineWidth(cell int) int { return max(2, cell/14) }

// drawPieces draws sv's pieces on its board picture at: every square stamped in the seat's
// colour, each piece outlined where it meets anything else (a deep shade of the colour), the
// last piece laid outlined in pink when last is set, and the viewer's own hidden choice in
// pink dashes, like a ghost.
func drawPieces(s surface, set *spriteSet, g boardGeom, at image.Point, sv game.SeatView, own *owners, last bool) {
	col := seatShade(sv.Colour)
	for _, p := range sv.Pieces {
		for _, c := range p.Cells {
			r := g.cellRect(at, c.Col, c.Row)
			s.stamp(set.square[sv.Colour], r.Min.X, r.Min.Y)
		}
	}
	w := outlineWidth(g.cell)
	for i, p := range sv.Pieces {
		outline, line, lw := outlineCell, edgeOf(col), w
		switch {
		case p.Pending:
			outline, line, lw = dashedOutlineCell, images.Highlight, w+1
		case last && i == sv.Last:
			line, lw = images.Highlight, w+1
		}
		k := int8(i + 1)
		for _, c := range p.Cells {
			r := g.cellRect(at, c.Col, c.Row)
			same := func(dc, dr int) bool {
				col, row := c.Col+dc, c.Row+dr
				return col >= 0 && col < game.Cols && row >= 0 && row < game.Rows && own[row][col] == k
			}
			if p.Pending {
				outlineCell(s, r, w, edgeOf(col), same)
			}
			outline(s, r, lw, line, same)
		}
	}
}

// drawGhost draws a piece not laid yet on cells of a board picture at: translucent in colour
// with a dashed pink outline where it may land, pink and crossed out with a solid outline
// where it may not. Squares more than headroomRows above the board are left out.
func drawGhost(s surface, set *spriteSet, g boardGeom, at image.Point, colour game.Colour, cells []game.Cell, legal bool) {
	in := map[game.Cell]bool{}
	for _, c := range cells {
		in[c] = true
	}
	shown := func(c game.Cell) bool {
		return c.Col >= 0 && c.Col < game.Cols && c.Row >= 0 && c.Row < game.Rows+headroomRows
	}
	for _, c := range cells {
		if !shown(c) {
			continue
		}
		r := g.cellRect(at, c.Col, c.Row)
		sp := set.bad
		if legal {
			sp = set.ghost[colour]
		}
		s.stamp(sp, r.Min.X, r.Min.Y)
	}
	lw := outlineWidth(g.cell) + 1
	for _, c := range cells {
		if !shown(c) {
			continue
		}
		same := func(dc, dr int) bool { return in[game.Cell{Col: c.Col + dc, Row: c.Row + dr}] }
		r := g.cellRect(at, c.Col, c.Row)
		if legal {
			dashedOutlineCell(s, r, lw, images.Highlight, same)
		} else {
			outlineCell(s, r, lw, images.Highlight, same)
		}
	}
}

// drawShape draws orientation o of a piece with the top-left corner of its box at (x, y),
// squares cell wide, in face with an outline of edge lw wide; squares of 14 pixels or more
// get the lit and shaded rims of the board's squares.
func drawShape(s surface, o game.Orientation, x, y, cell int, face, edge color.RGBA, lw int) {
	in := map[game.Cell]bool{}
	for _, c := range o.Cells {
		in[c] = true
	}
	at := func(c game.Cell) image.Rectangle {
		px, py := x+c.Col*cell, y+(o.Height-1-c.Row)*cell
		return image.Rect(px, py, px+cell, py+cell)
	}
	rim := max(2, cell/16)
	for _, c := range o.Cells {
		r := at(c)
		s.fill(r, face)
		if cell >= 14 {
			s.fill(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+rim), litOf(face))
			s.fill(image.Rect(r.Min.X, r.Min.Y, r.Min.X+rim, r.Max.Y), litOf(face))
			s.fill(image.Rect(r.Min.X, r.Max.Y-rim, r.Max.X, r.Max.Y), shadeOf(face))
			s.fill(image.Rect(r.Max.X-rim, r.Min.Y+rim, r.Max.X, r.Max.Y), shadeOf(face))
		}
	}
	for _, c := range o.Cells {
		outlineCell(s, at(c), lw, edge, func(dc, dr int) bool { return in[game.Cell{Col: c.Col + dc, Row: c.Row + dr}] })
	}
}

// ringKey names a ring sprite: the size of the card it rings and its colour.
type ringKey struct {
	w, h int
	col  color.RGBA
}

// ring returns the sprite ringing a card of size w × h in col (anchored at its top-left
// corner), drawing it on first use.
func (r *Renderer) ring(w, h int, col color.RGBA) (images.Sprite, error) {
	return r.rings.Get(ringKey{w, h, col}, func() (images.Sprite, error) {
		pal, err := r.Palette()
		if err != nil {
			return images.Sprite{}, err
		}
		return images.NewSprite(0, 0, w, h, func(dc *gg.Context) {
			dc.DrawRoundedRectangle(1.5, 1.5, float64(w)-3, float64(h)-3, radius-1.5)
			dc.SetColor(col)
			dc.SetLineWidth(3)
			dc.Stroke()
		}).ForPalette(pal), nil
	})
}
