package fits

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// TestTypedCompact: a column written together with its turns and flip ("C1", "c1f", "cr1",
// "1c") reads as the same parts written apart ("C 1", "C 1 flip").
func TestTypedCompact(t *testing.T) {
	s := revealed(t, L4, 2, []int{1})
	for text, want := range map[string]string{
		"C1": "r1f0cC", "c1": "r1f0cC", "cr1": "r1f0cC", "1c": "r1f0cC", "r1c": "r1f0cC",
		"C1F": "r1f1cC", "c1 flip": "r1f1cC", "c1flip": "r1f1cC", "cf": "r0f1cC", "B0": "r0f0cB",
		"L4 C1": "r1f0cC", "df": "r0f1cD",
	} {
		got, err := s.Typed(0, "", text)
		if err != nil || got != want {
			t.Errorf("Typed(%q) = %q, %v; want %q", text, got, err, want)
		}
	}
	for _, text := range []string{"C4", "G1", "c1x"} {
		if got, err := s.Typed(0, "", text); err == nil {
			t.Errorf("Typed(%q) = %q, want a refusal", text, got)
		}
	}
}

// TestTypedNotUnderstoodCzech: the Czech refusal of a word it cannot read names it as what
// was written ("Zápisu „x“ nerozumím"), not a bare quote.
func TestTypedNotUnderstoodCzech(t *testing.T) {
	s := revealed(t, L4, 2, []int{1})
	_, err := s.Typed(0, "", "banán")
	var r *games.Refusal
	if !errors.As(err, &r) || !strings.HasPrefix(r.Reason.CS, "Zápisu „banán“ nerozumím.") {
		t.Errorf("refusal %v, want Czech „Zápisu „banán“ nerozumím.“", err)
	}
}

// TestPieceInWords: sentences name a piece by its letter and size, never by its code, and the
// Czech card count reads "ze 16".
func TestPieceInWords(t *testing.T) {
	s := building(t, 2, []int{1})
	ev, err := s.Apply(games.Chance, Reveal{Piece: L4})
	if err != nil {
		t.Fatal(err)
	}
	got := ev[0].Text
	if got.EN != "Card 1 of 16: L (4 squares)." || got.CS != "Karta 1 ze 16: L (4 čtverečky)." {
		t.Errorf("reveal event %+v", got)
	}
	if p := s.Prompt(0); strings.Contains(p.EN, "L4") || strings.Contains(p.CS, "L4") || !strings.Contains(p.CS, "ze 16") {
		t.Errorf("prompt %+v names the code or miscounts", p)
	}
	r := sideways(Place{Piece: L4, Col: 5}, 3)
	if !strings.Contains(r.Reason.CS, "široký 3 pole") || strings.Contains(r.Reason.EN, "L4") {
		t.Errorf("sideways refusal %+v", r.Reason)
	}
}

// TestStartPiecesInWords: the round's start message names each player's start piece in
// words ("Ada — W (5 squares)"), not as "Ada W5".
func TestStartPiecesInWords(t *testing.T) {
	s, err := NewState([]string{"Ada", "Ben"}, Options{Boards: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	ev, err := s.Apply(games.Chance, Start{Cards: []Shape{W5, F5}})
	if err != nil {
		t.Fatal(err)
	}
	if got := ev[0].Text; !strings.Contains(got.EN, "Ada — W (5 squares), Ben — F (5 squares)") || strings.Contains(got.CS, "W5") {
		t.Errorf("start event %+v", got)
	}
}

// TestTell: a move is told in words, never as the notation ("L4 C r1 flip").
func TestTell(t *testing.T) {
	s := building(t, 2, []int{1})
	got := s.Tell(Place{Piece: L4, Rot: 1, Flip: true, Col: 2})
	if got.EN != "placed L (4 squares) in column C, turned 1×, flipped" || got.CS != "položil(a) L (4 čtverečky) do sloupce C, otočený 1×, převrácený" {
		t.Errorf("told %+v", got)
	}
}
