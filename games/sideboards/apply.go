package sideboards

import (
	"fmt"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// Apply makes seat's move, the common refusals passed (see games.Check). It refuses an action
// that is not the decision the seat faces (ErrUnknownAction) and a move the rules forbid
// (ErrIllegal). A refused move changes nothing. A seat's start or place is kept hidden: its
// event says only that it has chosen, and the last seat's move reveals every sideboard of the
// turn.
func (s *State) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	switch a := a.(type) {
	case Tasks:
		if s.phase != PhaseTasks {
			return nil, s.wrongChance()
		}
		return s.applyTasks(a)
	case Deal:
		if s.phase != PhaseDeal {
			return nil, s.wrongChance()
		}
		return s.applyDeal(a)
	case Draw:
		if s.phase != PhaseDraw && s.exchanging == games.NoSeat {
			return nil, s.wrongChance()
		}
		return s.applyDraw(a)
	case Start:
		if s.turn != 1 {
			return nil, s.wrongMove()
		}
		return s.applyStart(seat, a)
	case Place:
		if s.turn < 2 {
			return nil, s.wrongMove()
		}
		return s.applyPlace(seat, a)
	case Exchange:
		return s.applyExchange(seat)
	}
	return nil, games.Refuse(games.ErrUnknownAction, "Sideboards has no such move: lay or place a card, or use your exchange card.", "Takový tah Sideboards nezná: polož nebo přilož kartu, případně použij výměnnou kartu.")
}

// wrongChance refuses a chance action that is not the one due.
func (s *State) wrongChance() *games.Refusal {
	switch {
	case s.phase == PhaseTasks:
		return games.Refuse(games.ErrUnknownAction, "Chance must draw the tasks now.", "Náhoda teď musí vylosovat úkoly.")
	case s.phase == PhaseDeal:
		return games.Refuse(games.ErrUnknownAction, "Chance must deal the cards now.", "Náhoda teď musí rozdat karty.")
	}
	return games.Refuse(games.ErrUnknownAction, "Chance must draw cards now.", "Náhoda teď musí dobrat karty.")
}

// wrongMove refuses a player's action that is not the decision the seat faces.
func (s *State) wrongMove() *games.Refusal {
	if s.turn == 1 {
		return games.Refuse(games.ErrUnknownAction, "In the first turn you lay two cards side by side.", "V prvním kole položíš dvě karty vedle sebe.")
	}
	return games.Refuse(games.ErrUnknownAction, "Your first two cards are laid: place one card at an end now.", "První dvě karty už leží: teď přilož jednu kartu na kraj.")
}

// applyTasks sets the three tasks.
func (s *State) applyTasks(a Tasks) ([]games.Event, error) {
	if len(a.Tasks) != 3 {
		return nil, games.Refuse(games.ErrIllegal, "Draw three tasks: a colour, a handle and a row task.", "Vylosuj tři úkoly: barev, úchytek a řad.")
	}
	for k, n := range a.Tasks {
		if !Task(n).Valid() || Task(n).Kind() != Kind(k) {
			return nil, games.Refuse(games.ErrIllegal, "Task %[1]d cannot be the %[2]s task: that one is numbered %[4]s.", "Úkol %[1]d nemůže být úkolem %[3]s: ten má čísla %[4]s.", n, kindWords[k][0], kindWords[k][1], kindRange[k])
		}
	}
	for k := range s.tasks {
		s.tasks[k] = Task(a.Tasks[k])
	}
	s.phase = PhaseDeal
	return []games.Event{{Seat: games.Chance, Text: s.tasksText()}}, nil
}

// tasksText names the tasks in play: "Tasks: colour combination 2, handle combination 9, row
// task 17 (longest colour run)."
func (s *State) tasksText() games.Text {
	c, h, r := int(s.tasks[ColourTask]), int(s.tasks[HandleTask]), int(s.tasks[RowTask])
	short := s.tasks[RowTask].Short()
	return games.Text{
		EN: fmt.Sprintf("Tasks: colour combination %d, handle combination %d, row task %d (%s).", c, h, r, short.EN),
		CS: fmt.Sprintf("Úkoly: barevná kombinace %d, kombinace úchytek %d, úkol řad %d (%s).", c, h, r, short.CS),
	}
}

