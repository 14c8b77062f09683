package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

var people = map[string]fakediscord.User{ada.ID: ada, ben.ID: ben, cid.ID: cid, dan.ID: dan}

// openLobby runs /start for Ada and returns the lobby message.
func (h *harness) openLobby(in *instance, opts ...fakediscord.CommandOption) fakediscord.Message {
	h.t.Helper()
	return h.openGameLobby(in, "ingenious", opts...)
}

// openGameLobby runs /start game:<game> for Ada and returns the lobby message.
func (h *harness) openGameLobby(in *instance, game string, opts ...fakediscord.CommandOption) fakediscord.Message {
	h.t.Helper()
	m := h.command(in, ada, "start", fakediscord.SubCommand(game, opts...))
	if m.Ephemeral() || !strings.Contains(strings.ToLower(m.Content), game) {
		h.t.Fatalf("lobby: %+v", m.Content)
	}
	return m
}

// command runs /name (with opts) as user u, which must be handled without an error, and returns
// what u sees.
func (h *harness) command(in *instance, u fakediscord.User, name string, opts ...fakediscord.CommandOption) fakediscord.Message {
	h.t.Helper()
	ix := h.fake.SlashCommand(actor(u), name, opts...)
	if err := h.send(in, ix); err != nil {
		h.t.Fatalf("/%s: %v", name, err)
	}
	return h.seen(ix)
}

// click presses a component of message m as user u and returns what u sees afterwards.
func (h *harness) click(in *instance, u fakediscord.User, m fakediscord.Message, c component) (fakediscord.Message, error) {
	h.t.Helper()
	ix := h.fake.Click(actor(u).On(m), c.CustomID)
	err := h.send(in, ix)
	return h.seen(ix), err
}

// press is click for a click that must be handled without an error.
func (h *harness) press(in *instance, u fakediscord.User, m fakediscord.Message, c component) fakediscord.Message {
	h.t.Helper()
	seen, err := h.click(in, u, m, c)
	if err != nil {
		h.t.Fatal(err)
	}
	return seen
}

// choose picks a menu option of message m as user u.
func (h *harness) choose(in *instance, u fakediscord.User, m fakediscord.Message, c component, value string) (fakediscord.Message, error) {
	h.t.Helper()
	ix := h.fake.Select(actor(u).On(m), c.CustomID, value)
	err := h.send(in, ix)
	return h.seen(ix), err
}

// turnPanel opens u's panel with the "Your turn" button of board.
func (h *harness) turnPanel(in *instance, u fakediscord.User, board fakediscord.Message) fakediscord.Message {
	h.t.Helper()
	return h.press(in, u, board, mustFind(h.t, board, verbTurn, ""))
}

// confirm presses the confirming button of u's panel (see commitButton) and waits until the
// click is handled; it returns the click.
func (h *harness) confirm(in *instance, u fakediscord.User, panel fakediscord.Message) (*fakediscord.Interaction, error) {
	c, ok := commitButton(h.t, panel)
	if !ok {
		return nil, fmt.Errorf("%s's panel has nothing to confirm: %q %s", u.GlobalName, panel.Content, panel.Components)
	}
	ix := h.fake.Click(actor(u).On(panel), c.CustomID)
	if err := h.send(in, ix); err != nil {
		return nil, fmt.Errorf("%s confirming: %v", u.GlobalName, err)
	}
	return ix, nil
}

// commit confirms u's panel (see confirm) and returns what u sees then.
func (h *harness) commit(in *instance, u fakediscord.User, panel fakediscord.Message) fakediscord.Message {
	h.t.Helper()
	ix, err := h.confirm(in, u, panel)
	if err != nil {
		h.t.Fatal(err)
	}
	return h.seen(ix)
}

