package bot

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// toConfirm opens the panel of the player to act and goes as far as the Place button (Your
// turn, the first tile, its first place), returning the panel and the player.
func (h *harness) toConfirm(in *instance) (fakediscord.Message, fakediscord.User) {
	h.t.Helper()
	t, st := h.current()
	u := people[t.Seats[st.ToAct()[0]].User]
	panel := h.turnPanel(in, u, h.lastBoard())
	panel = h.press(in, u, panel, components(h.t, panel)[0])
	menu := mustFind(h.t, panel, verbMenu, "")
	panel, err := h.choose(in, u, panel, menu, menu.Options[0].Value)
	if err != nil {
		h.t.Fatal(err)
	}
	return panel, u
}

// playerMoves counts the players' moves (not chance's) at table t.
func playerMoves(t *table.Table) int { return recordPlayerMoves(t.Record) }

// recordPlayerMoves counts the players' moves (not chance's) of a record.
func recordPlayerMoves(rec *games.Record) int {
	n := 0
	for _, m := range rec.Moves {
		if m.Seat != games.Chance {
			n++
		}
	}
	return n
}

func TestRestartMidGameOldButtonsWork(t *testing.T) {
	t.Parallel()
	st := openBolt(t)
	h := newHarness(t, st)
	first := h.addBot("gateway")
	h.startGame(first, ben.ID)
	for range 3 {
		h.playTurn(firstChoice)
	}
	panel, u := h.toConfirm(first)
	// The first process dies; a new one starts on the same store.
	first.session.Close()
	h.bots = nil
	second := h.addBot("gateway")
	before := playerMoves(h.table())
	done, err := h.click(second, u, panel, mustFind(t, panel, verbCommit, ""))
	if err != nil || !strings.HasPrefix(done.Content, "✅") {
		t.Fatalf("the Place button of the old process: %v %q", err, done.Content)
	}
	if got := playerMoves(h.table()); got != before+1 {
		t.Fatalf("%d player moves, want %d", got, before+1)
	}
	for range 3 {
		h.playTurn(firstChoice)
	}
}

func TestSameMoveClickedTwiceAtOnceOnTwoInstances(t *testing.T) {
	t.Parallel()
	h := newHarness(t, openRedis(t))
	a := h.addBot("http")
	b := h.addBot("http")
	h.startGame(a, ben.ID)
	for round := range 4 {
		h.playTurn(firstChoice)
		panel, u := h.toConfirm(a)
		commit := mustFind(t, panel, verbCommit, "")
		before := playerMoves(h.table())
		var wg sync.WaitGroup
		seen := make([]fakediscord.Message, 2)
		tokens := make([]string, 2)
		for i, in := range []*instance{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ix := h.fake.Click(actor(u).On(panel), commit.CustomID)
				tokens[i] = ix.Token
				if err := h.send(in, ix); err != nil {
					t.Errorf("click %d: %v", i, err)
				}
				seen[i] = h.seen(ix)
			}()
		}
		wg.Wait()
		for i := range seen {
			seen[i].Content = h.lastSaid(tokens[i])
		}
		if got := playerMoves(h.table()); got != before+1 {
			t.Fatalf("round %d: %d player moves after a double click, want %d", round, got, before+1)
		}
		ok, moved := 0, 0
		for _, m := range seen {
			switch {
			case strings.Contains(m.Content, "already made") || strings.Contains(m.Content, "už je zahraný"):
				moved++
			case strings.HasPrefix(m.Content, "✅"):
				ok++
			}
		}
		if ok != 1 || moved != 1 {
			t.Fatalf("round %d: %d applied and %d told the board moved on: %q / %q", round, ok, moved, seen[0].Content, seen[1].Content)
		}
	}
}

func TestStaleButtonRefused(t *testing.T) {
	t.Parallel()
	h, in := newIngenious(t, ben.ID)
	panel, u := h.toConfirm(in)
	commit := mustFind(t, panel, verbCommit, "")
	if done, _ := h.click(in, u, panel, commit); !strings.HasPrefix(done.Content, "✅") {
		t.Fatalf("first click: %q", done.Content)
	}
	before := playerMoves(h.table())
	again, _ := h.click(in, u, panel, commit)
	if !strings.Contains(again.Content, "already made") || playerMoves(h.table()) != before {
		t.Fatalf("stale click: %q, moves %d → %d", again.Content, before, playerMoves(h.table()))
	}
	// An old "Your turn" button still opens the current panel.
	old := h.fake.ChannelMessages(testChannel)[1]
	p, err := h.click(in, ben, old, mustFind(t, old, verbTurn, ""))
	if err != nil || !p.Ephemeral() || len(p.Attachments) != 1 {
		t.Fatalf("old Your turn: %v %q", err, p.Content)
	}
}

