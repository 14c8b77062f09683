package fits

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

func TestDrafts(t *testing.T) {
	for _, d := range []string{"r0f0cA", "r3f1cF", "r1f0cC", "aside"} {
		got, err := ParseDraft(d)
		if err != nil || got.String() != d {
			t.Errorf("ParseDraft(%q) = %+v, %v", d, got, err)
		}
	}
	for _, d := range []string{"", "r4f0cA", "r0f2cA", "r0f0cG", "r0f0ca", "r0f0cAA", "x0f0cA", "Aside"} {
		if _, err := ParseDraft(d); err == nil {
			t.Errorf("ParseDraft(%q) accepted", d)
		}
	}
}

// control finds a panel's control by emoji.
func control(t *testing.T, p games.Panel, emoji string) games.Control {
	t.Helper()
	for _, c := range p.Controls {
		if c.Emoji == emoji {
			return c
		}
	}
	t.Fatalf("panel %q has no %s control", p.Draft, emoji)
	return games.Control{}
}

func hasControl(p games.Panel, emoji string) bool {
	for _, c := range p.Controls {
		if c.Emoji == emoji {
			return true
		}
	}
	return false
}

func TestComposeStartPiece(t *testing.T) {
	s := dealt(t, 2, nil, X5, F5)
	p, err := s.Compose(0, "")
	if err != nil {
		t.Fatal(err)
	}
	if p.Draft != s.view(0).Suggested || p.Draft == "" {
		t.Fatalf("empty draft shows %q, suggestion %q", p.Draft, s.view(0).Suggested)
	}
	if hasControl(p, "🗑️") {
		t.Fatal("the start piece can be set aside from the panel")
	}
	if _, err := s.Resolve(0, AsideDraft); !errors.Is(err, games.ErrIllegal) {
		t.Fatalf("Resolve(aside) for the start piece: %v", err)
	}
	p, err = s.Compose(0, "r0f0cA")
	if err != nil {
		t.Fatal(err)
	}
	if !control(t, p, "◀").Disabled || control(t, p, "▶").Disabled || control(t, p, "▶").Next != "r0f0cB" {
		t.Errorf("arrows at column A: %+v", p.Controls)
	}
	if !control(t, p, "⟳").Disabled || !control(t, p, "⇋").Disabled {
		t.Error("X5 can be turned or flipped to something new")
	}
	drop := control(t, p, "⬇️")
	if drop.Disabled || !drop.Commit || drop.Style != games.Success || drop.Next != "r0f0cA" {
		t.Errorf("drop %+v", drop)
	}
	if p.Hint.EN != "X (5 squares) in column A: lands on rows 1–3, covers 5 dots, seals 2 empty cells below" ||
		!strings.HasPrefix(p.Hint.CS, "X (5 čtverečků) ve sloupci A: dopadne na ") {
		t.Errorf("hint %q / %q: the piece in words, not the code X5", p.Hint.EN, p.Hint.CS)
	}
	gamestest.CheckText(t, "hint", p.Hint)
	p, _ = s.Compose(0, "r0f0cD")
	if !control(t, p, "▶").Disabled || control(t, p, "◀").Disabled {
		t.Error("arrows at the right edge")
	}
	if _, err := s.Compose(0, "r0f0cE"); err == nil {
		t.Error("a draft sticking out at the right composes")
	}
	a, err := s.Resolve(0, "r2f1cB")
	if err != nil || a != (Place{Piece: X5, Col: 1}) {
		t.Errorf("Resolve(r2f1cB) = %v, %v; want X5 B r0 (canonical)", a, err)
	}
	must.Apply(t, s, 0, a)
	if _, err := s.Compose(0, ""); !errors.Is(err, games.ErrNotYourTurn) {
		t.Errorf("compose after choosing: %v", err)
	}
	if _, err := s.Resolve(0, "r0f0cA"); !errors.Is(err, games.ErrNotYourTurn) {
		t.Errorf("resolve after choosing: %v", err)
	}
}