// openModal presses button c of message m as user u, which must open a modal, and returns the
// modal's custom_id (what its submission is sent to).
func (h *harness) openModal(in *instance, u fakediscord.User, m fakediscord.Message, c component) string {
	h.t.Helper()
	ix := h.fake.Click(actor(u).On(m), c.CustomID)
	if err := h.send(in, ix); err != nil {
		h.t.Fatal(err)
	}
	modal, _ := h.fake.WaitResponse(context.Background(), ix.Token)
	var cb struct {
		Type int `json:"type"`
		Data struct {
			CustomID string `json:"custom_id"`
		} `json:"data"`
	}
	if err := modal.Decode(&cb); err != nil || cb.Type != 9 {
		h.t.Fatalf("want a modal, got %s", modal.JSON)
	}
	return cb.Data.CustomID
}

// newBot is a harness on a fresh embedded store with one bot over transport ("gateway" or
// "http").
func newBot(t *testing.T, transport string) (*harness, *instance) {
	t.Helper()
	h := newHarness(t, openBolt(t))
	return h, h.addBot(transport)
}

// newIngenious is newBot over the gateway, at which Ada has started Ingenious with the others
// (see startGame).
func newIngenious(t *testing.T, others ...string) (*harness, *instance) {
	t.Helper()
	h, in := newBot(t, "gateway")
	h.startGame(in, others...)
	return h, in
}

// awayGame is a game that host starts (with opts) with ais AI seats, then goes /away: the AI plays
// every seat to the end in one run.
type awayGame struct {
	game string
	host fakediscord.User
	opts []fakediscord.CommandOption
	ais  int
}

// play is a harness on a fresh embedded store with one bot over the gateway, its server Czech
// when the host speaks Czech, where the game has been started and played out; it checks that
// the game is over.
func (r awayGame) play(t *testing.T) (*harness, *instance) {
	t.Helper()
	h := newHarness(t, openBolt(t))
	if r.host.Locale == "cs" {
		h.fake.SetGuild(fakediscord.Guild{ID: testGuild, Name: "Deskovkáři", PreferredLocale: "cs"})
	}
	in := h.addBot("gateway")
	lobby := h.command(in, r.host, "start", fakediscord.SubCommand(r.game, r.opts...))
	for range r.ais {
		lobby = h.press(in, r.host, lobby, mustFind(t, lobby, verbAddAI, ""))
	}
	h.press(in, r.host, lobby, mustFind(t, lobby, verbStart, ""))
	if err := h.send(in, h.fake.SlashCommand(actor(r.host), "away")); err != nil {
		t.Fatalf("/away: %v", err)
	}
	if !games.Over(h.state()) {
		t.Fatal("the AI did not play the game to its end")
	}
	return h, in
}

// startGame seats Ada and the others (Ben, Cid; "AI" adds an AI seat) at Ingenious and starts.
func (h *harness) startGame(in *instance, others ...string) {
	h.t.Helper()
	h.seatAndStart(in, h.openLobby(in), others...)
}

// seatAndStart seats the others in a lobby and starts the game.
func (h *harness) seatAndStart(in *instance, lobby fakediscord.Message, others ...string) {
	h.t.Helper()
	for _, o := range others {
		var err error
		if o == "AI" {
			lobby, err = h.click(in, ada, lobby, mustFind(h.t, lobby, verbAddAI, ""))
		} else {
			lobby, err = h.click(in, people[o], lobby, mustFind(h.t, lobby, verbJoin, ""))
		}
		if err != nil {
			h.t.Fatalf("seating %s: %v", o, err)
		}
	}
	n := len(h.fake.ChannelMessages(testChannel))
	if _, err := h.click(in, ada, lobby, mustFind(h.t, lobby, verbStart, "")); err != nil {
		h.t.Fatalf("start: %v", err)
	}
	if got := len(h.fake.ChannelMessages(testChannel)); got != n+1 {
		h.t.Fatalf("start posted %d messages, want the first board", got-n)
	}
}

