package shelfie

import (
	"errors"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
)

func commitOf(p games.Panel) []string {
	var out []string
	for _, c := range p.Controls {
		if c.Commit && !c.Disabled {
			out = append(out, c.Next)
		}
	}
	return out
}

func TestPanels(t *testing.T) {
	s := atTurn(t, 2, "", "P1 P2 P6 / G1 G2 G3 / B1 B2 B3")
	p, err := s.Compose(0, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Controls) != 9 || len(commitOf(p)) != 1 {
		t.Fatalf("choose panel: %d controls, commits %v", len(p.Controls), commitOf(p))
	}
	c, err := s.Compose(0, "=choose_3")
	if err != nil || !slices.Equal(commitOf(c), []string{"=choose_3"}) {
		t.Fatalf("confirm panel %+v %v", c, err)
	}
	if a, err := s.Resolve(0, "=choose_3"); err != nil || a != (Choose{Card: 3}) {
		t.Fatalf("resolve: %v %v", a, err)
	}
	if _, err := s.Resolve(0, "=choose_9"); err == nil {
		t.Fatal("a card not in hand resolves")
	}
	must.Apply(t, s, 0, Choose{Card: 1})
	var r *games.Refusal
	if _, err := s.Compose(0, ""); !errors.As(err, &r) || !errors.Is(err, games.ErrNotYourTurn) {
		t.Fatalf("a seat that has chosen gets %v", err)
	}
	must.Apply(t, s, 1, Choose{Card: 2})
	p, _ = s.Compose(0, "")
	if len(p.Controls) != 4 { // suggestion + 3 boxes
		t.Fatalf("take panel: %+v", p.Controls)
	}
	must.Apply(t, s, 0, Take{Box: 1})
	s.seats[0].shelf = parseShelf(t, "P1 G1 .. .. ..")
	p, _ = s.Compose(0, "d3") // P6
	enabled := 0
	for _, c := range p.Controls[:Columns] {
		if !c.Disabled {
			enabled++
		}
	}
	if enabled != 4 || p.Controls[1].Disabled != true {
		t.Fatalf("columns for P6 above P1, G1: %+v", p.Controls[:Columns])
	}
	if p.Menu == nil || len(p.Menu.Choices) < 5 {
		t.Fatal("the six's values are offered")
	}
	if _, err := s.Compose(0, "d4"); err == nil {
		t.Fatal("die 4 composes")
	}
	s.seats[0].played = append(s.seats[0].played, Played{Card: Card{Number: 14}, Round: 1})
	p, _ = s.Compose(0, "")
	if p.Menu == nil || !slices.ContainsFunc(p.Menu.Choices, func(c games.Choice) bool { return c.Next == "a14" }) {
		t.Fatalf("abilities menu %+v", p.Menu)
	}
	p, err = s.Compose(0, "a14")
	if err != nil || p.Menu == nil || len(p.Menu.Choices) == 0 || len(commitOf(p)) != 1 {
		t.Fatalf("card 14 panel %+v %v", p, err)
	}
	if _, err := s.Resolve(0, p.Menu.Choices[0].Next); err != nil {
		t.Fatal(err)
	}
	d, err := s.Typed(0, "d1", "3")
	if err != nil || d != "=place_1_c3" {
		t.Fatalf("typed column: %q %v", d, err)
	}
	if _, err := s.Typed(0, "", "place 1 c2"); err == nil {
		t.Fatal("an illegal typed move is accepted")
	}
	if SelectedDie("d2") != 2 || SelectedDie("=place_3_c1") != 3 || SelectedDie("a3") != 0 {
		t.Fatal("SelectedDie")
	}
}