func TestNonPlayerAndWrongTurn(t *testing.T) {
	t.Parallel()
	h, in := newIngenious(t, ben.ID)
	board := h.lastBoard()
	m, err := h.click(in, cid, board, mustFind(t, board, verbTurn, ""))
	if err == nil || !strings.Contains(m.Content, "not seated") || !m.Ephemeral() {
		t.Fatalf("non-player: %v %q", err, m.Content)
	}
	// Ben (not to move, Czech locale) sees his rack and a Czech note, no move buttons.
	m, err = h.click(in, ben, board, mustFind(t, board, verbTurn, ""))
	if err != nil || !strings.Contains(m.Content, "Teď nemáš co rozhodovat") || len(components(t, m)) != 0 {
		t.Fatalf("Ben's panel out of turn: %v %q %s", err, m.Content, m.Components)
	}
	// Cid forging a commit custom_id is refused.
	panel, _ := h.toConfirm(in)
	commit := mustFind(t, panel, verbCommit, "")
	before := playerMoves(h.table())
	m, err = h.click(in, cid, panel, commit)
	if err == nil || playerMoves(h.table()) != before {
		t.Fatalf("Cid's commit: %v %q", err, m.Content)
	}
}

func TestTypedPlacement(t *testing.T) {
	t.Parallel()
	h, in := newIngenious(t, ben.ID)
	panel := h.turnPanel(in, ada, h.lastBoard())
	panel, _ = h.click(in, ada, panel, components(t, panel)[0])
	modal := h.openModal(in, ada, panel, mustFind(t, panel, verbType, ""))
	for _, tc := range []struct{ text, want string }{
		{"Z99 Z98", "no cell"},
		{"F6 F9", "not neighbours"},
		{"hello", "is not two cells"},
		{"F6", "Write two cells"},
		{"F6 F7", "first tile must touch"},
	} {
		sub := h.fake.ModalSubmit(actor(ada).On(panel), modal, map[string]string{"move": tc.text})
		if err := h.send(in, sub); err != nil {
			t.Fatal(err)
		}
		if got := h.seen(sub).Content; !strings.Contains(got, tc.want) {
			t.Errorf("typed %q: %q, want it to mention %q", tc.text, got, tc.want)
		}
	}
	sub := h.fake.ModalSubmit(actor(ada).On(panel), modal, map[string]string{"move": "A2 B2"}) // touches red
	if err := h.send(in, sub); err != nil {
		t.Fatal(err)
	}
	confirm := h.seen(sub)
	if _, ok := find(t, confirm, verbCommit, ""); !ok {
		t.Fatalf("a good typed placement leads to Place: %q", confirm.Content)
	}
}

func TestHTTPEndpointSignatures(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "http")
	ctx := context.Background()
	ix := h.fake.SlashCommand(actor(ada), "help")
	for name, post := range map[string]func(context.Context, string, any) (*fakediscord.Reply, error){
		"forged": h.fake.PostInteractionForged, "unsigned": h.fake.PostInteractionUnsigned,
	} {
		r, err := post(ctx, in.endpoint, ix)
		if err != nil || r.Status != http.StatusUnauthorized {
			t.Fatalf("%s: %v status %d, want 401", name, err, r.Status)
		}
	}
	r, err := h.fake.PostInteraction(ctx, in.endpoint, h.fake.Ping())
	if err != nil || r.Status != 200 || !strings.Contains(string(r.Body), `"type":1`) {
		t.Fatalf("PING: %v %d %s", err, r.Status, r.Body)
	}
	if err := h.send(in, ix); err != nil || !strings.Contains(h.seen(ix).Content, "/start") {
		t.Fatalf("signed /help: %v", err)
	}
}

