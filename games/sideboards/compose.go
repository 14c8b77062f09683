package sideboards

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// suggestedDraft is the draft the empty draft stands for: the greedy player's move, or its
// best placement when it would use the exchange card (the exchange is a button away).
func (s *State) suggestedDraft(seat games.Seat) string {
	switch h := s.Hint(seat).(type) {
	case Start, Place:
		return draftOf(h)
	case Exchange:
		return draftOf(s.rank(seat)[0].place)
	}
	return ""
}

// mustAct returns why seat has nothing to place now, or nil.
func (s *State) mustAct(seat games.Seat) *games.Refusal {
	switch {
	case s.waiting(seat):
		return nil
	case s.IsSeat(seat) && s.phase == PhaseTurn && s.seats[seat].pending.made:
		return games.ChosenAlready(s, games.Say("have placed", "máš přiloženo"))
	}
	return games.Refuse(games.ErrNotYourTurn, "You have nothing to place right now.", "Teď nemáš co přikládat.")
}

// draftFor parses draft for seat, who must act; "" becomes the suggestion.
func (s *State) draftFor(seat games.Seat, draft string) (Draft, error) {
	if r := s.mustAct(seat); r != nil {
		return Draft{}, r
	}
	if draft == "" {
		draft = s.suggestedDraft(seat)
	}
	d, err := ParseDraft(draft)
	if err != nil {
		return Draft{}, err
	}
	if err := checkDraft(d, s.turn, s.seats[seat].hand, s.canExchange(seat)); err != nil {
		return Draft{}, err
	}
	return d, nil
}

// Resolve returns the action of a draft (the empty draft: the suggestion). It fails with a
// *games.Refusal when seat need not act, the draft is malformed, or the move is illegal now.
func (s *State) Resolve(seat games.Seat, draft string) (games.Action, error) {
	d, err := s.draftFor(seat, draft)
	if err != nil {
		return nil, err
	}
	return d.Action(), nil
}

// Compose builds seat's panel at draft. Turn 1: buttons to turn either card, swap them, or
// take another hand card for the left or the right, a menu of the best pairs, and Lay. Later
// turns: buttons for the other hand cards, the two ends, turning, the exchange card, a menu of
// every placement ranked with its gain, and Place. The exchange draft asks for confirmation.
// Every panel has a typed input and a hint line saying what the move scores.
func (s *State) Compose(seat games.Seat, draft string) (games.Panel, error) {
	if r := s.mustAct(seat); r != nil {
		return games.Panel{}, r
	}
	suggested := s.suggestedDraft(seat)
	if draft == "" {
		draft = suggested
	}
	d, err := s.draftFor(seat, draft)
	if err != nil {
		return games.Panel{}, err
	}
	var p games.Panel
	switch d.Kind {
	case DraftExchange:
		p = s.exchangePanel(seat, suggested)
	case DraftStart:
		p = s.startPanel(seat, d, suggested)
	default:
		p = s.placePanel(seat, d, suggested)
	}
	p.Draft = d.String()
	p.Input = &games.Input{
		Button:      games.Say("Type a move", "Napsat tah"),
		Title:       games.Say("Your move", "Tvůj tah"),
		Label:       games.Say("Card, end and turn, or “exchange”", "Karta, strana a otočení, nebo „výměna“"),
		Placeholder: games.Say("7t right", "7t vpravo"),
	}
	if s.turn == 1 {
		p.Input.Label = games.Say("Two cards, left first; t = turned", "Dvě karty, levá první; t = otočená")
		p.Input.Placeholder = games.Say("12 40t", "12 40t")
	}
	return p, nil
}

// suggest is the panel's Suggest button.
func suggest(here, suggested string) games.Control {
	return games.Control{Label: games.Say("Suggest", "Poradit"), Emoji: "💡", Next: suggested, Disabled: here == suggested, Suggest: true}
}

