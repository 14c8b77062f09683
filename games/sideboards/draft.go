package sideboards

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// DraftKind is what a panel draft builds.
type DraftKind int8

// The kinds of draft.
const (
	// DraftStart lays the first two cards (turn 1).
	DraftStart DraftKind = iota
	// DraftPlace places one card at an end (turns 2–7).
	DraftPlace
	// DraftExchange uses the exchange card.
	DraftExchange
)

// Draft is one step of the Sideboards panel. Its string form is "12-40t" for a start (the
// left card, a dash, the right card, each with "t" when turned), "7l" or "7rt" for a placement
// (the card, "l" or "r" for the end, "t" when turned), or "x" for the exchange. Every draft is
// a complete move; the empty draft stands for the suggested one (see View.Suggested).
type Draft struct {
	Kind DraftKind
	// Cards are the cards laid: two for a start (left to right), one for a placement.
	Cards []Placed
	// Side is the end a placement goes to.
	Side Side
}

// ExchangeDraft is the draft of using the exchange card.
const ExchangeDraft = "x"

// ParseDraft reads a non-empty draft (see Draft). It fails with a *games.Refusal for
// anything else; whether the cards are in the hand is checked where the draft is used.
func ParseDraft(s string) (Draft, error) {
	if s == ExchangeDraft {
		return Draft{Kind: DraftExchange}, nil
	}
	if a, b, ok := strings.Cut(s, "-"); ok {
		pa, oka := parsePlacedToken(a)
		pb, okb := parsePlacedToken(b)
		if !oka || !okb || pa.Card == pb.Card {
			return Draft{}, games.StaleDraft()
		}
		return Draft{Kind: DraftStart, Cards: []Placed{pa, pb}}, nil
	}
	turned := strings.HasSuffix(s, "t")
	s = strings.TrimSuffix(s, "t")
	if len(s) < 2 {
		return Draft{}, games.StaleDraft()
	}
	side := Left
	switch s[len(s)-1] {
	case 'l':
	case 'r':
		side = Right
	default:
		return Draft{}, games.StaleDraft()
	}
	c, ok := parseCardNumber(s[:len(s)-1])
	if !ok {
		return Draft{}, games.StaleDraft()
	}
	return Draft{Kind: DraftPlace, Cards: []Placed{{c, turned}}, Side: side}, nil
}

// parsePlacedToken reads "12" or "12t".
func parsePlacedToken(s string) (Placed, bool) {
	turned := strings.HasSuffix(s, "t")
	c, ok := parseCardNumber(strings.TrimSuffix(s, "t"))
	return Placed{c, turned}, ok
}

// parseCardNumber reads a card number 1–60 written without sign or leading zero.
func parseCardNumber(s string) (Card, bool) {
	if s == "" || s[0] == '0' || len(s) > 2 {
		return NoCard, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || !Card(n).Valid() {
		return NoCard, false
	}
	return Card(n), true
}

// String writes the draft.
func (d Draft) String() string {
	switch d.Kind {
	case DraftExchange:
		return ExchangeDraft
	case DraftStart:
		if len(d.Cards) != 2 {
			return ""
		}
		return d.Cards[0].String() + "-" + d.Cards[1].String()
	}
	if len(d.Cards) != 1 {
		return ""
	}
	side := "l"
	if d.Side == Right {
		side = "r"
	}
	t := ""
	if d.Cards[0].Turned {
		t = "t"
	}
	return d.Cards[0].Card.String() + side + t
}

// Action returns the move the draft stands for.
func (d Draft) Action() Action {
	switch d.Kind {
	case DraftExchange:
		return Exchange{}
	case DraftStart:
		return Start{Cards: []Card{d.Cards[0].Card, d.Cards[1].Card}, Turned: []bool{d.Cards[0].Turned, d.Cards[1].Turned}}
	}
	return Place{Card: d.Cards[0].Card, Side: d.Side, Turned: d.Cards[0].Turned}
}

// draftOf writes the draft of a move (Start, Place or Exchange).
func draftOf(a games.Action) string {
	switch a := a.(type) {
	case Start:
		return Draft{Kind: DraftStart, Cards: []Placed{{a.Cards[0], a.Turned[0]}, {a.Cards[1], a.Turned[1]}}}.String()
	case Place:
		return Draft{Kind: DraftPlace, Cards: []Placed{{a.Card, a.Turned}}, Side: a.Side}.String()
	case Exchange:
		return ExchangeDraft
	}
	return ""
}

// Check returns why d is not a move the viewer may make now, or nil: the viewer must be
// placing, the kind must fit the turn, the cards must be in its hand, and an exchange must
// still be allowed.
func (v *View) Check(d Draft) error {
	mine, ok := v.Mine()
	if !ok || !v.MustPlace() {
		return games.Refuse(games.ErrNotYourTurn, "You have nothing to place right now.", "Teď nemáš co přikládat.")
	}
	return checkDraft(d, v.Turn, mine.Hand, mine.CanExchange)
}

// checkDraft returns why d is not a legal move in turn with hand, or nil.
func checkDraft(d Draft, turn int, hand []Card, canExchange bool) error {
	switch {
	case d.Kind == DraftExchange && !canExchange:
		return games.Refuse(games.ErrIllegal, "You cannot use the exchange card now.", "Výměnnou kartu teď použít nemůžeš.")
	case d.Kind == DraftStart && turn != 1, d.Kind == DraftPlace && turn == 1:
		return games.StaleDraft()
	}
	for _, p := range d.Cards {
		if !slices.Contains(hand, p.Card) {
			return games.StaleDraft()
		}
	}
	return nil
}

// Draft reads a panel draft for the viewer; the empty draft stands for v.Suggested. It fails
// when the viewer need not place, the draft is malformed or it does not fit the hand.
func (v *View) Draft(draft string) (Draft, error) {
	if draft == "" {
		draft = v.Suggested
	}
	if draft == "" {
		return Draft{}, games.Refuse(games.ErrNotYourTurn, "You have nothing to place right now.", "Teď nemáš co přikládat.")
	}
	d, err := ParseDraft(draft)
	if err != nil {
		return Draft{}, err
	}
	if err := v.Check(d); err != nil {
		return Draft{}, err
	}
	return d, nil
}

// Preview returns the viewer's sideboard with the draft's cards laid (nothing for an
// exchange) and the index in it of each new card.
func (v *View) Preview(d Draft) ([]Placed, []int) {
	mine, _ := v.Mine()
	board := slices.Clone(mine.Board)
	switch {
	case d.Kind == DraftStart:
		return slices.Clone(d.Cards), []int{0, 1}
	case d.Kind == DraftPlace && d.Side == Left:
		return append([]Placed{d.Cards[0]}, board...), []int{0}
	case d.Kind == DraftPlace:
		return append(board, d.Cards[0]), []int{len(board)}
	}
	return board, nil
}
