package fits

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// boardKey names a cached static board: which board's marks, at which cell size, labelled in
// which language.
type boardKey struct {
	board, cell int
	lang        games.Lang
}

// frame is the geometry of one board in a picture: where its cells are.
type frame struct {
	x, y int // top-left corner of the static board image
	cell int // side of a cell in pixels
}

// margins of the static board image around its cells.
func (f frame) left() int   { return max(22, f.cell*7/10) + 6 }
func (f frame) top() int    { return 6 }
func (f frame) bottom() int { return max(22, f.cell*7/10) + 6 }

// size is the size of the static board image.
func (f frame) size() image.Point {
	return image.Pt(f.left()+game.Cols*f.cell+6, f.top()+game.Rows*f.cell+f.bottom())
}

// cellRect is the whole square of cell (col, row), gaps included; rows count from the floor.
func (f frame) cellRect(col, row int) image.Rectangle {
	x := f.x + f.left() + col*f.cell
	y := f.y + f.top() + (game.Rows-1-row)*f.cell
	return image.Rect(x, y, x+f.cell, y+f.cell)
}

// gridRect is the rectangle of all cells.
func (f frame) gridRect() image.Rectangle {
	return f.cellRect(0, game.Rows-1).Union(f.cellRect(game.Cols-1, 0))
}

// painter draws one picture: on the fast path straight into the pixels and from caches, on
// the naive path everything through gg.
type painter struct {
	r     *Renderer
	c     *images.Canvas
	naive bool
}

// fill paints r with col.
func (p *painter) fill(r image.Rectangle, col color.RGBA) {
	if !p.naive {
		p.c.Fill(r, col)
		return
	}
	p.c.DC.SetColor(col)
	p.c.DC.DrawRectangle(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()))
	p.c.DC.Fill()
}

// board draws the empty board of number n at f: from the cache on the fast path.
func (p *painter) board(f frame, n int, lang games.Lang) {
	if p.naive {
		drawStatic(p.c.DC, f, n, lang, p.c)
		return
	}
	static := p.r.static(n, f.cell, lang)
	draw.Draw(p.c.Img, static.Bounds().Add(image.Pt(f.x, f.y)), static, image.Point{}, draw.Src)
}

// static returns the cached empty board n at cell size cell, drawing it on first use.
func (r *Renderer) static(n, cell int, lang games.Lang) *image.RGBA {
	key := boardKey{n, cell, lang}
	r.mu.Lock()
	defer r.mu.Unlock()
	if img, ok := r.boards[key]; ok {
		return img
	}
	f := frame{cell: cell}
	img := image.NewRGBA(image.Rectangle{Max: f.size()})
	faces := images.NewFaces(r.fontsOrNil())
	c := images.NewCanvas(img, faces)
	c.Fill(img.Rect, images.Card)
	drawStatic(c.DC, f, n, lang, c)
	r.boards[key] = img
	return img
}

// fontsOrNil returns the kit's fonts; on failure faces fall back to a basic face.
func (r *Renderer) fontsOrNil() *images.Fonts {
	f, _ := r.kit.Fonts()
	return f
}

