package shelfie

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// applyChoose keeps seat's secret choice; the last player's choice reveals them all. With two
// cards of the same number in hand (possible in the draft) the one with the earlier letter is
// chosen.
func (s *State) applyChoose(seat games.Seat, c Choose) ([]games.Event, error) {
	if s.phase != PhaseChoose {
		return nil, games.Refuse(games.ErrUnknownAction, "Character cards are chosen at the start of a round.", "Karty postav se vybírají na začátku kola.")
	}
	st := &s.seats[seat]
	i := s.handIndex(seat, c.Card)
	if i < 0 {
		return nil, games.Refuse(games.ErrIllegal, "You have no card %d in hand: you hold %s.", "Kartu %d v ruce nemáš: máš %s.", c.Card, handText(st.hand))
	}
	st.choice, st.chosen = st.hand[i], true
	if w := s.ToAct(); len(w) > 0 {
		return []games.Event{games.Chosen(s, seat, games.Say("has chosen", "má vybráno"))}, nil
	}
	return s.reveal(), nil
}

// handIndex returns the index in seat's hand of the card numbered n with the earliest letter,
// or -1.
func (s *State) handIndex(seat games.Seat, n int) int {
	best := -1
	for i, c := range s.seats[seat].hand {
		if int(c.Number) == n && (best < 0 || c.Letter() < s.seats[seat].hand[best].Letter()) {
			best = i
		}
	}
	return best
}

// reveal turns every player's choice face up and, unless the solo opponent's card is still
// to come, starts the turns.
func (s *State) reveal() []games.Event {
	var parts []games.Text
	for i := range s.Names {
		st := &s.seats[i]
		tie := false
		for j := range s.Names {
			tie = tie || j != i && s.seats[j].choice.Number == st.choice.Number
		}
		s.playCard(games.Seat(i), st.choice)
		parts = append(parts, games.Say("%s — %s", "%s — %s", s.Names[i], cardWords(st.choice, tie)))
	}
	ev := games.Event{Seat: games.NoSeat, Milestone: true, Text: games.Join([]games.Text{
		games.Say("Characters revealed: ", "Odhalené postavy: "), games.Join(parts, ", "), games.Say(".", ".")}, "")}
	if s.solo() {
		s.phase = PhaseReveal
		return []games.Event{ev}
	}
	return append([]games.Event{ev}, s.startTurns()...)
}

// playCard moves card c from seat's hand to its face-up cards.
func (s *State) playCard(seat games.Seat, c Card) {
	st := &s.seats[seat]
	i := slices.Index(st.hand, c)
	st.hand = slices.Delete(st.hand, i, i+1)
	st.played = append(st.played, Played{Card: c, Round: int8(s.round)})
	st.choice, st.chosen = c, true
}

// applyReveal turns the solo opponent's card and starts the turns.
func (s *State) applyReveal(r Reveal) ([]games.Event, error) {
	if s.phase != PhaseReveal {
		return nil, games.Refuse(games.ErrUnknownAction, "The opponent's card is revealed after your choice.", "Karta soupeře se odhaluje po tvé volbě.")
	}
	i := s.handIndex(Opponent, r.Card)
	if i < 0 {
		return nil, games.Refuse(games.ErrIllegal, "The opponent's deck holds %s, not card %d.", "Balíček soupeře obsahuje %s, ne kartu %d.", handText(s.seats[Opponent].hand), r.Card)
	}
	c := s.seats[Opponent].hand[i]
	tie := s.seats[0].choice.Number == c.Number
	s.playCard(Opponent, c)
	info := cardTable[c.Number]
	ev := games.Event{Seat: games.Chance, Text: games.Text{
		EN: fmt.Sprintf("%s reveals card %s: it wants box %d, else %d.", OpponentName, cardWords(c, tie).EN, info.Solo[0], info.Solo[1]),
		CS: fmt.Sprintf("%s odhaluje kartu %s: chce přepravku %d, jinak %d.", OpponentName, cardWords(c, tie).CS, info.Solo[0], info.Solo[1])}}
	return append([]games.Event{ev}, s.startTurns()...), nil
}