// playTurn makes the move of the human who must act, through the panel as a person would:
// Your turn → tile → the best place from the menu → Place (or Swap when offered). It returns
// false when nobody human must act (the game is over).
func (h *harness) playTurn(pick func(int) int) bool {
	h.t.Helper()
	t, st := h.current()
	if games.Over(st) {
		return false
	}
	seat := st.ToAct()[0]
	u := people[t.Seats[seat].User]
	in := h.bots[len(t.Record.Moves)%len(h.bots)] // spread the clicks over every instance
	board := h.lastBoard()
	panel, err := h.click(in, u, board, mustFind(h.t, board, verbTurn, ""))
	if err != nil || !panel.Ephemeral() || len(panel.Attachments) != 1 {
		h.t.Fatalf("panel: err %v, ephemeral %v, %d pictures: %s", err, panel.Ephemeral(), len(panel.Attachments), panel.Content)
	}
	if c, ok := find(h.t, panel, verbDraft, "🔄 Swap rack…"); ok { // swap or keep: each asks first
		if pick(2) == 1 {
			c = mustFind(h.t, panel, verbDraft, "✋ Keep rack…")
		}
		confirm, err := h.click(in, u, panel, c)
		if err != nil {
			h.t.Fatalf("swap or keep: %v", err)
		}
		if _, ok := find(h.t, confirm, verbDraft, "◀ Back"); !ok {
			h.t.Fatalf("the swap confirmation has no way back: %s", confirm.Components)
		}
		done, err := h.click(in, u, confirm, mustFind(h.t, confirm, verbCommit, ""))
		if err != nil || !strings.HasPrefix(done.Content, "✅") {
			h.t.Fatalf("swap decision: %v %q", err, done.Content)
		}
		return true
	}
	tiles := components(h.t, panel)
	tile := tiles[pick(len(tiles)-1)] // the last button is "Suggest"
	panel, err = h.click(in, u, panel, tile)
	if err != nil {
		h.t.Fatalf("tile: %v", err)
	}
	menu := mustFind(h.t, panel, verbMenu, "")
	panel, err = h.choose(in, u, panel, menu, menu.Options[pick(len(menu.Options))].Value)
	if err != nil {
		h.t.Fatalf("place: %v", err)
	}
	done, err := h.click(in, u, panel, mustFind(h.t, panel, verbCommit, ""))
	if err != nil || !strings.HasPrefix(done.Content, "✅") {
		h.t.Fatalf("commit: %v %q", err, done.Content)
	}
	return true
}

// playToEnd plays until the game is over and returns the number of human turns.
func (h *harness) playToEnd(pick func(int) int) int {
	h.t.Helper()
	turns := 0
	for h.playTurn(pick) {
		turns++
		if turns > 400 {
			h.t.Fatal("game did not end after 400 turns")
		}
	}
	return turns
}

func firstChoice(int) int { return 0 }

