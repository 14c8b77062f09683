package shelfie

import (
	"fmt"
	"strconv"

	"github.com/tablebot/tablebot/games"
)

// codec reads Shelfie Stacker actions: indices count from 1; reward cards are named as printed
// ("S2"); an ability's fields must be one of its card's forms. Every decision of a turn that
// draws nothing may be taken back (an ability, by its card: see Game.Undoable), and so may a
// choice of character: it stays secret until the last player has chosen.
var codec = games.NewCodec(Name,
	games.Kind[cardWire[Choose]]("choose").Undoable(),
	games.Kind[takeWire]("take").Undoable(),
	games.Kind[setWire]("set").Undoable(),
	games.Kind[placeWire]("place").Undoable(),
	games.Kind[retrieveWire]("retrieve").Undoable(),
	games.Kind[abilityWire]("ability"),
	games.Bare[Done]("done").Undoable(),
	games.Kind[dealWire]("deal").ByChance(),
	games.Kind[rewardsWire]("rewards").ByChance(),
	games.Kind[fillWire]("fill").ByChance(),
	games.Kind[cardWire[Reveal]]("reveal").ByChance(),
	games.Kind[rollWire]("roll").ByChance(),
	games.Kind[drawWire]("draw").ByChance(),
)

// dealWire is the JSON form of Deal.
type dealWire struct {
	Hands [][]int `json:"hands"`
}

// Action builds the Deal.
func (w *dealWire) Action() (games.Action, error) { return Deal{Hands: w.Hands}, nil }

// rewardsWire is the JSON form of Rewards: the sidekick and the contest may be left out.
type rewardsWire struct {
	Sidekick *string  `json:"sidekick,omitempty"`
	Contest  *string  `json:"contest,omitempty"`
	Endgame  []string `json:"endgame"`
}

// Action reads the reward cards' names.
func (w *rewardsWire) Action() (games.Action, error) {
	var r Rewards
	var err error
	if w.Sidekick != nil {
		if r.Sidekick, err = cardName(*w.Sidekick, 'S', NumSidekicks); err != nil {
			return nil, err
		}
	}
	if w.Contest != nil {
		if r.Contest, err = cardName(*w.Contest, 'K', NumContests); err != nil {
			return nil, err
		}
	}
	r.Endgame = []int{}
	for _, e := range w.Endgame {
		k, err := cardName(e, 'E', NumEndgames)
		if err != nil {
			return nil, err
		}
		r.Endgame = append(r.Endgame, k)
	}
	return r, nil
}

// fillWire is the JSON form of Fill.
type fillWire struct {
	Boxes [][]Die `json:"boxes"`
}

// Action builds the Fill.
func (w *fillWire) Action() (games.Action, error) { return Fill{Boxes: w.Boxes}, nil }

// rollWire is the JSON form of Roll.
type rollWire struct {
	Values []int `json:"values"`
}

// Action builds the Roll.
func (w *rollWire) Action() (games.Action, error) { return Roll{Values: w.Values}, nil }

// drawWire is the JSON form of Draw.
type drawWire struct {
	Colour Colour `json:"color"`
}

// Action builds the Draw.
func (w *drawWire) Action() (games.Action, error) { return Draw{Colour: w.Colour}, nil }

// cardWire is the JSON form of Choose and Reveal, which name one character card.
type cardWire[A interface{ Choose | Reveal }] struct {
	Card int `json:"card"`
}

// Action builds the A naming the card.
func (w *cardWire[A]) Action() (games.Action, error) { return any(A{Card: w.Card}).(games.Action), nil }

// takeWire is the JSON form of Take.
type takeWire struct {
	Box int `json:"box"`
}

// Action builds the Take.
func (w *takeWire) Action() (games.Action, error) { return Take{Box: w.Box}, nil }

// setWire is the JSON form of Set.
type setWire struct {
	Die   int `json:"die"`
	Value int `json:"value"`
}

// Action builds the Set.
func (w *setWire) Action() (games.Action, error) { return Set{Die: w.Die, Value: w.Value}, nil }

