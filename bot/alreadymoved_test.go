package bot

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// wantMovedOn checks a panel answering a stale click: the board moved on, a fresh panel, and
// no ✅ (a refusal never wears one).
func wantMovedOn(t *testing.T, what string, m fakediscord.Message, err error) {
	t.Helper()
	if err != nil || !strings.Contains(m.Content, "moved on") || strings.Contains(m.Content, "already made") || strings.Contains(m.Content, "✅") {
		t.Fatalf("%s: %v %q, want a fresh panel saying the board moved on, without ✅", what, err, m.Content)
	}
	if len(m.Attachments) != 1 {
		t.Fatalf("%s: %d pictures, want the fresh panel's", what, len(m.Attachments))
	}
}

// TestAlreadyMadeOnlyWhenItWas: "That move was already made" answers only a second click of
// the very move applied; a click of another move on the same old panel, or of a move taken
// back with /undo, is told the board moved on, with a fresh panel; neither wears ✅.
func TestAlreadyMadeOnlyWhenItWas(t *testing.T) {
	t.Parallel()
	t.Run("another move", func(t *testing.T) {
		t.Parallel()
		h, in := newIngenious(t, ben.ID)
		first, u := h.toConfirm(in)
		// The same panel at another place: the menu of the tile panel, its second option.
		board := h.lastBoard()
		panel := h.turnPanel(in, u, board)
		tile, _ := h.click(in, u, panel, components(t, panel)[0])
		menu := mustFind(t, tile, verbMenu, "")
		second, err := h.choose(in, u, tile, menu, menu.Options[1].Value)
		if err != nil {
			t.Fatal(err)
		}
		made, other := mustFind(t, first, verbCommit, ""), mustFind(t, second, verbCommit, "")
		if made.CustomID == other.CustomID {
			t.Fatalf("two places, one move: %s", made.CustomID)
		}
		if done, err := h.click(in, u, first, made); err != nil || !strings.HasPrefix(done.Content, "✅") {
			t.Fatalf("the move: %v %q", err, done.Content)
		}
		moves := playerMoves(h.table())
		m, err := h.click(in, u, second, other)
		wantMovedOn(t, "another move on the old panel", m, err)
		m, err = h.click(in, u, first, made)
		if err != nil || !strings.Contains(m.Content, "already made") || strings.Contains(m.Content, "✅") {
			t.Fatalf("the same move again: %v %q", err, m.Content)
		}
		if got := playerMoves(h.table()); got != moves {
			t.Fatalf("stale clicks moved: %d → %d", moves, got)
		}
	})
	t.Run("after undo", func(t *testing.T) {
		t.Parallel()
		h, in := newBot(t, "gateway")
		h.seatAndStart(in, h.openGameLobby(in, "fits"), ben.ID)
		board := h.lastBoard()
		panel := h.turnPanel(in, ada, board)
		commit, ok := commitButton(t, panel)
		if !ok {
			t.Fatalf("nothing to confirm: %q", panel.Content)
		}
		if done, err := h.click(in, ada, panel, commit); err != nil || !strings.HasPrefix(done.Content, "✅") {
			t.Fatalf("the move: %v %q", err, done.Content)
		}
		undo := h.fake.SlashCommand(actor(ada), "undo")
		if err := h.send(in, undo); err != nil || !strings.Contains(h.seen(undo).Content, "Taken back") {
			t.Fatalf("/undo: %v %q", err, h.seen(undo).Content)
		}
		moves := playerMoves(h.table())
		m, err := h.click(in, ada, panel, commit)
		wantMovedOn(t, "the move taken back, clicked again", m, err)
		if got := playerMoves(h.table()); got != moves {
			t.Fatalf("the stale click moved: %d → %d", moves, got)
		}
	})
}