// startPanel is the panel of turn 1 at draft d.
func (s *State) startPanel(seat games.Seat, d Draft, suggested string) games.Panel {
	a, b := d.Cards[0], d.Cards[1]
	with := func(l, r Placed) string { return Draft{Kind: DraftStart, Cards: []Placed{l, r}}.String() }
	flip := func(p Placed) Placed { p.Turned = !p.Turned; return p }
	here := d.String()
	p := games.Panel{Hint: s.mover(seat).text(d)}
	p.Controls = []games.Control{
		{Label: games.Say("Rotate left card", "Otočit levou"), Emoji: "🔃", Next: with(flip(a), b)},
		{Label: games.Say("Rotate right card", "Otočit pravou"), Emoji: "🔃", Next: with(a, flip(b))},
		{Label: games.Say("Swap", "Prohodit"), Emoji: "⇄", Next: with(b, a)},
	}
	for _, c := range s.seats[seat].hand {
		if c == a.Card || c == b.Card {
			continue
		}
		p.Controls = append(p.Controls,
			games.Control{Label: games.Say("%d on the left", "%d vlevo", int(c)), Emoji: "◀", Next: with(Placed{Card: c}, b)},
			games.Control{Label: games.Say("%d on the right", "%d vpravo", int(c)), Emoji: "▶", Next: with(a, Placed{Card: c})})
	}
	p.Controls = append(p.Controls, suggest(here, suggested),
		games.Control{Label: games.Say("Lay", "Položit"), Emoji: "✅", Next: here, Style: games.Success, Commit: true})
	// The menu: the best pairs by the greedy player's value.
	bonus := len(s.Names) > 1
	type pair struct {
		a     Start
		value float64
	}
	var pairs []pair
	for _, st := range s.starts(seat) {
		pairs = append(pairs, pair{st, value([]Placed{{st.Cards[0], st.Turned[0]}, {st.Cards[1], st.Turned[1]}}, s.tasks, bonus)})
	}
	slices.SortStableFunc(pairs, func(x, y pair) int { return cmpFloat(y.value, x.value) })
	m := &games.Menu{Placeholder: games.Say("Best pairs", "Nejlepší dvojice")}
	for i, pr := range pairs[:min(games.MaxChoices, len(pairs))] {
		next := draftOf(pr.a)
		sc := ScoreBoard([]Placed{{pr.a.Cards[0], pr.a.Turned[0]}, {pr.a.Cards[1], pr.a.Turned[1]}}, s.tasks)
		words := pairWords(Placed{pr.a.Cards[0], pr.a.Turned[0]}, Placed{pr.a.Cards[1], pr.a.Turned[1]})
		m.Choices = append(m.Choices, games.Choice{
			Label:       games.Text{EN: fmt.Sprintf("%d · %s", i+1, words.EN), CS: fmt.Sprintf("%d · %s", i+1, words.CS)},
			Description: scoreLine(sc),
			Next:        next,
			Default:     next == here,
		})
	}
	p.Menu = m
	return p
}

// placePanel is the panel of a later turn at draft d.
func (s *State) placePanel(seat games.Seat, d Draft, suggested string) games.Panel {
	pl, side := d.Cards[0], d.Side
	here := d.String()
	with := func(p Placed, sd Side) string {
		return Draft{Kind: DraftPlace, Cards: []Placed{p}, Side: sd}.String()
	}
	p := games.Panel{Hint: s.mover(seat).text(d)}
	for _, c := range s.seats[seat].hand {
		if c != pl.Card {
			p.Controls = append(p.Controls, games.Control{Label: games.Say("Card %d", "Karta %d", int(c)), Emoji: "🃏", Next: with(Placed{c, pl.Turned}, side)})
		}
	}
	turned := pl
	turned.Turned = !pl.Turned
	p.Controls = append(p.Controls,
		games.Control{Label: games.Say("Left end", "Vlevo"), Emoji: "◀", Next: with(pl, Left), Disabled: side == Left},
		games.Control{Label: games.Say("Right end", "Vpravo"), Emoji: "▶", Next: with(pl, Right), Disabled: side == Right},
		games.Control{Label: games.Say("Rotate", "Otočit"), Emoji: "🔃", Next: with(turned, side)},
		suggest(here, suggested))
	if s.canExchange(seat) {
		p.Controls = append(p.Controls, games.Control{Label: games.Say("Exchange card", "Výměnná karta"), Emoji: "♻️", Next: ExchangeDraft, Style: games.Danger})
	}
	p.Controls = append(p.Controls, games.Control{Label: games.Say("Place", "Přiložit"), Emoji: "✅", Next: here, Style: games.Success, Commit: true})
	before := ScoreBoard(s.seats[seat].board, s.tasks)
	m := &games.Menu{Placeholder: games.Say("Every placement, best first", "Všechna přiložení, nejlepší první")}
	for i, r := range s.rank(seat) {
		next := draftOf(r.place)
		words := placeWords(r.place)
		after := ScoreBoard(boardWith(s.seats[seat].board, r.place), s.tasks)
		m.Choices = append(m.Choices, games.Choice{
			Label:       games.Text{EN: fmt.Sprintf("%d · %s", i+1, words.EN), CS: fmt.Sprintf("%d · %s", i+1, words.CS)},
			Description: gainLine(before, after),
			Next:        next,
			Default:     next == here,
		})
	}
	p.Menu = m
	return p
}

