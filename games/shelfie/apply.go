package shelfie

import (
	"fmt"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// Apply makes seat's move, the common refusals passed (see games.Check). It refuses an action
// that is not the decision the seat faces (ErrUnknownAction) and a move the rules forbid
// (ErrIllegal). A refused move changes nothing. A choice stays secret: its event says only
// that the player has chosen, and the last player's choice reveals them all.
func (s *State) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	switch a := a.(type) {
	case Deal:
		return s.applyDeal(a)
	case Rewards:
		return s.applyRewards(a)
	case Fill:
		return s.applyFill(a)
	case Reveal:
		return s.applyReveal(a)
	case Roll:
		return s.applyRoll(a)
	case Draw:
		return s.applyDraw(a)
	case Choose:
		return s.applyChoose(seat, a)
	}
	if s.phase != PhaseTurn {
		return nil, games.Refuse(games.ErrUnknownAction, "Choose a character card now.", "Teď vyber kartu postavy.")
	}
	if s.setNext {
		if set, ok := a.(Set); ok {
			return s.applySet(seat, set)
		}
		return nil, games.Refuse(games.ErrUnknownAction, "First set the value of the die you drew: it is die %d.", "Nejdřív nastav hodnotu vytažené kostky: je to kostka %d.", len(s.shipment))
	}
	switch a := a.(type) {
	case Take:
		return s.applyTake(seat, a)
	case Ability:
		return s.applyAbility(seat, a)
	}
	if !s.taken {
		return nil, games.Refuse(games.ErrUnknownAction, "Take a box first.", "Nejdřív si vezmi přepravku.")
	}
	switch a := a.(type) {
	case Set:
		return s.applySet(seat, a)
	case Place:
		return s.applyPlace(seat, a)
	case Retrieve:
		return s.applyRetrieve(seat, a)
	case Done:
		return s.applyDone(seat)
	}
	return nil, games.Refuse(games.ErrUnknownAction, "Shelfie Stacker has no such move.", "Takový tah Deskovkáři neznají.")
}

// event is an event of seat with the given text.
func event(seat games.Seat, t games.Text) games.Event { return games.Event{Seat: seat, Text: t} }

// applyDeal deals the hands: 8 distinct numbers 1–16 per seat, the same for all with shared
// cards, 1–8 with basic cards; the solo opponent's last when random, else a copy of the
// player's.
func (s *State) applyDeal(d Deal) ([]games.Event, error) {
	if s.phase != PhaseDeal {
		return nil, games.Refuse(games.ErrUnknownAction, "The cards have been dealt already.", "Karty už jsou rozdané.")
	}
	want := len(s.Names)
	if s.solo() && s.Opts.BotCards == BotRandom {
		want++
	}
	if len(d.Hands) != want {
		return nil, games.Refuse(games.ErrIllegal, "Deal %d hands, not %d.", "Rozdej %d ruce, ne %d.", want, len(d.Hands))
	}
	for i, h := range d.Hands {
		if len(h) != HandSize {
			return nil, games.Refuse(games.ErrIllegal, "A hand has 8 cards, not %d.", "V ruce je 8 karet, ne %d.", len(h))
		}
		for j, n := range h {
			if n < 1 || n > NumCards || slices.Contains(h[:j], n) {
				return nil, games.Refuse(games.ErrIllegal, "A hand holds 8 different numbers from 1 to 16.", "Ruka obsahuje 8 různých čísel od 1 do 16.")
			}
		}
		if i >= len(s.Names) {
			continue
		}
		sorted := slices.Sorted(slices.Values(h))
		switch {
		case s.Opts.Cards == CardsBasic && !slices.Equal(sorted, basicNumbers()):
			return nil, games.Refuse(games.ErrIllegal, "With basic cards every player holds 1 to 8.", "Se základními kartami má každý hráč 1 až 8.")
		case s.Opts.Cards == CardsShared && i > 0 && !slices.Equal(sorted, slices.Sorted(slices.Values(d.Hands[0]))):
			return nil, games.Refuse(games.ErrIllegal, "With shared cards every player holds the same numbers.", "Se společnými kartami mají všichni stejná čísla.")
		}
	}
	for i := range s.seats {
		nums := d.Hands[0]
		if i < len(d.Hands) {
			nums = d.Hands[i]
		}
		s.seats[i].hand = deck(nums, i)
	}
	s.phase = PhaseRewards
	var parts []games.Text
	for i := range s.seats {
		parts = append(parts, games.Text{EN: s.name(games.Seat(i)) + ": " + handText(s.seats[i].hand), CS: s.name(games.Seat(i)) + ": " + handText(s.seats[i].hand)})
	}
	t := games.Join(parts, "; ")
	return []games.Event{event(games.Chance, games.Text{EN: "Character cards dealt — " + t.EN + ".", CS: "Karty postav rozdány — " + t.CS + "."})}, nil
}

// handText writes card numbers: "1 4 7 9".
func handText(hand []Card) string {
	out := ""
	for i, c := range hand {
		if i > 0 {
			out += " "
		}
		out += itoa(int(c.Number))
	}
	return out
}

