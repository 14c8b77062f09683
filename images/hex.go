package images

import (
	"math"

	"github.com/fogleman/gg"
)

// Point is a position in pixels.
type Point struct{ X, Y float64 }

// Add returns p moved by (dx, dy).
func (p Point) Add(dx, dy float64) Point { return Point{p.X + dx, p.Y + dy} }

// HexGrid places pointy-top hexagonal cells, in horizontal rows, on whole pixels: cells of a
// row are Width pixels apart, rows RowStep pixels apart, and each row down shifts half a cell
// to the right (axial coordinates, r growing downwards). Keep Width even so that every centre
// falls on a whole pixel and pictures drawn once and stamped elsewhere line up exactly.
type HexGrid struct {
	// Width is the distance between the centres of neighbours in a row.
	Width int
	// RowStep is the vertical distance between rows, about 0.866 Width.
	RowStep int
	// Origin is the centre of cell (0, 0).
	Origin Point
}

// NewHexGrid returns the grid whose cells are width pixels wide, with the row step that suits
// regular hexagons and the centre cell at origin.
func NewHexGrid(width int, origin Point) HexGrid {
	width += width % 2
	return HexGrid{Width: width, RowStep: int(math.Round(float64(width) * math.Sqrt(3) / 2)), Origin: origin}
}

// Size returns the circumradius of a regular hexagon that fills a cell: Width/√3.
func (g HexGrid) Size() float64 { return float64(g.Width) / math.Sqrt(3) }

// Center returns the centre of the cell at axial (q, r).
func (g HexGrid) Center(q, r int) Point {
	return Point{
		X: g.Origin.X + float64(g.Width*q+g.Width/2*r),
		Y: g.Origin.Y + float64(g.RowStep*r),
	}
}

// HexCorners returns the corners of a pointy-top hexagon of circumradius size centred on c,
// clockwise from the upper right one.
func HexCorners(c Point, size float64) [6]Point {
	var pts [6]Point
	for i := range pts {
		a := (float64(i)*60 - 30) * math.Pi / 180
		pts[i] = Point{c.X + size*math.Cos(a), c.Y + size*math.Sin(a)}
	}
	return pts
}

// PairOutline returns the outline of two neighbouring pointy-top hexagons of circumradius size
// centred on a and b. Smaller than the cells, the hexagons are joined across the gap between
// their facing sides, so that filling the outline gives one two-hex piece; larger, they merge
// where they overlap, so that stroking the outline rings the pair.
func PairOutline(a, b Point, size float64) []Point {
	theta := math.Atan2(b.Y-a.Y, b.X-a.X) * 180 / math.Pi
	corner := func(c Point, deg float64) Point {
		r := deg * math.Pi / 180
		return Point{c.X + size*math.Cos(r), c.Y + size*math.Sin(r)}
	}
	var ca, cb [6]Point
	for k := range 6 {
		ca[k] = corner(a, theta+30+60*float64(k))
		cb[k] = corner(b, theta+210+60*float64(k))
	}
	if size*math.Sqrt(3) <= math.Hypot(b.X-a.X, b.Y-a.Y) {
		return append(ca[:], cb[:]...)
	}
	j1 := intersect(ca[4], ca[5], cb[0], cb[1])
	j2 := intersect(cb[4], cb[5], ca[0], ca[1])
	pts := []Point{j2}
	pts = append(pts, ca[1:5]...)
	pts = append(pts, j1)
	return append(pts, cb[1:5]...)
}

// intersect returns where the line through p1 and p2 crosses the line through p3 and p4 (p1
// when they are parallel).
func intersect(p1, p2, p3, p4 Point) Point {
	d := (p1.X-p2.X)*(p3.Y-p4.Y) - (p1.Y-p2.Y)*(p3.X-p4.X)
	if math.Abs(d) < 1e-9 {
		return p1
	}
	t := ((p1.X-p3.X)*(p3.Y-p4.Y) - (p1.Y-p3.Y)*(p3.X-p4.X)) / d
	return Point{p1.X + t*(p2.X-p1.X), p1.Y + t*(p2.Y-p1.Y)}
}

// Polygon adds the closed polygon through pts to dc's path.
func Polygon(dc *gg.Context, pts []Point) {
	dc.NewSubPath()
	for i, p := range pts {
		if i == 0 {
			dc.MoveTo(p.X, p.Y)
		} else {
			dc.LineTo(p.X, p.Y)
		}
	}
	dc.ClosePath()
}

// Hexagon adds a pointy-top hexagon of circumradius size centred on c to dc's path.
func Hexagon(dc *gg.Context, c Point, size float64) {
	pts := HexCorners(c, size)
	Polygon(dc, pts[:])
}

// StarPoints returns the corners of a star of n points centred on c, its tips at radius outer
// and its inner corners at radius inner, the first tip at angle rotation (radians, 0 = east,
// −π/2 = up).
func StarPoints(c Point, outer, inner float64, n int, rotation float64) []Point {
	pts := make([]Point, 0, 2*n)
	for i := range 2 * n {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := rotation + float64(i)*math.Pi/float64(n)
		pts = append(pts, Point{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)})
	}
	return pts
}

// RegularPoints returns the corners of a regular polygon of n sides and circumradius r centred
// on c, the first corner at angle rotation (radians).
func RegularPoints(c Point, r float64, n int, rotation float64) []Point {
	pts := make([]Point, 0, n)
	for i := range n {
		a := rotation + float64(i)*2*math.Pi/float64(n)
		pts = append(pts, Point{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)})
	}
	return pts
}

// Ring fills the annulus between radii inner and outer around c with dc's current colour.
func Ring(dc *gg.Context, c Point, outer, inner float64) {
	dc.SetFillRuleEvenOdd()
	dc.NewSubPath()
	dc.DrawCircle(c.X, c.Y, outer)
	dc.NewSubPath()
	dc.DrawCircle(c.X, c.Y, inner)
	dc.Fill()
	dc.SetFillRuleWinding()
}
