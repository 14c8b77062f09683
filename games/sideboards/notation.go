package sideboards

import (
	"regexp"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// Words a player may type, in English and Czech (with and without diacritics).
var (
	leftWords     = []string{"left", "l", "vlevo", "zleva", "levá", "leva", "levy", "levý"}
	rightWords    = []string{"right", "r", "vpravo", "zprava", "pravá", "prava", "pravy", "pravý"}
	turnWords     = []string{"t", "turned", "turn", "upside-down", "otočená", "otocena", "otočit", "otocit", "otočenou", "otocenou", "obráceně", "obracene"}
	exchangeWords = []string{"exchange", "x", "swap", "výměna", "vymena", "vyměnit", "vymenit"}
)

// ParseMove reads a move as a player types it, in any case, words separated by spaces or
// commas: in turn 1 two cards, left first, each followed by "t" (or the word "turned") when
// turned — "12 40t"; in a later turn a card, "t" when turned, and the end — "7t right",
// "right 7 turned", "7 vlevo", or all written together, "7tr"; or "exchange" ("výměna").
// Describe's forms are accepted. When a placement names no end, side is used (ok false: the
// end must be named). The move is read only: whether it is legal is checked by the caller.
func ParseMove(text string, turn int, side Side, sideKnown bool) (Action, error) {
	fields := strings.Fields(strings.NewReplacer(",", " ", ";", " ").Replace(strings.ToLower(text)))
	help := func(why games.Text) error {
		ex := games.Say("Write a card, “t” if turned, and the end, like “7t right”, or “exchange”.", "Napiš kartu, „t“ když je otočená, a stranu, např. „7t vpravo“, nebo „výměna“.")
		if turn == 1 {
			ex = games.Say("Write two cards, the left one first, “t” after a turned one, like “12 40t”.", "Napiš dvě karty, levou první, „t“ za otočenou, např. „12 40t“.")
		}
		return &games.Refusal{Kind: games.ErrIllegal, Reason: games.Text{EN: why.EN + " " + ex.EN, CS: why.CS + " " + ex.CS}}
	}
	if len(fields) == 0 {
		return nil, help(games.Say("Nothing was typed.", "Nic nebylo napsáno."))
	}
	if len(fields) == 1 && slices.Contains(exchangeWords, fields[0]) {
		return Exchange{}, nil
	}
	var laid []Placed
	gotSide := false
	for _, f := range expandCompact(fields) {
		switch {
		case slices.Contains(turnWords, f) && f != "t" || f == "t" && len(laid) > 0:
			if len(laid) == 0 {
				return nil, help(games.Say("Name the card before turning it.", "Nejdřív napiš kartu, pak otočení."))
			}
			laid[len(laid)-1].Turned = true
		case slices.Contains(leftWords, f):
			side, gotSide = Left, true
		case slices.Contains(rightWords, f):
			side, gotSide = Right, true
		default:
			p, ok := parsePlacedToken(strings.TrimPrefix(f, "#"))
			if d, err := ParseDraft(f); !ok && err == nil && d.Kind == DraftPlace {
				p, ok, side, gotSide = d.Cards[0], true, d.Side, true
			}
			if !ok {
				return nil, help(games.Say("“%s” is not understood.", "Zápisu „%s“ nerozumím.", f))
			}
			laid = append(laid, p)
		}
	}
	if turn == 1 {
		if len(laid) != 2 || gotSide {
			return nil, help(games.Say("In the first turn you lay two cards.", "V prvním kole pokládáš dvě karty."))
		}
		return Start{Cards: []Card{laid[0].Card, laid[1].Card}, Turned: []bool{laid[0].Turned, laid[1].Turned}}, nil
	}
	if len(laid) != 1 {
		return nil, help(games.Say("Place one card.", "Přilož jednu kartu."))
	}
	if !gotSide && !sideKnown {
		return nil, help(games.Say("Which end?", "Ke kterému konci?"))
	}
	return Place{Card: laid[0].Card, Side: side, Turned: laid[0].Turned}, nil
}

// Typed reads a typed move (see ParseMove) and returns its draft. A placement without an end
// keeps the draft's end. It fails with a *games.Refusal that says what is wrong: text not
// understood, cards not in the hand, an exchange not allowed.
func (s *State) Typed(seat games.Seat, draft, text string) (string, error) {
	d, err := s.draftFor(seat, draft)
	if err != nil {
		return "", err
	}
	a, err := ParseMove(text, s.turn, d.Side, d.Kind == DraftPlace)
	if err != nil {
		return "", err
	}
	next := draftOf(a)
	nd, err := ParseDraft(next)
	if err != nil {
		return "", err
	}
	hand := s.seats[seat].hand
	for _, p := range nd.Cards {
		if !slices.Contains(hand, p.Card) {
			return "", notInHand(p.Card, hand)
		}
	}
	if err := checkDraft(nd, s.turn, hand, s.canExchange(seat)); err != nil {
		return "", err
	}
	return next, nil
}

// compactPlace is a card written together with its end: "7r", "7tr", "7rt", "7tright",
// "7vpravo" (a draft's own "7l" and "7rt" are read by ParseDraft as well).
var compactPlace = regexp.MustCompile(`^#?(\d{1,2})(t?)(l|r|left|right|vlevo|vpravo)(t?)$`)

// expandCompact splits every compact placement ("7tr") into its card and its end ("7t",
// "r"); other fields stay as they are.
func expandCompact(fields []string) []string {
	var out []string
	for _, f := range fields {
		m := compactPlace.FindStringSubmatch(f)
		if m == nil {
			out = append(out, f)
			continue
		}
		card := m[1]
		if m[2] != "" || m[4] != "" {
			card += "t"
		}
		out = append(out, card, m[3])
	}
	return out
}
