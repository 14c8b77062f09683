package shelfie

import (
	"encoding/json"
	"math/rand/v2"
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
		for _, e := range must.Apply(t, s, seat, a) {
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

// TestPublicDiceInWords: what a whole game tells the table names dice in words ("orange 5,
// green 3 and blue 4" / "oranžová 5, zelená 3 a modrá 4"), never in the panel's compact codes
// ("O5 G3 B4", which label the buttons and the picture), and the contest's pattern, a small
// picture of its own, uses each language's colour initials as the card on the picture does.
func TestPublicDiceInWords(t *testing.T) {
	if got := patternText(5); got.EN != "G B / G B" || got.CS != "Z M / Z M" {
		t.Errorf("contest K5's pattern %+v, want G B / G B and Z M / Z M", got)
	}
	code := regexp.MustCompile(`\b[PGBOFZM][1-6?]\b`)
	english := regexp.MustCompile(`(^|[ (])[PGB]( |\)|$)`) // an English colour initial alone, in Czech
	tieLetter := regexp.MustCompile(`\(písmeno [A-Z]\)`)   // a card's tie-break letter is no colour
	for _, c := range []struct {
		players []string
		options string
	}{{[]string{"Ada"}, `{"solo":"bot"}`}, {[]string{"Ada"}, ""}, {[]string{"Ada", "Ben"}, ""}, {[]string{"Ada", "Ben", "Cyril"}, ""}} {
		for seed := range uint64(3) {
			var opts json.RawMessage
			if c.options != "" {
				opts = json.RawMessage(c.options)
			}
			rec, err := games.Start(Game{}, c.players, opts)
			if err != nil {
				t.Fatal(err)
			}
			steps, err := games.Advance(rec, rand.New(rand.NewPCG(seed, 7)), games.Hints)
			if err != nil {
				t.Fatal(err)
			}
			words, boxes := 0, 0
			for _, st := range steps {
				for _, ev := range st.Events {
					for _, text := range []string{ev.Text.EN, ev.Text.CS} {
						if code.MatchString(text) {
							t.Errorf("%v seed %d: %q names a die by its code", c.players, seed, text)
						}
					}
					if english.MatchString(tieLetter.ReplaceAllString(ev.Text.CS, "")) {
						t.Errorf("%v seed %d: Czech %q has an English colour letter", c.players, seed, ev.Text.CS)
					}
					if strings.Contains(ev.Text.CS, "zelená ") || strings.Contains(ev.Text.CS, "modrá ") {
						words++
					}
					if strings.Contains(ev.Text.EN, "Boxes — 1: ") && strings.Contains(ev.Text.CS, "Přepravky — 1: ") {
						boxes++
					}
				}
			}
			if words == 0 || boxes == 0 {
				t.Errorf("%v seed %d: %d events name dice in words, %d fill the boxes", c.players, seed, words, boxes)
			}
		}
	}
}
