package ingenious

import (
	"fmt"
	"strconv"
	"strings"
)

// BoardRadius is the radius of the printed board: 8 cells per side, 169 cells.
const BoardRadius = 7

// Cell is a hex cell in axial coordinates: Q grows to the east, R downwards; (0, 0) is the
// centre.
type Cell struct {
	Q, R int
}

// Direction is one of the six neighbour directions of a pointy-top hex.
type Direction int

// The six directions, in the order E, NE, NW, W, SW, SE.
const (
	East Direction = iota
	NorthEast
	NorthWest
	West
	SouthWest
	SouthEast
)

// directions holds the axial offset of each Direction.
var directions = [6]Cell{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// Step returns the neighbour of c in direction d.
func (c Cell) Step(d Direction) Cell {
	o := directions[d]
	return Cell{c.Q + o.Q, c.R + o.R}
}

// Neighbours returns the six cells around c, in Direction order (some may lie outside the area).
func (c Cell) Neighbours() [6]Cell {
	var n [6]Cell
	for d := range directions {
		n[d] = c.Step(Direction(d))
	}
	return n
}

// DirectionTo returns the direction from c to its neighbour o, or false if they are not adjacent.
func (c Cell) DirectionTo(o Cell) (Direction, bool) {
	for d, off := range directions {
		if c.Q+off.Q == o.Q && c.R+off.R == o.R {
			return Direction(d), true
		}
	}
	return 0, false
}

// Adjacent reports whether c and o are neighbours.
func (c Cell) Adjacent(o Cell) bool {
	_, ok := c.DirectionTo(o)
	return ok
}

// Distance returns the number of steps from the centre to c.
func (c Cell) Distance() int {
	return max(abs(c.Q), abs(c.R), abs(c.Q+c.R))
}

// Less orders cells by row, then by Q: the order in which move lists name a double's cells.
func (c Cell) Less(o Cell) bool {
	if c.R != o.R {
		return c.R < o.R
	}
	return c.Q < o.Q
}

// Label returns the cell's name on the picture for an active area of the given radius: the row
// letter counted from the top of the area, then the cell number counted from its left, e.g.
// "F7" for (1, 0) when radius is 5.
func (c Cell) Label(radius int) string {
	return string(rune('A'+c.R+radius)) + strconv.Itoa(c.Q-max(-radius, -radius-c.R)+1)
}

// ParseCell reads a label such as "F7" or "f7" for an active area of the given radius. It
// fails for text that is not a label of a cell inside the area.
func ParseCell(label string, radius int) (Cell, error) {
	s := strings.ToUpper(strings.TrimSpace(label))
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' {
		return Cell{}, fmt.Errorf("%q is not a cell: write a row letter and a number, like F7", label)
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil {
		return Cell{}, fmt.Errorf("%q is not a cell: write a row letter and a number, like F7", label)
	}
	r := int(s[0]-'A') - radius
	c := Cell{Q: n - 1 + max(-radius, -radius-r), R: r}
	if r < -radius || r > radius || n < 1 || c.Distance() > radius {
		return Cell{}, fmt.Errorf("there is no cell %s on this board", s)
	}
	return c, nil
}

// cellIndex maps every cell of the printed board to a dense index for array-backed boards.
func cellIndex(c Cell) int {
	return (c.R+BoardRadius)*(2*BoardRadius+1) + c.Q + BoardRadius
}

// cellCount is the size of an array indexed by cellIndex.
const cellCount = (2*BoardRadius + 1) * (2*BoardRadius + 1)

// AreaCells lists the cells of the active area of the given radius, in row order.
func AreaCells(radius int) []Cell {
	var cells []Cell
	for r := -radius; r <= radius; r++ {
		for q := -radius; q <= radius; q++ {
			if c := (Cell{q, r}); c.Distance() <= radius {
				cells = append(cells, c)
			}
		}
	}
	return cells
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