// exchangePanel asks to confirm the exchange.
func (s *State) exchangePanel(seat games.Seat, suggested string) games.Panel {
	p := games.Panel{Hint: s.mover(seat).text(Draft{Kind: DraftExchange})}
	back := suggested
	if back == ExchangeDraft || back == "" {
		back = draftOf(s.rank(seat)[0].place)
	}
	p.Controls = []games.Control{
		{Label: games.Say("Exchange", "Vyměnit"), Emoji: "♻️", Next: ExchangeDraft, Style: games.Danger, Commit: true},
		{Label: games.Say("Back", "Zpět"), Emoji: "↩️", Next: back},
	}
	return p
}

// boardWith returns board with p's card laid at its end.
func boardWith(board []Placed, p Place) []Placed {
	pl := Placed{p.Card, p.Turned}
	if p.Side == Left {
		return append([]Placed{pl}, board...)
	}
	return append(slices.Clone(board), pl)
}

// pairWords names a start pair, left card first, for a menu option: "46 and 58 turned" /
// "46 a 58 otočená", never the typed code "46 58t".
func pairWords(a, b Placed) games.Text {
	name := func(p Placed) games.Text {
		if p.Turned {
			return games.Say("%d turned", "%d otočená", int(p.Card))
		}
		return games.Say("%d", "%d", int(p.Card))
	}
	return games.Say("%s and %s", "%s a %s", name(a), name(b))
}

// placeWords names a placement: "7 turned, right" / "7 otočená, vpravo".
func placeWords(p Place) games.Text {
	side := p.Side.Name()
	if p.Turned {
		return games.Text{EN: fmt.Sprintf("%d turned, %s", int(p.Card), side.EN), CS: fmt.Sprintf("%d otočená, %s", int(p.Card), side.CS)}
	}
	return games.Text{EN: fmt.Sprintf("%d, %s", int(p.Card), side.EN), CS: fmt.Sprintf("%d, %s", int(p.Card), side.CS)}
}

// mover is what a hint needs to know about the seat making a move.
type mover struct {
	hand  []Card
	board []Placed
	tasks [3]Task
	// away is set when the cards not laid are thrown away (solo, or after the last turn);
	// otherwise they go to the left neighbour, named to.
	away bool
	to   string
}

// mover returns what a hint needs about seat.
func (s *State) mover(seat games.Seat) mover {
	return mover{hand: s.seats[seat].hand, board: s.seats[seat].board, tasks: s.tasks,
		away: s.Solo() || s.turn == Turns, to: s.Names[s.left(seat)]}
}

// DraftText says what the viewer's draft does, for the line under a private picture: "Lay
// 12 on the left and 40 turned on the right: colours 0× · handles 1× · rows 2 · pass 7 to
// Ben", "Place 7 turned on the right: +4 (colours +1) · pass 40 to Ben", or the exchange's
// warning. It assumes d has passed v.Check.
func (v *View) DraftText(d Draft) games.Text {
	mine, _ := v.Mine()
	m := mover{hand: mine.Hand, board: mine.Board, tasks: v.Tasks, away: v.Solo || v.Turn == Turns}
	if len(v.Players) > 1 {
		m.to = v.Players[(int(mine.Seat)+1)%len(v.Players)]
	}
	return m.text(d)
}

