package fits

import (
	"encoding/json"
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

type placeJSON struct {
	Type  string `json:"type"`
	Piece Shape  `json:"piece"`
	Rot   int    `json:"rot"`
	Flip  bool   `json:"flip"`
	Col   string `json:"col"`
}

// MarshalJSON writes the record form; a column outside A–Z or an invalid shape cannot be
// written.
func (p Place) MarshalJSON() ([]byte, error) {
	if p.Col < 0 || p.Col >= 26 {
		return nil, fmt.Errorf("fits: column %d cannot be written", p.Col)
	}
	return json.Marshal(placeJSON{"place", p.Piece, p.Rot, p.Flip, ColumnLabel(p.Col)})
}

// MarshalJSON writes the record form.
func (a Aside) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Type  string `json:"type"`
		Piece Shape  `json:"piece"`
	}{"aside", a.Piece})
}

// MarshalJSON writes the record form.
func (s Start) MarshalJSON() ([]byte, error) {
	cards := s.Cards
	if cards == nil {
		cards = []Shape{}
	}
	return json.Marshal(struct {
		Type  string  `json:"type"`
		Cards []Shape `json:"cards"`
	}{"start", cards})
}

// MarshalJSON writes the record form.
func (r Reveal) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Type  string `json:"type"`
		Piece Shape  `json:"piece"`
	}{"reveal", r.Piece})
}

// DecodeAction reads an action strictly: the type must be known, every field present and no
// other field given, pieces named as on the cards ("T4") and columns as one capital letter.
// Whether the values are legal is Apply's business. Errors wrap games.ErrBadRecord.
func DecodeAction(data []byte) (Action, error) {
	var head struct {
		Type *string `json:"type"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("%w: action: %v", games.ErrBadRecord, err)
	}
	if head.Type == nil {
		return nil, fmt.Errorf("%w: action has no \"type\"", games.ErrBadRecord)
	}
	switch *head.Type {
	case "place":
		var raw struct {
			Type  string  `json:"type"`
			Piece *Shape  `json:"piece"`
			Rot   *int    `json:"rot"`
			Flip  *bool   `json:"flip"`
			Col   *string `json:"col"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Piece == nil || raw.Rot == nil || raw.Flip == nil || raw.Col == nil {
			return nil, fmt.Errorf("%w: place needs \"piece\", \"rot\", \"flip\" and \"col\"", games.ErrBadRecord)
		}
		c := *raw.Col
		if len(c) != 1 || c[0] < 'A' || c[0] > 'Z' {
			return nil, fmt.Errorf("%w: place \"col\" must be one column letter A–F, not %q", games.ErrBadRecord, c)
		}
		return Place{Piece: *raw.Piece, Rot: *raw.Rot, Flip: *raw.Flip, Col: int(c[0] - 'A')}, nil
	case "aside", "reveal":
		var raw struct {
			Type  string `json:"type"`
			Piece *Shape `json:"piece"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Piece == nil {
			return nil, fmt.Errorf("%w: %s needs \"piece\"", games.ErrBadRecord, *head.Type)
		}
		if *head.Type == "aside" {
			return Aside{Piece: *raw.Piece}, nil
		}
		return Reveal{Piece: *raw.Piece}, nil
	case "start":
		var raw struct {
			Type  string   `json:"type"`
			Cards *[]Shape `json:"cards"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Cards == nil {
			return nil, fmt.Errorf("%w: start needs \"cards\"", games.ErrBadRecord)
		}
		return Start{Cards: *raw.Cards}, nil
	}
	return nil, fmt.Errorf("%w: unknown action type %q (want place, aside, start or reveal)", games.ErrBadRecord, *head.Type)
}
