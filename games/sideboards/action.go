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

// MarshalJSON writes the record form.
func (a Start) MarshalJSON() ([]byte, error) { return games.Encode(a, startWire(a)) }

// MarshalJSON writes the record form; a side other than Left or Right cannot be written.
func (a Place) MarshalJSON() ([]byte, error) {
	return games.Encode(a, placeWire(a))
}

// MarshalJSON writes the record form.
func (Exchange) MarshalJSON() ([]byte, error) { return []byte(`{"type":"exchange"}`), nil }

// MarshalJSON writes the record form.
func (a Tasks) MarshalJSON() ([]byte, error) { return games.Encode(a, tasksWire(a)) }

// MarshalJSON writes the record form: every hand a list, if an empty one.
func (a Deal) MarshalJSON() ([]byte, error) {
	hands := make([][]Card, len(a.Hands))
	for i, h := range a.Hands {
		hands[i] = append([]Card{}, h...)
	}
	return games.Encode(a, dealWire{hands})
}

// MarshalJSON writes the record form; a seat below 0 cannot be written.
func (a Draw) MarshalJSON() ([]byte, error) {
	if a.Seat < 0 {
		return nil, fmt.Errorf("sideboards: draw for seat %d cannot be written", int(a.Seat))
	}
	return games.Encode(a, drawWire{int(a.Seat), a.Cards})
}

// codec reads Sideboards actions: sides are "left" or "right"; a draw's seat is a number from 0.
// The laying of the first two cards and a placement may be taken back: both stay hidden until
// every seat has placed. Using the exchange card is final (it shows the cards thrown away and
// is followed by a draw), and chance's moves are never taken back.
var codec = games.NewCodec(Name,
	games.Kind[startWire]("start").Undoable(),
	games.Kind[placeWire]("place").Undoable(),
	games.Bare[Exchange]("exchange"),
	games.Kind[tasksWire]("tasks").ByChance(),
	games.Kind[dealWire]("deal").ByChance(),
	games.Kind[drawWire]("draw").ByChance(),
)

// startWire is the JSON form of Start.
type startWire struct {
	Cards  []Card `json:"cards"`
	Turned []bool `json:"turned"`
}

// Action builds the Start.
func (w *startWire) Action() (games.Action, error) {
	return Start{Cards: w.Cards, Turned: w.Turned}, nil
}

// placeWire is the JSON form of Place.
type placeWire struct {
	Card   Card `json:"card"`
	Side   Side `json:"side"`
	Turned bool `json:"turned"`
}

// Action builds the Place.
func (w *placeWire) Action() (games.Action, error) {
	return Place{Card: w.Card, Side: w.Side, Turned: w.Turned}, nil
}

// tasksWire is the JSON form of Tasks.
type tasksWire struct {
	Tasks []int `json:"tasks"`
}

// Action builds the Tasks.
func (w *tasksWire) Action() (games.Action, error) { return Tasks{Tasks: w.Tasks}, nil }

// dealWire is the JSON form of Deal.
type dealWire struct {
	Hands [][]Card `json:"hands"`
}

// Action builds the Deal: every hand is a list, if an empty one.
func (w *dealWire) Action() (games.Action, error) {
	for _, h := range w.Hands {
		if h == nil {
			return nil, fmt.Errorf("every hand is a list of cards")
		}
	}
	return Deal{Hands: w.Hands}, nil
}

// drawWire is the JSON form of Draw.
type drawWire struct {
	Seat  int    `json:"seat"`
	Cards []Card `json:"cards"`
}

// Action builds the Draw for a seat from 0.
func (w *drawWire) Action() (games.Action, error) {
	if w.Seat < 0 {
		return nil, fmt.Errorf("seat %d: want a number from 0", w.Seat)
	}
	return Draw{Seat: games.Seat(w.Seat), Cards: w.Cards}, nil
}
