package shelfie

import (
	"fmt"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// The abilities of the 16 character cards, one function per card in the order of the rules
// table (shared/rules/shelfie.md), each checking its move and, when do is set, making it.
// What every ability shares is checked first, in checkAbility: the card is yours and face up
// (card 8: and the copied card is spent and not 8), it is your turn, and card 9 is used only
// before you take your box, every other card only after. Using a card spends it; card 8
// spends itself, the copied card stays spent.
//
// Shipment dice are named by their 1-based position in the shipment, columns 1–5; a die
// joining the shipment (cards 1, 2, 15) goes to its end. Values always stay within 1–6.

// abilityRule is one card's ability: check the move a of seat and, when do is set, make it
// and say what happened.
type abilityRule func(s *State, seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal)

// ruleOf returns the rule of card n (1–16, not 8, which uses another card's rule).
func ruleOf(n int) abilityRule {
	switch n {
	case cardKeeper:
		return (*State).keeper
	case cardNitpicker:
		return (*State).nitpicker
	case cardUpgrader:
		return (*State).upgrader
	case cardRegifter:
		return (*State).regifter
	case cardCat:
		return (*State).cat
	case cardBargainHunter:
		return (*State).bargainHunter
	case cardColourBlind:
		return (*State).colourBlind
	case cardFestivalGoer:
		return (*State).festivalGoer
	case cardDiceLord:
		return (*State).diceLord
	case cardPerfectionist:
		return (*State).perfectionist
	case cardGeek:
		return (*State).geek
	case cardBoxCrusher:
		return (*State).boxCrusher
	case cardPlaytester:
		return (*State).playtester
	case cardArchaeologist:
		return (*State).archaeologist
	case cardMasterShuffler:
		return (*State).masterShuffler
	}
	return nil
}

// 1 Keeper: put 1 shipment die on this card. On any later turn (after taking your box) it
// may come back into the shipment (see Retrieve). A die left here scores nothing and does not
// count for the sidekick.
func (s *State) keeper(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	if r := s.checkDie(a.Die); r != nil || !do {
		return games.Text{}, r
	}
	d := s.removeDie(a.Die - 1)
	s.seats[seat].keeper = append(s.seats[seat].keeper, Kept{Die: d, Round: int8(s.round)})
	return games.Say("%s on card 1", "%s na kartu 1", d.Words()), nil
}

// 2 Nitpicker: take the top die of one of your columns back into the shipment; it must be
// placed again this turn like any shipment die.
func (s *State) nitpicker(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	if _, r := s.topOf(seat, a.Col); r != nil || !do {
		return games.Text{}, r
	}
	d := s.takeTop(seat, a.Col-1)
	s.shipment = append(s.shipment, d)
	return games.Say("%s from column %d back into the shipment", "%s ze sloupce %d zpět do zásilky", d.Words(), a.Col), nil
}

// 3 Upgrader: +1 to a shipment die or to the top die of a column, not a 6.
func (s *State) upgrader(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	d, r := s.target(seat, a)
	if r == nil && d.Value == 6 {
		r = games.Refuse(games.ErrIllegal, "%s shows 6 already: it cannot go higher.", "%s už ukazuje 6: výš to nejde.", d.Words())
	}
	if r != nil || !do {
		return games.Text{}, r
	}
	old := *d
	d.Value++
	return games.Say("%s → %s", "%s → %s", old.Words(), d.Words()), nil
}

// 4 Regifter: put a shipment die or the top die of a column into this card's gift box for
// the rest of the game (no points, no sidekick count).
func (s *State) regifter(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	if _, r := s.target(seat, a); r != nil || !do {
		return games.Text{}, r
	}
	var d Die
	if a.Die != 0 {
		d = s.removeDie(a.Die - 1)
	} else {
		d = s.takeTop(seat, a.Col-1)
	}
	s.seats[seat].gifts = append(s.seats[seat].gifts, d)
	return games.Say("%s into the gift box", "%s do dárkové krabice", d.Words()), nil
}

// 5 Cat: −1 to a shipment die, not a 1, or to the top die of a column, not a 1, unless it
// would then equal the die below it.
func (s *State) cat(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	d, r := s.target(seat, a)
	switch {
	case r != nil:
	case d.Value == 1:
		r = games.Refuse(games.ErrIllegal, "%s shows 1 already: it cannot go lower.", "%s už ukazuje 1: níž to nejde.", d.Words())
	case a.Col != 0:
		if below, ok := s.seats[seat].shelf.below(a.Col - 1); ok && below.Value == d.Value-1 {
			r = games.Refuse(games.ErrIllegal, "%s would then equal %s below it.", "%[1]s by se pak rovnala kostce pod ní (%[2]s).", d.Words(), below.Words())
		}
	}
	if r != nil || !do {
		return games.Text{}, r
	}
	old := *d
	d.Value--
	return games.Say("%s → %s", "%s → %s", old.Words(), d.Words()), nil
}

// 6 Bargain Hunter: turn a shipment die to its opposite face (1↔6, 2↔5, 3↔4).
func (s *State) bargainHunter(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	if r := s.checkDie(a.Die); r != nil || !do {
		return games.Text{}, r
	}
	d := &s.shipment[a.Die-1]
	old := *d
	d.Value = Opposite(d.Value)
	return games.Say("%s → %s", "%s → %s", old.Words(), d.Words()), nil
}

// 7 Colour-blind: place a shipment die ignoring the colour rule; it must still be higher than
// the die below. It keeps its real colour; the column keeps its colour.
func (s *State) colourBlind(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	return s.placeIgnoring(seat, a, Rules{IgnoreColour: true}, do)
}

// 8 Flash: use again the ability of one of your spent cards, not card 8 — see checkAbility
// and useAbility, which run the copied card's rule.

// 9 Festival-goer: only before taking your box, swap 1 die of an untaken box with 1 die of
// another untaken box (box < box2).
func (s *State) festivalGoer(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	for _, b := range []int{a.Box, a.Box2} {
		if r := s.checkBox(b); r != nil {
			return games.Text{}, r
		}
	}
	switch {
	case a.Box >= a.Box2:
		return games.Text{}, games.Refuse(games.ErrIllegal, "Name two different boxes, the lower first.", "Uveď dvě různé přepravky, nižší první.")
	case a.Pos < 1 || a.Pos > len(s.boxes[a.Box-1].dice) || a.Pos2 < 1 || a.Pos2 > len(s.boxes[a.Box2-1].dice):
		return games.Text{}, games.Refuse(games.ErrIllegal, "A box holds dice 1 to 3.", "Přepravka obsahuje kostky 1 až 3.")
	}
	if !do {
		return games.Text{}, nil
	}
	x, y := &s.boxes[a.Box-1].dice[a.Pos-1], &s.boxes[a.Box2-1].dice[a.Pos2-1]
	*x, *y = *y, *x
	return games.Say("%s of box %d swapped with %s of box %d", "%s z přepravky %d prohozena s %s z přepravky %d", *y, a.Box, *x, a.Box2), nil
}

// 10 Dice Lord: reroll any number of shipment dice (named in increasing order); chance rolls
// them next and the results stand.
func (s *State) diceLord(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	for k, i := range a.Dice {
		if r := s.checkDie(i); r != nil {
			return games.Text{}, r
		}
		if k > 0 && i <= a.Dice[k-1] {
			return games.Text{}, games.Refuse(games.ErrIllegal, "List the dice to reroll once each, in increasing order.", "Uveď kostky k přehození každou jednou, vzestupně.")
		}
	}
	if !do {
		return games.Text{}, nil
	}
	var dice []Die
	s.rolling = s.rolling[:0]
	for _, i := range a.Dice {
		s.rolling = append(s.rolling, i-1)
		dice = append(dice, s.shipment[i-1])
	}
	s.phase = PhaseRoll
	return games.Say("rerolls %s", "přehazuje kostky: %s", diceWords(dice)), nil
}

// 11 Perfectionist: swap the values of two shipment dice (die < other) of different values.
func (s *State) perfectionist(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	for _, i := range []int{a.Die, a.Other} {
		if r := s.checkDie(i); r != nil {
			return games.Text{}, r
		}
	}
	x, y := &s.shipment[a.Die-1], &s.shipment[a.Other-1]
	switch {
	case a.Die >= a.Other:
		return games.Text{}, games.Refuse(games.ErrIllegal, "Name two different dice, the lower first.", "Uveď dvě různé kostky, nižší první.")
	case x.Value == y.Value:
		return games.Text{}, games.Refuse(games.ErrIllegal, "%s and %s show the same value: swapping changes nothing.", "%s a %s mají stejnou hodnotu: prohození nic nezmění.", x.Words(), y.Words())
	}
	if !do {
		return games.Text{}, nil
	}
	ox, oy := *x, *y
	x.Value, y.Value = y.Value, x.Value
	return games.Say("%s and %s → %s and %s", "%s a %s → %s a %s", ox.Words(), oy.Words(), x.Words(), y.Words()), nil
}

// 12 Geek: move a die from the shame shelf straight onto the shelf by the placement rules (it
// never passes through the shipment, so it cannot be changed on the way).
func (s *State) geek(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	st := &s.seats[seat]
	if a.Shame < 1 || a.Shame > len(st.shame) {
		return games.Text{}, games.Refuse(games.ErrIllegal, "Your shame shelf holds %d dice: there is no die %d.", "Na tvé polici hanby je %d kostek: kostka %d tam není.", len(st.shame), a.Shame)
	}
	d := st.shame[a.Shame-1]
	if r := st.shelf.Check(d, a.Col-1, Rules{}); r != nil || !do {
		return games.Text{}, r
	}
	st.shame = slices.Delete(st.shame, a.Shame-1, a.Shame)
	s.putOnShelf(seat, d, a.Col-1)
	return games.Say("%s from the shame shelf onto column %d", "%s z police hanby do sloupce %d", d.Words(), a.Col), nil
}

// 13 Box Crusher: place a shipment die ignoring the number rule; the colour rule still
// applies, and later dice in the column must still be higher than it.
func (s *State) boxCrusher(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	return s.placeIgnoring(seat, a, Rules{IgnoreNumber: true}, do)
}

// 14 Playtester: set a shipment die to any other value, or the top die of a column to any
// other value that stays higher than the die below it.
func (s *State) playtester(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	d, r := s.target(seat, a)
	switch {
	case r != nil:
	case a.Value < 1 || a.Value > 6:
		r = games.Refuse(games.ErrIllegal, "A die shows 1 to 6, not %d.", "Kostka ukazuje 1 až 6, ne %d.", a.Value)
	case int(d.Value) == a.Value:
		r = games.Refuse(games.ErrIllegal, "%s shows %d already.", "%s už ukazuje %d.", d.Words(), a.Value)
	case a.Col != 0:
		if below, ok := s.seats[seat].shelf.below(a.Col - 1); ok && a.Value <= int(below.Value) {
			r = games.Refuse(games.ErrIllegal, "The column must rise: %d is not above %s below it.", "Sloupec musí stoupat: %d není víc než %s pod ní.", a.Value, below)
		}
	}
	if r != nil || !do {
		return games.Text{}, r
	}
	old := *d
	d.Value = int8(a.Value)
	return games.Say("%s → %s", "%s → %s", old.Words(), d.Words()), nil
}

// 15 Archaeologist: return a shipment die to the bag; chance draws a die from the bag, which
// joins the shipment, and its owner sets its value next (Set).
func (s *State) archaeologist(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	if r := s.checkDie(a.Die); r != nil || !do {
		return games.Text{}, r
	}
	d := s.removeDie(a.Die - 1)
	s.bag[d.Colour]++
	s.phase = PhaseDraw
	return games.Say("%s back into the bag, draws a new die", "%s zpět do pytlíku, táhne novou kostku", d.Words()), nil
}

// 16 Master Shuffler: in a column of 1–4 dice, at a height from 1 to the column's height,
// shift the dice from there up by one and put a shipment die into the gap: of the column's
// colour, higher than the die below the gap, lower than the die above it.
func (s *State) masterShuffler(seat games.Seat, a Ability, do bool) (games.Text, *games.Refusal) {
	if r := s.checkDie(a.Die); r != nil {
		return games.Text{}, r
	}
	sh := &s.seats[seat].shelf
	if a.Col < 1 || a.Col > Columns {
		return games.Text{}, games.Refuse(games.ErrIllegal, "There is no column %d: the columns are 1 to 5.", "Sloupec %d neexistuje: sloupce jsou 1 až 5.", a.Col)
	}
	col := a.Col - 1
	h := int(sh.Heights[col])
	d := s.shipment[a.Die-1]
	switch {
	case h < 1 || h > 4:
		return games.Text{}, games.Refuse(games.ErrIllegal, "Card 16 works on a column of 1 to 4 dice; column %d has %d.", "Karta 16 působí na sloupec s 1 až 4 kostkami; sloupec %d jich má %d.", a.Col, h)
	case a.At < 1 || a.At > h:
		return games.Text{}, games.Refuse(games.ErrIllegal, "Pick a height from 1 to %d.", "Vyber výšku od 1 do %d.", h)
	case d.Colour != sh.ColourOf(col):
		return games.Text{}, games.Refuse(games.ErrIllegal, "%s is not the colour of column %d.", "%s nemá barvu sloupce %d.", d.Words(), a.Col)
	case a.At > 1 && d.Value <= sh.Dice[col][a.At-2].Value:
		return games.Text{}, games.Refuse(games.ErrIllegal, "%s must be higher than %s below it.", "%s musí být vyšší než %s pod ní.", d.Words(), sh.Dice[col][a.At-2].Words())
	case d.Value >= sh.Dice[col][a.At-1].Value:
		return games.Text{}, games.Refuse(games.ErrIllegal, "%s must be lower than %s above it.", "%s musí být nižší než %s nad ní.", d.Words(), sh.Dice[col][a.At-1].Words())
	}
	if !do {
		return games.Text{}, nil
	}
	s.removeDie(a.Die - 1)
	sh.insert(d, col, a.At-1)
	st := &s.seats[seat]
	for i, sp := range st.recent {
		if int(sp.Col) == col && int(sp.Height) >= a.At-1 {
			st.recent[i].Height++
		}
	}
	st.recent = append(st.recent, Spot{Col: int8(col), Height: int8(a.At - 1)})
	return games.Say("%s slid into column %d at height %d", "%s vsunuta do sloupce %d ve výšce %d", d.Words(), a.Col, a.At), nil
}

// target returns the die a card 3, 4, 5 or 14 move acts on: shipment die a.Die, or the top
// die of column a.Col.
func (s *State) target(seat games.Seat, a Ability) (*Die, *games.Refusal) {
	if a.Die != 0 {
		if r := s.checkDie(a.Die); r != nil {
			return nil, r
		}
		return &s.shipment[a.Die-1], nil
	}
	if _, r := s.topOf(seat, a.Col); r != nil {
		return nil, r
	}
	sh := &s.seats[seat].shelf
	return &sh.Dice[a.Col-1][sh.Heights[a.Col-1]-1], nil
}

// topOf returns the top die of seat's column col (1-based), or why there is none.
func (s *State) topOf(seat games.Seat, col int) (Die, *games.Refusal) {
	if col < 1 || col > Columns {
		return Die{}, games.Refuse(games.ErrIllegal, "There is no column %d: the columns are 1 to 5.", "Sloupec %d neexistuje: sloupce jsou 1 až 5.", col)
	}
	d, ok := s.seats[seat].shelf.Top(col - 1)
	if !ok {
		return Die{}, games.Refuse(games.ErrIllegal, "Column %d is empty.", "Sloupec %d je prázdný.", col)
	}
	return d, nil
}

// takeTop removes the top die of seat's column col (0-based), forgetting it as recent.
func (s *State) takeTop(seat games.Seat, col int) Die {
	st := &s.seats[seat]
	h := st.shelf.Heights[col] - 1
	st.recent = slices.DeleteFunc(st.recent, func(sp Spot) bool { return int(sp.Col) == col && sp.Height == h })
	return st.shelf.take(col)
}

// placeIgnoring is cards 7 and 13: place shipment die a.Die on column a.Col under the
// placement rules less those r ignores.
func (s *State) placeIgnoring(seat games.Seat, a Ability, r Rules, do bool) (games.Text, *games.Refusal) {
	if ref := s.checkDie(a.Die); ref != nil {
		return games.Text{}, ref
	}
	d := s.shipment[a.Die-1]
	if ref := s.seats[seat].shelf.Check(d, a.Col-1, r); ref != nil || !do {
		return games.Text{}, ref
	}
	s.removeDie(a.Die - 1)
	s.putOnShelf(seat, d, a.Col-1)
	return games.Say("%s onto column %d", "%s do sloupce %d", d.Words(), a.Col), nil
}

// checkAbility returns why seat may not make ability move a now, or nil.
func (s *State) checkAbility(seat games.Seat, a Ability) *games.Refusal {
	if r := a.checkForm(); r != nil {
		return r
	}
	if s.faceUp(seat, a.Card) < 0 {
		return games.Refuse(games.ErrIllegal, "You have no face-up card %d: its ability is spent or it is not yours.", "Nemáš lícem nahoru kartu %d: její schopnost je použitá, nebo ta karta není tvoje.", a.Card)
	}
	if a.Card == cardFlash && !s.spent(seat, a.Copy) {
		return games.Refuse(games.ErrIllegal, "Card 8 copies one of your spent cards; card %d is not spent.", "Karta 8 kopíruje jednu tvou použitou kartu; karta %d použitá není.", a.Copy)
	}
	info := cardTable[a.Acting()]
	switch {
	case info.Before && s.taken:
		return games.Refuse(games.ErrIllegal, "Card 9 is used only before you take your box.", "Kartu 9 lze použít jen před vzetím přepravky.")
	case !info.Before && !s.taken:
		return games.Refuse(games.ErrIllegal, "Take a box first: card %d is used after that.", "Nejdřív si vezmi přepravku: karta %d se používá až potom.", a.Acting())
	}
	_, r := ruleOf(a.Acting())(s, seat, a, false)
	return r
}

// applyAbility uses a face-up card's ability and spends the card.
func (s *State) applyAbility(seat games.Seat, a Ability) ([]games.Event, error) {
	if r := s.checkAbility(seat, a); r != nil {
		return nil, r
	}
	s.seats[seat].played[s.faceUp(seat, a.Card)].Spent = true
	what, _ := ruleOf(a.Acting())(s, seat, a, true)
	name := s.name(seat)
	info := cardTable[a.Card]
	t := games.Text{
		EN: fmt.Sprintf("%s used %s (%d): %s.", name, info.Name.EN, a.Card, what.EN),
		CS: fmt.Sprintf("%s použil(a) kartu %s (%d): %s.", name, info.Name.CS, a.Card, what.CS),
	}
	if a.Card == cardFlash {
		c := cardTable[a.Copy]
		t = games.Text{
			EN: fmt.Sprintf("%s used %s (8) as %s (%d): %s.", name, info.Name.EN, c.Name.EN, a.Copy, what.EN),
			CS: fmt.Sprintf("%s použil(a) kartu %s (8) jako %s (%d): %s.", name, info.Name.CS, c.Name.CS, a.Copy, what.CS),
		}
	}
	return []games.Event{event(seat, t)}, nil
}
