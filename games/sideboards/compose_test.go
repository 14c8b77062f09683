package sideboards

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

func TestDrafts(t *testing.T) {
	for _, d := range []string{"12-40t", "1t-60", "7l", "7rt", "60lt", "x"} {
		got, err := ParseDraft(d)
		if err != nil || got.String() != d {
			t.Errorf("ParseDraft(%q) = %+v, %v", d, got, err)
		}
	}
	for _, d := range []string{"", "12-12", "12-", "-4", "0l", "61r", "7", "7x", "07l", "7lr", "7tl", "X", "12-40-7", "7l t"} {
		if _, err := ParseDraft(d); err == nil {
			t.Errorf("ParseDraft(%q) accepted", d)
		}
	}
}

// control finds a panel's control whose English label starts with label.
func control(t *testing.T, p games.Panel, label string) games.Control {
	t.Helper()
	for _, c := range p.Controls {
		if strings.HasPrefix(c.Label.EN, label) {
			return c
		}
	}
	t.Fatalf("panel %q has no %q control: %+v", p.Draft, label, p.Controls)
	return games.Control{}
}

func TestComposeStart(t *testing.T) {
	s := dealt(t, 3, Options{})
	p, err := s.Compose(0, "")
	if err != nil {
		t.Fatal(err)
	}
	if p.Draft != s.view(0).Suggested || p.Draft == "" || p.Draft != draftOf(s.Hint(0)) {
		t.Fatalf("empty draft shows %q, suggestion %q", p.Draft, s.view(0).Suggested)
	}
	p, err = s.Compose(0, "1-2")
	if err != nil {
		t.Fatal(err)
	}
	if c := control(t, p, "Rotate left"); c.Next != "1t-2" {
		t.Errorf("turn left → %q", c.Next)
	}
	if c := control(t, p, "Rotate right"); c.Next != "1-2t" {
		t.Errorf("turn right → %q", c.Next)
	}
	if c := control(t, p, "Swap"); c.Next != "2-1" {
		t.Errorf("swap → %q", c.Next)
	}
	if c := control(t, p, "3 on the left"); c.Next != "3-2" {
		t.Errorf("3 on the left → %q", c.Next)
	}
	if c := control(t, p, "3 on the right"); c.Next != "1-3" {
		t.Errorf("3 on the right → %q", c.Next)
	}
	lay := control(t, p, "Lay")
	if !lay.Commit || lay.Style != games.Success || lay.Next != "1-2" {
		t.Errorf("lay %+v", lay)
	}
	if !strings.Contains(p.Hint.EN, "pass 3 to Ben") || !strings.Contains(p.Hint.CS, "poslat 3 dál (Ben)") {
		t.Errorf("hint %+v", p.Hint)
	}
	if p.Menu == nil || len(p.Menu.Choices) != 24 || p.Input == nil {
		t.Fatalf("menu %+v", p.Menu)
	}
	// The best pairs are named in words: "46 and 58 turned", never the code "46 58t".
	code, turned := regexp.MustCompile(`\dt\b`), 0
	for _, c := range p.Menu.Choices {
		for _, l := range []string{c.Label.EN, c.Label.CS} {
			if code.MatchString(l) || len([]rune(l)) > 100 || !strings.Contains(l, " a") {
				t.Errorf("best pair %q: want words (\"1 · 46 and 58 turned\"), ≤ 100 characters", l)
			}
		}
		if strings.Contains(c.Label.EN, " turned") != strings.Contains(c.Label.CS, " otočená") {
			t.Errorf("best pair %+v: turned in one language only", c.Label)
		}
		if strings.Contains(c.Label.EN, " turned") {
			turned++
		}
	}
	if turned == 0 {
		t.Error("no best pair has a turned card")
	}
	a, err := s.Resolve(0, "3t-1")
	if err != nil || describe(a) != "3t 1" {
		t.Fatalf("resolve 3t-1: %v %v", a, err)
	}
	for _, bad := range []string{"1-4", "7l", "x", "1-2-3", "zz"} {
		if _, err := s.Resolve(0, bad); err == nil {
			t.Errorf("Resolve(%q) accepted", bad)
		}
		if _, err := s.Compose(0, bad); err == nil {
			t.Errorf("Compose(%q) accepted", bad)
		}
	}
	must.Apply(t, s, 0, a)
	if _, err := s.Compose(0, ""); !errors.Is(err, games.ErrNotYourTurn) {
		t.Fatalf("compose after placing: %v", err)
	}
	if _, err := s.Compose(games.Chance, ""); !errors.Is(err, games.ErrNotYourTurn) {
		t.Fatalf("compose for chance: %v", err)
	}
}

