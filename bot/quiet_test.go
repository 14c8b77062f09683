package bot

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// pinged returns the users a message may ping (its allowed mentions).
func pinged(t *testing.T, m fakediscord.Message) []string {
	t.Helper()
	var am struct {
		Users []string `json:"users"`
		Parse []string `json:"parse"`
	}
	if len(m.AllowedMentions) > 0 {
		if err := json.Unmarshal(m.AllowedMentions, &am); err != nil {
			t.Fatalf("allowed mentions %s: %v", m.AllowedMentions, err)
		}
	}
	if len(am.Parse) > 0 {
		t.Fatalf("a message may ping by parsing %v: %q", am.Parse, m.Content)
	}
	return am.Users
}

// TestStatusIsQuiet: /status shows the table only to the caller, in their language, and pings
// nobody — during the game, after an abandon (no "to play"), and after the end.
func TestStatusIsQuiet(t *testing.T) {
	t.Parallel()
	h, in := newIngenious(t, ben.ID)
	before := len(h.fake.ChannelMessages(testChannel))
	status := func(u fakediscord.User) fakediscord.Message {
		t.Helper()
		m := h.command(in, u, "status")
		if !m.Ephemeral() || len(pinged(t, m)) > 0 || strings.Contains(m.Content, "<@") {
			t.Fatalf("/status by %s: ephemeral %v, pings %v: %q", u.GlobalName, m.Ephemeral(), pinged(t, m), m.Content)
		}
		return m
	}
	if m := status(cid); !strings.Contains(m.Content, "to play") {
		t.Fatalf("/status in English for Cid: %q", m.Content)
	}
	if m := status(ben); !strings.Contains(m.Content, "Na tahu") {
		t.Fatalf("/status in Czech for Ben: %q", m.Content)
	}
	if got := len(h.fake.ChannelMessages(testChannel)); got != before {
		t.Fatalf("/status posted %d channel messages", got-before)
	}
	// Abandoned: the status says so and names nobody to play.
	confirm := h.command(in, ada, "abandon")
	if _, err := h.click(in, ada, confirm, mustFind(t, confirm, verbAbandon, "")); err != nil {
		t.Fatal(err)
	}
	if m := status(cid); !strings.Contains(m.Content, "abandoned") || strings.Contains(m.Content, "to play") {
		t.Fatalf("/status after the abandon: %q", m.Content)
	}
}

// TestScoresAndRematchWords: mid-game Scores show places without medals; the lobby keeps its
// seats when the game starts; a rematch pings the other players once; a second Rematch click
// points to the lobby already open.
func TestScoresAndRematchWords(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	lobby := h.openGameLobby(in, "fits", fakediscord.StringOption("boards", "1"))
	h.seatAndStart(in, lobby, ben.ID)
	started, _ := h.fake.Message(lobby.ID)
	if !strings.Contains(started.Content, "<@"+ben.ID+">") || !strings.Contains(started.Content, "Boards: 1") || len(components(t, started)) != 0 {
		t.Fatalf("the started lobby lost its seats or options: %q", started.Content)
	}
	board := h.lastBoard()
	scores, err := h.click(in, cid, board, mustFind(t, board, verbScores, ""))
	if err != nil || strings.ContainsAny(scores.Content, "🥇🥈") {
		t.Fatalf("mid-game scores: %v %q", err, scores.Content)
	}
	h.playSimultaneous(in)
	end := h.lastBoard()
	rematch := mustFind(t, end, verbRematch, "")
	first := h.press(in, ada, end, rematch)
	if users := pinged(t, first); !slices.Equal(users, []string{ben.ID}) || strings.Count(first.Content, "<@"+ben.ID+">") < 1 {
		t.Fatalf("the rematch lobby pings %v: %q", users, first.Content)
	}
	again, err := h.click(in, ben, end, rematch)
	if err == nil || !strings.Contains(again.Content, "odvetu už je otevřený") {
		t.Fatalf("a second Rematch click: %v %q", err, again.Content)
	}
}

// TestWronglyTypedOptions: option values of the wrong type are refused with a clear message,
// never a panic, and nothing is opened.
func TestWronglyTypedOptions(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "http")
	for name, ix := range map[string]*fakediscord.Interaction{
		"teams as text":      h.fake.SlashCommand(actor(ada), "start", fakediscord.SubCommand("ingenious", fakediscord.StringOption("teams", "yes"))),
		"boards as a number": h.fake.SlashCommand(actor(ada), "start", fakediscord.SubCommand("fits", fakediscord.IntegerOption("boards", 3))),
		"game as a number":   h.fake.SlashCommand(actor(ada), "rules", fakediscord.IntegerOption("game", 1)),
		"no game at all":     h.fake.SlashCommand(actor(ada), "start", fakediscord.StringOption("game", "ingenious")),
		"unknown option":     h.fake.SlashCommand(actor(ada), "start", fakediscord.SubCommand("fits", fakediscord.BooleanOption("turbo", true))),
	} {
		err := h.send(in, ix)
		if err == nil || strings.Contains(err.Error(), "panic") || !strings.HasPrefix(h.seen(ix).Content, "⚠️") {
			t.Errorf("%s: %v %q", name, err, h.seen(ix).Content)
		}
	}
	if _, err := h.bots[0].bot.tables.Load(t.Context(), testChannel); err == nil {
		t.Fatal("a wrongly typed /start opened a table")
	}
}