// placeWire is the JSON form of Place: a column, or "to":"shame".
type placeWire struct {
	Die int     `json:"die"`
	Col *int    `json:"col,omitempty"`
	To  *string `json:"to,omitempty"`
}

// Action reads the die's destination.
func (w *placeWire) Action() (games.Action, error) {
	switch {
	case (w.Col == nil) == (w.To == nil):
		return nil, fmt.Errorf(`needs either "col" or "to":"shame"`)
	case w.To != nil && *w.To != "shame":
		return nil, fmt.Errorf(`"to" is "shame", not %q`, *w.To)
	case w.Col != nil && *w.Col < 1:
		return nil, fmt.Errorf(`"col" counts from 1`)
	case w.To != nil:
		return Place{Die: w.Die, Shame: true}, nil
	}
	return Place{Die: w.Die, Col: *w.Col}, nil
}

// retrieveWire is the JSON form of Retrieve: card 1's slot.
type retrieveWire struct {
	Card int `json:"card"`
	Slot int `json:"slot"`
}

// Action builds the Retrieve from card 1.
func (w *retrieveWire) Action() (games.Action, error) {
	if w.Card != cardKeeper {
		return nil, fmt.Errorf("only card 1 holds dice to retrieve, not card %d", w.Card)
	}
	return Retrieve{Slot: w.Slot}, nil
}

// abilityWire is the JSON form of Ability: a card 1–16 and exactly the fields of one of the
// acting card's forms, each 1 or more.
type abilityWire struct {
	Card  int   `json:"card"`
	Copy  *int  `json:"copy,omitempty"`
	Die   *int  `json:"die,omitempty"`
	Col   *int  `json:"col,omitempty"`
	Value *int  `json:"value,omitempty"`
	Other *int  `json:"other,omitempty"`
	Shame *int  `json:"shame,omitempty"`
	Box   *int  `json:"box,omitempty"`
	Pos   *int  `json:"pos,omitempty"`
	Box2  *int  `json:"box2,omitempty"`
	Pos2  *int  `json:"pos2,omitempty"`
	At    *int  `json:"at,omitempty"`
	Dice  []int `json:"dice,omitempty"`
}

// Action checks the fields against the card's forms.
func (w *abilityWire) Action() (games.Action, error) {
	a := Ability{Card: w.Card}
	for _, f := range []struct {
		name string
		p    *int
		dst  *int
	}{{"copy", w.Copy, &a.Copy}, {"die", w.Die, &a.Die}, {"col", w.Col, &a.Col}, {"value", w.Value, &a.Value}, {"other", w.Other, &a.Other}, {"shame", w.Shame, &a.Shame}, {"box", w.Box, &a.Box}, {"pos", w.Pos, &a.Pos}, {"box2", w.Box2, &a.Box2}, {"pos2", w.Pos2, &a.Pos2}, {"at", w.At, &a.At}} {
		if f.p == nil {
			continue
		}
		if *f.p < 1 {
			return nil, fmt.Errorf("%q counts from 1, not %d", f.name, *f.p)
		}
		*f.dst = *f.p
	}
	if w.Dice != nil {
		a.Dice = w.Dice
		if len(a.Dice) == 0 {
			return nil, fmt.Errorf(`"dice" lists at least one die`)
		}
		for _, d := range a.Dice {
			if d < 1 {
				return nil, fmt.Errorf(`"dice" count from 1, not %d`, d)
			}
		}
	}
	if r := a.checkForm(); r != nil {
		return nil, fmt.Errorf("%s", r.Reason.EN)
	}
	return a, nil
}

// cardName reads a reward card's name, a letter and a number 1–max: "S2", "K7", "E1".
func cardName(s string, letter byte, most int) (int, error) {
	if len(s) < 2 || s[0] != letter {
		return 0, fmt.Errorf("card %q: want %c1 to %c%d", s, letter, letter, most)
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 1 || n > most || strconv.Itoa(n) != s[1:] {
		return 0, fmt.Errorf("card %q: want %c1 to %c%d", s, letter, letter, most)
	}
	return n, nil
}
