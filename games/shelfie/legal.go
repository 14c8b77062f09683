package shelfie

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

// maxRollListed is the most reroll outcomes Legal(Chance) lists; beyond it (four or more dice)
// it lists none.
const maxRollListed = 216

// Legal lists seat's legal actions in a stable order; nil when seat need not act.
//
// Choosing: one Choose per distinct card number in hand, ascending. Before taking a box:
// Take for each untaken box, then card 9 (and card 8 copying it). After: with card 15's die
// to set, only its six values; otherwise every Place on a column (dice in shipment order,
// columns 1–5 within each), every Place on the shame shelf, Set for each six (values 1–5),
// Retrieve for each die on card 1 put there on an earlier turn, the abilities of the face-up
// cards in number order (card 8's copies by copied number), and Done once the shipment is
// empty. Chance: the solo opponent's cards, the colours in the bag for card 15, and rerolls
// of up to three dice; nothing for deals, rewards and fills (too many outcomes).
func (s *State) Legal(seat games.Seat) []games.Action {
	if !games.IsToAct(s, seat) {
		return nil
	}
	if seat == games.Chance {
		return s.chanceLegal()
	}
	var out []games.Action
	if s.phase == PhaseChoose {
		seen := map[int8]bool{}
		for _, c := range s.seats[seat].hand {
			if !seen[c.Number] {
				seen[c.Number] = true
				out = append(out, Choose{Card: int(c.Number)})
			}
		}
		return out
	}
	if s.setNext {
		for v := 1; v <= 6; v++ {
			out = append(out, Set{Die: len(s.shipment), Value: v})
		}
		return out
	}
	if !s.taken {
		for i, b := range s.boxes {
			if b.taker == games.NoSeat {
				out = append(out, Take{Box: i + 1})
			}
		}
		return append(out, s.legalAbilities(seat)...)
	}
	sh := &s.seats[seat].shelf
	for i, d := range s.shipment {
		for col := range Columns {
			if sh.fits(d, col, Rules{}) {
				out = append(out, Place{Die: i + 1, Col: col + 1})
			}
		}
	}
	for i := range s.shipment {
		out = append(out, Place{Die: i + 1, Shame: true})
	}
	for i, d := range s.shipment {
		if d.Value == 6 {
			for v := 1; v <= 5; v++ {
				out = append(out, Set{Die: i + 1, Value: v})
			}
		}
	}
	for j, k := range s.seats[seat].keeper {
		if int(k.Round) < s.round {
			out = append(out, Retrieve{Slot: j + 1})
		}
	}
	out = append(out, s.legalAbilities(seat)...)
	if len(s.shipment) == 0 {
		out = append(out, Done{})
	}
	return out
}

// chanceLegal lists chance's outcomes where they are few.
func (s *State) chanceLegal() []games.Action {
	var out []games.Action
	switch s.phase {
	case PhaseReveal:
		seen := map[int8]bool{}
		for _, c := range s.seats[Opponent].hand {
			if !seen[c.Number] {
				seen[c.Number] = true
				out = append(out, Reveal{Card: int(c.Number)})
			}
		}
	case PhaseDraw:
		for _, c := range Colours() {
			if s.bag[c] > 0 {
				out = append(out, Draw{Colour: c})
			}
		}
	case PhaseRoll:
		n := len(s.rolling)
		total := 1
		for range n {
			total *= 6
		}
		if total > maxRollListed {
			return nil
		}
		for k := range total {
			v := make([]int, n)
			for i := n - 1; i >= 0; i-- {
				v[i] = 1 + k%6
				k /= 6
			}
			out = append(out, Roll{Values: v})
		}
	}
	return out
}

// legalAbilities lists seat's ability moves now: for each face-up card in number order (each
// number once), every move of its forms that its rule allows; card 8 for each spent card
// number other than 8.
func (s *State) legalAbilities(seat games.Seat) []games.Action {
	var out []games.Action
	st := &s.seats[seat]
	var up, spent []int
	for _, p := range st.played {
		n := int(p.Card.Number)
		if p.Spent {
			spent = append(spent, n)
		} else {
			up = append(up, n)
		}
	}
	slices.Sort(up)
	up = slices.Compact(up)
	slices.Sort(spent)
	spent = slices.Compact(spent)
	for _, n := range up {
		if n != cardFlash {
			out = append(out, s.abilityMoves(seat, Ability{Card: n})...)
			continue
		}
		for _, k := range spent {
			if k != cardFlash {
				out = append(out, s.abilityMoves(seat, Ability{Card: cardFlash, Copy: k})...)
			}
		}
	}
	return out
}

// abilityMoves lists the allowed moves of base's card (base names Card and Copy): every
// candidate of the acting card's forms that checkAbility accepts.
func (s *State) abilityMoves(seat games.Seat, base Ability) []games.Action {
	info := cardTable[base.Acting()]
	if info.Before == s.taken {
		return nil
	}
	var out []games.Action
	for _, f := range info.Forms {
		for _, a := range s.candidates(seat, base, f) {
			if s.checkAbility(seat, a) == nil {
				out = append(out, a)
			}
		}
	}
	return out
}

// candidates lists every move of form f on base, legal or not, in a stable order.
func (s *State) candidates(seat games.Seat, base Ability, f Field) []Ability {
	n := len(s.shipment)
	var out []Ability
	// grid adds base with set(x, y) for x in 1..nx, then y in 1..ny.
	grid := func(nx, ny int, set func(a *Ability, x, y int)) {
		for x := 1; x <= nx; x++ {
			for y := 1; y <= ny; y++ {
				a := base
				set(&a, x, y)
				out = append(out, a)
			}
		}
	}
	switch f {
	case FieldDie:
		grid(n, 1, func(a *Ability, i, _ int) { a.Die = i })
	case FieldCol:
		grid(Columns, 1, func(a *Ability, c, _ int) { a.Col = c })
	case FieldDie | FieldCol:
		grid(n, Columns, func(a *Ability, i, c int) { a.Die, a.Col = i, c })
	case FieldDie | FieldValue:
		grid(n, 6, func(a *Ability, i, v int) { a.Die, a.Value = i, v })
	case FieldCol | FieldValue:
		grid(Columns, 6, func(a *Ability, c, v int) { a.Col, a.Value = c, v })
	case FieldDie | FieldOther:
		grid(n, n, func(a *Ability, i, j int) { a.Die, a.Other = i, j })
		out = slices.DeleteFunc(out, func(a Ability) bool { return a.Other <= a.Die })
	case FieldShame | FieldCol:
		grid(len(s.seats[seat].shame), Columns, func(a *Ability, j, c int) { a.Shame, a.Col = j, c })
	case FieldBoxes:
		for b := 1; b <= len(s.boxes); b++ {
			for b2 := b + 1; b2 <= len(s.boxes); b2++ {
				grid(len(s.boxes[b-1].dice), len(s.boxes[b2-1].dice), func(a *Ability, p, p2 int) { a.Box, a.Pos, a.Box2, a.Pos2 = b, p, b2, p2 })
			}
		}
	case FieldDice:
		for mask := 1; mask < 1<<min(n, 10); mask++ {
			a := base
			for i := range n {
				if mask&(1<<i) != 0 {
					a.Dice = append(a.Dice, i+1)
				}
			}
			out = append(out, a)
		}
	case FieldCol | FieldAt | FieldDie:
		for c := 1; c <= Columns; c++ {
			grid(Height-1, n, func(a *Ability, h, i int) { a.Col, a.At, a.Die = c, h, i })
		}
	}
	return out
}
