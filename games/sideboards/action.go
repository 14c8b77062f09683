package sideboards

import (
	"encoding/json"
	"fmt"

	"github.com/tablebot/tablebot/games"
)

// Action is one of the Sideboards actions: Start, Place and Exchange (the players'), Tasks,
// Deal and Draw (chance's).
type Action interface {
	games.Action
	sideboards()
}

// Side is the end of a sideboard a card is placed at.
type Side int8

// The two ends.
const (
	Left Side = iota
	Right
)

// String returns "left" or "right".
func (s Side) String() string {
	switch s {
	case Left:
		return "left"
	case Right:
		return "right"
	}
	return fmt.Sprintf("Side(%d)", int(s))
}

// Name names the side for players: "left" / "vlevo".
func (s Side) Name() games.Text {
	if s == Right {
		return games.Say("right", "vpravo")
	}
	return games.Say("left", "vlevo")
}

// MarshalJSON writes "left" or "right"; any other side cannot be written.
func (s Side) MarshalJSON() ([]byte, error) {
	if s != Left && s != Right {
		return nil, fmt.Errorf("sideboards: side %d cannot be written", int(s))
	}
	return json.Marshal(s.String())
}

// UnmarshalJSON reads "left" or "right".
func (s *Side) UnmarshalJSON(b []byte) error {
	var v string
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("side: want \"left\" or \"right\": %v", err)
	}
	switch v {
	case "left":
		*s = Left
	case "right":
		*s = Right
	default:
		return fmt.Errorf("side %q: want \"left\" or \"right\"", v)
	}
	return nil
}

// Start is a seat's first turn: the two hand cards it keeps, left to right, each turned or
// not; the other hand cards are passed on (solo: thrown away).
// {"type":"start","cards":[12,40],"turned":[false,true]}.
type Start struct {
	Cards  []Card
	Turned []bool
}

// Place is a later turn: one hand card placed at the left or right end of the seat's
// sideboard, turned or not; the other hand cards are passed on (solo: thrown away).
// {"type":"place","card":7,"side":"left","turned":false}.
type Place struct {
	Card   Card
	Side   Side
	Turned bool
}

// Exchange uses the seat's exchange card: both hand cards go to the discard pile and chance
// draws 2 new ones at once. {"type":"exchange"}.
type Exchange struct{}

// Tasks is chance's draw of the three tasks: colour, handle and row task numbers.
// {"type":"tasks","tasks":[2,9,17]}.
type Tasks struct {
	Tasks []int
}

// Deal is chance's deal: every seat's hand, in seat order. {"type":"deal","hands":[[12,40,7],...]}.
type Deal struct {
	Hands [][]Card
}

// Draw is chance drawing cards from the draw pile for one seat.
// {"type":"draw","seat":1,"cards":[33]}.
type Draw struct {
	Seat  games.Seat
	Cards []Card
}

// ActionType returns "start".
func (Start) ActionType() string { return "start" }

// ActionType returns "place".
func (Place) ActionType() string { return "place" }

// ActionType returns "exchange".
func (Exchange) ActionType() string { return "exchange" }

// ActionType returns "tasks".
func (Tasks) ActionType() string { return "tasks" }

// ActionType returns "deal".
func (Deal) ActionType() string { return "deal" }

// ActionType returns "draw".
func (Draw) ActionType() string { return "draw" }

func (Start) sideboards()    {}
func (Place) sideboards()    {}
func (Exchange) sideboards() {}
func (Tasks) sideboards()    {}
func (Deal) sideboards()     {}
func (Draw) sideboards()     {}

// orEmpty returns s, or an empty slice for nil, so that lists encode as [] rather than null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// MarshalJSON writes the record form.
func (a Start) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Type   string `json:"type"`
		Cards  []Card `json:"cards"`
		Turned []bool `json:"turned"`
	}{"start", orEmpty(a.Cards), orEmpty(a.Turned)})
}

// MarshalJSON writes the record form; a side other than Left or Right cannot be written.
func (a Place) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Type   string `json:"type"`
		Card   Card   `json:"card"`
		Side   Side   `json:"side"`
		Turned bool   `json:"turned"`
	}{"place", a.Card, a.Side, a.Turned})
}

