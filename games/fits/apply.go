package fits

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// Apply makes seat's move, the common refusals passed (see games.Check). It refuses an action
// that is not the decision the seat faces (ErrUnknownAction) and a move the rules forbid
// (ErrIllegal). A refused move changes nothing. A seat's place or aside during a simultaneous
// step is kept hidden: the events then say only that it has chosen, and the last seat's move
// reveals every choice of the step.
func (s *State) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	switch a := a.(type) {
	case Start:
		if s.phase != PhaseDeal {
			return nil, games.Refuse(games.ErrUnknownAction, "Chance must turn a building card now, not deal start cards.", "Náhoda teď musí otočit stavební kartu, ne rozdat startovní karty.")
		}
		return s.applyStart(a)
	case Reveal:
		if s.phase != PhaseReveal {
			return nil, games.Refuse(games.ErrUnknownAction, "Chance must deal the start cards now, not turn a card.", "Náhoda teď musí rozdat startovní karty, ne otočit kartu.")
		}
		return s.applyReveal(a)
	case Place:
		return s.applyPlace(seat, a)
	case Aside:
		return s.applyAside(seat, a)
	}
	return nil, games.Refuse(games.ErrUnknownAction, "FITS has no such move: place the piece or set it aside.", "Takový tah FITS nezná: polož dílek, nebo ho odlož.")
}

// applyStart deals the start cards and begins a round (the next one, if the round on the
// table has been scored) on empty boards.
func (s *State) applyStart(a Start) ([]games.Event, error) {
	n := len(s.Names)
	if len(a.Cards) != n {
		return nil, games.Refuse(games.ErrIllegal, "Deal exactly one start card per seat: %d, not %d.", "Rozdej každému místu jednu startovní kartu: %d, ne %d.", n, len(a.Cards))
	}
	for i, c := range a.Cards {
		if !c.IsStart() {
			return nil, games.Refuse(games.ErrIllegal, "%s is not on a start card: the start cards show F5, W5, X5 and U5.", "%s není na startovní kartě: startovní karty ukazují F5, W5, X5 a U5.", c)
		}
		if slices.Contains(a.Cards[:i], c) {
			return nil, games.Refuse(games.ErrIllegal, "There is only one %s start card.", "Startovní karta %s je jen jedna.", c)
		}
	}
	if s.roundOver() {
		s.round++
	}
	s.start = slices.Clone(a.Cards)
	s.turned = nil
	s.phase = PhaseStart
	var dealt []games.Text
	for i := range s.seats {
		s.seats[i] = seatState{last: -1, waiting: true, rounds: s.seats[i].rounds}
		dealt = append(dealt, games.Say("%s — %s", "%s — %s", s.Names[i], a.Cards[i]))
	}
	return []games.Event{{Seat: games.Chance, Text: games.Say(
		"Round %d on board %d. Start pieces: %s.", "Kolo %d na desce %d. Startovní dílky: %s.",
		s.round+1, s.Board(), games.Join(dealt, ", "))}}, nil
}

// applyReveal turns a building card; when nobody has to act on it, the step ends at once.
func (s *State) applyReveal(a Reveal) ([]games.Event, error) {
	if !a.Piece.Valid() {
		return nil, games.Refuse(games.ErrIllegal, "There is no such building card.", "Taková stavební karta není.")
	}
	if slices.Contains(s.turned, a.Piece) {
		return nil, games.Refuse(games.ErrIllegal, "The card of %s has already been turned this round.", "Karta s dílkem %s už byla v tomto kole otočena.", a.Piece)
	}
	s.turned = append(s.turned, a.Piece)
	s.phase = PhaseBuild
	ev := games.Event{Seat: games.Chance, Text: games.Join([]games.Text{games.OutOf("Card", "Karta", len(s.turned), NumShapes), games.Say("%s.", "%s.", a.Piece)}, ": ")}
	anyone := false
	for i := range s.seats {
		st := &s.seats[i]
		st.waiting = s.start[i] != a.Piece
		anyone = anyone || st.waiting
		if !st.waiting {
			ev.Text.EN += " " + s.Names[i] + " skips it (start piece)."
			ev.Text.CS += " " + s.Names[i] + " ji vynechává (startovní dílek)."
		}
	}
	events := []games.Event{ev}
	if !anyone {
		events = append(events, s.completeStep()...)
	}
	return events, nil
}