// startTurns orders the seats by the value of their card this round, then its letter, and
// starts the first turn.
func (s *State) startTurns() []games.Event {
	s.order = s.order[:0]
	for i := range s.seats {
		s.order = append(s.order, games.Seat(i))
	}
	slices.SortFunc(s.order, func(a, b games.Seat) int {
		if s.seats[a].choice.before(s.seats[b].choice) {
			return -1
		}
		return 1
	})
	var names []string
	for _, seat := range s.order {
		names = append(names, fmt.Sprintf("%s (%s)", s.name(seat), s.seats[seat].choice))
	}
	ev := games.Event{Seat: games.NoSeat, Minor: true, Text: games.Text{
		EN: "Turn order: " + strings.Join(names, ", ") + ".", CS: "Pořadí tahů: " + strings.Join(names, ", ") + "."}}
	s.turn = -1
	return append([]games.Event{ev}, s.nextTurn()...)
}

// nextTurn moves to the next seat in turn order, playing the solo opponent's turns by the
// rules, and ends the round after the last.
func (s *State) nextTurn() []games.Event {
	var events []games.Event
	for {
		s.turn++
		if s.turn >= len(s.order) {
			return append(events, s.endRound()...)
		}
		seat := s.order[s.turn]
		s.phase, s.taken, s.shipment, s.setNext, s.rolling = PhaseTurn, false, nil, false, nil
		if s.IsSeat(seat) {
			return events
		}
		events = append(events, s.opponentTurn()...)
		events = append(events, s.checkRewards(seat)...)
	}
}

// endRound cleans up: the dice of untaken boxes go back into the bag (not after round 7); the
// game ends after round 7, otherwise hands pass in the draft and the next boxes are filled.
func (s *State) endRound() []games.Event {
	s.order, s.turn, s.taken, s.shipment = nil, 0, false, nil
	if s.round >= Rounds {
		s.phase = PhaseOver
		res := s.Result()
		return []games.Event{{Seat: games.NoSeat, Milestone: true, Text: games.Join([]games.Text{games.Say("Game over.", "Konec hry."), res.Summary}, " ")}}
	}
	for i := range s.boxes {
		if s.boxes[i].taker == games.NoSeat {
			for _, d := range s.boxes[i].dice {
				s.bag[d.Colour]++
			}
			s.boxes[i].dice = nil
		}
	}
	var events []games.Event
	if s.Opts.Draft && len(s.Names) > 1 {
		n := len(s.Names)
		hands := make([][]Card, n)
		for i := range n {
			hands[(i+1)%n] = s.seats[i].hand
		}
		for i := range n {
			s.seats[i].hand = hands[i]
			slices.SortStableFunc(s.seats[i].hand, func(a, b Card) int { return int(a.Number) - int(b.Number) })
		}
		events = append(events, games.Event{Seat: games.NoSeat, Minor: true, Text: games.Say("Hands passed to the next player.", "Karty v ruce putují dalšímu hráči.")})
	}
	s.phase = PhaseFill
	return events
}

// applyTake takes an untaken box: its dice become the shipment.
func (s *State) applyTake(seat games.Seat, t Take) ([]games.Event, error) {
	if s.taken {
		return nil, games.Refuse(games.ErrIllegal, "You have taken your box already.", "Přepravku už máš.")
	}
	if r := s.checkBox(t.Box); r != nil {
		return nil, r
	}
	b := &s.boxes[t.Box-1]
	s.shipment, s.taken = slices.Clone(b.dice), true
	b.taker = seat
	s.seats[seat].recent = nil
	return []games.Event{event(seat, games.Say("%s took box %d: %s.", "%s si bere přepravku %d: %s.", s.name(seat), t.Box, diceWords(s.shipment)))}, nil
}

// checkBox returns why box b (1-based) cannot be taken, or nil.
func (s *State) checkBox(b int) *games.Refusal {
	if b < 1 || b > len(s.boxes) {
		return games.Refuse(games.ErrIllegal, "There is no box %d: the boxes are 1 to %d.", "Přepravka %d neexistuje: přepravky jsou 1 až %d.", b, len(s.boxes))
	}
	if t := s.boxes[b-1].taker; t != games.NoSeat {
		return games.Refuse(games.ErrIllegal, "%s has taken box %d already.", "Přepravku %[2]d už si vzal(a) %[1]s.", s.name(t), b)
	}
	return nil
}