// text says what draft d does (see View.DraftText).
func (m mover) text(d Draft) games.Text {
	switch d.Kind {
	case DraftExchange:
		return games.Say("Throw away %s and draw 2 new cards? The exchange card then no longer scores +1.",
			"Odhodit %s a dobrat 2 nové karty? Výměnná karta pak už nedá +1.", joinCards(m.hand))
	case DraftStart:
		a, b := d.Cards[0], d.Cards[1]
		line := scoreLine(ScoreBoard([]Placed{a, b}, m.tasks))
		pa, pb := placedWords(a), placedWords(b)
		rest := m.rest([]Card{a.Card, b.Card})
		return games.Text{
			EN: fmt.Sprintf("Lay %s on the left and %s on the right: %s · %s", pa.EN, pb.EN, line.EN, rest.EN),
			CS: fmt.Sprintf("Položit %s vlevo a %s vpravo: %s · %s", pa.CS, pb.CS, line.CS, rest.CS),
		}
	}
	p, side := d.Cards[0], d.Side
	before := ScoreBoard(m.board, m.tasks)
	after := ScoreBoard(boardWith(m.board, Place{Card: p.Card, Side: side, Turned: p.Turned}), m.tasks)
	gain := gainLine(before, after)
	pw := placedWords(p)
	rest := m.rest([]Card{p.Card})
	where := games.Say("on the left", "zleva")
	if side == Right {
		where = games.Say("on the right", "zprava")
	}
	return games.Text{
		EN: fmt.Sprintf("Place %s %s: %s · %s", pw.EN, where.EN, gain.EN, rest.EN),
		CS: fmt.Sprintf("Přiložit %s %s: %s · %s", pw.CS, where.CS, gain.CS, rest.CS),
	}
}

// placedWords names a placed card: "12", "40 turned" / "40 otočenou".
func placedWords(p Placed) games.Text {
	if p.Turned {
		return games.Say("%d turned", "%d otočenou", int(p.Card))
	}
	return games.Say("%d", "%d", int(p.Card))
}

// rest says where the hand cards not laid go: "pass 7 to Ben" / "throw away 7".
func (m mover) rest(laid []Card) games.Text {
	var rest []Card
	for _, c := range m.hand {
		if !slices.Contains(laid, c) {
			rest = append(rest, c)
		}
	}
	names := make([]string, len(rest))
	for i, c := range rest {
		names[i] = c.String()
	}
	cards := games.And(names)
	if m.away {
		return games.Text{EN: "throw away " + cards.EN, CS: "odhodit " + cards.CS}
	}
	return games.Text{EN: fmt.Sprintf("pass %s to %s", cards.EN, m.to), CS: fmt.Sprintf("poslat %s dál (%s)", cards.CS, m.to)}
}

// scoreLine writes a score's tasks: "colours 1× · handles 2× · rows 3".
func scoreLine(sc Score) games.Text {
	return games.Say("colours %d× · handles %d× · rows %d", "barvy %d× · úchytky %d× · řady %d", sc.Colours, sc.Handles, sc.Length)
}

// gainLine writes what a placement adds: "+7 (colours +1, rows +2)" or "+0".
func gainLine(before, after Score) games.Text {
	var en, cs []string
	add := func(d int, enW, csW string) {
		if d != 0 {
			en = append(en, fmt.Sprintf("%s %+d", enW, d))
			cs = append(cs, fmt.Sprintf("%s %+d", csW, d))
		}
	}
	add(after.Colours-before.Colours, "colours", "barvy")
	add(after.Handles-before.Handles, "handles", "úchytky")
	add(after.Length-before.Length, "rows", "řady")
	gain := after.Total - before.Total
	if len(en) == 0 {
		return games.Say("%+d", "%+d", gain)
	}
	return games.Text{
		EN: fmt.Sprintf("%+d (%s)", gain, strings.Join(en, ", ")),
		CS: fmt.Sprintf("%+d (%s)", gain, strings.Join(cs, ", ")),
	}
}

// cmpFloat compares two floats for sorting.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
