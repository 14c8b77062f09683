package shelfie

import (
	"fmt"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// Action is one of the Shelfie Stacker actions: the players' Choose, Take, Set, Place,
// Retrieve, Ability and Done, and chance's Deal, Rewards, Fill, Reveal, Roll and Draw. Every
// index in an action is 1-based, as in the records: dice of the shipment, columns of the
// shelf, boxes, slots on card 1, dice of the shame shelf.
type Action interface {
	games.Action
	shelfie()
}

// Deal is chance dealing the character cards (only with shared or own cards, or a solo
// opponent with random numbers): 8 card numbers per seat in seat order, the solo opponent
// last when its numbers are random. {"type":"deal","hands":[[1,4,...],...]}
type Deal struct {
	Hands [][]int
}

// Rewards is chance revealing the reward cards: a sidekick (1–4, written "S2"), a contest
// (1–12, "K7") and one end-game card ("E1"); in the solo "beat your score" two end-game cards
// and nothing else (Sidekick and Contest 0, left out of the JSON).
type Rewards struct {
	Sidekick int
	Contest  int
	Endgame  []int
}

// Fill is chance filling the boxes for a round: 3 dice per box, boxes left to right.
// {"type":"fill","boxes":[["P3","G6","B1"],...]}
type Fill struct {
	Boxes [][]Die
}

// Reveal is chance turning the solo opponent's top card: {"type":"reveal","card":5}.
type Reveal struct {
	Card int
}

// Roll is chance rerolling the dice named by card 10, in the order the ability listed them:
// {"type":"roll","values":[4,2]}.
type Roll struct {
	Values []int
}

// Draw is chance drawing a die from the bag for card 15: {"type":"draw","color":"G"}.
type Draw struct {
	Colour Colour
}

// Choose is a player's secret choice of a character card from hand: {"type":"choose","card":5}.
type Choose struct {
	Card int
}

// Take takes an untaken box on your turn: {"type":"take","box":2}.
type Take struct {
	Box int
}

// Set turns a shipment die showing 6 to another value, or sets the value of the die card 15
// has just drawn: {"type":"set","die":1,"value":4}.
type Set struct {
	Die   int
	Value int
}

// Place places a shipment die on a column of the shelf, or on the shame shelf when Shame is
// set (Col is then 0): {"type":"place","die":1,"col":3} or {"type":"place","die":1,"to":"shame"}.
type Place struct {
	Die   int
	Col   int
	Shame bool
}

// Retrieve moves the Slot-th die on card 1 (oldest first) back into the shipment:
// {"type":"retrieve","card":1,"slot":1}.
type Retrieve struct {
	Slot int
}

// Ability uses the ability of a face-up character card. Card is the card's number; Copy, for
// card 8, the spent card whose ability it uses again; the other fields are the ability's
// targets, 0 when not given (see CardInfo.Forms for which each card takes).
type Ability struct {
	Card  int
	Copy  int
	Die   int
	Col   int
	Value int
	Other int
	Shame int
	Box   int
	Pos   int
	Box2  int
	Pos2  int
	At    int
	Dice  []int
}

// Done ends your turn once the shipment is empty: {"type":"done"}.
type Done struct{}

// ActionType returns "deal".
func (Deal) ActionType() string { return "deal" }

// ActionType returns "rewards".
func (Rewards) ActionType() string { return "rewards" }

// ActionType returns "fill".
func (Fill) ActionType() string { return "fill" }

// ActionType returns "reveal".
func (Reveal) ActionType() string { return "reveal" }

// ActionType returns "roll".
func (Roll) ActionType() string { return "roll" }

// ActionType returns "draw".
func (Draw) ActionType() string { return "draw" }

// ActionType returns "choose".
func (Choose) ActionType() string { return "choose" }

// ActionType returns "take".
func (Take) ActionType() string { return "take" }

// ActionType returns "set".
func (Set) ActionType() string { return "set" }

// ActionType returns "place".
func (Place) ActionType() string { return "place" }

// ActionType returns "retrieve".
func (Retrieve) ActionType() string { return "retrieve" }

// ActionType returns "ability".
func (Ability) ActionType() string { return "ability" }

// ActionType returns "done".
func (Done) ActionType() string { return "done" }

func (Deal) shelfie()     {}
func (Rewards) shelfie()  {}
func (Fill) shelfie()     {}
func (Reveal) shelfie()   {}
func (Roll) shelfie()     {}
func (Draw) shelfie()     {}
func (Choose) shelfie()   {}
func (Take) shelfie()     {}
func (Set) shelfie()      {}
func (Place) shelfie()    {}
func (Retrieve) shelfie() {}
func (Ability) shelfie()  {}
func (Done) shelfie()     {}

// fields returns the set of target fields a names (Copy and Card aside).
func (a Ability) fields() Field {
	var f Field
	for _, x := range []struct {
		v int
		f Field
	}{{a.Die, FieldDie}, {a.Col, FieldCol}, {a.Value, FieldValue}, {a.Other, FieldOther}, {a.Shame, FieldShame}, {a.At, FieldAt}} {
		if x.v != 0 {
			f |= x.f
		}
	}
	if a.Box != 0 || a.Pos != 0 || a.Box2 != 0 || a.Pos2 != 0 {
		f |= FieldBoxes
	}
	if a.Dice != nil {
		f |= FieldDice
	}
	return f
}

// Acting returns the card whose ability a uses: Copy for card 8, Card otherwise.
func (a Ability) Acting() int {
	if a.Card == cardFlash {
		return a.Copy
	}
	return a.Card
}

// checkForm returns why a names no ability move (an unknown card, a missing or extra field),
// or nil.
func (a Ability) checkForm() *games.Refusal {
	if a.Card < 1 || a.Card > NumCards {
		return games.Refuse(games.ErrIllegal, "There is no card %d: the cards are 1 to 16.", "Karta %d neexistuje: karty jsou 1 až 16.", a.Card)
	}
	if a.Card == cardFlash {
		if a.Copy < 1 || a.Copy > NumCards || a.Copy == cardFlash {
			return games.Refuse(games.ErrIllegal, "Card 8 uses again one of your spent cards 1–16 other than 8: name it as copy.", "Karta 8 znovu použije jednu tvou použitou kartu 1–16 kromě 8: uveď ji jako copy.")
		}
	} else if a.Copy != 0 {
		return games.Refuse(games.ErrIllegal, "Only card 8 copies another card.", "Jinou kartu kopíruje jen karta 8.")
	}
	info := cardTable[a.Acting()]
	f := a.fields()
	if !slices.Contains(info.Forms, f) {
		ft := formsText(info.Forms)
		return &games.Refusal{Kind: games.ErrIllegal, Reason: games.Text{
			EN: fmt.Sprintf("Card %d needs %s.", a.Acting(), ft.EN),
			CS: fmt.Sprintf("Karta %d potřebuje %s.", a.Acting(), ft.CS),
		}}
	}
	for _, v := range []int{a.Die, a.Col, a.Value, a.Other, a.Shame, a.Box, a.Pos, a.Box2, a.Pos2, a.At} {
		if v < 0 {
			return games.Refuse(games.ErrIllegal, "Indices and values count from 1.", "Pořadí a hodnoty se počítají od 1.")
		}
	}
	if f == FieldBoxes && (a.Box == 0 || a.Pos == 0 || a.Box2 == 0 || a.Pos2 == 0) {
		return games.Refuse(games.ErrIllegal, "Card 9 needs box, pos, box2 and pos2.", "Karta 9 potřebuje box, pos, box2 a pos2.")
	}
	if f == FieldDice && len(a.Dice) == 0 {
		return games.Refuse(games.ErrIllegal, "Card 10 rerolls at least one die.", "Karta 10 přehazuje aspoň jednu kostku.")
	}
	return nil
}

// formsText names the fields of a card's forms: "die or col".
func formsText(forms []Field) games.Text {
	var parts []games.Text
	for _, f := range forms {
		var names []string
		for _, x := range fieldNames {
			if f&x.f != 0 {
				names = append(names, x.name)
			}
		}
		parts = append(parts, games.Join(textsOf(names), " + "))
	}
	or := games.Join(parts, " or ")
	or.CS = games.Join(parts, " nebo ").CS
	return or
}

func textsOf(ss []string) []games.Text {
	out := make([]games.Text, len(ss))
	for i, s := range ss {
		out[i] = games.Text{EN: s, CS: s}
	}
	return out
}

var fieldNames = []struct {
	f    Field
	name string
}{{FieldDie, "die"}, {FieldCol, "col"}, {FieldValue, "value"}, {FieldOther, "other"}, {FieldShame, "shame"}, {FieldBoxes, "box/pos/box2/pos2"}, {FieldDice, "dice"}, {FieldAt, "at"}}

// MarshalJSON writes the record form.
func (d Deal) MarshalJSON() ([]byte, error) { return games.Encode(d, dealWire(d)) }

// MarshalJSON writes the record form: "S2", "K7", ["E1"]; without sidekick and contest when
// they are 0.
func (r Rewards) MarshalJSON() ([]byte, error) {
	var w rewardsWire
	if r.Sidekick != 0 {
		w.Sidekick = ptr(fmt.Sprintf("S%d", r.Sidekick))
	}
	if r.Contest != 0 {
		w.Contest = ptr(fmt.Sprintf("K%d", r.Contest))
	}
	for _, e := range r.Endgame {
		w.Endgame = append(w.Endgame, fmt.Sprintf("E%d", e))
	}
	return games.Encode(r, w)
}

// MarshalJSON writes the record form.
func (f Fill) MarshalJSON() ([]byte, error) { return games.Encode(f, fillWire(f)) }

// MarshalJSON writes the record form.
func (r Reveal) MarshalJSON() ([]byte, error) { return games.Encode(r, cardWire[Reveal](r)) }

// MarshalJSON writes the record form.
func (r Roll) MarshalJSON() ([]byte, error) { return games.Encode(r, rollWire(r)) }

// MarshalJSON writes the record form.
func (d Draw) MarshalJSON() ([]byte, error) { return games.Encode(d, drawWire(d)) }

// MarshalJSON writes the record form.
func (c Choose) MarshalJSON() ([]byte, error) { return games.Encode(c, cardWire[Choose](c)) }

// MarshalJSON writes the record form.
func (t Take) MarshalJSON() ([]byte, error) { return games.Encode(t, takeWire(t)) }

// MarshalJSON writes the record form.
func (s Set) MarshalJSON() ([]byte, error) { return games.Encode(s, setWire(s)) }

// MarshalJSON writes the record form: "col" for a column, "to":"shame" for the shame shelf.
func (p Place) MarshalJSON() ([]byte, error) {
	if p.Shame {
		return games.Encode(p, placeWire{Die: p.Die, To: ptr("shame")})
	}
	return games.Encode(p, placeWire{Die: p.Die, Col: &p.Col})
}

// MarshalJSON writes the record form.
func (r Retrieve) MarshalJSON() ([]byte, error) {
	return games.Encode(r, retrieveWire{cardKeeper, r.Slot})
}

// abilityJSON is the record form of an ability's fields; absent fields are 0 (or nil) and
// left out.
type abilityJSON struct {
	Card  int   `json:"card"`
	Copy  int   `json:"copy,omitempty"`
	Die   int   `json:"die,omitempty"`
	Col   int   `json:"col,omitempty"`
	Value int   `json:"value,omitempty"`
	Other int   `json:"other,omitempty"`
	Shame int   `json:"shame,omitempty"`
	Box   int   `json:"box,omitempty"`
	Pos   int   `json:"pos,omitempty"`
	Box2  int   `json:"box2,omitempty"`
	Pos2  int   `json:"pos2,omitempty"`
	At    int   `json:"at,omitempty"`
	Dice  []int `json:"dice,omitempty"`
}

// MarshalJSON writes the record form with the fields the ability names.
func (a Ability) MarshalJSON() ([]byte, error) {
	return games.Encode(a, abilityJSON(a))
}

// MarshalJSON writes the record form.
func (Done) MarshalJSON() ([]byte, error) { return []byte(`{"type":"done"}`), nil }

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }
