package shelfie

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tablebot/tablebot/games"
)

// Panels (games.Composer). A draft is one of:
//
//	""        the first step: the cards to choose from; the boxes to take; the drawn die's
//	          values; or the shipment's dice, Done, and a menu of abilities and dice to
//	          take back from card 1
//	"d2"      shipment die 2 picked: its columns (the legal ones enabled), the shame shelf, and
//	          a menu of its six's values and the abilities that act on it
//	"a3"      card 3's ability picked ("a8k3": card 8 used as card 3): a menu of its moves,
//	          best first
//	"=move"   a complete move in the notation with "_" for spaces ("=place_2_c3"): what it
//	          does, and the confirming commit
//
// Typed accepts a move in the notation ("place 2 c3", "use 14 d1=5"), and with a die picked
// just a column number or "shame".

// draftOf returns the confirm draft of a move.
func draftOf(a games.Action) string { return "=" + strings.ReplaceAll(Notation(a), " ", "_") }

// actionOfDraft reads a confirm draft's move (its form only).
func actionOfDraft(draft string) (Action, error) {
	if !strings.HasPrefix(draft, "=") {
		return nil, games.StaleDraft()
	}
	return ParseMove(strings.ReplaceAll(draft[1:], "_", " "))
}

// mustAct returns why seat has nothing to decide now, or nil.
func (s *State) mustAct(seat games.Seat) *games.Refusal {
	if seat >= 0 && games.IsToAct(s, seat) {
		return nil
	}
	if s.phase == PhaseChoose && s.IsSeat(seat) && s.seats[seat].chosen {
		return games.ChosenAlready(s, games.Say("have chosen", "máš vybráno"))
	}
	return games.NothingToDecide()
}

// legalAction returns the listed move a draft stands for, or why there is none.
func (s *State) legalAction(seat games.Seat, draft string) (games.Action, error) {
	a, err := actionOfDraft(draft)
	if err != nil {
		return nil, err
	}
	return s.listed(seat, a)
}

// listed returns a when Legal lists it for seat, or why not.
func (s *State) listed(seat games.Seat, a games.Action) (games.Action, error) {
	want, _ := json.Marshal(a)
	for _, l := range s.Legal(seat) {
		if b, _ := json.Marshal(l); string(b) == string(want) {
			return l, nil
		}
	}
	if _, err := s.Clone().Apply(seat, a); err != nil {
		return nil, err
	}
	return nil, games.StaleDraft()
}

// Resolve returns the move of a confirm draft. It fails with a *games.Refusal when seat need
// not act, or the draft is not a complete move legal now.
func (s *State) Resolve(seat games.Seat, draft string) (games.Action, error) {
	if r := s.mustAct(seat); r != nil {
		return nil, r
	}
	if !strings.HasPrefix(draft, "=") {
		return nil, games.Refuse(games.ErrIllegal, "Pick a move first.", "Nejdřív vyber tah.")
	}
	return s.legalAction(seat, draft)
}

// compactParts split a move written together ("take2", "place1c3", "place 1 c 3") at the
// seams of the notation: after a verb and before a column's "c", and close a "c 3" up.
var (
	compactVerb   = regexp.MustCompile(`^(choose|take|retrieve|place|use|set)(\d)`)
	compactColumn = regexp.MustCompile(`(\d)c(\d)`)
	spacedColumn  = regexp.MustCompile(`(^|\s)(?:c|col|column|sloupec)\s+(\d)`)
)

// compactMove writes a typed move the way ParseMove reads it: lower case, the parts written
// together split ("take2" → "take 2", "place 1c3" → "place 1 c3") and a spaced column closed
// up ("c 3", "column 3", "sloupec 3" → "c3").
func compactMove(text string) string {
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	t = compactVerb.ReplaceAllString(t, "$1 $2")
	t = compactColumn.ReplaceAllString(t, "$1 c$2")
	return spacedColumn.ReplaceAllString(t, "${1}c$2")
}

// Typed reads a typed move and returns its confirm draft. Besides the notation it accepts
// the parts written together or spaced (see compactMove).
func (s *State) Typed(seat games.Seat, draft, text string) (string, error) {
	if r := s.mustAct(seat); r != nil {
		return "", r
	}
	t := compactMove(text)
	if die := SelectedDie(draft); die > 0 && strings.HasPrefix(draft, "d") {
		if t == "shame" || t == "hanba" {
			t = fmt.Sprintf("place %d shame", die)
		} else if n, err := strconv.Atoi(strings.TrimPrefix(t, "c")); err == nil {
			t = fmt.Sprintf("place %d c%d", die, n)
		}
	}
	a, err := ParseMove(t)
	if err != nil {
		return "", err
	}
	if _, err := s.listed(seat, a); err != nil {
		return "", err
	}
	return draftOf(a), nil
}

// Compose builds seat's panel at draft (see the drafts above).
func (s *State) Compose(seat games.Seat, draft string) (games.Panel, error) {
	if r := s.mustAct(seat); r != nil {
		return games.Panel{}, r
	}
	p := games.Panel{Draft: draft, Input: &games.Input{
		Button:      games.Say("Type a move", "Napsat tah"),
		Title:       games.Say("Your move", "Tvůj tah"),
		Label:       games.Say("A move like “place 1 c3” or “use 3 d1”", "Tah jako „place 1 c3“ nebo „use 3 d1“"),
		Placeholder: games.Say("place 1 c3", "place 1 c3"),
	}}
	switch {
	case strings.HasPrefix(draft, "="):
		return s.confirmPanel(seat, p)
	case draft == "":
		return s.homePanel(seat, p), nil
	case strings.HasPrefix(draft, "d") && s.phase == PhaseTurn && s.taken && !s.setNext:
		i, err := strconv.Atoi(draft[1:])
		if err != nil || i < 1 || i > len(s.shipment) || draft != fmt.Sprintf("d%d", i) {
			return games.Panel{}, games.StaleDraft()
		}
		return s.diePanel(seat, p, i), nil
	case strings.HasPrefix(draft, "a") && s.phase == PhaseTurn && !s.setNext:
		base, ok := parseCardDraft(draft)
		if !ok {
			return games.Panel{}, games.StaleDraft()
		}
		return s.abilityPanel(seat, p, base)
	}
	return games.Panel{}, games.StaleDraft()
}

// parseCardDraft reads "a3" or "a8k3".
func parseCardDraft(draft string) (Ability, bool) {
	n, k, copied := strings.Cut(draft[1:], "k")
	card, err := strconv.Atoi(n)
	if err != nil || card < 1 || card > NumCards {
		return Ability{}, false
	}
	a := Ability{Card: card}
	if copied {
		c, err := strconv.Atoi(k)
		if err != nil || card != cardFlash {
			return Ability{}, false
		}
		a.Copy = c
	}
	if (card == cardFlash) != copied || cardDraft(a) != draft {
		return Ability{}, false
	}
	return a, true
}

// cardDraft writes the draft of an ability card's menu: "a3", "a8k3".
func cardDraft(a Ability) string {
	if a.Card == cardFlash {
		return fmt.Sprintf("a8k%d", a.Copy)
	}
	return fmt.Sprintf("a%d", a.Card)
}

// suggestion is the commit control of the greedy player's move: every first step offers it,
// so that the move a player most likely wants is one click away.
func (s *State) suggestion(seat games.Seat) []games.Control {
	h := s.Hint(seat)
	if h == nil {
		return nil
	}
	l := s.moveLabel(seat, h)
	return []games.Control{{Label: clipTo(games.Text{EN: "Suggested: " + l.EN, CS: "Doporučení: " + l.CS}, 80), Emoji: "💡", Next: draftOf(h), Style: games.Success, Commit: true}}
}

