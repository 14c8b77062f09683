package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
)

// TestRulesPages: /rules shelfie shows the summary with a menu of the characters; choosing
// one shows that character's page in place of the message, to the one who asked only, in
// their language; a game without pages shows no menu.
func TestRulesPages(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "http")
	m := h.command(in, ben, "rules", fakediscord.StringOption("game", "shelfie"))
	if !m.Ephemeral() || !strings.Contains(m.Content, "Deskovkáři") {
		t.Fatalf("rules summary: ephemeral %v, %q", m.Ephemeral(), m.Content)
	}
	menu := mustFind(t, m, verbRules, "")
	if len(menu.Options) != 17 || menu.Options[3].Label != "3 Kompletářka" {
		t.Fatalf("rules menu options %+v", menu.Options)
	}
	page, err := h.choose(in, ben, m, menu, "3")
	if err != nil {
		t.Fatal(err)
	}
	if !page.Ephemeral() || !strings.HasPrefix(page.Content, "**3 · Kompletářka**") || !strings.Contains(page.Content, "+1 jedné kostce") {
		t.Fatalf("card 3's page: %q", page.Content)
	}
	if _, ok := find(t, page, verbRules, ""); !ok {
		t.Error("the page lost its menu")
	}
	if m := h.command(in, ada, "rules", fakediscord.StringOption("game", "ingenious")); len(components(t, m)) != 0 || !strings.Contains(m.Content, "Ingenious") {
		t.Errorf("Ingenious rules: %q with %s", m.Content, m.Components)
	}
}

// TestEndSummaryOnce: at the end of a solo Shelfie game the rating line is said once in the
// end message, though the last move's log says it too.
func TestEndSummaryOnce(t *testing.T) {
	t.Parallel()
	h := asyncHarness(t, openBolt)
	in := h.addBot("gateway")
	lobby := h.openGameLobby(in, "shelfie", fakediscord.StringOption("pace", time.Hour.String()))
	h.seatAndStart(in, lobby)
	h.hourlyToTheEnd(300)
	end := h.lastBoard()
	summary := h.state().Result().Summary.EN
	if summary == "" || !strings.Contains(end.Content, "Game over") || strings.Count(end.Content, summary) != 1 {
		t.Fatalf("summary %q in the end message %d times:\n%s", summary, strings.Count(end.Content, summary), end.Content)
	}
}

// TestSinceLineInWords: the moves since a player's last turn are told in words ("Ben placed
// red–green on …"), not in the notation ("Ben RG F7-F8").
func TestSinceLineInWords(t *testing.T) {
	tb, st := adaToPlaceAgain(t)
	if en := sinceLine(tb, st, nil, games.English); !strings.Contains(en, "Ben placed ") || !strings.Contains(en, "Cid placed ") {
		t.Errorf("English since line %q", en)
	}
	if cs := sinceLine(tb, st, nil, games.Czech); !strings.Contains(cs, "Ben položil(a) ") || !strings.Contains(cs, " dílek na ") {
		t.Errorf("Czech since line %q", cs)
	}
}