// drawStatic draws board n's empty grid at f: the wooden plate, plain dotted cells, special
// cells, the hatched overhang, and the row and column labels.
func drawStatic(dc *gg.Context, f frame, n int, lang games.Lang, c *images.Canvas) {
	g := f.gridRect()
	dc.SetColor(woodEdge)
	dc.DrawRoundedRectangle(float64(g.Min.X-6), float64(g.Min.Y-6), float64(g.Dx()+12), float64(g.Dy()+12), 8)
	dc.Fill()
	dc.SetColor(wood)
	dc.DrawRoundedRectangle(float64(g.Min.X-4), float64(g.Min.Y-4), float64(g.Dx()+8), float64(g.Dy()+8), 6)
	dc.Fill()
	cs := float64(f.cell)
	for row := range game.Rows {
		for col := range game.Cols {
			r := f.cellRect(col, row)
			x, y := float64(r.Min.X)+1, float64(r.Min.Y)+1
			w := cs - 2
			cx, cy := x+w/2, y+w/2
			if row >= game.GridRows {
				dc.SetColor(overFill)
				dc.DrawRectangle(x, y, w, w)
				dc.Fill()
				dc.SetColor(overHatch)
				dc.SetLineWidth(2)
				dc.DrawLine(x, y+w/2, x+w/2, y)
				dc.DrawLine(x, y+w, x+w, y)
				dc.DrawLine(x+w/2, y+w, x+w, y+w/2)
				dc.Stroke()
				continue
			}
			sp := game.MarkAt(n, game.Cell{Col: col, Row: row})
			switch sp.Mark {
			case game.Number:
				cellBox(dc, x, y, w, numFill)
				c.Text(strconv.Itoa(sp.Value), cx, cy, 0.5, 0.5, images.Bold, cs*0.5, ink)
			case game.White:
				cellBox(dc, x, y, w, whiteFill)
				c.Text("+"+strconv.Itoa(sp.Value), cx, cy, 0.5, 0.5, images.Bold, cs*0.42, ink)
			case game.Black:
				cellBox(dc, x, y, w, blackFill)
				c.Text("−5", cx, cy, 0.5, 0.5, images.Bold, cs*0.4, whiteFill)
			case game.SymbolMark:
				cellBox(dc, x, y, w, symFill)
				symbol(dc, sp.Symbol, cx, cy, w*0.32, ink)
			default:
				cellBox(dc, x, y, w, cellFill)
				dc.SetColor(dotInk)
				dc.DrawCircle(cx, cy, math.Max(2.5, cs*0.09))
				dc.Fill()
			}
		}
	}
	// The overhang's name across it, and the line between it and the grid.
	over := f.cellRect(0, game.Rows-1).Union(f.cellRect(game.Cols-1, game.GridRows))
	c.Text(wordOverhang.In(lang), float64(over.Min.X+over.Max.X)/2, float64(over.Min.Y+over.Max.Y)/2, 0.5, 0.5, images.Bold, math.Max(14, cs*0.42), overText)
	top := f.cellRect(0, game.GridRows-1)
	dc.SetColor(images.Paper)
	dc.DrawRectangle(float64(g.Min.X), float64(top.Min.Y)-1.5, float64(g.Dx()), 3)
	dc.Fill()
	size := math.Max(13, cs*0.36)
	for row := range game.GridRows {
		r := f.cellRect(0, row)
		c.Text(strconv.Itoa(row+1), float64(r.Min.X)-8, float64(r.Min.Y)+cs/2, 1, 0.5, images.Medium, size, images.Dim)
	}
	for col := range game.Cols {
		r := f.cellRect(col, 0)
		c.Text(game.ColumnLabel(col), float64(r.Min.X)+cs/2, float64(r.Max.Y)+9, 0.5, 0, images.Bold, size, images.Paper)
	}
}

// cellBox fills a cell's face with slightly rounded corners.
func cellBox(dc *gg.Context, x, y, w float64, col color.RGBA) {
	dc.SetColor(col)
	dc.DrawRoundedRectangle(x, y, w, w, 3)
	dc.Fill()
}

