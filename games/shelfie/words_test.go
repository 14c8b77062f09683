package shelfie

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tablebot/tablebot/games"
)

// TestCzechDiceLetters: Czech players read dice with the Czech initials of the pictures
// (F Z M O), in the panel's hint and buttons.
func TestCzechDiceLetters(t *testing.T) {
	s := onTurn(t, []string{".. .. .. .. .."}, "G4 P2 B6", "", nil, nil)
	p, err := s.Compose(0, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Hint.CS, "(Z4 F2 M6)") || !strings.Contains(p.Hint.EN, "(G4 P2 B6)") {
		t.Errorf("hint %+v", p.Hint)
	}
	var die string
	for _, c := range p.Controls {
		if c.Next == "d1" {
			die = c.Label.CS
		}
	}
	if die != "Kostka 1: Z4" {
		t.Errorf("Czech die button %q, want „Kostka 1: Z4“", die)
	}
}

// TestAbilityMenuWholeText: the ability menu's descriptions are complete within Discord's 100
// characters (never cut with "…"), and the panel's hint carries each card's whole text.
func TestAbilityMenuWholeText(t *testing.T) {
	s := onTurn(t, []string{"G3 .. .. .. .."}, "G4 P2", "", []int{1, 4, 5, 14, 15, 16}, nil)
	p, err := s.Compose(0, "")
	if err != nil {
		t.Fatal(err)
	}
	if p.Menu == nil || len(p.Menu.Choices) < 5 {
		t.Fatalf("menu %+v", p.Menu)
	}
	for _, c := range p.Menu.Choices {
		for _, d := range []string{c.Description.EN, c.Description.CS} {
			if utf8.RuneCountInString(d) > 100 || strings.HasSuffix(d, "…") {
				t.Errorf("description %q: %d characters or cut", d, utf8.RuneCountInString(d))
			}
		}
	}
	for _, n := range []int{1, 4, 5, 14, 15} {
		if a := cardTable[n].Ability; !strings.Contains(p.Hint.EN, a.EN) || !strings.Contains(p.Hint.CS, a.CS) {
			t.Errorf("hint lacks card %d's whole text:\n%s", n, p.Hint.CS)
		}
	}
	for n := 1; n <= NumCards; n++ {
		for _, d := range []string{shortAbility(n).EN, shortAbility(n).CS} {
			if utf8.RuneCountInString(d) > 100 {
				t.Errorf("card %d's short text %q is %d characters", n, d, utf8.RuneCountInString(d))
			}
		}
	}
	// Every card at once still fits the budget.
	var all []int
	for n := 1; n <= NumCards; n++ {
		all = append(all, n)
	}
	if l := abilityLines(all, abilityBudget); utf8.RuneCountInString(l.CS) > abilityBudget+60 || !strings.Contains(l.CS, "/rules shelfie") {
		t.Errorf("all sixteen: %d characters\n%s", utf8.RuneCountInString(l.CS), l.CS)
	}
}

// TestRulePages: /rules shelfie has a page per character, each naming it in both languages'
// editions and within Discord's limits.
func TestRulePages(t *testing.T) {
	pages := Game{}.RulePages()
	if len(pages) != NumCards || len(pages) > games.MaxChoices-1 {
		t.Fatalf("%d pages", len(pages))
	}
	for i, p := range pages {
		info := cardTable[i+1]
		for _, lang := range []games.Lang{games.English, games.Czech} {
			text, label := p.Text.In(lang), p.Label.In(lang)
			if utf8.RuneCountInString(text) > 1900 || utf8.RuneCountInString(label) > 100 {
				t.Errorf("page %d too long in %s", i+1, lang)
			}
			if !strings.Contains(text, info.Name.In(lang)) || !strings.Contains(text, info.Ability.In(lang)) {
				t.Errorf("page %d in %s lacks the name or the ability:\n%s", i+1, lang, text)
			}
		}
	}
	if !strings.Contains(pages[8].Text.CS, "jen než si vezmeš přepravku") {
		t.Errorf("card 9's page does not say it comes before the box:\n%s", pages[8].Text.CS)
	}
}

// TestSoloLeaveInWords: the solo opponent's dice that leave the game are said in words, with
// a verb agreeing with them in Czech.
func TestSoloLeaveInWords(t *testing.T) {
	got := diceWords([]Die{{Green, 4}, {Blue, 5}, {Green, 4}})
	if got.EN != "green 4, blue 5 and green 4" || got.CS != "zelená 4, modrá 5 a zelená 4" {
		t.Errorf("dice in words %+v", got)
	}
	s := atTurn(t, 1, `{"solo":"beat"}`, "P1 P2 P3 / G1 G2 G3 / B1 B2 B3", 2)
	var text games.Text
	for text.IsZero() && !s.Result().Over {
		seat := s.ToAct()[0]
		a := s.Hint(seat)
		if seat == games.Chance {
			a = s.SampleChance(testRand())
		}
		for _, e := range mustApply(t, s, seat, a) {
			if strings.Contains(e.Text.EN, "leave the game") {
				text = e.Text
			}
		}
	}
	if text.IsZero() || regexp.MustCompile(`[PGBO][1-6]`).MatchString(text.EN) || !strings.Contains(text.CS, "odcházejí ze hry") {
		t.Errorf("leave event %+v", text)
	}
}

// TestSoloOptionTruthful: with no solo mode chosen, the lobby says what a lone player plays.
func TestSoloOptionTruthful(t *testing.T) {
	for _, o := range optionList() {
		if o.Name != "solo" {
			continue
		}
		en, cs := o.Display(json.RawMessage("null"), games.English), o.Display(json.RawMessage("null"), games.Czech)
		if !strings.Contains(en, "beat your score if alone") || !strings.Contains(cs, "překonej své skóre") {
			t.Errorf("solo none reads %q / %q", en, cs)
		}
		return
	}
	t.Fatal("no solo option")
}

// TestTypedCompact: a move's parts may be written together or spaced: "place1c3",
// "place 1 c 3", and with a die picked "c 3", "column 3" or "sloupec 3".
func TestTypedCompact(t *testing.T) {
	s := onTurn(t, []string{".. .. .. .. .."}, "G4 P2", "", nil, nil)
	want, err := s.Typed(0, "", "place 1 c3")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ draft, text string }{
		{"", "place1c3"}, {"", "place 1c3"}, {"", "place 1 c 3"}, {"", "Place 1 C3"},
		{"d1", "c 3"}, {"d1", "C3"}, {"d1", "3"}, {"d1", "column 3"}, {"d1", "sloupec 3"},
	} {
		if got, err := s.Typed(0, c.draft, c.text); err != nil || got != want {
			t.Errorf("Typed(%q, %q) = %q, %v; want %q", c.draft, c.text, got, err, want)
		}
	}
}

// TestTell: a move is told in words, and a chosen card keeps its secret.
func TestTell(t *testing.T) {
	s := onTurn(t, []string{".. .. .. .. .."}, "G4 P2", "", []int{3}, nil)
	if got := s.Tell(Choose{Card: 5}); strings.Contains(got.EN, "5") || got.CS != "vybral(a) postavu" {
		t.Errorf("choose told %+v", got)
	}
	if got := s.Tell(Ability{Card: 3, Die: 1}); got.EN != "used card 3 Upgrader" || got.CS != "použil(a) kartu 3 Kompletářka" {
		t.Errorf("ability told %+v", got)
	}
}
