package sideboards

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// TestParseCompact: a card written together with its end reads as written apart ("7tr" as
// "7t right"), and the Czech refusal names what it could not read as a "zápis".
func TestParseCompact(t *testing.T) {
	for text, want := range map[string]string{
		"7r": "7 right", "7tr": "7t right", "7rt": "7t right", "7tright": "7t right", "7vlevo": "7 left", "#7tl": "7t left",
	} {
		a, err := ParseMove(text, 2, Left, false)
		if err != nil || describe(a) != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", text, a, err, want)
		}
	}
	_, err := ParseMove("banán", 2, Left, false)
	var r *games.Refusal
	if !errors.As(err, &r) || !strings.HasPrefix(r.Reason.CS, "Zápisu „banán“ nerozumím.") {
		t.Errorf("refusal %v", err)
	}
}

// TestCzechRounds: Sideboards' seven steps are "kola" in Czech, everyone playing at once.
func TestCzechRounds(t *testing.T) {
	s := dealt(t, 3, Options{})
	if p := s.Prompt(0); !strings.HasPrefix(p.CS, "Kolo 1 ze 7:") {
		t.Errorf("prompt %q", p.CS)
	}
	if r := (Game{}).Rules().CS; strings.Contains(r, "tazích") || !strings.Contains(r, "Další kola") {
		t.Errorf("rules say turns, not rounds:\n%s", r)
	}
}

// TestTell: a move is told in words ("placed card 29 (turned) on the right"), never as
// "29t right".
func TestTell(t *testing.T) {
	s := dealt(t, 3, Options{})
	got := s.Tell(Place{Card: 29, Side: Right, Turned: true})
	if got.EN != "placed card 29 (turned) on the right" || got.CS != "přiložil(a) kartu 29 (otočenou) zprava" {
		t.Errorf("told %+v", got)
	}
}

// TestPassOnCzech: the cards passed on are sent "dál (Ben)", not "hráči Ben" with the name
// left in the nominative.
func TestPassOnCzech(t *testing.T) {
	got := mover{hand: []Card{12, 39, 42}, to: "Bohuslav"}.rest([]Card{12})
	if got.CS != "poslat 39 a 42 dál (Bohuslav)" || got.EN != "pass 39 and 42 to Bohuslav" {
		t.Errorf("rest %+v", got)
	}
}
