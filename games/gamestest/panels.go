package gamestest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// RandomDraft walks seat's panels the way a person clicks them — from the first step, through
// random buttons and menu choices — until it reaches an enabled commit control, and returns that
// control's draft. It fails when a panel breaks the Composer contract (a draft longer than
// games.MaxDraft, more than games.MaxControls controls or games.MaxChoices choices, a step that
// does not compose) or when no commit is reached within 40 steps.
func RandomDraft(c games.Composer, seat games.Seat, r *rand.Rand) (string, error) {
	draft := ""
	for step := 0; step < 40; step++ {
		p, err := c.Compose(seat, draft)
		if err != nil {
			return "", fmt.Errorf("compose %q: %w", draft, err)
		}
		if err := checkPanel(p); err != nil {
			return "", fmt.Errorf("panel at %q: %w", draft, err)
		}
		var commits, moves []string
		for _, ctl := range p.Controls {
			switch {
			case ctl.Disabled:
			case ctl.Commit:
				commits = append(commits, ctl.Next)
			default:
				moves = append(moves, ctl.Next)
			}
		}
		if p.Menu != nil {
			for _, ch := range p.Menu.Choices {
				moves = append(moves, ch.Next)
			}
		}
		// A person confirms sooner or later: past half the walk, any commit offered is taken
		// (panels that lead back, like Confirm / Back, would otherwise let a walk go round).
		if len(commits) > 0 && (len(moves) == 0 || step >= 20 || r.IntN(3) == 0) {
			return commits[r.IntN(len(commits))], nil
		}
		if len(moves) == 0 {
			return "", fmt.Errorf("panel at %q offers nothing to click", draft)
		}
		draft = moves[r.IntN(len(moves))]
	}
	return "", fmt.Errorf("no commit reached in 40 clicks")
}

// checkPanel checks a panel against Discord's limits.
func checkPanel(p games.Panel) error {
	switch {
	case len(p.Draft) > games.MaxDraft:
		return fmt.Errorf("draft %q is longer than %d bytes", p.Draft, games.MaxDraft)
	case len(p.Controls) > games.MaxControls:
		return fmt.Errorf("%d controls, more than %d", len(p.Controls), games.MaxControls)
	case p.Menu != nil && len(p.Menu.Choices) > games.MaxChoices:
		return fmt.Errorf("%d menu choices, more than %d", len(p.Menu.Choices), games.MaxChoices)
	case p.Hint.IsZero():
		return fmt.Errorf("no hint")
	}
	for _, ctl := range p.Controls {
		if len(ctl.Next) > games.MaxDraft {
			return fmt.Errorf("control %q leads to a draft of %d bytes", ctl.Label.EN, len(ctl.Next))
		}
		if ctl.Label.EN == "" || ctl.Label.CS == "" {
			return fmt.Errorf("control to %q lacks a label in both languages", ctl.Next)
		}
	}
	if p.Menu != nil {
		for _, ch := range p.Menu.Choices {
			if len(ch.Next) > games.MaxDraft {
				return fmt.Errorf("menu choice %q leads to a draft of %d bytes", ch.Label.EN, len(ch.Next))
			}
		}
	}
	return nil
}

// checkPanels walks seat's panels a few times at st: each walk must keep to the limits and
// end in a draft that resolves to a move Legal lists.
func (s Suite) checkPanels(t *testing.T, st games.State, seat games.Seat, legal []games.Action, r *rand.Rand) {
	t.Helper()
	c, ok := st.(games.Composer)
	if !ok {
		return
	}
	listed := map[string]bool{}
	for _, a := range legal {
		listed[key(s.Canonical(a))] = true
	}
	for range 2 {
		draft, err := RandomDraft(c, seat, r)
		if err != nil {
			t.Fatalf("seat %v's panels: %v", seat, err)
		}
		a, err := c.Resolve(seat, draft)
		if err != nil {
			t.Fatalf("seat %v: commit draft %q does not resolve: %v", seat, draft, err)
		}
		if !listed[key(s.Canonical(a))] {
			t.Fatalf("seat %v: commit draft %q resolves to %s, which Legal does not list", seat, draft, key(a))
		}
	}
	s.checkDrafts(t, st, c, seat, legal, r)
}

// checkDrafts checks a Drafter's drafts: a few of seat's legal moves, the game's hint among
// them, must each have a draft that resolves to that move (or its canonical twin), and
// DraftOf must not change the state.
func (s Suite) checkDrafts(t *testing.T, st games.State, c games.Composer, seat games.Seat, legal []games.Action, r *rand.Rand) {
	t.Helper()
	d, ok := st.(games.Drafter)
	if !ok || len(legal) == 0 {
		return
	}
	before := Fingerprint(st)
	picks := []games.Action{legal[r.IntN(len(legal))], legal[r.IntN(len(legal))]}
	if h := st.Hint(seat); h != nil {
		picks = append(picks, h)
	}
	for _, a := range picks {
		draft, ok := d.DraftOf(seat, a)
		if !ok {
			t.Fatalf("seat %v: no draft for the legal move %s", seat, key(a))
		}
		if len(draft) > games.MaxDraft {
			t.Fatalf("seat %v: the draft %q of %s is longer than %d bytes", seat, draft, key(a), games.MaxDraft)
		}
		got, err := c.Resolve(seat, draft)
		if err != nil {
			t.Fatalf("seat %v: the draft %q of %s does not resolve: %v", seat, draft, key(a), err)
		}
		if key(s.Canonical(got)) != key(s.Canonical(a)) {
			t.Fatalf("seat %v: the draft %q of %s resolves to %s", seat, draft, key(a), key(got))
		}
	}
	if Fingerprint(st) != before {
		t.Fatal("DraftOf changed the state")
	}
}
