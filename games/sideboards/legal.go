package sideboards

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

// Legal lists seat's legal actions in a stable order.
//
// A player in turn 1: every Start — left card, then right card, in hand order, then their
// turns (upright first, the left card's varying slowest). In a later turn: every Place — card
// in hand order, then left before right, then upright before turned — followed by Exchange
// when the seat may still use its exchange card. Chance: every set of tasks (colour task
// varying slowest), and every single card of a one-card draw; a deal and a draw of two cards
// have too many outcomes to list, so nothing is listed for them. nil when seat need not act.
func (s *State) Legal(seat games.Seat) []games.Action {
	if !games.IsToAct(s, seat) {
		return nil
	}
	var out []games.Action
	switch {
	case seat == games.Chance && s.phase == PhaseTasks:
		for c := 1; c <= 7; c++ {
			for h := 8; h <= NumCombos; h++ {
				for r := NumCombos + 1; r <= NumTasks; r++ {
					out = append(out, Tasks{Tasks: []int{c, h, r}})
				}
			}
		}
	case seat == games.Chance:
		who, n := s.drawDue()
		if n != 1 {
			return nil
		}
		pile := s.pile
		if len(pile) == 0 {
			pile = slices.Sorted(slices.Values(s.discard))
		}
		for _, c := range pile {
			out = append(out, Draw{Seat: who, Cards: []Card{c}})
		}
	case s.turn == 1:
		for _, a := range s.starts(seat) {
			out = append(out, a)
		}
	default:
		for _, a := range s.places(seat) {
			out = append(out, a)
		}
		if s.canExchange(seat) {
			out = append(out, Exchange{})
		}
	}
	return out
}

// starts lists seat's legal Start actions in Legal's order.
func (s *State) starts(seat games.Seat) []Start {
	hand := s.seats[seat].hand
	var out []Start
	for _, a := range hand {
		for _, b := range hand {
			if a == b {
				continue
			}
			for k := range 4 {
				out = append(out, Start{Cards: []Card{a, b}, Turned: []bool{k&2 != 0, k&1 != 0}})
			}
		}
	}
	return out
}

// places lists seat's legal Place actions in Legal's order.
func (s *State) places(seat games.Seat) []Place {
	var out []Place
	for _, c := range s.seats[seat].hand {
		for _, side := range []Side{Left, Right} {
			for _, turned := range []bool{false, true} {
				out = append(out, Place{Card: c, Side: side, Turned: turned})
			}
		}
	}
	return out
}