func TestComposeBuilding(t *testing.T) {
	s := revealed(t, L4, 2, []int{2})
	p, err := s.Compose(1, "r0f0cB")
	if err != nil {
		t.Fatal(err)
	}
	// Set aside asks first: its button opens a confirmation, whose button commits.
	aside := control(t, p, "🗑️")
	if aside.Commit || aside.Style != games.Danger || aside.Next != AsideDraft {
		t.Errorf("set aside %+v", aside)
	}
	confirm, err := s.Compose(1, aside.Next)
	if err != nil {
		t.Fatal(err)
	}
	yes := control(t, confirm, "🗑️")
	if !yes.Commit || yes.Next != AsideDraft {
		t.Errorf("confirm set aside %+v", yes)
	}
	if !strings.Contains(confirm.Hint.EN, "?") {
		t.Errorf("the confirmation asks nothing: %q", confirm.Hint.EN)
	}
	if a, err := s.Resolve(1, yes.Next); err != nil || a != (Aside{Piece: L4}) {
		t.Errorf("Resolve(aside) = %v, %v", a, err)
	}
	turn := control(t, p, "⟳")
	if turn.Disabled || turn.Next != "r1f0cB" {
		t.Errorf("turn %+v", turn)
	}
	flip := control(t, p, "⇋")
	if flip.Disabled || flip.Next != "r0f1cB" {
		t.Errorf("flip %+v", flip)
	}
	// Turning an upright L at the right edge moves it left to stay on the board.
	p, _ = s.Compose(1, "r1f0cE")
	if got := control(t, p, "⟳").Next; got != "r2f0cD" {
		t.Errorf("turn at the edge goes to %s, want r2f0cD", got)
	}
	// Every control and menu choice leads to a draft that composes again.
	for _, c := range p.Controls {
		if len(c.Next) > 60 {
			t.Errorf("draft %q too long", c.Next)
		}
		if _, err := s.Compose(1, c.Next); err != nil {
			t.Errorf("control %s → %q: %v", c.Emoji, c.Next, err)
		}
	}
	if p.Menu == nil || len(p.Menu.Choices) == 0 || len(p.Menu.Choices) > 25 {
		t.Fatalf("menu %+v", p.Menu)
	}
	for _, ch := range p.Menu.Choices {
		a, err := s.Resolve(1, ch.Next)
		if err != nil {
			t.Errorf("menu choice %q: %v", ch.Next, err)
		}
		if _, err := s.clone().Apply(1, a); err != nil {
			t.Errorf("menu choice %q does not apply: %v", ch.Next, err)
		}
		gamestest.CheckText(t, "menu", ch.Description)
	}
	if p.Input == nil {
		t.Fatal("no typed input")
	}
	ap, err := s.Compose(1, AsideDraft)
	if err != nil || !hasControl(ap, "🗑️") {
		t.Fatalf("aside panel %+v, %v", ap, err)
	}
}

func TestComposeTooHigh(t *testing.T) {
	s := building(t, 1, []int{1}, F5)
	setBoard(t, s, 0,
		"#.....", "#.....", "#.....", "#.....",
		"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
		"#.....", "#.....", "#.....", "#.....", "#.....", "#.....")
	must.Apply(t, s, games.Chance, Reveal{Piece: I3})
	p, err := s.Compose(0, "r1f0cA")
	if err != nil {
		t.Fatal(err)
	}
	if !control(t, p, "⬇️").Disabled || !strings.Contains(p.Hint.EN, "row 17") {
		t.Errorf("too-high draft: drop %+v, hint %q", control(t, p, "⬇️"), p.Hint.EN)
	}
	if _, err := s.Resolve(0, "r1f0cA"); !errors.Is(err, games.ErrIllegal) {
		t.Errorf("Resolve of a too-high drop: %v", err)
	}
	v := s.view(0)
	d, _ := v.Draft("r1f0cA")
	if _, err := v.Ghost(d); err == nil {
		t.Error("Ghost of a too-high drop has no error")
	}
}

func TestComposeNothingFits(t *testing.T) {
	s := building(t, 1, []int{1}, F5)
	rows := make([]string, Rows)
	for i := range rows {
		rows[i] = "######"
	}
	rows[0] = "#.#.#."
	setBoard(t, s, 0, rows...)
	must.Apply(t, s, games.Chance, Reveal{Piece: O4})
	if got := s.Legal(0); len(got) != 1 || got[0] != (Aside{Piece: O4}) {
		t.Fatalf("legal %v, want only aside", got)
	}
	if h := s.Hint(0); h != (Aside{Piece: O4}) {
		t.Fatalf("hint %v", h)
	}
	p, err := s.Compose(0, "")
	if err != nil || p.Draft != AsideDraft || !hasControl(p, "🗑️") || hasControl(p, "◀") {
		t.Fatalf("panel %+v, %v", p, err)
	}
}

