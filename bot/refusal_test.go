package bot

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// refusedTo checks what everybody sees once ix, u's interaction, has been refused: u sees
// exactly one message of it — ephemeral, filled in (no "thinking…" left), a ⚠️ saying want —
// still there at the end, and nobody else sees any message of it.
func (h *harness) refusedTo(ix *fakediscord.Interaction, u fakediscord.User, want string) {
	h.t.Helper()
	var mine []fakediscord.Message
	for _, m := range h.fake.Visible(testChannel, u.ID) {
		if m.InteractionToken == ix.Token {
			mine = append(mine, m)
		}
	}
	if len(mine) != 1 {
		h.t.Fatalf("%s sees %d messages of the refused interaction, want 1: %+v", u.Username, len(mine), mine)
	}
	m := mine[0]
	if !m.Ephemeral() || m.Deferred || !strings.HasPrefix(m.Content, "⚠️") || !strings.Contains(m.Content, want) {
		t := h.t
		t.Fatalf("%s sees (ephemeral %v, thinking %v) %q, want a ⚠️ only they see, saying %q", u.Username, m.Ephemeral(), m.Deferred, m.Content, want)
	}
	for _, o := range []fakediscord.User{ada, ben, cid} {
		if o.ID == u.ID {
			continue
		}
		for _, m := range h.fake.Visible(testChannel, o.ID) {
			if m.InteractionToken == ix.Token {
				h.t.Fatalf("%s sees %s's refusal: %q", o.Username, u.Username, m.Content)
			}
		}
	}
}

// refuse sends ix as u, wants it refused, and checks what everybody sees (refusedTo).
func (h *harness) refuse(in *instance, u fakediscord.User, ix *fakediscord.Interaction, want string) {
	h.t.Helper()
	if err := h.send(in, ix); err == nil {
		h.t.Fatalf("%s's interaction was not refused; they see %q", u.Username, h.seen(ix).Content)
	}
	h.refusedTo(ix, u, want)
}

