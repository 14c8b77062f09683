package localtable

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
	"github.com/tablebot/tablebot/table"
)

// TestAPIAnswersBadRequests: the page's API refuses a body that is not its JSON (400), a
// person who is not at the table (404), a channel that is neither the table's nor one of its
// threads (404) and a language it does not offer (400), and sets one it does (200, seen in
// the person's locale).
func TestAPIAnswersBadRequests(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := startServer(ctx, t)
	for _, c := range []struct {
		path, body string
		want       int
	}{
		{"/api/command", `not json`, http.StatusBadRequest},
		{"/api/click", `{"user":`, http.StatusBadRequest},
		{"/api/modal", `[]`, http.StatusBadRequest},
		{"/api/locale", `{"user":"ada","locale":"de"}`, http.StatusBadRequest},
		{"/api/command", `{"user":"zed","text":"/help"}`, http.StatusNotFound},
		{"/api/click", `{"user":"zed","message":"1","custom_id":"x"}`, http.StatusNotFound},
		{"/api/modal", `{"user":"zed","cancel":true}`, http.StatusNotFound},
		{"/api/locale", `{"user":"zed","locale":"cs"}`, http.StatusNotFound},
		{"/api/click", `{"user":"ada","message":"no-such-message","custom_id":"x"}`, http.StatusNotFound},
		{"/api/command", `{"user":"ada","text":"/help","channel":"no-such-thread"}`, http.StatusNotFound},
		{"/api/modal", `{"user":"ada","cancel":true}`, http.StatusOK},
		{"/api/locale", `{"user":"Ada","locale":"cs"}`, http.StatusOK},
	} {
		resp, err := http.Post(srv.URL()+c.path, "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("POST %s %s: status %d, want %d", c.path, c.body, resp.StatusCode, c.want)
		}
	}
	if u, _ := srv.user("ada"); u.Locale != "cs" {
		t.Errorf("Ada's locale after choosing Czech: %q, want cs", u.Locale)
	}
	resp, err := http.Get(srv.URL() + "api/view?user=ada&channel=no-such-thread")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("the view of a channel that is not the table's nor its thread's: status %d, want 404", resp.StatusCode)
	}
}

// startServer starts a local table on a free port over an embedded store of every game; the
// test's cleanup closes it.
func startServer(ctx context.Context, t *testing.T) *Server {
	t.Helper()
	return startServerOn(ctx, t, storetest.OpenBolt(t))
}