// homePanel is the first step of every decision.
func (s *State) homePanel(seat games.Seat, p games.Panel) games.Panel {
	switch {
	case s.phase == PhaseChoose:
		p.Hint = games.Say("Round %d: choose a character card in secret — lower cards pick a box first.", "Kolo %d: tajně vyber kartu postavy — nižší karta vybírá přepravku dřív.", s.round)
		for _, a := range s.Legal(seat) {
			n := a.(Choose).Card
			name := cardTable[n].Name
			p.Controls = append(p.Controls, games.Control{Label: games.Text{EN: fmt.Sprintf("%d %s", n, name.EN), CS: fmt.Sprintf("%d %s", n, name.CS)}, Next: draftOf(a), Style: games.Primary})
		}
	case s.setNext:
		d := len(s.shipment)
		c := s.shipment[d-1].Colour
		p.Hint = games.Text{EN: fmt.Sprintf("You drew a %s die: set its value.", c.Name().EN), CS: fmt.Sprintf("Vytáhl(a) jsi %s kostku: nastav jí hodnotu.", accusative(c))}
		for v := 1; v <= 6; v++ {
			p.Controls = append(p.Controls, games.Control{Label: games.Say("%d", "%d", v), Next: draftOf(Set{Die: d, Value: v}), Style: games.Primary, Commit: true})
		}
	case !s.taken:
		p.Hint = games.Say("Take a box: its 3 dice become your shipment.", "Vezmi si přepravku: její 3 kostky budou tvoje zásilka.")
		for _, a := range s.Legal(seat) {
			switch a := a.(type) {
			case Take:
				p.Controls = append(p.Controls, games.Control{Label: games.Say("Box %d: %s", "Přepravka %d: %s", a.Box, diceText(s.boxes[a.Box-1].dice)), Emoji: "📦", Next: draftOf(a), Style: games.Primary})
			case Ability:
				if d := cardDraft(a); !slices.ContainsFunc(p.Controls, func(c games.Control) bool { return c.Next == d }) {
					p.Controls = append(p.Controls, games.Control{Label: s.cardLabel(a), Emoji: "🎪", Next: d})
				}
			}
		}
	default:
		p = s.turnHome(seat, p)
	}
	p.Controls = append(s.suggestion(seat), p.Controls...)
	return p
}

// turnHome is the first step after taking a box: the dice, the abilities, Done.
func (s *State) turnHome(seat games.Seat, p games.Panel) games.Panel {
	if len(s.shipment) > 0 {
		p.Hint = games.Say("Pick a die to place (%s), or use an ability from the menu.", "Vyber kostku k umístění (%s), nebo použij schopnost z nabídky.", diceText(s.shipment))
	} else {
		p.Hint = games.Say("Shipment placed: end your turn, or use an ability from the menu first.", "Zásilka je umístěná: ukonči tah, nebo předtím použij schopnost z nabídky.")
	}
	for i, d := range s.shipment {
		if i == 11 {
			break
		}
		p.Controls = append(p.Controls, games.Control{Label: games.Say("Die %d: %s", "Kostka %d: %s", i+1, d), Next: fmt.Sprintf("d%d", i+1), Style: games.Primary})
	}
	var menu []games.Choice
	var cards []int
	for _, a := range s.Legal(seat) {
		switch a := a.(type) {
		case Done:
			p.Controls = append(p.Controls, games.Control{Label: games.Say("End turn", "Ukončit tah"), Emoji: "✅", Next: draftOf(a), Style: games.Success, Commit: true})
		case Retrieve:
			d := s.seats[seat].keeper[a.Slot-1].Die
			menu = append(menu, games.Choice{Label: games.Say("Take %s back from card 1", "Vrátit %s z karty 1", d), Next: draftOf(a)})
		case Ability:
			if d := cardDraft(a); !slices.ContainsFunc(menu, func(c games.Choice) bool { return c.Next == d }) {
				menu = append(menu, games.Choice{Label: s.cardLabel(a), Description: shortAbility(a.Acting()), Next: d})
				if !slices.Contains(cards, a.Acting()) {
					cards = append(cards, a.Acting())
				}
			}
		}
	}
	if len(menu) > 0 {
		p.Menu = &games.Menu{Placeholder: games.Say("Use an ability…", "Použít schopnost…"), Choices: menu[:min(len(menu), games.MaxChoices)]}
	}
	if len(cards) > 0 {
		// The menu's descriptions are summaries; the cards' whole texts go under the hint.
		p.Hint = games.Join([]games.Text{p.Hint, abilityLines(cards, abilityBudget)}, "\n")
	}
	return p
}