// TestEveryRefusalSeen: every command and button refusal — answered after a deferral, public
// or ephemeral, or after a deferred update of the clicked message — is seen by the person it
// is for, by them alone, and stays. Discord makes the first follow-up after a deferral the
// "thinking…" message itself (the fake too), so a refusal sent as a follow-up and the
// placeholder deleted after it vanished, and after a public deferral it flashed in public.
func TestEveryRefusalSeen(t *testing.T) {
	t.Parallel()
	for _, transport := range []string{"gateway", "http"} {
		t.Run(transport, func(t *testing.T) {
			t.Parallel()
			h, in := newBot(t, transport)
			cmd := func(u fakediscord.User, name string, opts ...fakediscord.CommandOption) *fakediscord.Interaction {
				return h.fake.SlashCommand(actor(u), name, opts...)
			}
			noGame := "No game is running"

			// No table yet.
			h.refuse(in, ada, cmd(ada, "hand"), noGame)
			h.refuse(in, ada, cmd(ada, "away"), noGame)
			h.refuse(in, ada, cmd(ada, "status"), noGame)
			h.refuse(in, ada, cmd(ada, "undo"), noGame)
			h.refuse(in, ada, cmd(ada, "rules"), "Which game?")       // deferred ephemeral
			h.refuse(in, ada, cmd(ada, "leaderboard"), "Which game?") // deferred in public
			h.refuse(in, ada, cmd(ada, "leaderboard", fakediscord.StringOption("game", "chess")), "do not know the game")
			h.refuse(in, ada, cmd(ada, "rules", fakediscord.StringOption("game", "chess")), "do not know the game")
			h.refuse(in, ada, cmd(ada, "start", fakediscord.SubCommand("ingenious", fakediscord.StringOption("pace", "7h"))), "Pick a pace")
			h.refuse(in, ada, cmd(ada, "start", fakediscord.SubCommand("chess")), "do not know the game")
			h.refuse(in, ada, cmd(ada, "notify"), "Say dm")
			h.refuse(in, ada, cmd(ada, "fly"), "do not know the command") // answered at once
			h.refuse(in, ada, h.fake.Click(actor(ada), "nonsense"), "not one of mine")

			// A lobby is open.
			lobby := h.openLobby(in)
			h.refuse(in, ben, cmd(ben, "start", fakediscord.SubCommand("ingenious")), "už je otevřený stůl") // public deferral
			h.refuse(in, ben, h.fake.Click(actor(ben).On(lobby), mustFind(t, lobby, verbStart, "").CustomID), "zakladatel")
			h.refuse(in, ada, h.fake.Click(actor(ada).On(lobby), mustFind(t, lobby, verbJoin, "").CustomID), "already have a seat")
			h.refuse(in, ada, h.fake.Click(actor(ada).On(lobby), buildID("ingenious", h.table().Rev(), verbScores, "")), "has not started yet")
			lobby, _ = h.click(in, ben, lobby, mustFind(t, lobby, verbJoin, ""))
			if _, err := h.click(in, ada, lobby, mustFind(t, lobby, verbStart, "")); err != nil {
				t.Fatal(err)
			}

			// A game is running: Ada and Ben play, Cid watches.
			board := h.lastBoard()
			h.refuse(in, cid, h.fake.Click(actor(cid).On(board), mustFind(t, board, verbTurn, "").CustomID), "not seated")
			h.refuse(in, cid, cmd(cid, "hand"), "not seated")
			h.refuse(in, cid, cmd(cid, "away"), "not seated")
			h.refuse(in, ada, cmd(ada, "undo"), "nothing you can take back")
			h.refuse(in, ada, cmd(ada, "back"), "already playing yourself")
			h.refuse(in, ada, cmd(ada, "start", fakediscord.SubCommand("ingenious")), "already running")
			h.refuse(in, ada, cmd(ada, "kick", fakediscord.UserOption("player", cid.ID)), "no seat at this table")
			h.refuse(in, ben, withoutPermissions(t, cmd(ben, "abandon")), "zakladatel")
			kick := cmd(ada, "kick", fakediscord.UserOption("player", ben.ID))
			if err := h.send(in, kick); err != nil {
				t.Fatal(err)
			}
			confirm := h.seen(kick)
			h.refuse(in, ben, h.fake.Click(actor(ben).On(confirm), mustFind(t, confirm, verbKick, "").CustomID), "použij /away")
			h.refuse(in, cid, withoutPermissions(t, h.fake.Click(actor(cid).On(confirm), mustFind(t, confirm, verbKick, "").CustomID)), "Only the host")
			if m, _ := h.fake.Message(confirm.ID); strings.Contains(m.Content, "✅") || len(components(t, m)) != 1 {
				t.Fatalf("the confirmation after refused clicks: %q %s", m.Content, m.Components)
			}
			panel, _ := h.toConfirm(in)
			h.refuse(in, cid, h.fake.Click(actor(cid).On(panel), mustFind(t, panel, verbCommit, "").CustomID), "not seated")
			h.refuse(in, cid, h.fake.Click(actor(cid).On(panel), buildID("ingenious", h.table().Rev(), verbUndo, "")), "not seated")
			h.refuse(in, cid, h.fake.Click(actor(cid).On(board), buildID("ingenious", h.table().Rev(), verbVote, "0")), "not seated")

			// The host's kick goes through: the answer replaces the confirmation.
			if m, err := h.click(in, ada, confirm, mustFind(t, confirm, verbKick, "")); err != nil || !strings.Contains(m.Content, "AI plays for Ben") || len(components(t, m)) != 0 {
				t.Fatalf("confirmed kick: %v %q", err, m.Content)
			}
			if m, _ := h.fake.Message(confirm.ID); !strings.Contains(m.Content, "AI plays for Ben") {
				t.Fatalf("the confirmation after the kick: %q", m.Content)
			}

			// The game is abandoned.
			ab := cmd(ada, "abandon")
			if err := h.send(in, ab); err != nil {
				t.Fatal(err)
			}
			sure := h.seen(ab)
			if _, err := h.click(in, ada, sure, mustFind(t, sure, verbAbandon, "")); err != nil {
				t.Fatal(err)
			}
			h.refuse(in, ada, cmd(ada, "back"), noGame)
			h.refuse(in, ada, cmd(ada, "away"), noGame)
			h.refuse(in, ada, cmd(ada, "kick", fakediscord.UserOption("player", ben.ID)), noGame)
			h.refuse(in, ada, cmd(ada, "abandon"), noGame)
			h.refuse(in, ada, h.fake.Click(actor(ada).On(sure), mustFind(t, sure, verbAbandon, "").CustomID), noGame)
			h.refuse(in, ben, h.fake.Click(actor(ben).On(board), mustFind(t, board, verbTurn, "").CustomID), "Tato hra skončila")
			// A rematch (a public deferral from a button) by someone who did not play.
			rematch := buildID("ingenious", h.table().Rev(), verbRematch, "")
			h.refuse(in, cid, h.fake.Click(actor(cid).On(h.lastBoard()), rematch), "Only the players of the last game")

			// Nothing of any refusal reached the channel.
			for _, m := range h.fake.ChannelMessages(testChannel) {
				if strings.Contains(m.Content, "⚠️") || m.Deferred {
					t.Errorf("the channel shows %q (thinking %v)", m.Content, m.Deferred)
				}
			}
			if slices.ContainsFunc(h.fake.Visible(testChannel, ada.ID), func(m fakediscord.Message) bool { return m.Deferred }) {
				t.Error("a \"thinking…\" placeholder was left")
			}
		})
	}
}