// applyRewards reveals the reward cards.
func (s *State) applyRewards(r Rewards) ([]games.Event, error) {
	if s.phase != PhaseRewards {
		return nil, games.Refuse(games.ErrUnknownAction, "The reward cards are on the table already.", "Karty odměn už leží na stole.")
	}
	beat := s.Opts.SoloMode() == SoloBeat
	switch {
	case beat && (r.Sidekick != 0 || r.Contest != 0):
		return nil, games.Refuse(games.ErrIllegal, "Beat your score plays no sidekick and no contest.", "Hra na překonání skóre nemá parťáka ani soutěž.")
	case beat && (len(r.Endgame) != 2 || r.Endgame[0] == r.Endgame[1]):
		return nil, games.Refuse(games.ErrIllegal, "Beat your score plays two different end-game cards.", "Hra na překonání skóre má dvě různé závěrečné karty.")
	case !beat && (r.Sidekick < 1 || r.Sidekick > NumSidekicks || r.Contest < 1 || r.Contest > NumContests):
		return nil, games.Refuse(games.ErrIllegal, "Reveal one sidekick (S1–S4) and one contest (K1–K12).", "Odhal jednoho parťáka (S1–S4) a jednu soutěž (K1–K12).")
	case !beat && len(r.Endgame) != 1:
		return nil, games.Refuse(games.ErrIllegal, "Reveal one end-game card.", "Odhal jednu závěrečnou kartu.")
	}
	for _, e := range r.Endgame {
		if e < 1 || e > NumEndgames {
			return nil, games.Refuse(games.ErrIllegal, "The end-game cards are E1 to E12, not E%d.", "Závěrečné karty jsou E1 až E12, ne E%d.", e)
		}
	}
	s.sidekick, s.contest, s.endgame = r.Sidekick, r.Contest, slices.Clone(r.Endgame)
	s.phase = PhaseFill
	var parts []games.Text
	if s.sidekick != 0 {
		c := SidekickColour(s.sidekick)
		parts = append(parts, games.Text{
			EN: fmt.Sprintf("sidekick S%d (%s, +%d)", s.sidekick, c.Name().EN, SidekickPoints),
			CS: fmt.Sprintf("parťák S%d (%s, +%d)", s.sidekick, c.masculine(), SidekickPoints)})
		parts = append(parts, games.Say("contest K%d %s (+%d)", "soutěž K%d %s (+%d)", s.contest, patternText(s.contest), contestTable[s.contest].points))
	}
	for _, e := range s.endgame {
		t := EndgameText(e)
		parts = append(parts, games.Text{EN: fmt.Sprintf("end-game E%d: %s", e, t.EN), CS: fmt.Sprintf("závěrečná karta E%d: %s", e, t.CS)})
	}
	j := games.Join(parts, "; ")
	return []games.Event{event(games.Chance, games.Text{EN: "Rewards — " + j.EN + ".", CS: "Odměny — " + j.CS + "."})}, nil
}

// applyFill fills the boxes and starts a round.
func (s *State) applyFill(f Fill) ([]games.Event, error) {
	if s.phase != PhaseFill {
		return nil, games.Refuse(games.ErrUnknownAction, "The boxes are filled already.", "Přepravky už jsou naplněné.")
	}
	if len(f.Boxes) != s.boxCount() {
		return nil, games.Refuse(games.ErrIllegal, "Fill %d boxes, not %d.", "Naplň %d přepravky, ne %d.", s.boxCount(), len(f.Boxes))
	}
	bag := s.bag
	for _, b := range f.Boxes {
		if len(b) != 3 {
			return nil, games.Refuse(games.ErrIllegal, "A box holds 3 dice, not %d.", "V přepravce jsou 3 kostky, ne %d.", len(b))
		}
		for _, d := range b {
			if !d.Valid() {
				return nil, games.Refuse(games.ErrIllegal, "A die has a colour P, G, B or O and a value 1–6.", "Kostka má barvu P, G, B nebo O a hodnotu 1–6.")
			}
			if bag[d.Colour] == 0 {
				return nil, &games.Refusal{Kind: games.ErrIllegal, Reason: games.Text{
					EN: fmt.Sprintf("The bag has no more %s dice.", d.Colour.Name().EN),
					CS: fmt.Sprintf("V pytlíku už nejsou žádné %s kostky.", plural(d.Colour))}}
			}
			bag[d.Colour]--
		}
	}
	s.bag = bag
	s.round++
	s.boxes = make([]box, len(f.Boxes))
	var parts []games.Text
	for i, b := range f.Boxes {
		s.boxes[i] = box{dice: slices.Clone(b), taker: games.NoSeat}
		parts = append(parts, games.Say("%d: %s", "%d: %s", i+1, diceWords(b)))
	}
	for i := range s.seats {
		s.seats[i].chosen = false
		s.seats[i].choice = Card{}
	}
	s.order, s.turn, s.taken, s.shipment = nil, 0, false, nil
	s.phase = PhaseChoose
	return []games.Event{{Seat: games.Chance, Milestone: true, Text: games.Say("Round %d of %d. Boxes — %s. Choose your characters.", "Kolo %d ze %d. Přepravky — %s. Vyberte si postavy.", s.round, Rounds, games.Join(parts, " · "))}}, nil
}

// plural is a colour's Czech name in the plural of "kostky" ("fialové").
func plural(c Colour) string {
	switch c {
	case Purple:
		return "fialové"
	case Green:
		return "zelené"
	case Blue:
		return "modré"
	case Orange:
		return "oranžové"
	}
	return ""
}
