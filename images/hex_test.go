package images

import (
	"math"
	"testing"
)

func TestHexGridWholePixels(t *testing.T) {
	g := NewHexGrid(49, Point{400, 300})
	if g.Width != 50 || g.RowStep != 43 {
		t.Fatalf("grid %+v: want width 50, row step 43", g)
	}
	for r := -7; r <= 7; r++ {
		for q := -7; q <= 7; q++ {
			c := g.Center(q, r)
			if c.X != math.Trunc(c.X) || c.Y != math.Trunc(c.Y) {
				t.Fatalf("centre of (%d, %d) at %v: not on a whole pixel", q, r, c)
			}
		}
	}
	for _, d := range [][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}} {
		a, b := g.Center(0, 0), g.Center(d[0], d[1])
		if dist := math.Hypot(b.X-a.X, b.Y-a.Y); math.Abs(dist-50) > 1 {
			t.Errorf("neighbour %v is %.1f px away, want about 50", d, dist)
		}
	}
}

func TestPairOutline(t *testing.T) {
	g := NewHexGrid(50, Point{})
	a, b := g.Center(0, 0), g.Center(0, 1)
	for _, tc := range []struct {
		size   float64
		points int
	}{{g.Size() - 3, 12}, {g.Size() + 4, 10}} {
		pts := PairOutline(a, b, tc.size)
		if len(pts) != tc.points {
			t.Errorf("size %.1f: %d points, want %d", tc.size, len(pts), tc.points)
		}
		for _, p := range pts {
			da, db := math.Hypot(p.X-a.X, p.Y-a.Y), math.Hypot(p.X-b.X, p.Y-b.Y)
			if math.Min(da, db) > tc.size+1e-6 {
				t.Errorf("size %.1f: point %v lies outside both hexagons", tc.size, p)
			}
		}
	}
}