// symbol draws one of board 4's symbols centred at (cx, cy) with radius s.
func symbol(dc *gg.Context, sym game.Symbol, cx, cy, s float64, col color.RGBA) {
	dc.SetColor(col)
	switch sym {
	case game.Star:
		for i := range 10 {
			r := s
			if i%2 == 1 {
				r = s * 0.45
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			dc.LineTo(cx+r*math.Cos(a), cy+r*math.Sin(a))
		}
		dc.ClosePath()
		dc.Fill()
	case game.Heart:
		dc.MoveTo(cx, cy+s*0.95)
		dc.CubicTo(cx-s*1.4, cy-s*0.1, cx-s*0.7, cy-s*1.1, cx, cy-s*0.35)
		dc.CubicTo(cx+s*0.7, cy-s*1.1, cx+s*1.4, cy-s*0.1, cx, cy+s*0.95)
		dc.ClosePath()
		dc.Fill()
	case game.Circle:
		dc.SetLineWidth(s * 0.38)
		dc.DrawCircle(cx, cy, s*0.8)
		dc.Stroke()
	case game.Triangle:
		dc.MoveTo(cx, cy-s)
		dc.LineTo(cx+s*0.95, cy+s*0.75)
		dc.LineTo(cx-s*0.95, cy+s*0.75)
		dc.ClosePath()
		dc.Fill()
	case game.Square:
		dc.DrawRectangle(cx-s*0.78, cy-s*0.78, s*1.56, s*1.56)
		dc.Fill()
	}
}

// pieces draws a seat's pieces on its board at f: each piece filled in the seat's colour and
// outlined where it meets anything else, the piece at highlight ringed in pink.
func (p *painter) pieces(f frame, sv game.SeatView, highlight int) {
	face, edge, _ := seatShade(int(sv.Seat))
	for row := range game.Rows {
		for col := range game.Cols {
			k := sv.Grid[row][col]
			if k == 0 {
				continue
			}
			p.fill(f.cellRect(col, row), face)
		}
	}
	for row := range game.Rows {
		for col := range game.Cols {
			k := sv.Grid[row][col]
			if k == 0 {
				continue
			}
			pending := int(k-1) < len(sv.Pieces) && sv.Pieces[k-1].Pending
			line, width := edge, max(2, f.cell/16)
			if int(k-1) == highlight || pending {
				line, width = images.Highlight, max(3, f.cell/11)
			}
			p.edges(f.cellRect(col, row), width, line, func(dc, dr int) bool {
				c, r := col+dc, row+dr
				return c >= 0 && c < game.Cols && r >= 0 && r < game.Rows && sv.Grid[r][c] == k
			})
		}
	}
}

// edges draws the sides of cell rectangle r whose neighbour (in grid steps dc, dr; dr up) is
// not part of the same shape.
func (p *painter) edges(r image.Rectangle, w int, col color.RGBA, same func(dc, dr int) bool) {
	if !same(-1, 0) {
		p.fill(image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), col)
	}
	if !same(1, 0) {
		p.fill(image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), col)
	}
	if !same(0, 1) {
		p.fill(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), col)
	}
	if !same(0, -1) {
		p.fill(image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), col)
	}
}

// ghost draws a piece that is not placed yet at cells: in the light shade of the seat's
// colour with a pink outline, or in red when the landing is not allowed. Squares above the
// board are left out.
func (p *painter) ghost(f frame, seat int, cells []game.Cell, ok bool) {
	_, _, light := seatShade(seat)
	line := images.Highlight
	if !ok {
		light, line = badGhost, images.Paper
	}
	in := map[game.Cell]bool{}
	for _, c := range cells {
		in[c] = true
	}
	for _, c := range cells {
		if c.Row >= game.Rows {
			continue
		}
		r := f.cellRect(c.Col, c.Row).Inset(3)
		p.fill(r, light)
	}
	for _, c := range cells {
		if c.Row >= game.Rows {
			continue
		}
		p.edges(f.cellRect(c.Col, c.Row).Inset(1), max(3, f.cell/11), line, func(dc, dr int) bool {
			return in[game.Cell{Col: c.Col + dc, Row: c.Row + dr}]
		})
	}
}

// shape draws a piece's orientation with its lowest-left square's box at (x, y) bottom-left,
// squares of side cell.
func (p *painter) shape(o game.Orientation, x, y, cell int, face, edge color.RGBA) {
	in := map[game.Cell]bool{}
	for _, c := range o.Cells {
		in[c] = true
	}
	for _, c := range o.Cells {
		r := image.Rect(x+c.Col*cell, y-(c.Row+1)*cell, x+(c.Col+1)*cell, y-c.Row*cell)
		p.fill(r, face)
	}
	for _, c := range o.Cells {
		r := image.Rect(x+c.Col*cell, y-(c.Row+1)*cell, x+(c.Col+1)*cell, y-c.Row*cell)
		p.edges(r, max(2, cell/10), edge, func(dc, dr int) bool { return in[game.Cell{Col: c.Col + dc, Row: c.Row + dr}] })
	}
}