// MarshalJSON writes the record form.
func (Exchange) MarshalJSON() ([]byte, error) { return []byte(`{"type":"exchange"}`), nil }

// MarshalJSON writes the record form.
func (a Tasks) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Type  string `json:"type"`
		Tasks []int  `json:"tasks"`
	}{"tasks", orEmpty(a.Tasks)})
}

// MarshalJSON writes the record form.
func (a Deal) MarshalJSON() ([]byte, error) {
	hands := make([][]Card, len(a.Hands))
	for i, h := range a.Hands {
		hands[i] = orEmpty(h)
	}
	return json.Marshal(struct {
		Type  string   `json:"type"`
		Hands [][]Card `json:"hands"`
	}{"deal", hands})
}

// MarshalJSON writes the record form; a seat below 0 cannot be written.
func (a Draw) MarshalJSON() ([]byte, error) {
	if a.Seat < 0 {
		return nil, fmt.Errorf("sideboards: draw for seat %d cannot be written", int(a.Seat))
	}
	return json.Marshal(struct {
		Type  string `json:"type"`
		Seat  int    `json:"seat"`
		Cards []Card `json:"cards"`
	}{"draw", int(a.Seat), orEmpty(a.Cards)})
}

// DecodeAction reads an action strictly: the type must be known, every field present and no
// other field given; sides are "left" or "right"; a draw's seat is a number from 0. Whether
// the values are legal (cards in hand, the right number of them) is Apply's business. Errors
// wrap games.ErrBadRecord.
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
	missing := func(fields string) error {
		return fmt.Errorf("%w: %s needs %s", games.ErrBadRecord, *head.Type, fields)
	}
	switch *head.Type {
	case "start":
		var raw struct {
			Type   string  `json:"type"`
			Cards  *[]Card `json:"cards"`
			Turned *[]bool `json:"turned"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Cards == nil || raw.Turned == nil {
			return nil, missing(`"cards" and "turned"`)
		}
		return Start{Cards: *raw.Cards, Turned: *raw.Turned}, nil
	case "place":
		var raw struct {
			Type   string `json:"type"`
			Card   *Card  `json:"card"`
			Side   *Side  `json:"side"`
			Turned *bool  `json:"turned"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Card == nil || raw.Side == nil || raw.Turned == nil {
			return nil, missing(`"card", "side" and "turned"`)
		}
		return Place{Card: *raw.Card, Side: *raw.Side, Turned: *raw.Turned}, nil
	case "exchange":
		var raw struct {
			Type string `json:"type"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		return Exchange{}, nil
	case "tasks":
		var raw struct {
			Type  string `json:"type"`
			Tasks *[]int `json:"tasks"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Tasks == nil {
			return nil, missing(`"tasks"`)
		}
		return Tasks{Tasks: *raw.Tasks}, nil
	case "deal":
		var raw struct {
			Type  string    `json:"type"`
			Hands *[][]Card `json:"hands"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Hands == nil {
			return nil, missing(`"hands"`)
		}
		for _, h := range *raw.Hands {
			if h == nil {
				return nil, fmt.Errorf("%w: deal: every hand is a list of cards", games.ErrBadRecord)
			}
		}
		return Deal{Hands: *raw.Hands}, nil
	case "draw":
		var raw struct {
			Type  string  `json:"type"`
			Seat  *int    `json:"seat"`
			Cards *[]Card `json:"cards"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Seat == nil || raw.Cards == nil {
			return nil, missing(`"seat" and "cards"`)
		}
		if *raw.Seat < 0 {
			return nil, fmt.Errorf("%w: draw: seat %d: want a number from 0", games.ErrBadRecord, *raw.Seat)
		}
		return Draw{Seat: games.Seat(*raw.Seat), Cards: *raw.Cards}, nil
	}
	return nil, fmt.Errorf("%w: unknown action type %q (want start, place, exchange, tasks, deal or draw)", games.ErrBadRecord, *head.Type)
}