// abilityBudget is how many characters of a panel's hint the cards' whole texts may take, so
// that the panel's message stays far within Discord's 2,000 characters.
const abilityBudget = 1200

// cardLabel names an ability card for a button or menu: "3 Upgrader", "8 Flash as 3 Upgrader".
func (s *State) cardLabel(a Ability) games.Text {
	n := cardTable[a.Card].Name
	t := games.Text{EN: fmt.Sprintf("%d %s", a.Card, n.EN), CS: fmt.Sprintf("%d %s", a.Card, n.CS)}
	if a.Card == cardFlash {
		c := cardTable[a.Copy].Name
		t.EN += fmt.Sprintf(" as %d %s", a.Copy, c.EN)
		t.CS += fmt.Sprintf(" jako %d %s", a.Copy, c.CS)
	}
	return t
}

// clip shortens a text to Discord's 100 characters of a menu description.
func clip(t games.Text) games.Text { return clipTo(t, 100) }

// clipTo shortens a text to n characters, ending it with an ellipsis when cut.
func clipTo(t games.Text, n int) games.Text {
	cut := func(s string) string {
		if utf8.RuneCountInString(s) <= n {
			return s
		}
		r := []rune(s)
		return string(r[:n-1]) + "…"
	}
	return games.Text{EN: cut(t.EN), CS: cut(t.CS)}
}

// diePanel offers the columns for shipment die i, the shame shelf, its six's values and the
// abilities acting on it.
func (s *State) diePanel(seat games.Seat, p games.Panel, i int) games.Panel {
	d := s.shipment[i-1]
	sh := &s.seats[seat].shelf
	p.Hint = games.Say("Where does %s go? Click a column it fits, or the shame shelf (−2).", "Kam půjde %s? Klikni na sloupec, kam se vejde, nebo na polici hanby (−2).", d)
	for col := range Columns {
		ok := sh.Check(d, col, Rules{}) == nil
		p.Controls = append(p.Controls, games.Control{Label: games.Say("Column %d", "Sloupec %d", col+1), Next: draftOf(Place{Die: i, Col: col + 1}), Style: games.Success, Commit: true, Disabled: !ok})
	}
	p.Controls = append(p.Controls,
		games.Control{Label: games.Say("Shame shelf", "Police hanby"), Emoji: "🙈", Next: draftOf(Place{Die: i, Shame: true}), Style: games.Danger, Commit: true},
		games.Control{Label: games.Say("Back", "Zpět"), Emoji: "◀", Next: ""})
	var menu []games.Choice
	for _, a := range s.Legal(seat) {
		switch a := a.(type) {
		case Set:
			if a.Die == i {
				menu = append(menu, games.Choice{Label: games.Say("Turn the six into %d", "Otočit šestku na %d", a.Value), Next: draftOf(a)})
			}
		case Ability:
			if a.Die == i || a.Other == i || slices.Contains(a.Dice, i) {
				menu = append(menu, games.Choice{Label: clip(s.moveLabel(seat, a)), Next: draftOf(a)})
			}
		}
	}
	if len(menu) > 0 {
		s.rank(seat, menu)
		p.Menu = &games.Menu{Placeholder: games.Say("Change %s first…", "Nejdřív změnit %s…", d), Choices: menu[:min(len(menu), games.MaxChoices)]}
	}
	return p
}