func TestTyped(t *testing.T) {
	s := revealed(t, L4, 2, []int{1})
	good := []struct{ draft, text, want string }{
		{"r0f0cA", "C", "r0f0cC"},
		{"r1f1cA", "c", "r1f1cC"},
		{"r1f1cA", "C 2", "r2f0cC"},
		{"", "C r1", "r1f0cC"},
		{"", "b 1 flip", "r1f1cB"},
		{"", "flip, D", "r0f1cD"},
		{"", "L4 C r1 flip", "r1f1cC"},
		{"", "aside", "aside"},
		{"", "Odložit", "aside"},
		// The Czech placeholder's own word is understood.
		{"", "b 1 převrátit", "r1f1cB"},
		{"", "C 1 prevratit", "r1f1cC"},
	}
	for _, tc := range good {
		got, err := s.Typed(0, tc.draft, tc.text)
		if err != nil || got != tc.want {
			t.Errorf("Typed(%q, %q) = %q, %v; want %q", tc.draft, tc.text, got, err, tc.want)
		}
	}
	// Describe's form of every legal placement types back to it.
	for _, p := range s.LegalPlaces(0) {
		got, err := s.Typed(0, "", s.Describe(p))
		if err != nil || got != draftOf(p) {
			t.Errorf("Typed(%q) = %q, %v", s.Describe(p), got, err)
		}
	}
	bad := map[string]string{
		"":        "Which column",
		"G":       "not understood",
		"C 4":     "not understood",
		"C D":     "one column",
		"hello":   "not understood",
		"T4 C":    "placing L (4 squares)",
		"E 0":     "sideways",
		"A r9":    "not understood",
		"r1":      "Which column",
		"aside C": "not understood",
	}
	for text, why := range bad {
		_, err := s.Typed(0, "", text)
		var r *games.Refusal
		if !errors.As(err, &r) || !strings.Contains(r.Reason.EN, why) {
			t.Errorf("Typed(%q): %v, want a refusal saying %q", text, err, why)
			continue
		}
		gamestest.CheckText(t, "typed refusal", r.Reason)
	}
	st := dealt(t, 1, nil, F5)
	if _, err := st.Typed(0, "", "aside"); err == nil {
		t.Error("typing aside for a start piece accepted")
	}
}

func TestGhost(t *testing.T) {
	s := revealed(t, T5, 2, []int{3})
	v := s.view(1)
	d, err := v.Draft("")
	if err != nil || d.String() != v.Suggested {
		t.Fatalf("Draft(\"\") = %v, %v; suggested %q", d, err, v.Suggested)
	}
	ghost, err := v.Ghost(d)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := s.Resolve(1, "")
	must.Apply(t, s, 1, a)
	own := s.view(1).Seats[1]
	if got := own.Pieces[len(own.Pieces)-1]; labels(got.Cells) != labels(ghost.Cells) {
		t.Errorf("ghost %s, piece landed on %s", labels(ghost.Cells), labels(got.Cells))
	}
	if _, err := s.view(1).Draft(""); err == nil {
		t.Error("a seat that has chosen gets a draft")
	}
	if _, err := v.Ghost(Draft{Aside: true}); err == nil {
		t.Error("ghost of an aside")
	}
}

// TestMenuSpeaksPlainly checks that the placement menu says how a piece lies in words and what
// the board would score after the drop, not codes such as "r2 flip".
func TestMenuSpeaksPlainly(t *testing.T) {
	s := revealed(t, L4, 2, []int{1})
	p, err := s.Compose(0, "")
	if err != nil {
		t.Fatal(err)
	}
	if p.Menu == nil || len(p.Menu.Choices) == 0 {
		t.Fatal("no menu")
	}
	for _, ch := range p.Menu.Choices {
		if !strings.HasPrefix(ch.Label.EN, "Column ") || !strings.HasPrefix(ch.Label.CS, "Sloupec ") {
			t.Errorf("label %+v does not start with the column in words", ch.Label)
		}
		if strings.Contains(ch.Label.EN, " r") || strings.Contains(ch.Label.EN, "flip ") {
			t.Errorf("label %q uses codes", ch.Label.EN)
		}
		if !strings.Contains(ch.Description.EN, "board ") || !strings.Contains(ch.Description.CS, "deska ") {
			t.Errorf("description %+v does not give the board's score after the drop", ch.Description)
		}
	}
}
