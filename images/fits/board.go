package fits

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"
	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// boardKey names a static board picture: whose marks, at which cell size, labelled in which
// language.
type boardKey struct {
	board, cell int
	lang        games.Lang
}

// rect fills r with col: straight into the pixels, or through gg on a baseline canvas.
func rect(c *images.Canvas, r image.Rectangle, col color.RGBA) {
	if !c.Baseline() {
		c.Fill(r, col)
		return
	}
	c.DC.DrawRectangle(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()))
	c.DC.SetColor(col)
	c.DC.Fill()
}

// drawBoard draws board n's empty grid at cell size g.cell with its top-left corner at: the
// walnut frame, the plain dotted cells and the special cells of rows 1–12, the hatched
// overhang of rows 13–16 with its name above it, the ridge between them, and the row numbers
// and column letters. It paints its whole rectangle, starting with the card colour.
func drawBoard(c *images.Canvas, g boardGeom, at image.Point, n int, lang games.Lang) {
	dc := c.DC
	size := g.size()
	rect(c, image.Rectangle{Min: at, Max: at.Add(size)}, images.Card)
	grid := g.grid(at)
	gx, gy, gw, gh := float64(grid.Min.X), float64(grid.Min.Y), float64(grid.Dx()), float64(grid.Dy())
	dc.DrawRoundedRectangle(gx-6, gy-6, gw+12, gh+12, 8)
	dc.SetColor(plateRim)
	dc.Fill()
	dc.DrawRoundedRectangle(gx-4, gy-4, gw+8, gh+8, 6)
	dc.SetColor(plate)
	dc.Fill()
	cs := float64(g.cell)
	for row := range game.Rows {
		for col := range game.Cols {
			r := g.cellRect(at, col, row)
			x, y, w := float64(r.Min.X)+1, float64(r.Min.Y)+1, cs-2
			if row >= game.GridRows {
				overhangCell(dc, x, y, w)
				continue
			}
			drawMark(c, game.MarkAt(n, game.Cell{Col: col, Row: row}), x, y, w)
		}
	}
	c.Text(wordOverhang.In(lang)+" 13–16", gx+gw/2, gy-17, 0.5, 0.5, images.Bold, 20, overInk)
	top := g.cellRect(at, 0, game.GridRows-1)
	dc.DrawRectangle(gx-4, float64(top.Min.Y)-1.5, gw+8, 3)
	dc.SetColor(ridge)
	dc.Fill()

	ls := g.labelSize()
	for row := range game.Rows {
		r := g.cellRect(at, 0, row)
		// Bold: at a phone's size the thin flag of a lighter "1" fades, and 11 reads as "LL".
		ink, style := images.Paper, images.Bold
		if row >= game.GridRows {
			ink = overInk
		}
		c.Text(strconv.Itoa(row+1), gx-10, float64(r.Min.Y)+cs/2, 1, 0.5, style, ls, ink)
	}
	for col := range game.Cols {
		r := g.cellRect(at, col, 0)
		c.Text(game.ColumnLabel(col), float64(r.Min.X)+cs/2, gy+gh+8, 0.5, 0, images.Bold, ls, images.Paper)
	}
}

// overhangCell draws an empty overhang cell: dark, hatched from lower left to upper right.
func overhangCell(dc *gg.Context, x, y, w float64) {
	dc.DrawRectangle(x, y, w, w)
	dc.SetColor(overFill)
	dc.Fill()
	dc.SetColor(overHatch)
	dc.SetLineWidth(2)
	for _, k := range []float64{0.5, 1, 1.5} {
		// the segment of the line x + (y' - y) = x + k w inside the cell
		x0, y0 := x, y+k*w
		x1, y1 := x+k*w, y
		if k > 1 {
			x0, y0 = x+(k-1)*w, y+w
			x1, y1 = x+w, y+(k-1)*w
		}
		dc.DrawLine(x0, y0, x1, y1)
	}
	dc.Stroke()
}

// drawMark draws one grid cell's face at (x, y), w wide, with its printed mark: a plain dot,
// a number of board 2, a white value or black −5 cell of board 3, a symbol of board 4.
func drawMark(c *images.Canvas, sp game.Special, x, y, w float64) {
	dc := c.DC
	cx, cy := x+w/2, y+w/2
	face := func(col color.RGBA) {
		dc.DrawRoundedRectangle(x, y, w, w, 3)
		dc.SetColor(col)
		dc.Fill()
	}
	switch sp.Mark {
	case game.Number:
		face(numberFill)
		c.Text(strconv.Itoa(sp.Value), cx, cy, 0.5, 0.5, images.Bold, math.Round(w*0.56), markInk)
	case game.White:
		face(whiteRing)
		dc.DrawRoundedRectangle(x+2, y+2, w-4, w-4, 2)
		dc.SetColor(whiteFill)
		dc.Fill()
		c.Text("+"+strconv.Itoa(sp.Value), cx, cy, 0.5, 0.5, images.Bold, math.Round(w*0.44), markInk)
	case game.Black:
		face(blackFill)
		c.Text("−5", cx, cy, 0.5, 0.5, images.Bold, math.Round(w*0.42), images.Paper)
	case game.SymbolMark:
		face(symbolFill)
		symbol(dc, sp.Symbol, cx, cy, w*0.33, markInk)
	default:
		face(cellFill)
		dc.DrawCircle(cx, cy, math.Max(2.5, w*0.09))
		dc.SetColor(dotInk)
		dc.Fill()
	}
}

// symbol draws one of board 4's symbols centred at (cx, cy), s its radius: a five-point
// star, a heart, a ring, a triangle, a square — told apart by shape alone.
func symbol(dc *gg.Context, sym game.Symbol, cx, cy, s float64, col color.RGBA) {
	dc.SetColor(col)
	switch sym {
	case game.Star:
		images.Polygon(dc, images.StarPoints(images.Point{X: cx, Y: cy + s*0.08}, s*1.08, s*0.45, 5, -math.Pi/2))
		dc.Fill()
	case game.Heart:
		dc.MoveTo(cx, cy+s*0.95)
		dc.CubicTo(cx-s*1.45, cy-s*0.05, cx-s*0.75, cy-s*1.15, cx, cy-s*0.38)
		dc.CubicTo(cx+s*0.75, cy-s*1.15, cx+s*1.45, cy-s*0.05, cx, cy+s*0.95)
		dc.ClosePath()
		dc.Fill()
	case game.Circle:
		images.Ring(dc, images.Point{X: cx, Y: cy}, s*0.95, s*0.55)
	case game.Triangle:
		images.Polygon(dc, images.RegularPoints(images.Point{X: cx, Y: cy + s*0.18}, s*1.1, 3, -math.Pi/2))
		dc.Fill()
	case game.Square:
		dc.DrawRectangle(cx-s*0.8, cy-s*0.8, s*1.6, s*1.6)
		dc.Fill()
	}
}

// board returns the static picture of board n at cell size cell labelled in lang, on the
// palette, drawing it on first use.
func (r *Renderer) board(n, cell int, lang games.Lang) (*image.Paletted, error) {
	return r.boards.Get(boardKey{board: n, cell: cell, lang: lang}, func() (*image.Paletted, error) {
		g := boardGeom{cell: cell}
		img := image.NewRGBA(image.Rectangle{Max: g.size()})
		c, err := r.Canvas(img, false)
		if err != nil {
			return nil, err
		}
		drawBoard(c, g, image.Point{}, n, lang)
		return r.convert(img, c)
	})
}