func TestLobbyAndAbandon(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	lobby := h.openLobby(in)
	// A second /start while the lobby is open points to it.
	ix := h.fake.SlashCommand(actor(ben), "start", fakediscord.SubCommand("ingenious"))
	if err := h.send(in, ix); err == nil || !strings.Contains(h.seen(ix).Content, "už je otevřený stůl") {
		t.Fatalf("second /start: %q", h.seen(ix).Content)
	}
	// Ben cannot start; the lobby cannot take Ada twice.
	if m, err := h.click(in, ben, lobby, mustFind(t, lobby, verbStart, "")); err == nil {
		t.Fatalf("Ben started: %q", m.Content)
	}
	if _, err := h.click(in, ada, lobby, mustFind(t, lobby, verbJoin, "")); err == nil {
		t.Fatal("Ada joined twice")
	}
	lobby, _ = h.click(in, ben, lobby, mustFind(t, lobby, verbJoin, ""))
	if !strings.Contains(lobby.Content, ben.ID) {
		t.Fatalf("Ben not seated: %q", lobby.Content)
	}
	h.click(in, ada, lobby, mustFind(t, lobby, verbStart, ""))
	// Ben (without Manage Channels) may not abandon; Ada may, after confirming.
	ix = withoutPermissions(t, h.fake.SlashCommand(actor(ben), "abandon"))
	if err := h.send(in, ix); err == nil {
		t.Fatal("Ben abandoned Ada's game")
	}
	confirm := h.command(in, ada, "abandon")
	if _, err := h.click(in, ada, confirm, mustFind(t, confirm, verbAbandon, "")); err != nil {
		t.Fatal(err)
	}
	if tb := h.table(); tb.Status != table.StatusOver {
		t.Fatalf("status %s after abandon", tb.Status)
	}
	if !strings.Contains(h.lastBoard().Content, "ended the game") {
		t.Fatalf("no public notice: %q", h.lastBoard().Content)
	}
	// Nothing was scored, and a new game may start.
	if board, _ := h.store.Leaderboard(context.Background(), testGuild, "ingenious", 0, 5); board.Total != 0 {
		t.Fatalf("an abandoned game was scored: %+v", board)
	}
	h.openLobby(in)
}

func TestUnknownAndMalformed(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	for _, id := range []string{"nonsense", "ingenious/x/commit/", "ingenious/1/fly/", strings.Repeat("a", 120)} {
		ix := h.fake.Click(actor(ada), id)
		if err := h.send(in, ix); err == nil || !strings.Contains(h.seen(ix).Content, "not one of mine") {
			t.Errorf("custom_id %q: %q", id, h.seen(ix).Content)
		}
	}
	ix := h.fake.SlashCommand(actor(ada), "status")
	if err := h.send(in, ix); err == nil || !strings.Contains(h.seen(ix).Content, "No game is running") {
		t.Errorf("/status without a game: %q", h.seen(ix).Content)
	}
}

func TestCorruptStoredTable(t *testing.T) {
	t.Parallel()
	st := openBolt(t)
	h := newHarness(t, st)
	in := h.addBot("gateway")
	if _, err := st.Save(context.Background(), testChannel, []byte("{not json"), 0); err != nil {
		t.Fatal(err)
	}
	ix := h.fake.SlashCommand(actor(ada), "hand")
	if err := h.send(in, ix); err == nil || !strings.Contains(h.seen(ix).Content, "damaged") {
		t.Fatalf("corrupt table: %q", h.seen(ix).Content)
	}
}

// lastSaid is the content of the last message the bot sent for an interaction token.
func (h *harness) lastSaid(token string) string {
	h.t.Helper()
	content := ""
	for _, r := range h.fake.Responses(token) {
		var p struct {
			Content *string `json:"content"`
			Data    *struct {
				Content *string `json:"content"`
			} `json:"data"`
		}
		if r.Decode(&p) != nil {
			continue
		}
		switch {
		case p.Content != nil:
			content = *p.Content
		case p.Data != nil && p.Data.Content != nil:
			content = *p.Data.Content
		}
	}
	return content
}

// withoutPermissions strips the member's permissions from an interaction.
func withoutPermissions(t *testing.T, ix *fakediscord.Interaction) *fakediscord.Interaction {
	t.Helper()
	var raw map[string]any
	if err := json.Unmarshal(ix.Raw, &raw); err != nil {
		t.Fatal(err)
	}
	raw["member"].(map[string]any)["permissions"] = "0"
	data, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	ix.Raw = data
	return ix
}

// TestStoreDown: with the store gone, a click gets a clear message, /healthz says 503, and
// nothing panics; once a store answers again the game goes on where it was.
func TestStoreDown(t *testing.T) {
	t.Parallel()
	path := t.TempDir() + "/t.db"
	st, err := store.OpenBolt(path, store.BoltOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, st)
	in := h.addBot("gateway")
	h.startGame(in, ben.ID)
	h.playTurn(firstChoice)
	before := playerMoves(h.table())
	board := h.lastBoard()
	st.Close()

	m, err := h.click(in, ada, board, mustFind(t, board, verbTurn, ""))
	if err == nil || !strings.Contains(m.Content, "your game is safe") {
		t.Fatalf("with the store down: %v %q", err, m.Content)
	}
	rec := httptest.NewRecorder()
	in.bot.Healthz().ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("/healthz with the store down: %d", rec.Code)
	}

	// A new process on the same file carries on (the old one is stopped first).
	in.session.Close()
	again, err := store.OpenBolt(path, store.BoltOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { again.Close() })
	h.store, h.bots = again, nil
	h.addBot("gateway")
	if got := playerMoves(h.table()); got != before {
		t.Fatalf("%d moves after the outage, want %d", got, before)
	}
	h.playTurn(firstChoice)
}