// applyPlace commits seat's placement of its current piece.
func (s *State) applyPlace(seat games.Seat, p Place) ([]games.Event, error) {
	if r := s.checkPiece(seat, p.Piece); r != nil {
		return nil, r
	}
	if r := p.checkForm(); r != nil {
		return nil, r
	}
	pl, err := landOn(s.seats[seat].board.height, p)
	if err != nil {
		return nil, err
	}
	return s.commit(seat, choice{made: true, placed: pl}), nil
}

// applyAside commits seat's setting aside of the turned card's piece.
func (s *State) applyAside(seat games.Seat, a Aside) ([]games.Event, error) {
	if s.phase == PhaseStart {
		return nil, games.Refuse(games.ErrIllegal, "Your start piece %s must be placed; it cannot be set aside.", "Startovní dílek %s musíš položit; odložit ho nelze.", s.start[seat])
	}
	if r := s.checkPiece(seat, a.Piece); r != nil {
		return nil, r
	}
	return s.commit(seat, choice{made: true, aside: a.Piece}), nil
}

// checkPiece returns why seat may not move piece now (it is not the current one), or nil.
func (s *State) checkPiece(seat games.Seat, piece Shape) *games.Refusal {
	want := s.Piece(seat)
	if piece == want {
		return nil
	}
	if s.phase == PhaseStart {
		return games.Refuse(games.ErrIllegal, "Your start piece is %s: place %s, not %s.", "Tvůj startovní dílek je %s: polož %s, ne %s.", want, want, piece)
	}
	return games.Refuse(games.ErrIllegal, "The card shows %s: place it or set it aside, not %s.", "Na kartě je %s: polož nebo odlož ten dílek, ne %s.", want, piece)
}

// commit keeps seat's choice hidden until the last seat of the step has chosen.
func (s *State) commit(seat games.Seat, c choice) []games.Event {
	st := &s.seats[seat]
	st.pending, st.waiting = c, false
	if len(s.ToAct()) > 0 {
		return []games.Event{games.Chosen(s, seat, games.Say("has chosen", "má zvoleno"))}
	}
	return s.completeStep()
}

// completeStep reveals every pending choice of the step, lays the pieces on the boards in
// seat order, and moves on: to the next card, or to the scoring after the 16th.
func (s *State) completeStep() []games.Event {
	var events []games.Event
	for i := range s.seats {
		st := &s.seats[i]
		c := st.pending
		st.pending, st.last, st.lastAside = choice{}, -1, NoShape
		switch {
		case !c.made:
			continue
		case c.aside != NoShape:
			st.aside = append(st.aside, c.aside)
			st.lastAside = c.aside
		default:
			st.last = len(st.pieces)
			st.pieces = append(st.pieces, c.placed)
			st.board.put(c.placed, st.last)
		}
		events = append(events, games.Event{Seat: games.Seat(i), Text: s.choiceText(games.Seat(i), c)})
	}
	switch {
	case s.phase == PhaseStart:
		s.phase = PhaseReveal
	case len(s.turned) == NumShapes:
		events = append(events, s.scoreRound()...)
	default:
		s.phase = PhaseReveal
	}
	return events
}

// choiceText says what a revealed choice did: "Ada placed T (4 squares) in column C, rows
// 3–4.".
func (s *State) choiceText(seat games.Seat, c choice) games.Text {
	name := s.Names[seat]
	if c.aside != NoShape {
		return games.Say("%s set %s aside.", "%s odložil(a) dílek %s.", name, c.aside)
	}
	p := c.placed
	rows := rowsText(p)
	t := games.Text{
		EN: fmt.Sprintf("%s placed %s in column %s, %s.", name, p.Place.Piece.In(games.English), ColumnLabel(p.Place.Col), rows.EN),
		CS: fmt.Sprintf("%s položil(a) %s do sloupce %s, %s.", name, p.Place.Piece.In(games.Czech), ColumnLabel(p.Place.Col), rows.CS),
	}
	if p.Top >= GridRows {
		t.EN = strings.TrimSuffix(t.EN, ".") + " — into the overhang."
		t.CS = strings.TrimSuffix(t.CS, ".") + " — do přesahu."
	}
	return t
}

// rowsText names the rows a placement covers: "rows 3–4", "row 1".
func rowsText(p Placed) games.Text {
	if p.Bottom == p.Top {
		return games.Say("row %d", "řada %d", p.Bottom+1)
	}
	return games.Say("rows %d–%d", "řady %d–%d", p.Bottom+1, p.Top+1)
}