// checkDie returns why i (1-based) names no shipment die, or nil.
func (s *State) checkDie(i int) *games.Refusal {
	if i < 1 || i > len(s.shipment) {
		if len(s.shipment) == 0 {
			return games.Refuse(games.ErrIllegal, "Your shipment is empty.", "Tvoje zásilka je prázdná.")
		}
		return games.Refuse(games.ErrIllegal, "There is no die %d in your shipment: it holds %d.", "Kostka %d v zásilce není: zásilka má %d.", i, len(s.shipment))
	}
	return nil
}

// applySet turns a shipment six, or sets the value of card 15's new die.
func (s *State) applySet(seat games.Seat, a Set) ([]games.Event, error) {
	if r := s.checkDie(a.Die); r != nil {
		return nil, r
	}
	if a.Value < 1 || a.Value > 6 {
		return nil, games.Refuse(games.ErrIllegal, "A die shows 1 to 6, not %d.", "Kostka ukazuje 1 až 6, ne %d.", a.Value)
	}
	d := &s.shipment[a.Die-1]
	old := *d
	switch {
	case s.setNext && a.Die != len(s.shipment):
		return nil, games.Refuse(games.ErrIllegal, "Set the die you drew first: die %d.", "Nejdřív nastav vytaženou kostku: kostku %d.", len(s.shipment))
	case s.setNext:
		s.setNext = false
	case d.Value != 6:
		return nil, games.Refuse(games.ErrIllegal, "Only a six in the shipment is wild: %s is not.", "Žolíkem je jen šestka v zásilce, %s ne.", d.Words())
	case a.Value == 6:
		return nil, games.Refuse(games.ErrIllegal, "%s shows 6 already.", "%s už ukazuje 6.", d.Words())
	}
	d.Value = int8(a.Value)
	return []games.Event{{Seat: seat, Minor: true, Text: games.Say("%s set %s to %d.", "%s nastavuje hodnotu: %s → %d.", s.name(seat), old.Words(), d.Value)}}, nil
}

// applyPlace places a shipment die on the shelf or the shame shelf.
func (s *State) applyPlace(seat games.Seat, p Place) ([]games.Event, error) {
	if r := s.checkDie(p.Die); r != nil {
		return nil, r
	}
	d := s.shipment[p.Die-1]
	st := &s.seats[seat]
	if p.Shame {
		if p.Col != 0 {
			return nil, games.Refuse(games.ErrIllegal, "A die goes to a column or to the shame shelf, not both.", "Kostka jde do sloupce, nebo na polici hanby, ne obojí.")
		}
		s.removeDie(p.Die - 1)
		st.shame = append(st.shame, d)
		return []games.Event{event(seat, games.Say("%s put %s on the shame shelf (−%d).", "%[1]s dává na polici hanby (−%[3]d): %[2]s.", s.name(seat), d.Words(), ShamePenalty))}, nil
	}
	if r := st.shelf.Check(d, p.Col-1, Rules{}); r != nil {
		return nil, r
	}
	s.removeDie(p.Die - 1)
	s.putOnShelf(seat, d, p.Col-1)
	return []games.Event{event(seat, games.Say("%s placed %s on column %d.", "%[1]s staví do sloupce %[3]d: %[2]s.", s.name(seat), d.Words(), p.Col))}, nil
}

// removeDie takes shipment die i (0-based) out of the shipment, closing the gap.
func (s *State) removeDie(i int) Die {
	d := s.shipment[i]
	s.shipment = slices.Delete(s.shipment, i, i+1)
	return d
}

// putOnShelf lays d on top of seat's column col and remembers the space as recent.
func (s *State) putOnShelf(seat games.Seat, d Die, col int) {
	st := &s.seats[seat]
	st.shelf.put(d, col)
	st.recent = append(st.recent, Spot{Col: int8(col), Height: st.shelf.Heights[col] - 1})
}

