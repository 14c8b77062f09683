package fits

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Shape is one of the 16 piece shapes, named as on the cards ("T4": a T of four squares).
// The zero value is NoShape.
type Shape int8

// The shapes in the rules file's order (data.go holds their pictures).
const (
	NoShape Shape = iota
	I3
	V3
	O4
	T4
	S4
	L4
	F5
	L5
	N5
	P5
	T5
	U5
	V5
	W5
	X5
	Y5
)

// NumShapes is the number of shapes, and of building cards.
const NumShapes = 16

// Shapes lists the 16 shapes in the rules file's order.
func Shapes() []Shape {
	out := make([]Shape, NumShapes)
	for i := range out {
		out[i] = Shape(i + 1)
	}
	return out
}

// StartShapes lists the shapes of the four start cards: F5, W5, X5, U5.
func StartShapes() []Shape { return slices.Clone(startTable[:]) }

// Valid reports whether s is one of the 16 shapes.
func (s Shape) Valid() bool { return s >= I3 && s <= Y5 }

// String returns the shape's name ("T4"), or "?" for an invalid shape.
func (s Shape) String() string {
	if !s.Valid() {
		return "?"
	}
	return shapeTable[s].name
}

// IsStart reports whether s is shown on a start card.
func (s Shape) IsStart() bool { return slices.Contains(startTable[:], s) }

// Size returns the number of squares of s (0 for an invalid shape).
func (s Shape) Size() int {
	if !s.Valid() {
		return 0
	}
	return len(orientTable[s][0].cells)
}

// Picture returns the shape's picture as the rules file draws it, top row first.
func (s Shape) Picture() []string {
	if !s.Valid() {
		return nil
	}
	return slices.Clone(shapeTable[s].picture)
}

// ParseShape reads a shape name ("t4" or "T4").
func ParseShape(name string) (Shape, bool) {
	for _, s := range Shapes() {
		if strings.EqualFold(name, s.String()) {
			return s, true
		}
	}
	return NoShape, false
}

// MarshalJSON writes the shape's name; an invalid shape cannot be written.
func (s Shape) MarshalJSON() ([]byte, error) {
	if !s.Valid() {
		return nil, fmt.Errorf("fits: shape %d cannot be written", int(s))
	}
	return json.Marshal(s.String())
}

// UnmarshalJSON reads a shape name, exactly as written on the cards ("T4").
func (s *Shape) UnmarshalJSON(b []byte) error {
	var name string
	if err := json.Unmarshal(b, &name); err != nil {
		return fmt.Errorf("piece %s: want a shape name like \"T4\"", b)
	}
	for _, sh := range Shapes() {
		if sh.String() == name {
			*s = sh
			return nil
		}
	}
	return fmt.Errorf("unknown piece %q (the pieces are %s)", name, shapeNames())
}

// shapeNames lists the shape names: "I3 V3 … Y5".
func shapeNames() string {
	names := make([]string, 0, NumShapes)
	for _, s := range Shapes() {
		names = append(names, s.String())
	}
	return strings.Join(names, " ")
}

// Orientation is one way to lay a shape: the (Rot, Flip) pair that names it in a placement,
// its size, and its squares. A square's Col counts from the piece's leftmost column and its
// Row from its lowest row, both from 0.
type Orientation struct {
	// Rot and Flip name the orientation in a placement.
	Rot  int
	Flip bool
	// Width and Height are the size of its bounding box in squares.
	Width, Height int
	// Cells are its squares, from the lowest row up, left to right.
	Cells []Cell
}

// orientation is the precomputed form of one (rot, flip) pair of a shape.
type orientation struct {
	w, h  int
	cells []Cell  // Col = x from the left, Row = offset from the bottom; sorted by (Row, Col)
	low   [5]int8 // per column x < w: the lowest Row of a square in that column
	first int     // pair index (flip*4 + rot) of the first pair with the same cell set
}

// orientTable holds every shape's eight (rot, flip) pairs, indexed by flip*4 + rot. It is
// computed once and never changed.
var orientTable = func() (t [NumShapes + 1][8]orientation) {
	for s := I3; s <= Y5; s++ {
		for i := range 8 {
			t[s][i] = orient(shapeTable[s].picture, i%4, i >= 4)
			t[s][i].first = i
			for j := range i {
				if slices.Equal(t[s][j].cells, t[s][i].cells) {
					t[s][i].first = t[s][j].first
					break
				}
			}
		}
	}
	return t
}()

// orient turns a picture as the rules define it: squares (x, y) with y downwards; flip maps
// x → w−1−x; each clockwise quarter turn maps (x, y) → (h−1−y, x) with h the current height;
// then the squares are shifted so the least x and y are 0. The picture's top row is the
// highest on the board.
func orient(picture []string, rot int, flip bool) orientation {
	type xy struct{ x, y int }
	var sq []xy
	w, h := 0, len(picture)
	for y, line := range picture {
		w = max(w, len(line))
		for x, ch := range line {
			if ch == '#' {
				sq = append(sq, xy{x, y})
			}
		}
	}
	if flip {
		for i := range sq {
			sq[i].x = w - 1 - sq[i].x
		}
	}
	for range rot {
		for i := range sq {
			sq[i] = xy{h - 1 - sq[i].y, sq[i].x}
		}
		w, h = h, w
	}
	minX, minY := w, h
	for _, p := range sq {
		minX, minY = min(minX, p.x), min(minY, p.y)
	}
	o := orientation{}
	for _, p := range sq {
		o.w, o.h = max(o.w, p.x-minX+1), max(o.h, p.y-minY+1)
	}
	for i := range o.low {
		o.low[i] = int8(o.h)
	}
	for _, p := range sq {
		c := Cell{Col: p.x - minX, Row: o.h - 1 - (p.y - minY)}
		o.cells = append(o.cells, c)
		o.low[c.Col] = min(o.low[c.Col], int8(c.Row))
	}
	slices.SortFunc(o.cells, func(a, b Cell) int { return a.index() - b.index() })
	return o
}

// orientOf returns the precomputed orientation of (rot, flip); rot must be 0–3.
func orientOf(s Shape, rot int, flip bool) *orientation {
	i := rot
	if flip {
		i += 4
	}
	return &orientTable[s][i]
}

// pairOf returns the (rot, flip) of pair index i.
func pairOf(i int) (int, bool) { return i % 4, i >= 4 }

// distinctPairs returns the pair indexes of s's distinct cell sets in listing order: flip
// false rot 0–3, then flip true rot 0–3, each cell set under its first pair.
func distinctPairs(s Shape) []int {
	var out []int
	for i := range 8 {
		if orientTable[s][i].first == i {
			out = append(out, i)
		}
	}
	return out
}

// Orientations lists the distinct orientations of s in the order lists and menus show them:
// each distinct cell set once, under its first pair in the order flip false rot 0–3, then
// flip true rot 0–3. It returns nil for an invalid shape.
func Orientations(s Shape) []Orientation {
	if !s.Valid() {
		return nil
	}
	var out []Orientation
	for _, i := range distinctPairs(s) {
		rot, flip := pairOf(i)
		out = append(out, s.Orient(rot, flip))
	}
	return out
}

// Orient returns s turned rot (0–3) clockwise quarter turns after flipping it when flip is
// set. It returns the zero Orientation for an invalid shape or rot.
func (s Shape) Orient(rot int, flip bool) Orientation {
	if !s.Valid() || rot < 0 || rot > 3 {
		return Orientation{}
	}
	o := orientOf(s, rot, flip)
	return Orientation{Rot: rot, Flip: flip, Width: o.w, Height: o.h, Cells: slices.Clone(o.cells)}
}