// checkFinished verifies the end message, archive, leaderboard and replayed result.
func (h *harness) checkFinished(humans ...fakediscord.User) {
	h.t.Helper()
	end := h.lastBoard()
	if !strings.Contains(end.Content, "Game over") && !strings.Contains(end.Content, "Konec hry") {
		h.t.Fatalf("last message is not the result: %q", end.Content)
	}
	for _, u := range humans {
		if !strings.Contains(end.Content, "<@"+u.ID+">") {
			h.t.Errorf("result does not mention %s", u.GlobalName)
		}
	}
	mustFind(h.t, end, verbRematch, "")
	t := h.table()
	if t.Status != table.StatusOver || !t.Archived {
		h.t.Fatalf("table status %s archived %v", t.Status, t.Archived)
	}
	ctx := context.Background()
	hist, err := h.store.History(ctx, testGuild, 10)
	if err != nil || len(hist) != 1 {
		h.t.Fatalf("history: %v, %d games", err, len(hist))
	}
	arch, err := h.store.ArchivedGame(ctx, testGuild, hist[0].GameID)
	if err != nil {
		h.t.Fatal(err)
	}
	rec, err := games.DecodeRecord(arch.Record)
	if err != nil {
		h.t.Fatal(err)
	}
	kit, _ := h.bots[0].bot.kit(rec.Game)
	st, _, err := games.Replay(kit.Game, rec)
	if err != nil || !games.Over(st) {
		h.t.Fatalf("archived record does not replay to the end: %v", err)
	}
	page, err := h.store.Leaderboard(ctx, testGuild, t.Game, 0, 10)
	board := page.Standings
	ranked := humans
	if len(t.Seats) == 1 {
		ranked = nil // a solo game is archived, never ranked
	}
	if err != nil || len(board) != len(ranked) {
		h.t.Fatalf("leaderboard: %v %+v", err, board)
	}
	res := st.Result()
	for _, s := range board {
		seat, _ := t.SeatOf(s.UserID)
		want := 0
		if res.PlaceOf(seat) == 1 {
			want = 1
		}
		if s.Games != 1 || s.Wins != want || s.Best != res.Seats[seat].Score {
			h.t.Errorf("%s: played %d wins %d best %d; want 1, %d, %d", s.Name, s.Games, s.Wins, s.Best, want, res.Seats[seat].Score)
		}
	}
	ix := h.fake.SlashCommand(actor(cid), "leaderboard", fakediscord.StringOption("game", t.Game))
	wantName := "solo games are not ranked"
	if len(board) > 0 {
		wantName = board[0].Name
	}
	if err := h.send(h.bots[0], ix); err != nil || !strings.Contains(h.seen(ix).Content, wantName) {
		h.t.Fatalf("/leaderboard: %v %q", err, h.seen(ix).Content)
	}
	ix = h.fake.SlashCommand(actor(cid), "history")
	if err := h.send(h.bots[0], ix); err != nil {
		h.t.Fatalf("/history: %v", err)
	}
	hm := h.seen(ix)
	if !hm.Ephemeral() || len(hm.Attachments) != 1 {
		h.t.Fatalf("/history: %q with %d files", hm.Content, len(hm.Attachments))
	}
	if exported, err := games.DecodeRecord(hm.Attachments[0].Data); err != nil || len(exported.Moves) != len(rec.Moves) {
		h.t.Fatalf("/history's record: %v", err)
	}
}

func TestFullGameTwoPlayersGateway(t *testing.T) {
	t.Parallel()
	h, _ := newIngenious(t, ben.ID)
	turns := h.playToEnd(firstChoice)
	if turns < 20 {
		t.Fatalf("only %d turns", turns)
	}
	h.checkFinished(ada, ben)
	// Ben's locale is Czech: his panel spoke Czech.
	found := false
	for _, r := range h.fake.Requests() {
		if strings.Contains(string(r.JSON), "Vyber dílek") {
			found = true
			break
		}
	}
	if !found {
		t.Error("no Czech panel text was ever sent to Ben")
	}
}

func TestGameWithAISeatHTTP(t *testing.T) {
	t.Parallel()
	h := newHarness(t, openRedis(t))
	in := h.addBot("http")
	h.startGame(in, "AI")
	h.playToEnd(firstChoice)
	h.checkFinished(ada)
	ai := 0
	for _, m := range h.fake.ChannelMessages(testChannel) {
		if strings.Contains(m.Content, "🤖") {
			ai++
		}
	}
	if ai < 10 {
		t.Fatalf("the AI seat's moves were announced %d times", ai)
	}
}

func TestRecordIsTheTruth(t *testing.T) {
	t.Parallel()
	h, in := newIngenious(t, ben.ID, cid.ID)
	for range 6 {
		h.playTurn(firstChoice)
	}
	tb := h.table()
	data, _ := json.Marshal(tb.Record)
	rec, err := games.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	kit, _ := in.bot.kit("ingenious")
	st, n, err := games.Replay(kit.Game, rec)
	if err != nil || n != len(rec.Moves) || st.Result().Over {
		t.Fatalf("stored record does not replay: %v (%d of %d)", err, n, len(rec.Moves))
	}
	players := 0
	for _, m := range rec.Moves {
		if m.Seat != games.Chance {
			players++
		}
	}
	if players != 6 {
		t.Fatalf("%d player moves recorded, want 6", players)
	}
}