func TestComposePlace(t *testing.T) {
	s := secondTurn(t)
	p, err := s.Compose(0, "6l")
	if err != nil {
		t.Fatal(err)
	}
	if c := control(t, p, "Card 10"); c.Next != "10l" {
		t.Errorf("card 10 → %q", c.Next)
	}
	if !control(t, p, "Left end").Disabled || control(t, p, "Right end").Next != "6r" || control(t, p, "Rotate").Next != "6lt" {
		t.Errorf("controls %+v", p.Controls)
	}
	ex := control(t, p, "Exchange")
	if ex.Commit || ex.Next != ExchangeDraft || ex.Style != games.Danger {
		t.Errorf("exchange %+v", ex)
	}
	if place := control(t, p, "Place"); !place.Commit || place.Next != "6l" {
		t.Errorf("place %+v", place)
	}
	if p.Menu == nil || len(p.Menu.Choices) != 8 || !strings.HasPrefix(p.Menu.Choices[0].Label.EN, "1 · ") {
		t.Fatalf("menu %+v", p.Menu)
	}
	if !strings.HasPrefix(p.Hint.EN, "Place 6 on the left: ") || !strings.Contains(p.Hint.EN, "pass 10 to Ben") {
		t.Errorf("hint %q", p.Hint.EN)
	}
	x, err := s.Compose(0, ExchangeDraft)
	if err != nil {
		t.Fatal(err)
	}
	if c := control(t, x, "Exchange"); !c.Commit || c.Style != games.Danger {
		t.Errorf("confirm %+v", c)
	}
	if back := control(t, x, "Back"); back.Next == ExchangeDraft || back.Next == "" {
		t.Errorf("back %+v", back)
	}
	if a, err := s.Resolve(0, ExchangeDraft); err != nil || a != (Exchange{}) {
		t.Fatalf("resolve x: %v %v", a, err)
	}
	if d, err := s.Typed(0, "6l", "10 t"); err != nil || d != "10lt" {
		t.Fatalf("typed '10 t' at 6l: %q %v", d, err)
	}
	if d, err := s.Typed(0, "6l", "výměna"); err != nil || d != ExchangeDraft {
		t.Fatalf("typed výměna: %q %v", d, err)
	}
	if _, err := s.Typed(0, "6l", "4 left"); err == nil || !strings.Contains(games.ReasonOf(err).EN, "not in your hand") {
		t.Fatalf("typed a card not in hand: %v", err)
	}
	must.Apply(t, s, 0, Exchange{})
	if _, err := s.Compose(0, ""); !errors.Is(err, games.ErrNotYourTurn) {
		t.Fatalf("compose while drawing: %v", err)
	}
	must.Apply(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{20, 21}})
	p, err = s.Compose(0, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Controls {
		if strings.HasPrefix(c.Label.EN, "Exchange") {
			t.Fatal("the exchange is offered again")
		}
	}
	if _, err := s.Resolve(0, ExchangeDraft); err == nil {
		t.Fatal("a second exchange resolves")
	}
}

// TestPanelWalks walks random panels through whole games: every commit resolves to a listed
// move, and the game goes on with it.
func TestPanelWalks(t *testing.T) {
	seed := gamestest.Seed(t)
	for g, n := range []int{1, 2, 4} {
		r := rand.New(rand.NewPCG(seed, uint64(g)))
		s := newGame(t, n, Options{Variant: Basic})
		playAll(t, s, r, func(s *State, seat games.Seat) games.Action {
			d, err := gamestest.RandomDraft(s, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			a, err := s.Resolve(seat, d)
			if err != nil {
				t.Fatalf("draft %q: %v", d, err)
			}
			return a
		})
	}
}
