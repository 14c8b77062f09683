package fits

import (
	"fmt"

	"github.com/tablebot/tablebot/games"
)

// Action is one of the FITS actions: Place and Aside (the players'), Start and Reveal
// (chance's).
type Action interface {
	games.Action
	fits()
}

// Place drops a piece: Piece (which must be the piece the seat has to place now) turned Rot
// (0–3) clockwise quarter turns after flipping it when Flip is set, entering above column Col
// (0–5 for A–F) of its leftmost square. Its JSON form is
// {"type":"place","piece":"F5","rot":1,"flip":false,"col":"C"}.
type Place struct {
	Piece Shape
	Rot   int
	Flip  bool
	Col   int
}

// Aside sets the turned building card's piece aside for the rest of the round:
// {"type":"aside","piece":"T4"}.
type Aside struct {
	Piece Shape
}

// Start is chance's deal of the start cards, one shape per seat in seat order:
// {"type":"start","cards":["F5","X5"]}.
type Start struct {
	Cards []Shape
}

// Reveal is chance turning the next building card: {"type":"reveal","piece":"T4"}.
type Reveal struct {
	Piece Shape
}

// ActionType returns "place".
func (Place) ActionType() string { return "place" }

// ActionType returns "aside".
func (Aside) ActionType() string { return "aside" }

// ActionType returns "start".
func (Start) ActionType() string { return "start" }

// ActionType returns "reveal".
func (Reveal) ActionType() string { return "reveal" }

func (Place) fits()  {}
func (Aside) fits()  {}
func (Start) fits()  {}
func (Reveal) fits() {}

// Canonical returns p with Rot and Flip replaced by the first pair giving the same cell set
// (the pair Legal lists). A p with an invalid shape or rot is returned unchanged.
func (p Place) Canonical() Place {
	if !p.Piece.Valid() || p.Rot < 0 || p.Rot > 3 {
		return p
	}
	p.Rot, p.Flip = pairOf(orientOf(p.Piece, p.Rot, p.Flip).first)
	return p
}

// checkForm returns why p names no orientation of a real piece, or nil.
func (p Place) checkForm() *games.Refusal {
	if !p.Piece.Valid() {
		return games.Refuse(games.ErrIllegal, "There is no such piece: the pieces are %s.", "Takový dílek není: dílky jsou %s.", shapeNames())
	}
	if p.Rot < 0 || p.Rot > 3 {
		return games.Refuse(games.ErrIllegal, "A piece turns 0 to 3 quarter turns, not %d.", "Dílek se otáčí o 0 až 3 čtvrtotáčky, ne o %d.", p.Rot)
	}
	return nil
}

// String writes the placement as a player types it: "F5 C r1", "F5 C r1 flip".
func (p Place) String() string {
	s := fmt.Sprintf("%s %s r%d", p.Piece, ColumnLabel(p.Col), p.Rot)
	if p.Flip {
		s += " flip"
	}
	return s
}

// MarshalJSON writes the record form; a column outside A–Z or an invalid shape cannot be
// written.
func (p Place) MarshalJSON() ([]byte, error) {
	if p.Col < 0 || p.Col >= 26 {
		return nil, fmt.Errorf("fits: column %d cannot be written", p.Col)
	}
	return games.Encode(p, placeWire{p.Piece, p.Rot, p.Flip, ColumnLabel(p.Col)})
}

// MarshalJSON writes the record form.
func (a Aside) MarshalJSON() ([]byte, error) { return games.Encode(a, pieceWire[Aside](a)) }

// MarshalJSON writes the record form.
func (s Start) MarshalJSON() ([]byte, error) { return games.Encode(s, startWire(s)) }

// MarshalJSON writes the record form.
func (r Reveal) MarshalJSON() ([]byte, error) { return games.Encode(r, pieceWire[Reveal](r)) }

// codec reads FITS actions: pieces named as on the cards ("T4"), columns as one capital letter.
// A placement or a set-aside may be taken back: both stay hidden until the last seat of the
// step has chosen, and the referee allows an undo only until then.
var codec = games.NewCodec(Name,
	games.Kind[placeWire]("place").Undoable(),
	games.Kind[pieceWire[Aside]]("aside").Undoable(),
	games.Kind[startWire]("start").ByChance(),
	games.Kind[pieceWire[Reveal]]("reveal").ByChance(),
)

// placeWire is the JSON form of Place.
type placeWire struct {
	Piece Shape  `json:"piece"`
	Rot   int    `json:"rot"`
	Flip  bool   `json:"flip"`
	Col   string `json:"col"`
}

// Action reads the column letter.
func (w *placeWire) Action() (games.Action, error) {
	if len(w.Col) != 1 || w.Col[0] < 'A' || w.Col[0] > 'Z' {
		return nil, fmt.Errorf("\"col\" must be one column letter A–F, not %q", w.Col)
	}
	return Place{Piece: w.Piece, Rot: w.Rot, Flip: w.Flip, Col: int(w.Col[0] - 'A')}, nil
}

// pieceWire is the JSON form of Aside and Reveal, which name one piece.
type pieceWire[A interface{ Aside | Reveal }] struct {
	Piece Shape `json:"piece"`
}

// Action builds the A naming the piece.
func (w *pieceWire[A]) Action() (games.Action, error) {
	return any(A{Piece: w.Piece}).(games.Action), nil
}

// startWire is the JSON form of Start.
type startWire struct {
	Cards []Shape `json:"cards"`
}

// Action builds the Start.
func (w *startWire) Action() (games.Action, error) { return Start{Cards: w.Cards}, nil }
