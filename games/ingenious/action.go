package ingenious

import (
	"fmt"

	"github.com/tablebot/tablebot/games"
)

// Action is one of the Ingenious actions: Place, Swap, Keep (the players') and Draw (chance).
type Action interface {
	games.Action
	ingenious()
}

// Place lays a tile: colour First on Cells[0], colour Second on Cells[1]. Its JSON form is
// {"type":"place","tile":"RG","cells":[[q,r],[q,r]]}, the tile's first letter lying on the
// first cell.
type Place struct {
	First, Second Colour
	Cells         [2]Cell
}

// Swap trades the whole rack for six new tiles: {"type":"swap"}.
type Swap struct{}

// Keep declines an offered swap: {"type":"keep"}.
type Keep struct{}

// Draw is the chance seat's move: the tiles drawn from the bag for the rack being filled,
// each in record order. {"type":"draw","tiles":["BB","RG"]}.
type Draw struct {
	Tiles []Tile
}

// ActionType returns "place".
func (Place) ActionType() string { return "place" }

// ActionType returns "swap".
func (Swap) ActionType() string { return "swap" }

// ActionType returns "keep".
func (Keep) ActionType() string { return "keep" }

// ActionType returns "draw".
func (Draw) ActionType() string { return "draw" }

func (Place) ingenious() {}
func (Swap) ingenious()  {}
func (Keep) ingenious()  {}
func (Draw) ingenious()  {}

// Tile returns the tile being placed, in record order.
func (p Place) Tile() Tile { return NewTile(p.First, p.Second) }

// Canonical returns the form of p that move lists use in standard games: a double's cells in
// ascending (r, q) order. A mixed tile keeps its orientation, which matters. (In team and solo
// games the order of a double's cells matters too; see State.canonical.)
func (p Place) Canonical() Place {
	if p.First == p.Second && p.Cells[1].Less(p.Cells[0]) {
		p.Cells[0], p.Cells[1] = p.Cells[1], p.Cells[0]
	}
	if p.First != p.Second && p.Second < p.First {
		p.First, p.Second = p.Second, p.First
		p.Cells[0], p.Cells[1] = p.Cells[1], p.Cells[0]
	}
	return p
}

// colourAt returns the colour p lays on cell i (0 or 1).
func (p Place) colourAt(i int) Colour {
	if i == 0 {
		return p.First
	}
	return p.Second
}

// MarshalJSON writes the record form.
func (p Place) MarshalJSON() ([]byte, error) {
	tile := string([]byte{p.First.Letter(), p.Second.Letter()})
	return games.Encode(p, placeWire{tile, [][]int{{p.Cells[0].Q, p.Cells[0].R}, {p.Cells[1].Q, p.Cells[1].R}}})
}

// MarshalJSON writes {"type":"swap"}.
func (Swap) MarshalJSON() ([]byte, error) { return []byte(`{"type":"swap"}`), nil }

// MarshalJSON writes {"type":"keep"}.
func (Keep) MarshalJSON() ([]byte, error) { return []byte(`{"type":"keep"}`), nil }

// MarshalJSON writes the record form.
func (d Draw) MarshalJSON() ([]byte, error) { return games.Encode(d, drawWire(d)) }

// codec reads Ingenious actions: a tile as its two colour letters, cells as [q, r] pairs. A
// placement may be taken back (the referee allows it only until chance refills the rack or
// another seat acts: within a turn, for example before a bonus placement or the swap
// decision), and so may the decision to keep the rack. A swap is final: new tiles are drawn at
// once.
var codec = games.NewCodec(Name,
	games.Kind[placeWire]("place").Undoable(),
	games.Bare[Swap]("swap"),
	games.Bare[Keep]("keep").Undoable(),
	games.Kind[drawWire]("draw").ByChance(),
)

// placeWire is the JSON form of Place.
type placeWire struct {
	Tile  string  `json:"tile"`
	Cells [][]int `json:"cells"`
}

// Action reads the tile's letters and the two cells.
func (w *placeWire) Action() (games.Action, error) {
	a, b, err := parsePair(w.Tile)
	if err != nil {
		return nil, err
	}
	c := w.Cells
	if len(c) != 2 || len(c[0]) != 2 || len(c[1]) != 2 {
		return nil, fmt.Errorf("\"cells\" must be two [q, r] pairs")
	}
	return Place{First: a, Second: b, Cells: [2]Cell{{c[0][0], c[0][1]}, {c[1][0], c[1][1]}}}, nil
}

// drawWire is the JSON form of Draw.
type drawWire struct {
	Tiles []Tile `json:"tiles"`
}

// Action builds the Draw.
func (w *drawWire) Action() (games.Action, error) { return Draw{Tiles: w.Tiles}, nil }
