package ingenious

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// TestTypedForms: cells written apart, together or spaced all read the same, a tile may be
// written with Czech initials, and a refusal for text that is not two cells speaks of cells,
// not of tiles.
func TestTypedForms(t *testing.T) {
	s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
	tile := s.racks[0][0]
	p := s.View(0).(*View).Candidates[tile][0].Place
	a, b := p.Cells[0].Label(s.radius), p.Cells[1].Label(s.radius)
	want, err := s.Typed(0, tile.String(), a+" "+b)
	if err != nil {
		t.Fatal(err)
	}
	spaced := a[:1] + " " + a[1:] + " " + b[:1] + " " + b[1:]
	for _, text := range []string{a + b, strings.ToLower(a + b), spaced, a + "-" + b} {
		if got, err := s.Typed(0, tile.String(), text); err != nil || got != want {
			t.Errorf("Typed(%q) = %q, %v; want %q", text, got, err, want)
		}
	}
	// Czech initials name the same tile: Č Z for red–green, first colour on the first cell.
	en, err := s.Typed(0, "", p.First.String()+p.Second.String()+" "+a+" "+b)
	if err != nil {
		t.Fatal(err)
	}
	cs := p.First.Initial().CS + p.Second.Initial().CS
	if got, err := s.Typed(0, "", strings.ToLower(cs)+" "+a+" "+b); err != nil || got != en {
		t.Errorf("Typed(%q …) = %q, %v; want %q", cs, got, err, en)
	}
	for _, text := range []string{"7F 8F", "banana", "F7"} {
		_, err := s.Typed(0, tile.String(), text)
		var r *games.Refusal
		if !errors.As(err, &r) || strings.Contains(r.Reason.EN, "not a tile") || !strings.Contains(r.Reason.EN, "cells") || !strings.Contains(r.Reason.CS, "pole") {
			t.Errorf("Typed(%q): %v, want a refusal about cells", text, err)
		}
	}
}

// TestCzechColourLetters: Czech players see the Czech initials of the pictures (Č Z M O Ž F)
// on the tile buttons and in score lines, and a tile in sentences as a compound adjective.
func TestCzechColourLetters(t *testing.T) {
	s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
	p, err := s.Compose(0, "")
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, c := range p.Controls {
		if c.Emoji == "" {
			labels = append(labels, c.Label.CS)
		}
	}
	if got := strings.Join(labels, " "); got != "ČZ MM ŽF" {
		t.Errorf("Czech tile buttons %q, want ČZ MM ŽF", got)
	}
	if got := breakdown([6]int{1, 2, 3, 4, 5, 6}).CS; got != "Č 1 · Z 2 · M 3 · O 4 · Ž 5 · F 6" {
		t.Errorf("Czech score line %q", got)
	}
	rg, err := s.Compose(0, "RG")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rg.Hint.CS, "červeno-zelený dílek") || rg.Input.Title.CS != "Položit ČZ" {
		t.Errorf("Czech hint %q, modal title %q", rg.Hint.CS, rg.Input.Title.CS)
	}
	for _, c := range []struct {
		tile Tile
		want string
	}{{NewTile(Red, Red), "červeno-červený"}, {Tile{Yellow, Purple}, "žluto-fialový"}, {Tile{Purple, Yellow}, "fialovo-žlutý"}} {
		if got := c.tile.Words().CS; got != c.want {
			t.Errorf("%s in Czech words: %q, want %q", c.tile, got, c.want)
		}
	}
	s2 := dealt(t, 2, Options{}, []string{"RR", "OP", "BY", "GB", "RO", "BP"})
	var start Place
	for _, a := range s2.Legal(0) {
		if q, ok := a.(Place); ok && q.Tile() == NewTile(Red, Red) {
			start = q
			break
		}
	}
	ev := must.Apply(t, s2, 0, start)
	if !strings.Contains(ev[0].Text.CS, "Ada položil(a) červeno-červený dílek na ") {
		t.Errorf("Czech placement event %q", ev[0].Text.CS)
	}
}

// TestCzechRules: the Czech rules read natively (issue 27, item 7): no "tah navíc" doubled,
// the bag a "pytlík" as everywhere else.
func TestCzechRules(t *testing.T) {
	r := Game{}.Rules().CS
	for _, bad := range []string{"další tah navíc", "Na tahu polož", "Vyhrává nejvyšší nejslabší barva"} {
		if strings.Contains(r, bad) {
			t.Errorf("Czech rules still say %q", bad)
		}
	}
	if !strings.Contains(r, "hraješ hned ještě jednou") {
		t.Errorf("Czech rules:\n%s", r)
	}
}
