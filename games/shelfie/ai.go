package shelfie

import (
	"math"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// The greedy player (State.Hint). It values a seat's position by valuing its shelf as it may
// end up — each column's bonus and top die projected forward by the dice it can still take
// (bounded by its free spaces and the values left above its top die) over the rounds left —
// plus the shame shelf, the end-game cards as they score now, progress towards the sidekick
// and the contest, and dice on card 1 that can come back. The shipment still to place is
// valued by placing it greedily, die by die, each on its best column or the shame shelf
// (sixes trying every value).
//
// On its turn it tries every listed move on a copy of the state and takes the best value,
// less a cost for spending a card (worth less as the game runs out); card 10's reroll and
// card 15's draw are valued by their expected outcome. It takes the box whose dice it can
// place best, first swapping a die between boxes with card 9 when that pays. It chooses a
// character by the box it expects to get (lower cards pick earlier; the other players' hands
// are public, their choices are not) plus what the card's ability is worth. Equal values go
// to the first move in Legal's order, so the AI is deterministic.

// abilityWorth is what holding each card's ability is worth to the chooser, in points.
var abilityWorth = [NumCards + 1]float64{0, 1.2, 1.2, 2, 1.2, 1.8, 1.8, 2.2, 1.5, 1, 1.2, 1.6, 1, 2.2, 3, 1.6, 2}

// cardCost is what spending a card costs now: the option of using it later.
func (s *State) cardCost() float64 { return 0.3 + 0.35*float64(Rounds-s.round) }

// Hint returns the greedy player's move for seat, or nil when seat need not act.
func (s *State) Hint(seat games.Seat) games.Action {
	if seat == games.Chance || !games.IsToAct(s, seat) {
		return nil
	}
	switch {
	case s.phase == PhaseChoose:
		return s.hintChoose(seat)
	case !s.taken && !s.setNext:
		return s.hintTake(seat)
	}
	return s.hintTurn(seat)
}

// hintTake takes the box worth most, or first uses card 9 when a swap makes a box better by
// more than the card's cost.
func (s *State) hintTake(seat games.Seat) games.Action {
	var best games.Action
	bestV := math.Inf(-1)
	for _, a := range s.Legal(seat) {
		var v float64
		switch a := a.(type) {
		case Take:
			v = s.valueAfter(seat, a)
		case Ability:
			c := s.clone()
			if _, err := c.Apply(seat, a); err != nil {
				continue
			}
			v = math.Inf(-1)
			for _, t := range c.Legal(seat) {
				if t, ok := t.(Take); ok {
					v = math.Max(v, c.valueAfter(seat, t))
				}
			}
			v -= s.cardCost()
		}
		if v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	return best
}

// hintTurn makes the move after which the seat's position is worth most.
func (s *State) hintTurn(seat games.Seat) games.Action {
	var best games.Action
	bestV := math.Inf(-1)
	for _, a := range s.Legal(seat) {
		v := s.moveValue(seat, a)
		if v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	return best
}

// moveValue is the value of seat's position after move a (expected, for a reroll or a draw),
// less the cost of a card spent.
func (s *State) moveValue(seat games.Seat, a games.Action) float64 {
	ab, isAbility := a.(Ability)
	if !isAbility {
		return s.valueAfter(seat, a)
	}
	cost := s.cardCost()
	switch ab.Acting() {
	case 10:
		if len(ab.Dice) > 2 {
			return math.Inf(-1)
		}
		c := s.clone()
		if _, err := c.Apply(seat, ab); err != nil {
			return math.Inf(-1)
		}
		sum, n := 0.0, 0
		for _, r := range c.chanceLegal() {
			sum += c.valueAfter(seat, r)
			n++
		}
		return sum/float64(max(n, 1)) - cost
	case 15:
		c := s.clone()
		if _, err := c.Apply(seat, ab); err != nil {
			return math.Inf(-1)
		}
		sum, w := 0.0, 0
		for _, col := range Colours() {
			if c.bag[col] == 0 {
				continue
			}
			d := c.clone()
			if _, err := d.Apply(games.Chance, Draw{Colour: col}); err != nil {
				continue
			}
			best := math.Inf(-1)
			for v := 1; v <= 6; v++ {
				best = math.Max(best, d.valueAfter(seat, Set{Die: len(d.shipment), Value: v}))
			}
			sum += best * float64(c.bag[col])
			w += c.bag[col]
		}
		return sum/float64(max(w, 1)) - cost
	}
	return s.valueAfter(seat, a) - cost
}

// valueAfter is the value of seat's position after move a (made by seat, or by chance for a
// roll), or −∞ when a is refused.
func (s *State) valueAfter(seat games.Seat, a games.Action) float64 {
	c := s.clone()
	by := seat
	if isChance(a) {
		by = games.Chance
	}
	if _, err := c.Apply(by, a); err != nil {
		return math.Inf(-1)
	}
	if c.current() != seat || c.phase != PhaseTurn {
		// the turn ended: nothing left to place
		return c.position(seat, nil)
	}
	return c.position(seat, c.shipment)
}

// position values seat's shelf with shipment still to place.
func (s *State) position(seat games.Seat, shipment []Die) float64 {
	st := &s.seats[seat]
	sh := st.shelf
	shame := len(st.shame)
	v := s.shelfValue(seat, &sh, shame)
	order := slices.Clone(shipment)
	slices.SortStableFunc(order, func(a, b Die) int { return int(a.Value) - int(b.Value) }) // low dice first, wild sixes last
	for _, d := range order {
		if d.Value == 0 {
			d.Value = 1 // the drawn die: its owner sets it next, valued by Set
		}
		bestV, bestCol, bestD := s.shelfValue(seat, &sh, shame+1), -1, d
		values := []int8{d.Value}
		if d.Value == 6 {
			values = []int8{1, 2, 3, 4, 5, 6}
		}
		for _, val := range values {
			dd := Die{Colour: d.Colour, Value: val}
			for col := range Columns {
				if sh.Check(dd, col, Rules{}) != nil {
					continue
				}
				sh.put(dd, col)
				if x := s.shelfValue(seat, &sh, shame); x > bestV+1e-9 {
					bestV, bestCol, bestD = x, col, dd
				}
				sh.take(col)
			}
		}
		if bestCol < 0 {
			shame++
		} else {
			sh.put(bestD, bestCol)
		}
		v = bestV
	}
	if len(shipment) == 0 {
		return v
	}
	return s.shelfValue(seat, &sh, shame)
}

// shelfValue values shelf sh with shame dice for seat, projecting its columns over the
// rounds left.
func (s *State) shelfValue(seat games.Seat, sh *Shelf, shame int) float64 {
	left := float64(Rounds - s.round)
	v := 0.0
	for col := range Columns {
		h := int(sh.Heights[col])
		top := 0
		if h > 0 {
			top = int(sh.Dice[col][h-1].Value)
		}
		room := min(Height-h, 6-top)
		grow := math.Min(float64(room), tuneGrow*left)
		hf := float64(h) + grow
		lo := int(hf)
		bonus := float64(heightBonus[lo])
		if lo < Height {
			bonus += (hf - float64(lo)) * float64(heightBonus[lo+1]-heightBonus[lo])
		}
		v += bonus + float64(top) + grow*tuneTop
		if room == 0 && h < Height {
			v -= tuneDead * left // a dead column: capped below five dice
		}
	}
	v -= float64(ShamePenalty * shame)
	for _, e := range s.endgame {
		v += 0.8 * float64(endgameTable[e].score(sh, shame))
	}
	if s.sidekick != 0 {
		c := SidekickColour(s.sidekick)
		n := sh.Count(c)
		rival := 0
		for _, x := range s.scoring() {
			if x != seat {
				rival = max(rival, s.seats[x].shelf.Count(c))
			}
		}
		switch {
		case n >= 3 && (n > rival || s.sidekickHolder == seat):
			v += SidekickPoints
		default:
			v += 0.3 * float64(min(n, 3))
		}
	}
	if s.contest != 0 {
		switch s.contestHolder {
		case games.NoSeat:
			p := ContestPattern(s.contest)
			if sh.Shows(p) {
				v += float64(ContestPoints(s.contest))
			} else {
				v += 0.6 * float64(ContestPoints(s.contest)) * patternProgress(sh, p)
			}
		case seat:
			v += float64(ContestPoints(s.contest))
		}
	}
	if left > 0 {
		v += 1.5 * float64(len(s.seats[seat].keeper))
	}
	return v
}

// patternProgress is the largest fraction of p's coloured spaces that sh shows at one place.
func patternProgress(sh *Shelf, p Pattern) float64 {
	h, w := p.Rows(), p.Width()
	total, best := 0, 0
	for _, row := range p {
		for _, c := range row {
			if c != NoColour {
				total++
			}
		}
	}
	for x := 0; x+w <= Columns; x++ {
		for y := 0; y+h <= Height; y++ {
			n := 0
			for r, row := range p {
				height := y + h - 1 - r
				for c, want := range row {
					if want != NoColour && int(sh.Heights[x+c]) > height && sh.Dice[x+c][height].Colour == want {
						n++
					}
				}
			}
			best = max(best, n)
		}
	}
	if total == 0 {
		return 0
	}
	return float64(best) / float64(total)
}

// hintChoose picks the card whose expected box and ability are worth most. The chance of
// another seat choosing a lower card is the share of its hand that goes before the card.
func (s *State) hintChoose(seat games.Seat) games.Action {
	var boxValues []float64
	for i := range s.boxes {
		c := s.clone()
		boxValues = append(boxValues, c.position(seat, c.boxes[i].dice))
	}
	sortDesc(boxValues)
	var best games.Action
	bestV := math.Inf(-1)
	for _, a := range s.Legal(seat) {
		ch := a.(Choose)
		card := s.seats[seat].hand[s.handIndex(seat, ch.Card)]
		earlier := 0.0
		for i := range s.seats {
			if games.Seat(i) == seat {
				continue
			}
			hand := s.seats[i].hand
			if len(hand) == 0 {
				continue
			}
			k := 0
			for _, c := range hand {
				if c.before(card) {
					k++
				}
			}
			earlier += float64(k) / float64(len(hand))
		}
		lo := int(earlier)
		frac := earlier - float64(lo)
		box := boxValues[min(lo, len(boxValues)-1)]*(1-frac) + boxValues[min(lo+1, len(boxValues)-1)]*frac
		worth := abilityWorth[ch.Card]
		switch ch.Card {
		case 12:
			worth += math.Min(2, float64(len(s.seats[seat].shame)))
		case 8:
			if !s.hasSpent(seat) {
				worth = 0.8
			}
		}
		if v := box + worth; v > bestV+1e-9 {
			best, bestV = ch, v
		}
	}
	return best
}

// hasSpent reports whether seat has a spent card other than 8.
func (s *State) hasSpent(seat games.Seat) bool {
	for _, p := range s.seats[seat].played {
		if p.Spent && p.Card.Number != 8 {
			return true
		}
	}
	return false
}

func sortDesc(v []float64) {
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && v[j] > v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
}

// Weights of the shelf's projection: the dice a column may still take per round left, what
// each is worth beyond its bonus, and what a column capped below five dice costs per round
// left (measured over self-play: these are about the best, and the play is not sensitive to
// them).
const (
	tuneGrow = 0.7
	tuneTop  = 0.9
	tuneDead = 0.0
)
