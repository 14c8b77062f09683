package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// asyncHarness is a harness on a settable clock.
func asyncHarness(t *testing.T, st func(testing.TB) store.Store) *harness {
	t.Helper()
	h := newHarness(t, st(t))
	h.clock = &testClock{now: time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)}
	return h
}

// hourlyToTheEnd moves the clock on an hour at a time, each time running every bot's
// scheduler, until the game is over; it fails the test when the game is not over after
// hours+1 hours.
func (h *harness) hourlyToTheEnd(hours int) {
	h.t.Helper()
	for i := 0; !games.Over(h.state()); i++ {
		if i > hours {
			h.t.Fatal("the game did not finish by itself")
		}
		h.clock.Add(time.Hour)
		h.tickAll()
	}
}

// tickAll runs the scheduler of every bot once.
func (h *harness) tickAll() {
	h.t.Helper()
	for _, in := range h.bots {
		in.bot.tick(context.Background())
	}
	for _, in := range h.bots {
		if err := in.bot.Wait(context.Background()); err != nil {
			h.t.Fatal(err)
		}
	}
}

// TestAbsentPlayer: a 24 h game where Ben never answers — one reminder at 12 h mentioning only
// him, the AI moves for him at 24 h and the game goes on; across a restart of the bot between
// reminder and deadline, and with two bot processes on one Redis, each fires exactly once.
func TestAbsentPlayer(t *testing.T) {
	t.Parallel()
	h := asyncHarness(t, openRedis)
	first := h.addBot("gateway")
	h.addBot("http")
	lobby := h.openLobby(first, fakediscord.StringOption("pace", (24*time.Hour).String()))
	if !strings.Contains(lobby.Content, "24 h per move") {
		t.Fatalf("the lobby does not show the pace: %q", lobby.Content)
	}
	h.seatAndStart(first, lobby, ben.ID)
	// Make it Ben's turn: if Ada starts, she moves.
	if h.toAct() == 0 {
		h.playTurn(firstChoice)
	}
	if h.toAct() != 1 {
		t.Fatal("Ben is not to act")
	}
	board := h.lastBoard()
	if !strings.Contains(board.Content, "<t:") {
		t.Fatalf("the board does not show Ben's deadline: %q", board.Content)
	}
	before := len(h.fake.ChannelMessages(testChannel))
	h.clock.Add(11 * time.Hour)
	h.tickAll()
	if got := len(h.fake.ChannelMessages(testChannel)); got != before {
		t.Fatalf("%d messages before half the time", got-before)
	}
	h.clock.Add(time.Hour)
	h.tickAll()
	h.tickAll()
	msgs := h.fake.ChannelMessages(testChannel)[before:]
	if len(msgs) != 1 || !strings.Contains(msgs[0].Content, "<@"+ben.ID+">") || strings.Contains(msgs[0].Content, "<@"+ada.ID+">") {
		t.Fatalf("reminders at 12 h: %d, %q", len(msgs), contents(msgs))
	}
	if users := pinged(t, msgs[0]); len(users) != 1 || users[0] != ben.ID {
		t.Fatalf("the reminder may ping %v", users)
	}
	// A restart: new processes on the same store.
	for _, in := range h.bots {
		in.session.Close()
	}
	h.bots = nil
	h.addBot("gateway")
	h.addBot("http")
	h.clock.Add(12 * time.Hour)
	h.tickAll()
	h.tickAll()
	msgs = h.fake.ChannelMessages(testChannel)[before+1:]
	if len(msgs) != 1 || !strings.Contains(msgs[0].Content, "Ben's time ran out") || !strings.Contains(msgs[0].Content, "<@"+ada.ID+">") {
		t.Fatalf("at the deadline: %d messages %q", len(msgs), contents(msgs))
	}
	tb := h.table()
	last := -1
	for i, m := range tb.Record.Moves {
		if m.Seat == 1 {
			last = i
		}
	}
	if last < 0 || tb.Record.Moves[last].By != games.ByAI || tb.Seats[1].Away {
		t.Fatalf("Ben's move at the deadline: %+v, away %v", tb.Record.Moves[last], tb.Seats[1].Away)
	}
	// Hours have passed on the bots' clock: their REST calls (the reminder, the AI's move, and
	// the turn below, over both transports) went through sessions started afresh.
	for _, in := range h.bots {
		if in.bot.rest.get() == in.session {
			t.Fatal("a bot still makes its REST calls through its first session, hours later")
		}
	}
	h.playTurn(firstChoice) // the game goes on
}

func contents(msgs []fakediscord.Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Content)
	}
	return out
}