// applyDeal gives every seat its hand and starts turn 1.
func (s *State) applyDeal(a Deal) ([]games.Event, error) {
	n, k := len(s.Names), s.handSize()
	if len(a.Hands) != n {
		return nil, games.Refuse(games.ErrIllegal, "Deal one hand per seat: %d, not %d.", "Rozdej jednu ruku každému místu: %d, ne %d.", n, len(a.Hands))
	}
	seen := map[Card]bool{}
	for _, h := range a.Hands {
		if len(h) != k {
			return nil, games.Refuse(games.ErrIllegal, "Deal %d cards to every seat, not %d.", "Rozdej každému %d karty, ne %d.", k, len(h))
		}
		for _, c := range h {
			if !c.Valid() || seen[c] {
				return nil, games.Refuse(games.ErrIllegal, "Card %d cannot be dealt: the cards are 1 to 60, each once.", "Kartu %d nelze rozdat: karty jsou 1 až 60, každá jednou.", int(c))
			}
			seen[c] = true
		}
	}
	for i, h := range a.Hands {
		st := &s.seats[i]
		st.hand = slices.Sorted(slices.Values(h))
		for _, c := range h {
			s.knows[c] = 1 << i
		}
	}
	s.pile = slices.DeleteFunc(s.pile, func(c Card) bool { return seen[c] })
	s.turn, s.phase = 1, PhaseTurn
	return []games.Event{{Seat: games.Chance, Minor: true, Text: games.Say("Everybody gets %d cards.", "Každý dostává %d karty.", k)}}, nil
}

// applyDraw gives the seat due its cards: from the draw pile, and when the pile runs out the
// discard pile becomes the new draw pile and the drawing goes on from it.
func (s *State) applyDraw(a Draw) ([]games.Event, error) {
	seat, n := s.drawDue()
	if a.Seat != seat {
		return nil, games.Refuse(games.ErrIllegal, "Chance draws for seat %d now, not %d.", "Náhoda teď dobírá pro místo %d, ne %d.", int(seat), int(a.Seat))
	}
	if len(a.Cards) != n {
		return nil, games.Refuse(games.ErrIllegal, "Draw %d cards for %s, not %d.", "Dober pro %[2]s %[1]d karty, ne %[3]d.", n, s.Names[seat], len(a.Cards))
	}
	pile, discard := slices.Clone(s.pile), slices.Clone(s.discard)
	reshuffled := false
	for i, c := range a.Cards {
		if len(pile) == 0 {
			pile, discard, reshuffled = slices.Sorted(slices.Values(discard)), nil, true
		}
		j := slices.Index(pile, c)
		if j < 0 || slices.Contains(a.Cards[:i], c) {
			return nil, games.Refuse(games.ErrIllegal, "Card %d is not in the draw pile.", "Karta %d v dobíracím balíčku není.", int(c))
		}
		pile = slices.Delete(pile, j, j+1)
	}
	s.pile, s.discard = pile, discard
	st := &s.seats[seat]
	st.hand = append(st.hand, a.Cards...)
	slices.Sort(st.hand)
	for _, c := range a.Cards {
		s.knows[c] = 1 << seat
	}
	var events []games.Event
	if reshuffled {
		events = append(events, games.Event{Seat: games.Chance, Text: games.Say("The draw pile ran out: the discard pile is shuffled into a new one.", "Dobírací balíček došel: odhozené karty se zamíchají do nového.")})
	}
	cards := games.Count(n, "card", "cards", "kartu", "karty", "karet")
	events = append(events, games.Event{Seat: games.Chance, Minor: true, Text: games.Text{
		EN: fmt.Sprintf("%s draws %s.", s.Names[seat], cards.EN),
		CS: fmt.Sprintf("%s si dobírá %s.", s.Names[seat], cards.CS)}})
	if s.exchanging != games.NoSeat {
		s.exchanging = games.NoSeat
		return events, nil
	}
	s.drawNext++
	if s.drawNext == len(s.seats) {
		s.drawNext, s.phase = 0, PhaseTurn
	}
	return events, nil
}

// applyStart commits seat's first two cards.
func (s *State) applyStart(seat games.Seat, a Start) ([]games.Event, error) {
	st := &s.seats[seat]
	if len(a.Cards) != 2 || len(a.Turned) != 2 {
		return nil, games.Refuse(games.ErrIllegal, "Lay exactly two cards, each turned or not.", "Polož přesně dvě karty, každou otočenou, nebo ne.")
	}
	if a.Cards[0] == a.Cards[1] {
		return nil, games.Refuse(games.ErrIllegal, "Lay two different cards.", "Polož dvě různé karty.")
	}
	for _, c := range a.Cards {
		if !slices.Contains(st.hand, c) {
			return nil, notInHand(c, st.hand)
		}
	}
	return s.commit(seat, choice{made: true, cards: []Placed{{a.Cards[0], a.Turned[0]}, {a.Cards[1], a.Turned[1]}}}), nil
}

// applyPlace commits seat's placement of one card.
func (s *State) applyPlace(seat games.Seat, a Place) ([]games.Event, error) {
	st := &s.seats[seat]
	if !slices.Contains(st.hand, a.Card) {
		return nil, notInHand(a.Card, st.hand)
	}
	if a.Side != Left && a.Side != Right {
		return nil, games.Refuse(games.ErrIllegal, "Place the card at the left or the right end.", "Přilož kartu k levému, nebo pravému konci.")
	}
	return s.commit(seat, choice{made: true, cards: []Placed{{a.Card, a.Turned}}, side: a.Side}), nil
}

