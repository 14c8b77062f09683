package sideboards

import "github.com/tablebot/tablebot/games"

// Tell says a move in words after the player's name: "laid cards 12 and 40 (turned)",
// "placed card 7 (turned) on the right", "used the exchange card".
func (s *State) Tell(a games.Action) games.Text {
	card := func(c Card, turned bool) games.Text {
		if turned {
			return games.Say("card %d (turned)", "kartu %d (otočenou)", int(c))
		}
		return games.Say("card %d", "kartu %d", int(c))
	}
	switch a := a.(type) {
	case Start:
		if len(a.Cards) == 2 && len(a.Turned) == 2 {
			return games.Say("laid %s and %s", "položil(a) %s a %s", card(a.Cards[0], a.Turned[0]), card(a.Cards[1], a.Turned[1]))
		}
	case Place:
		if a.Side == Left {
			return games.Say("placed %s on the left", "přiložil(a) %s zleva", card(a.Card, a.Turned))
		}
		return games.Say("placed %s on the right", "přiložil(a) %s zprava", card(a.Card, a.Turned))
	case Exchange:
		return games.Say("used the exchange card", "použil(a) výměnnou kartu")
	}
	d := s.Describe(a)
	return games.Text{EN: d, CS: d}
}