// TestWaitVoteAwayBackGamesDM: wait mode with the vote, /away and /back, /games across three
// channels, and a reminder by direct message to a player who asked for it.
func TestWaitVoteAwayBackGamesDM(t *testing.T) {
	t.Parallel()
	h := asyncHarness(t, openBolt)
	in := h.addBot("gateway")
	lobby := h.openLobby(in, fakediscord.StringOption("pace", time.Hour.String()), fakediscord.StringOption("at_deadline", "wait"))
	h.seatAndStart(in, lobby, ben.ID)
	if h.toAct() == 0 {
		h.playTurn(firstChoice)
	}
	// Ben asks for reminders by DM.
	ix := h.fake.SlashCommand(actor(ben), "notify", fakediscord.BooleanOption("dm", true))
	if err := h.send(in, ix); err != nil || !strings.Contains(h.seen(ix).Content, "🔔") {
		t.Fatalf("/notify: %v %q", err, h.seen(ix).Content)
	}
	h.clock.Add(30 * time.Minute)
	h.tickAll()
	dm, ok := h.fake.DMChannel(ben.ID)
	if !ok || len(h.fake.ChannelMessages(dm)) != 1 || !strings.Contains(h.fake.ChannelMessages(dm)[0].Content, "discord.com/channels/") {
		t.Fatalf("no reminder by DM with a link to the board (%v)", ok)
	}
	// Ben's Discord speaks Czech, the server English: his direct message is in Czech.
	if got := h.fake.ChannelMessages(dm)[0].Content; !strings.Contains(got, "čeká na tvůj tah") {
		t.Fatalf("the DM reminder is not in Ben's Czech: %q", got)
	}
	// The deadline passes: nothing is decided; Ada votes and the AI takes Ben's seat.
	h.clock.Add(30 * time.Minute)
	h.tickAll()
	late := h.lastBoard()
	if !strings.Contains(late.Content, "time ran out") || h.toAct() != 1 {
		t.Fatalf("wait mode: %q, to act %d", late.Content, h.toAct())
	}
	if _, err := h.click(in, ben, late, mustFind(t, late, verbVote, "")); err == nil {
		t.Fatal("Ben voted about his own seat")
	}
	if _, err := h.click(in, ada, late, mustFind(t, late, verbVote, "")); err != nil {
		t.Fatal(err)
	}
	if tb := h.table(); !tb.Seats[1].Away || h.toAct() != 0 {
		t.Fatalf("after the vote: away %v, to act %d", tb.Seats[1].Away, h.toAct())
	}
	// Ben comes back; Ada goes away, and the AI plays for her at once.
	ix = h.fake.SlashCommand(actor(ben), "back")
	if err := h.send(in, ix); err != nil {
		t.Fatal(err)
	}
	if h.table().Seats[1].Away {
		t.Fatal("/back did not give Ben his seat back")
	}
	ix = h.fake.SlashCommand(actor(ada), "away")
	if err := h.send(in, ix); err != nil {
		t.Fatal(err)
	}
	if tb := h.table(); !tb.Seats[0].Away || h.toAct() != 1 {
		t.Fatalf("after /away: away %v, to act %d", tb.Seats[0].Away, h.toAct())
	}
	// The board shows the seat on the AI: the picture differs from one of the same position
	// drawn without the mark.
	st := h.state()
	kit, _ := in.bot.kit("ingenious")
	tb := h.table()
	if marked := markAway(kit.Game, tb, st); marked == st || !strings.HasSuffix(marked.Players()[0], "(AI)") {
		t.Fatalf("the away seat is not marked: %v", marked.Players())
	}
	// Any click of Ada's own brings her back: opening her panel.
	if panel := h.openPanel(in, ada); h.table().Seats[0].Away || !strings.Contains(panel.Content, "Welcome back") {
		t.Fatalf("Ada's panel after /away: %q, away %v", panel.Content, h.table().Seats[0].Away)
	}
	// Two more games in other channels: /games lists all three for Ben.
	for _, ch := range []string{"900000000000000010", "900000000000000011"} {
		h.fake.SetChannel(fakediscord.Channel{ID: ch, GuildID: testGuild})
		a := fakediscord.Actor{User: ada, GuildID: testGuild, ChannelID: ch}
		ix := h.fake.SlashCommand(a, "start", fakediscord.SubCommand("fits"))
		if err := h.send(in, ix); err != nil {
			t.Fatal(err)
		}
		lobby := h.seen(ix)
		b := fakediscord.Actor{User: ben, GuildID: testGuild, ChannelID: ch}
		for _, step := range []struct {
			who fakediscord.Actor
			v   verb
		}{{b, verbJoin}, {a, verbStart}} {
			ix := h.fake.Click(step.who.On(lobby), mustFind(t, lobby, step.v, "").CustomID)
			if err := h.send(in, ix); err != nil {
				t.Fatal(err)
			}
			lobby = h.seen(ix)
		}
	}
	list := h.command(in, ben, "games")
	if !list.Ephemeral() || strings.Count(list.Content, "• ") != 3 || !strings.Contains(list.Content, "<#900000000000000010>") || !strings.Contains(list.Content, "discord.com/channels/") {
		t.Fatalf("/games: %q", list.Content)
	}
}

// TestVanishedPlayersGameFinishes: nobody at a FITS table for two ever moves again after the
// start; deadline after deadline the AI decides for them, and the game ends by itself at the
// table's pace, archived and on the leaderboard.
func TestVanishedPlayersGameFinishes(t *testing.T) {
	t.Parallel()
	h := asyncHarness(t, openBolt)
	in := h.addBot("gateway")
	lobby := h.openGameLobby(in, "fits", fakediscord.StringOption("boards", "1"), fakediscord.StringOption("pace", time.Hour.String()))
	h.seatAndStart(in, lobby, ben.ID)
	h.hourlyToTheEnd(200)
	end := h.lastBoard()
	if !strings.Contains(end.Content, "Game over") {
		t.Fatalf("the last message: %q", end.Content)
	}
	tb := h.table()
	if !tb.Archived {
		t.Fatal("not archived")
	}
	for _, m := range tb.Record.Moves {
		if m.Seat >= 0 && m.By != games.ByAI {
			t.Fatalf("a move nobody made is not marked as the AI's: %+v", m)
		}
	}
}
