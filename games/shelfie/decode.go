package shelfie

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/tablebot/tablebot/games"
)

// DecodeAction reads an action strictly: the type must be known, every field it needs present
// and no other field given; indices count from 1; an ability's fields must be one of its
// card's forms. Whether the move is legal now is Apply's business. Errors wrap
// games.ErrBadRecord.
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
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", games.ErrBadRecord, *head.Type, fmt.Sprintf(format, args...))
	}
	switch *head.Type {
	case "deal":
		var raw struct {
			Type  string   `json:"type"`
			Hands *[][]int `json:"hands"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Hands == nil {
			return nil, bad(`needs "hands"`)
		}
		return Deal{Hands: *raw.Hands}, nil
	case "rewards":
		var raw struct {
			Type     string    `json:"type"`
			Sidekick *string   `json:"sidekick"`
			Contest  *string   `json:"contest"`
			Endgame  *[]string `json:"endgame"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Endgame == nil {
			return nil, bad(`needs "endgame"`)
		}
		var r Rewards
		var err error
		if raw.Sidekick != nil {
			if r.Sidekick, err = cardName(*raw.Sidekick, 'S', NumSidekicks); err != nil {
				return nil, bad("%v", err)
			}
		}
		if raw.Contest != nil {
			if r.Contest, err = cardName(*raw.Contest, 'K', NumContests); err != nil {
				return nil, bad("%v", err)
			}
		}
		r.Endgame = []int{}
		for _, e := range *raw.Endgame {
			k, err := cardName(e, 'E', NumEndgames)
			if err != nil {
				return nil, bad("%v", err)
			}
			r.Endgame = append(r.Endgame, k)
		}
		return r, nil
	case "fill":
		var raw struct {
			Type  string   `json:"type"`
			Boxes *[][]Die `json:"boxes"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Boxes == nil {
			return nil, bad(`needs "boxes"`)
		}
		return Fill{Boxes: *raw.Boxes}, nil
	case "roll":
		var raw struct {
			Type   string `json:"type"`
			Values *[]int `json:"values"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Values == nil {
			return nil, bad(`needs "values"`)
		}
		return Roll{Values: *raw.Values}, nil
	case "draw":
		var raw struct {
			Type   string  `json:"type"`
			Colour *Colour `json:"color"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Colour == nil {
			return nil, bad(`needs "color"`)
		}
		return Draw{Colour: *raw.Colour}, nil
	case "reveal", "choose", "take":
		var raw struct {
			Type string `json:"type"`
			Card *int   `json:"card"`
			Box  *int   `json:"box"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if *head.Type == "take" {
			if raw.Box == nil || raw.Card != nil {
				return nil, bad(`needs "box" and nothing else`)
			}
			return Take{Box: *raw.Box}, nil
		}
		if raw.Card == nil || raw.Box != nil {
			return nil, bad(`needs "card" and nothing else`)
		}
		if *head.Type == "reveal" {
			return Reveal{Card: *raw.Card}, nil
		}
		return Choose{Card: *raw.Card}, nil
	case "set":
		var raw struct {
			Type  string `json:"type"`
			Die   *int   `json:"die"`
			Value *int   `json:"value"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Die == nil || raw.Value == nil {
			return nil, bad(`needs "die" and "value"`)
		}
		return Set{Die: *raw.Die, Value: *raw.Value}, nil
	case "place":
		var raw struct {
			Type string  `json:"type"`
			Die  *int    `json:"die"`
			Col  *int    `json:"col"`
			To   *string `json:"to"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		switch {
		case raw.Die == nil:
			return nil, bad(`needs "die"`)
		case (raw.Col == nil) == (raw.To == nil):
			return nil, bad(`needs either "col" or "to":"shame"`)
		case raw.To != nil && *raw.To != "shame":
			return nil, bad(`"to" is "shame", not %q`, *raw.To)
		case raw.Col != nil && *raw.Col < 1:
			return nil, bad(`"col" counts from 1`)
		}
		if raw.To != nil {
			return Place{Die: *raw.Die, Shame: true}, nil
		}
		return Place{Die: *raw.Die, Col: *raw.Col}, nil
	case "retrieve":
		var raw struct {
			Type string `json:"type"`
			Card *int   `json:"card"`
			Slot *int   `json:"slot"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		if raw.Card == nil || raw.Slot == nil {
			return nil, bad(`needs "card" and "slot"`)
		}
		if *raw.Card != cardKeeper {
			return nil, bad("only card 1 holds dice to retrieve, not card %d", *raw.Card)
		}
		return Retrieve{Slot: *raw.Slot}, nil
	case "ability":
		return decodeAbility(data)
	case "done":
		var raw struct {
			Type string `json:"type"`
		}
		if err := games.DecodeStrict(data, &raw, "action"); err != nil {
			return nil, err
		}
		return Done{}, nil
	}
	return nil, fmt.Errorf("%w: unknown action type %q (want choose, take, set, place, retrieve, ability, done, deal, rewards, fill, reveal, roll or draw)", games.ErrBadRecord, *head.Type)
}

// decodeAbility reads an ability move: a card 1–16, and exactly the fields of one of the
// acting card's forms, each 1 or more.
func decodeAbility(data []byte) (Action, error) {
	var raw struct {
		Type  string `json:"type"`
		Card  *int   `json:"card"`
		Copy  *int   `json:"copy"`
		Die   *int   `json:"die"`
		Col   *int   `json:"col"`
		Value *int   `json:"value"`
		Other *int   `json:"other"`
		Shame *int   `json:"shame"`
		Box   *int   `json:"box"`
		Pos   *int   `json:"pos"`
		Box2  *int   `json:"box2"`
		Pos2  *int   `json:"pos2"`
		At    *int   `json:"at"`
		Dice  *[]int `json:"dice"`
	}
	if err := games.DecodeStrict(data, &raw, "action"); err != nil {
		return nil, err
	}
	if raw.Card == nil {
		return nil, fmt.Errorf("%w: ability needs \"card\"", games.ErrBadRecord)
	}
	var a Ability
	a.Card = *raw.Card
	for _, f := range []struct {
		name string
		p    *int
		dst  *int
	}{{"copy", raw.Copy, &a.Copy}, {"die", raw.Die, &a.Die}, {"col", raw.Col, &a.Col}, {"value", raw.Value, &a.Value}, {"other", raw.Other, &a.Other}, {"shame", raw.Shame, &a.Shame}, {"box", raw.Box, &a.Box}, {"pos", raw.Pos, &a.Pos}, {"box2", raw.Box2, &a.Box2}, {"pos2", raw.Pos2, &a.Pos2}, {"at", raw.At, &a.At}} {
		if f.p == nil {
			continue
		}
		if *f.p < 1 {
			return nil, fmt.Errorf("%w: ability %q counts from 1, not %d", games.ErrBadRecord, f.name, *f.p)
		}
		*f.dst = *f.p
	}
	if raw.Dice != nil {
		a.Dice = *raw.Dice
		if len(a.Dice) == 0 {
			return nil, fmt.Errorf("%w: ability \"dice\" lists at least one die", games.ErrBadRecord)
		}
		for _, d := range a.Dice {
			if d < 1 {
				return nil, fmt.Errorf("%w: ability \"dice\" count from 1, not %d", games.ErrBadRecord, d)
			}
		}
	}
	if r := a.checkForm(); r != nil {
		return nil, fmt.Errorf("%w: ability: %s", games.ErrBadRecord, r.Reason.EN)
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