// notInHand refuses a card that is not in the hand.
func notInHand(c Card, hand []Card) *games.Refusal {
	return games.Refuse(games.ErrIllegal, "Card %d is not in your hand: you hold %s.", "Kartu %d v ruce nemáš: držíš %s.", int(c), joinCards(hand))
}

// applyExchange throws the seat's hand away; chance draws 2 new cards for it next.
func (s *State) applyExchange(seat games.Seat) ([]games.Event, error) {
	st := &s.seats[seat]
	switch {
	case s.four():
		return nil, games.Refuse(games.ErrIllegal, "The variant “4 cards” has no exchange cards.", "Varianta „4 karty“ výměnné karty nemá.")
	case s.turn < 2:
		return nil, games.Refuse(games.ErrIllegal, "The exchange card can be used in turns 2 to 7, not in the first turn.", "Výměnnou kartu lze použít v kolech 2 až 7, ne v prvním kole.")
	case st.exchanged != 0:
		return nil, games.Refuse(games.ErrIllegal, "You used your exchange card in turn %d already.", "Výměnnou kartu jsi už použil(a) v kole %d.", st.exchanged)
	}
	thrown := st.hand
	s.discard = append(s.discard, thrown...)
	st.hand, st.received = nil, nil
	st.exchanged = s.turn
	s.exchanging = seat
	return []games.Event{{Seat: seat, Text: games.Say("%s uses the exchange card: %s go to the discard pile.",
		"%s používá výměnnou kartu a odhazuje %s.", s.Names[seat], joinCards(thrown))}}, nil
}

// commit keeps seat's choice hidden until the last seat of the turn has placed.
func (s *State) commit(seat games.Seat, c choice) []games.Event {
	s.seats[seat].pending = c
	if len(s.ToAct()) > 0 {
		return []games.Event{games.Chosen(s, seat, games.Say("has placed", "má přiloženo"))}
	}
	return s.endTurn()
}

// endTurn reveals every seat's choice, lays the cards, and then ends the game after the 8th
// card or passes the other hand cards on (solo: throws them away) for chance to draw.
func (s *State) endTurn() []games.Event {
	var events []games.Event
	for i := range s.seats {
		st := &s.seats[i]
		c := st.pending
		st.pending = choice{}
		st.newest = st.newest[:0]
		for _, p := range c.cards {
			st.hand = slices.DeleteFunc(st.hand, func(h Card) bool { return h == p.Card })
			st.newest = append(st.newest, p.Card)
		}
		if c.side == Left && s.turn > 1 {
			st.board = append(slices.Clone(c.cards), st.board...)
		} else {
			st.board = append(st.board, c.cards...)
		}
		events = append(events, games.Event{Seat: games.Seat(i), Text: s.choiceText(games.Seat(i), c)})
	}
	if s.turn == Turns {
		for i := range s.seats {
			st := &s.seats[i]
			s.discard = append(s.discard, st.hand...)
			st.hand, st.received = nil, nil
		}
		s.phase = PhaseOver
		return append(events, games.Event{Seat: games.Chance, Milestone: true, Text: s.Result().Summary})
	}
	if s.Solo() {
		st := &s.seats[0]
		s.discard = append(s.discard, st.hand...)
		st.hand = nil
	} else {
		passed := make([][]Card, len(s.seats))
		for i := range s.seats {
			passed[i] = s.seats[i].hand
		}
		for i := range s.seats {
			to := s.left(games.Seat(i))
			s.seats[to].hand = slices.Clone(passed[i])
			s.seats[to].received = slices.Clone(passed[i])
			for _, c := range passed[i] {
				s.knows[c] |= 1 << to
			}
		}
	}
	s.turn++
	s.phase, s.drawNext = PhaseDraw, 0
	return events
}

// choiceText says what a revealed choice did: "Ada laid 12 and 40 turned.", "Ada placed 7 on
// the left."
func (s *State) choiceText(seat games.Seat, c choice) games.Text {
	name := s.Names[seat]
	if len(c.cards) == 2 {
		a, b := placedWords(c.cards[0]), placedWords(c.cards[1])
		return games.Text{
			EN: fmt.Sprintf("%s laid %s and %s.", name, a.EN, b.EN),
			CS: fmt.Sprintf("%s položil(a) %s a %s.", name, a.CS, b.CS)}
	}
	p := placedWords(c.cards[0])
	if c.side == Left {
		return games.Text{EN: fmt.Sprintf("%s placed %s on the left.", name, p.EN), CS: fmt.Sprintf("%s přiložil(a) %s zleva.", name, p.CS)}
	}
	return games.Text{EN: fmt.Sprintf("%s placed %s on the right.", name, p.EN), CS: fmt.Sprintf("%s přiložil(a) %s zprava.", name, p.CS)}
}