// applyRetrieve moves a die from card 1 back into the shipment, on a later turn than it was
// put there.
func (s *State) applyRetrieve(seat games.Seat, r Retrieve) ([]games.Event, error) {
	st := &s.seats[seat]
	if r.Slot < 1 || r.Slot > len(st.keeper) {
		if len(st.keeper) == 0 {
			return nil, games.Refuse(games.ErrIllegal, "There is no die on your card 1.", "Na tvé kartě 1 žádná kostka není.")
		}
		return nil, games.Refuse(games.ErrIllegal, "Card 1 holds %d dice: there is no slot %d.", "Na kartě 1 jsou %d kostky: pozice %d tam není.", len(st.keeper), r.Slot)
	}
	k := st.keeper[r.Slot-1]
	if int(k.Round) >= s.round {
		return nil, games.Refuse(games.ErrIllegal, "%s went onto card 1 this turn: it comes back on a later turn.", "%s jde na kartu 1 v tomto tahu: vrátit ji můžeš až v pozdějším tahu.", k.Die.Words())
	}
	st.keeper = slices.Delete(st.keeper, r.Slot-1, r.Slot)
	s.shipment = append(s.shipment, k.Die)
	return []games.Event{event(seat, games.Say("%s took %s back from card 1 into the shipment.", "%s vrací z karty 1 do zásilky: %s.", s.name(seat), k.Die.Words()))}, nil
}

// applyDone ends the turn once the shipment is empty.
func (s *State) applyDone(seat games.Seat) ([]games.Event, error) {
	if len(s.shipment) > 0 {
		return nil, games.Refuse(games.ErrIllegal, "Place every shipment die first (%s) — the shame shelf always takes one.", "Nejdřív umísti všechny kostky zásilky (%s) — police hanby vezme každou.", diceText(s.shipment))
	}
	events := []games.Event{{Seat: seat, Minor: true, Text: games.Say("%s ended the turn.", "%s končí tah.", s.name(seat))}}
	events = append(events, s.checkRewards(seat)...)
	return append(events, s.nextTurn()...), nil
}

// applyRoll sets the values card 10 rerolled.
func (s *State) applyRoll(r Roll) ([]games.Event, error) {
	if s.phase != PhaseRoll {
		return nil, games.Refuse(games.ErrUnknownAction, "No dice are being rerolled.", "Žádné kostky se nepřehazují.")
	}
	if len(r.Values) != len(s.rolling) {
		return nil, games.Refuse(games.ErrIllegal, "Roll %d dice, not %d.", "Hoď %d kostkami, ne %d.", len(s.rolling), len(r.Values))
	}
	for _, v := range r.Values {
		if v < 1 || v > 6 {
			return nil, games.Refuse(games.ErrIllegal, "A die shows 1 to 6, not %d.", "Kostka ukazuje 1 až 6, ne %d.", v)
		}
	}
	var got []Die
	for k, i := range s.rolling {
		s.shipment[i].Value = int8(r.Values[k])
		got = append(got, s.shipment[i])
	}
	seat := s.current()
	s.rolling, s.phase = nil, PhaseTurn
	return []games.Event{event(games.Chance, games.Say("%s rolled %s.", "%s hází: %s.", s.name(seat), diceWords(got)))}, nil
}

// applyDraw adds the die card 15 drew to the shipment; its owner sets its value next.
func (s *State) applyDraw(d Draw) ([]games.Event, error) {
	if s.phase != PhaseDraw {
		return nil, games.Refuse(games.ErrUnknownAction, "No die is being drawn.", "Žádná kostka se netáhne.")
	}
	if !d.Colour.Valid() || s.bag[d.Colour] == 0 {
		return nil, games.Refuse(games.ErrIllegal, "The bag has no such die.", "Taková kostka v pytlíku není.")
	}
	s.bag[d.Colour]--
	s.shipment = append(s.shipment, Die{Colour: d.Colour})
	s.setNext, s.phase = true, PhaseTurn
	seat := s.current()
	return []games.Event{event(games.Chance, games.Text{
		EN: fmt.Sprintf("%s drew a %s die.", s.name(seat), d.Colour.Name().EN),
		CS: fmt.Sprintf("%s táhne %s kostku.", s.name(seat), accusative(d.Colour))})}, nil
}

// accusative is a colour's Czech name agreeing with "kostku" ("fialovou").
func accusative(c Colour) string {
	switch c {
	case Purple:
		return "fialovou"
	case Green:
		return "zelenou"
	case Blue:
		return "modrou"
	case Orange:
		return "oranžovou"
	}
	return ""
}