// abilityPanel offers the moves of one ability card, best first.
func (s *State) abilityPanel(seat games.Seat, p games.Panel, base Ability) (games.Panel, error) {
	if base.Card == cardFlash && (base.Copy < 1 || base.Copy > NumCards || base.Copy == cardFlash) {
		return games.Panel{}, games.StaleDraft()
	}
	var menu []games.Choice
	for _, a := range s.legalAbilities(seat) {
		a := a.(Ability)
		if a.Card == base.Card && a.Copy == base.Copy {
			menu = append(menu, games.Choice{Label: clip(s.moveLabel(seat, a)), Next: draftOf(a)})
		}
	}
	if len(menu) == 0 {
		return games.Panel{}, games.StaleDraft()
	}
	s.rank(seat, menu)
	info := cardTable[base.Acting()]
	p.Hint = games.Text{EN: s.cardLabel(base).EN + ": " + info.Ability.EN, CS: s.cardLabel(base).CS + ": " + info.Ability.CS}
	p.Menu = &games.Menu{Placeholder: games.Say("Best moves first", "Nejlepší tahy první"), Choices: menu[:min(len(menu), games.MaxChoices)]}
	best := menu[0]
	p.Controls = []games.Control{
		{Label: clipTo(games.Text{EN: "Best: " + best.Label.EN, CS: "Nejlepší: " + best.Label.CS}, 80), Emoji: "✔️", Next: best.Next, Style: games.Success, Commit: true},
		{Label: games.Say("Back", "Zpět"), Emoji: "◀", Next: ""},
	}
	return p, nil
}

// rank sorts menu choices by the greedy player's value of their moves, best first.
func (s *State) rank(seat games.Seat, menu []games.Choice) {
	value := map[string]float64{}
	for _, c := range menu {
		if a, err := actionOfDraft(c.Next); err == nil {
			value[c.Next] = s.moveValue(seat, a)
		}
	}
	slices.SortStableFunc(menu, func(a, b games.Choice) int {
		switch {
		case value[a.Next] > value[b.Next]:
			return -1
		case value[a.Next] < value[b.Next]:
			return 1
		}
		return 0
	})
}

// moveLabel says what a move does, for a menu or a confirm step: "3 Upgrader: G4 → G5".
func (s *State) moveLabel(seat games.Seat, a games.Action) games.Text {
	switch a := a.(type) {
	case Ability:
		c := s.clone()
		what, _ := ruleOf(a.Acting())(c, seat, a, true)
		l := s.cardLabel(a)
		return games.Text{EN: l.EN + ": " + what.EN, CS: l.CS + ": " + what.CS}
	case Choose:
		n := cardTable[a.Card].Name
		return games.Text{EN: fmt.Sprintf("Choose card %d %s", a.Card, n.EN), CS: fmt.Sprintf("Vybrat kartu %d %s", a.Card, n.CS)}
	case Take:
		return games.Say("Take box %d: %s", "Vzít přepravku %d: %s", a.Box, diceText(s.boxes[a.Box-1].dice))
	case Set:
		d := s.shipment[a.Die-1]
		return games.Say("Set %s to %d", "Nastavit %s na %d", d, a.Value)
	case Place:
		d := s.shipment[a.Die-1]
		if a.Shame {
			return games.Say("Put %s on the shame shelf (−2)", "Dát %s na polici hanby (−2)", d)
		}
		return games.Say("Place %s on column %d", "Postavit %s do sloupce %d", d, a.Col)
	case Retrieve:
		d := s.seats[seat].keeper[a.Slot-1].Die
		return games.Say("Take %s back from card 1", "Vrátit %s z karty 1", d)
	case Done:
		return games.Say("End your turn", "Ukončit tah")
	}
	return games.Text{EN: Notation(a), CS: Notation(a)}
}

// confirmPanel shows what a complete move does and the commit.
func (s *State) confirmPanel(seat games.Seat, p games.Panel) (games.Panel, error) {
	a, err := s.legalAction(seat, p.Draft)
	if err != nil {
		return games.Panel{}, err
	}
	p.Hint = s.moveLabel(seat, a)
	back := ""
	switch a := a.(type) {
	case Place:
		back = fmt.Sprintf("d%d", a.Die)
	case Ability:
		back = cardDraft(a)
	}
	p.Controls = []games.Control{
		{Label: games.Say("Confirm", "Potvrdit"), Emoji: "✔️", Next: p.Draft, Style: games.Success, Commit: true},
		{Label: games.Say("Back", "Zpět"), Emoji: "◀", Next: back},
	}
	return p, nil
}