// startServerOn starts a local table on a free port over st; the test's cleanup closes it.
// Its tables run in the channel (bot.TablesChannel), as the tests written before threads
// expect, unless mode says otherwise.
func startServerOn(ctx context.Context, t *testing.T, st store.Store, mode ...string) *Server {
	t.Helper()
	kits := catalog.Kits()
	tables, err := table.New(st, catalog.Games(kits), table.Options{})
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Addr: "127.0.0.1:0", Games: kits, Tables: tables, Mode: bot.TablesChannel}
	if len(mode) > 0 {
		o.Mode = mode[0]
	}
	srv, err := Start(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

// finishedGames opens an embedded store holding a finished game of FITS for each of ids, all
// ended in the same second.
func finishedGames(ctx context.Context, t *testing.T, ids ...string) store.Store {
	t.Helper()
	st := storetest.OpenBolt(t)
	at := time.Date(2026, 11, 28, 8, 15, 3, 0, time.UTC)
	for _, id := range ids {
		if _, err := st.Finish(ctx, store.Final{GameID: id, Guild: GuildID, Game: "fits", Record: []byte(`{"game":"fits","players":["Ada"]}`), At: at}); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// page is a test's hand on the page's API, as one person's tab uses it.
type page struct {
	t   *testing.T
	srv *Server
}

// view is the channel as user sees it.
func (p page) view(user string) view {
	p.t.Helper()
	resp, err := http.Get(p.srv.URL() + "api/view?user=" + user)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	var v view
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		p.t.Fatal(err)
	}
	return v
}

// post sends a request of the page and fails on an error it answers.
func (p page) post(path string, body any) {
	p.t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(p.srv.URL()+path, "application/json", bytes.NewReader(b))
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	var answer map[string]string
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil || resp.StatusCode != http.StatusOK || answer["error"] != "" {
		p.t.Fatalf("POST %s %s: %d %v %v", path, b, resp.StatusCode, answer, err)
	}
}

// command types a slash command as user.
func (p page) command(user, text string) {
	p.t.Helper()
	p.post("api/command", map[string]string{"user": user, "text": text})
}

// button is a button of a message on the page.
type button struct {
	Message, CustomID, Label string
}

// wait polls user's view until find returns a button, for at most 10 seconds.
func (p page) wait(user, what string, find func(v view) (button, bool)) button {
	p.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if b, ok := find(p.view(user)); ok {
			return b
		}
		if time.Now().After(deadline) {
			var sb strings.Builder
			for _, m := range p.view(user).Messages {
				fmt.Fprintf(&sb, "\n%s %q %.400s", m.ID, m.Content, m.Components)
			}
			p.t.Fatalf("%s never showed for %s:%s", what, user, sb.String())
		}
	}
}

// newest finds the last enabled button labelled label (after its emoji) in the messages.
func newest(label string) func(v view) (button, bool) {
	return func(v view) (button, bool) {
		for i := len(v.Messages) - 1; i >= 0; i-- {
			m := v.Messages[i]
			var rows []struct {
				Components []struct {
					Type     int    `json:"type"`
					Label    string `json:"label"`
					CustomID string `json:"custom_id"`
					Disabled bool   `json:"disabled"`
				} `json:"components"`
			}
			_ = json.Unmarshal(m.Components, &rows)
			for _, r := range rows {
				for _, c := range r.Components {
					if c.Type == 2 && !c.Disabled && strings.HasSuffix(c.Label, label) {
						return button{m.ID, c.CustomID, c.Label}, true
					}
				}
			}
		}
		return button{}, false
	}
}

// click clicks b as user.
func (p page) click(user string, b button) {
	p.t.Helper()
	p.post("api/click", map[string]string{"user": user, "message": b.Message, "custom_id": b.CustomID})
}

// TestViewOfAnEmptyChannel: a channel without messages is an empty list, which the page can
// show, not null.
func TestViewOfAnEmptyChannel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := startServer(ctx, t)
	resp, err := http.Get(srv.URL() + "api/view?user=ada")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var raw struct {
		Messages json.RawMessage `json:"messages"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&raw); err != nil || string(raw.Messages) != "[]" {
		t.Fatalf("messages of an empty channel: %s %v, want []", raw.Messages, err)
	}
}

// TestViewListsAMessageOnce: a panel edited by many clicks shows once in its player's view,
// also once the clicks' tokens have expired (and the view forgot them), and never in another's.
func TestViewListsAMessageOnce(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	srv := startServer(ctx, t)
	p := page{t, srv}
	p.command("ada", "/start fits boards:1 pace:live")
	p.click("ada", p.wait("ada", "the lobby", newest("Start")))
	p.click("ada", p.wait("ada", "the board", newest("Your turn")))
	for range 6 {
		// Move the piece: whichever way it can go, once the panel shows the last move.
		b := p.wait("ada", "a move of the piece", func(v view) (button, bool) {
			if b, ok := newest("Right")(v); ok {
				return b, true
			}
			return newest("Left")(v)
		})
		before, _ := srv.fake.Message(b.Message)
		p.click("ada", b)
		p.wait("ada", "the piece moved", func(v view) (button, bool) {
			m, _ := srv.fake.Message(b.Message)
			return button{}, m.Content != before.Content
		})
	}
	once := func(when string) {
		t.Helper()
		v := p.view("ada")
		ids := map[string]int{}
		eph := 0
		for _, m := range v.Messages {
			ids[m.ID]++
			if m.Ephemeral {
				eph++
			}
			if ids[m.ID] > 1 {
				t.Fatalf("%s: message %s shows %d times", when, m.ID, ids[m.ID])
			}
		}
		if eph != 1 {
			t.Fatalf("%s: %d ephemeral messages, want Ada's one panel", when, eph)
		}
	}
	once("after 8 clicks")
	srv.mu.Lock()
	for tok, d := range srv.tokens {
		d.at = d.at.Add(-tokenLife - time.Second)
		srv.tokens[tok] = d
	}
	srv.mu.Unlock()
	once("after the tokens expired")
	srv.mu.Lock()
	left := len(srv.tokens)
	srv.mu.Unlock()
	if left != 0 {
		t.Errorf("%d expired tokens kept", left)
	}
	once("again")
	for _, m := range p.view("ben").Messages {
		if m.Ephemeral {
			t.Fatalf("Ada's panel shows to Ben: %q", m.Content)
		}
	}
}

// TestCommandOptionsInOrder: words before the first name:value fill the command's options in
// order, as Discord's command box does: /rules shelfie is /rules game:shelfie.
func TestCommandOptionsInOrder(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := startServer(ctx, t)
	cmds := srv.bot.ApplicationCommands()
	ben := func(name string) string {
		if name == "ben" {
			return "100000000000000002"
		}
		return name
	}
	for _, c := range []struct{ text, want string }{
		{"/rules shelfie", "rules [{game 3 shelfie []}]"},
		{"/rules game:shelfie", "rules [{game 3 shelfie []}]"},
		{"/kick @ben", "kick [{player 6 100000000000000002 []}]"},
		{"/start fits boards:1 pace:live", "start [{fits 1 <nil> [{boards 3 1 []} {pace 3 live []}]}]"},
		{"/leaderboard sideboards", "leaderboard [{game 3 sideboards []}]"},
		{"/rules shelfie fits", "error"},
		{"/rules shelfie game:fits", "error"},
		{"/rules colour:red", "error"},
	} {
		name, opts, err := parseCommand(cmds, c.text, ben)
		got := fmt.Sprintf("%s %v", name, opts)
		if err != nil {
			got = "error"
		}
		if got != c.want {
			t.Errorf("%s: %s (%v), want %s", c.text, got, err, c.want)
		}
	}
	p := page{t, srv}
	p.command("ada", "/rules shelfie")
	p.wait("ada", "the Shelfie rules", func(v view) (button, bool) {
		for _, m := range v.Messages {
			if m.Ephemeral && strings.Contains(m.Content, "Shelfie Stacker") {
				return button{}, true
			}
		}
		return button{}, false
	})
}

// TestOnlyTheManagerManages: Ada keeps the server (Manage Channels); Ben, Cid and Dana are
// members. Cid cannot close Ben's lobby; Ada can.
func TestOnlyTheManagerManages(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := startServer(ctx, t)
	p := page{t, srv}
	for _, u := range p.view("ada").Users {
		if u.Manager != (u.Handle == "ada") {
			t.Errorf("%s: manager %v", u.Name, u.Manager)
		}
	}
	p.command("ben", "/start fits boards:1")
	lobby := p.wait("cid", "Ben's lobby", newest("Cancel"))
	p.click("cid", lobby)
	p.wait("cid", "the refusal", func(v view) (button, bool) {
		m := v.Messages[len(v.Messages)-1]
		return button{}, m.Ephemeral && strings.Contains(m.Content, "Manage Channels")
	})
	if m, _ := srv.fake.Message(lobby.Message); !strings.Contains(string(m.Components), "join") {
		t.Fatalf("Cid closed Ben's lobby: %q", m.Content)
	}
	p.click("ada", p.wait("ada", "Ben's lobby", newest("Cancel")))
	p.wait("ada", "the lobby closed", func(v view) (button, bool) {
		m, _ := srv.fake.Message(lobby.Message)
		return button{}, !strings.Contains(string(m.Components), "join") && strings.Contains(m.Content, "closed")
	})
}

// TestHistoryRecordsAreFiles: /history attaches each game's record as a JSON file the page
// offers as a download, with a name of its own even for two games ended in the same second.
func TestHistoryRecordsAreFiles(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := startServerOn(ctx, t, finishedGames(ctx, t, "c-1", "c-2"))
	p := page{t, srv}
	p.command("ada", "/history")
	var files []viewAttachment
	p.wait("ada", "the history", func(v view) (button, bool) {
		for _, m := range v.Messages {
			if len(m.Attachments) > 0 {
				files = m.Attachments
				return button{}, true
			}
		}
		return button{}, false
	})
	if len(files) != 2 || files[0].Name == files[1].Name {
		t.Fatalf("history files %+v, want two of different names", files)
	}
	for _, f := range files {
		if f.Type != "application/json" || !strings.HasSuffix(f.Name, ".json") {
			t.Errorf("history file %+v is not a JSON record", f)
		}
	}
}

// TestDeadlineStaysOnTheBoard: in a paced game, the board keeps showing the deadline after a
// choice in a simultaneous step and after /undo takes it back (the bot edits its status line).
func TestDeadlineStaysOnTheBoard(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := startServer(ctx, t)
	p := page{t, srv}
	p.command("ada", "/start fits boards:1 pace:1h0m0s")
	p.click("ben", p.wait("ben", "the lobby", newest("Join")))
	p.click("ada", p.wait("ada", "Ben in the lobby", func(v view) (button, bool) {
		if b, ok := newest("Start")(v); ok && strings.Contains(v.Messages[len(v.Messages)-1].Content, "(2/4)") {
			return b, true
		}
		return button{}, false
	}))
	turn := p.wait("ada", "the board", newest("Your turn"))
	due := func(when string) {
		t.Helper()
		m, _ := srv.fake.Message(turn.Message)
		if !strings.Contains(m.Content, "⏱ <t:") {
			t.Fatalf("%s: the board shows no deadline: %q", when, m.Content)
		}
	}
	due("at the start")
	p.click("ada", turn)
	p.click("ada", p.wait("ada", "Ada's panel", newest("Drop")))
	p.wait("ada", "Ada's choice made", newest("Change choice"))
	due("after Ada's choice")
	p.command("ada", "/undo")
	p.wait("ada", "Ada's panel again", newest("Drop"))
	due("after Ada's /undo")
}
