package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/table"
)

// threadsHarness is an async harness whose bots run tables in threads.
func threadsHarness(t *testing.T) *harness {
	t.Helper()
	h := asyncHarness(t, openBolt)
	h.opts.Tables = TablesThreads
	return h
}

// at is u acting in channel.
func at(u fakediscord.User, channel string) fakediscord.Actor {
	return fakediscord.Actor{User: u, GuildID: testGuild, ChannelID: channel}
}

// startIn opens a lobby of game in channel as u and returns it.
func (h *harness) startIn(in *instance, u fakediscord.User, channel, game string, opts ...fakediscord.CommandOption) fakediscord.Message {
	h.t.Helper()
	ix := h.fake.SlashCommand(at(u, channel), "start", fakediscord.SubCommand(game, opts...))
	if err := h.send(in, ix); err != nil {
		h.t.Fatalf("/start in %s: %v", channel, err)
	}
	return h.seen(ix)
}

// clickIn presses component c of m as u in channel; it returns what u sees and the error.
func (h *harness) clickIn(in *instance, u fakediscord.User, channel string, m fakediscord.Message, c component) (fakediscord.Message, error) {
	h.t.Helper()
	ix := h.fake.Click(at(u, channel).On(m), c.CustomID)
	err := h.send(in, ix)
	return h.seen(ix), err
}

// tableAt reads the table under key from the store.
func (h *harness) tableAt(key string) *table.Table {
	h.t.Helper()
	t, err := h.bots[0].bot.tables.Load(context.Background(), key)
	if err != nil {
		h.t.Fatal(err)
	}
	return t
}

// openThreadTable opens a one-board FITS table at pace in the test channel, hosted by Ada with
// Ben seated, starts it, and returns its thread's ID (its lobby message's).
func (h *harness) openThreadTable(in *instance, pace time.Duration) string {
	h.t.Helper()
	lobby := h.startIn(in, ada, testChannel, "fits", fakediscord.StringOption("boards", "1"), fakediscord.StringOption("pace", pace.String()))
	lobby, err := h.clickIn(in, ben, testChannel, lobby, mustFind(h.t, lobby, verbJoin, ""))
	if err != nil {
		h.t.Fatalf("Ben joins: %v", err)
	}
	card, err := h.clickIn(in, ada, testChannel, lobby, mustFind(h.t, lobby, verbStart, ""))
	if err != nil {
		h.t.Fatalf("start: %v", err)
	}
	thread := lobby.ID
	if !strings.Contains(card.Content, "discord.com/channels/"+testGuild+"/"+thread) || len(components(h.t, card)) != 0 {
		h.t.Fatalf("the lobby did not become a card linking to its thread: %q", card.Content)
	}
	return thread
}

// TestThreeTablesInThreads: three tables at once under one channel, each in a thread of its
// own started from its lobby message, named for the game and the players, with both players
// in it; each table's reminders, deadlines and boards come in its own thread, none in the
// channel, whose messages stay the three cards; at the end each card shows the result and
// each thread is archived. A Rematch reopens its thread and plays on in it, and /games links
// to the threads.
func TestThreeTablesInThreads(t *testing.T) {
	t.Parallel()
	h := threadsHarness(t)
	in := h.addBot("gateway")
	var threads []string
	for range 3 {
		threads = append(threads, h.openThreadTable(in, time.Hour))
	}
	if cards := h.fake.ChannelMessages(testChannel); len(cards) != 3 {
		t.Fatalf("the channel holds %d messages, want the 3 cards: %q", len(cards), contents(cards))
	}
	for _, id := range threads {
		th, ok := h.fake.Thread(id)
		if !ok || th.ParentID != testChannel || th.Name != "FITS · Ada, Ben" || th.Archived {
			t.Fatalf("thread %s: %+v (found %v)", id, th, ok)
		}
		if len(th.Members) != 3 || th.Members[1] != ada.ID || th.Members[2] != ben.ID {
			t.Fatalf("thread members %v, want the bot, Ada and Ben", th.Members)
		}
		if msgs := h.fake.ChannelMessages(id); len(msgs) != 1 || !strings.Contains(msgs[0].Content, "FITS") {
			t.Fatalf("thread %s holds %q, want the first board", id, contents(msgs))
		}
	}
	ix := h.fake.SlashCommand(at(ben, testChannel), "games")
	if err := h.send(in, ix); err != nil {
		t.Fatal(err)
	}
	for _, id := range threads {
		if list := h.seen(ix).Content; !strings.Contains(list, "<#"+id+">") {
			t.Fatalf("/games does not link thread %s: %q", id, list)
		}
	}
	// Half an hour: a reminder in each thread; an hour: each deadline, and so on to the end.
	h.clock.Add(30 * time.Minute)
	h.tickAll()
	for _, id := range threads {
		msgs := h.fake.ChannelMessages(id)
		if last := msgs[len(msgs)-1].Content; !strings.Contains(last, "⏰") || !strings.Contains(last, "<@"+ben.ID+">") {
			t.Fatalf("no reminder in thread %s: %q", id, last)
		}
	}
	for i := 0; ; i++ {
		over := 0
		for _, id := range threads {
			if h.tableAt(id).Status == table.StatusOver {
				over++
			}
		}
		if over == len(threads) {
			break
		}
		if i > 200 {
			t.Fatal("the games did not finish by themselves")
		}
		h.clock.Add(30 * time.Minute)
		h.tickAll()
	}
	cards := h.fake.ChannelMessages(testChannel)
	if len(cards) != 3 {
		t.Fatalf("the channel holds %d messages at the end, want the 3 cards", len(cards))
	}
	for k, id := range threads {
		msgs := h.fake.ChannelMessages(id)
		timedOut := 0
		for _, m := range msgs {
			if strings.Contains(m.Content, "time ran out") {
				timedOut++
			}
		}
		end := msgs[len(msgs)-1]
		if timedOut == 0 || !strings.Contains(end.Content, "Game over") {
			t.Fatalf("thread %s: %d deadlines, last %q", id, timedOut, end.Content)
		}
		if th, _ := h.fake.Thread(id); !th.Archived {
			t.Fatalf("thread %s is not archived at the end", id)
		}
		if cards[k].ID != id || !strings.Contains(cards[k].Content, "🏁 Game over") || !strings.Contains(cards[k].Content, "**Ben** — ") {
			t.Fatalf("card %d does not show the result: %q", k, cards[k].Content)
		}
	}
	// A Rematch in the first thread reopens it; its lobby and its game stay in the thread.
	first := threads[0]
	end := h.fake.ChannelMessages(first)[len(h.fake.ChannelMessages(first))-1]
	lobby, err := h.clickIn(in, ben, first, end, mustFind(t, end, verbRematch, ""))
	if err != nil {
		t.Fatal(err)
	}
	if th, _ := h.fake.Thread(first); th.Archived || lobby.ChannelID != first {
		t.Fatalf("after the rematch: archived %v, lobby in %s", th.Archived, lobby.ChannelID)
	}
	for _, c := range components(t, lobby) {
		if strings.HasSuffix(c.CustomID, lobbyHere) {
			t.Fatalf("the rematch lobby is keyed by its message: %s", c.CustomID)
		}
	}
	n := len(h.fake.ChannelMessages(first))
	if _, err := h.clickIn(in, ben, first, lobby, mustFind(t, lobby, verbStart, "")); err != nil {
		t.Fatal(err)
	}
	if got := h.fake.ChannelMessages(first); len(got) != n+1 || h.tableAt(first).Status != table.StatusPlaying {
		t.Fatalf("the rematch's first board: %d new messages in the thread", len(got)-n)
	}
	if got := len(h.fake.Threads(testChannel)); got != 3 || len(h.fake.ChannelMessages(testChannel)) != 3 {
		t.Fatalf("the rematch made a thread or a channel message: %d threads", got)
	}
}

// TestArchivedThreadReopened: a slow game's thread Discord archived for inactivity is reopened
// by the next board, which is posted, not lost.
func TestArchivedThreadReopened(t *testing.T) {
	t.Parallel()
	h := threadsHarness(t)
	in := h.addBot("http")
	thread := h.openThreadTable(in, 24*time.Hour)
	if !h.fake.ArchiveThread(thread) {
		t.Fatal("no thread to archive")
	}
	n := len(h.fake.ChannelMessages(thread))
	h.clock.Add(24 * time.Hour)
	h.tickAll()
	h.tickAll()
	msgs := h.fake.ChannelMessages(thread)[n:]
	if len(msgs) == 0 || !strings.Contains(contents(msgs)[len(msgs)-1], "time ran out") {
		t.Fatalf("after the deadline the thread holds %q", contents(msgs))
	}
	if th, _ := h.fake.Thread(thread); th.Archived {
		t.Fatal("the thread is still archived")
	}
	refused := 0
	for _, r := range h.fake.Filter(fakediscord.Route("POST /channels/{channel}/messages")) {
		if r.Status == 400 && r.Params["channel"] == thread {
			refused++
		}
	}
	if refused == 0 {
		t.Fatal("no post was refused for the archived thread: the test did not test the reopening")
	}
	if h.tableAt(thread).Owed != nil {
		t.Fatal("the board is still owed")
	}
}

// TestStartInsideThread: an abandoned game's thread is archived and its card says so; /start
// inside that thread reopens it and plays in it, as in a channel: no thread of its own, the
// lobby and the boards in the thread.
func TestStartInsideThread(t *testing.T) {
	t.Parallel()
	h := threadsHarness(t)
	in := h.addBot("gateway")
	thread := h.openThreadTable(in, time.Hour)
	ix := h.fake.SlashCommand(at(ada, thread), "abandon")
	if err := h.send(in, ix); err != nil {
		t.Fatal(err)
	}
	confirm := h.seen(ix)
	if _, err := h.clickIn(in, ada, thread, confirm, mustFind(t, confirm, verbAbandon, "")); err != nil {
		t.Fatal(err)
	}
	if th, _ := h.fake.Thread(thread); !th.Archived {
		t.Fatal("the thread of the abandoned game is not archived")
	}
	if cards := h.fake.ChannelMessages(testChannel); len(cards) != 1 || !strings.Contains(cards[0].Content, "Ada ended the game without a result") {
		t.Fatalf("the card of the abandoned game: %q", contents(cards))
	}
	lobby := h.startIn(in, ada, thread, "fits", fakediscord.StringOption("boards", "1"))
	if th, _ := h.fake.Thread(thread); th.Archived {
		t.Fatal("/start in the archived thread did not reopen it")
	}
	if lobby.ChannelID != thread || h.tableAt(thread).Status != table.StatusLobby {
		t.Fatalf("the lobby is in %s, the thread's table %s", lobby.ChannelID, h.tableAt(thread).Status)
	}
	lobby, err := h.clickIn(in, ben, thread, lobby, mustFind(t, lobby, verbJoin, ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.clickIn(in, ada, thread, lobby, mustFind(t, lobby, verbStart, "")); err != nil {
		t.Fatal(err)
	}
	if h.tableAt(thread).Status != table.StatusPlaying || len(h.fake.Threads(testChannel)) != 1 {
		t.Fatalf("not playing in the thread: %s, %d threads", h.tableAt(thread).Status, len(h.fake.Threads(testChannel)))
	}
	if last := h.fake.ChannelMessages(thread); !strings.Contains(last[len(last)-1].Content, "FITS") {
		t.Fatalf("no board in the thread: %q", last[len(last)-1].Content)
	}
}

// TestChannelModeKeepsTables: with tables: channel, /start and Start play in the channel as
// before: the board follows the lobby there, and no thread is started.
func TestChannelModeKeepsTables(t *testing.T) {
	t.Parallel()
	h := asyncHarness(t, openBolt)
	h.opts.Tables = TablesChannel
	in := h.addBot("gateway")
	lobby := h.startIn(in, ada, testChannel, "fits", fakediscord.StringOption("boards", "1"))
	lobby, err := h.clickIn(in, ben, testChannel, lobby, mustFind(t, lobby, verbJoin, ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.clickIn(in, ada, testChannel, lobby, mustFind(t, lobby, verbStart, "")); err != nil {
		t.Fatal(err)
	}
	if len(h.fake.Threads(testChannel)) != 0 || h.table().Status != table.StatusPlaying {
		t.Fatal("channel mode started a thread, or no game in the channel")
	}
	if msgs := h.fake.ChannelMessages(testChannel); len(msgs) != 2 || !strings.Contains(msgs[0].Content, "The game has started") {
		t.Fatalf("channel mode: %q", contents(msgs))
	}
}

// TestServerChoosesTables: a server's choice in its settings wins over the configured mode,
// both ways: a threads bot plays in the channel for a server that chose the channel, and a
// channel bot in threads for one that chose threads.
func TestServerChoosesTables(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ configured, chosen string }{{TablesThreads, TablesChannel}, {TablesChannel, TablesThreads}} {
		h := asyncHarness(t, openBolt)
		h.opts.Tables = tc.configured
		in := h.addBot("gateway")
		_, err := in.bot.tables.ChangeServerSettings(context.Background(), testGuild, func(st *table.ServerSettings) { st.Tables = tc.chosen })
		if err != nil {
			t.Fatal(err)
		}
		lobby := h.startIn(in, ada, testChannel, "fits", fakediscord.StringOption("boards", "1"))
		if _, err := h.clickIn(in, ada, testChannel, lobby, mustFind(t, lobby, verbStart, "")); err != nil {
			t.Fatal(err)
		}
		threads := len(h.fake.Threads(testChannel))
		if (tc.chosen == TablesThreads) != (threads == 1) {
			t.Fatalf("configured %s, chosen %s: %d threads", tc.configured, tc.chosen, threads)
		}
	}
}

// TestThreadPermissionsMissing: in threads mode, /start where the bot may not create public
// threads or post in them is refused, naming what is missing in Discord's words and the
// caller's language; nothing is opened.
func TestThreadPermissionsMissing(t *testing.T) {
	t.Parallel()
	h := threadsHarness(t)
	in := h.addBot("gateway")
	for _, tc := range []struct {
		lacks int64
		who   fakediscord.User
		want  string
	}{
		{permCreatePublicThreads, ada, "I'm missing **Create Public Threads**"},
		{permSendMessagesInThreads, ben, "chybí mi oprávnění **Odesílat zprávy ve vláknech**"},
		{permCreatePublicThreads | permSendMessagesInThreads, ada, "**Create Public Threads** and **Send Messages in Threads**"},
	} {
		h.fake.SetAppPermissions(testChannel, allTablePermissions&^tc.lacks)
		ix := h.fake.SlashCommand(at(tc.who, testChannel), "start", fakediscord.SubCommand("fits"))
		if err := h.send(in, ix); err == nil {
			t.Fatalf("lacking %b: /start was not refused", tc.lacks)
		}
		h.refusedTo(ix, tc.who, tc.want)
		if len(h.fake.ChannelMessages(testChannel)) != 0 {
			t.Fatalf("lacking %b: something was opened", tc.lacks)
		}
	}
	// Granted again, it opens; the Start of a lobby whose permission went missing meanwhile is
	// refused the same way.
	h.fake.SetAppPermissions(testChannel, allTablePermissions)
	lobby := h.startIn(in, ada, testChannel, "fits")
	lobby, err := h.clickIn(in, ben, testChannel, lobby, mustFind(t, lobby, verbJoin, ""))
	if err != nil {
		t.Fatal(err)
	}
	h.fake.SetAppPermissions(testChannel, allTablePermissions&^permCreatePublicThreads)
	h.refuse(in, ada, h.fake.Click(at(ada, testChannel).On(lobby), mustFind(t, lobby, verbStart, "").CustomID), "Create Public Threads")
	if len(h.fake.Threads(testChannel)) != 0 || h.tableAt(lobby.ID).Status != table.StatusLobby {
		t.Fatal("a refused Start started something")
	}
	h.lobbyAsWas(lobby)
}

// lobbyAsWas fails unless the lobby message still shows what it showed as lobby, buttons and all.
func (h *harness) lobbyAsWas(lobby fakediscord.Message) {
	h.t.Helper()
	now, ok := h.fake.Message(lobby.ID)
	if !ok || now.Content != lobby.Content || len(components(h.t, now)) != len(components(h.t, lobby)) {
		h.t.Fatalf("after a refusal the lobby shows %q, want it as it was: %q", now.Content, lobby.Content)
	}
}

// TestParentLobbyRefusal: a click refused on a lobby shown in its parent channel (keyed by its
// message) is refused by that lobby's table — not "no lobby here" of the channel's — to the
// clicker alone, in their language, and leaves the lobby as it was.
func TestParentLobbyRefusal(t *testing.T) {
	t.Parallel()
	h := threadsHarness(t)
	in := h.addBot("gateway")
	lobby := h.startIn(in, ada, testChannel, "fits")
	lobby, err := h.clickIn(in, ben, testChannel, lobby, mustFind(t, lobby, verbJoin, ""))
	if err != nil {
		t.Fatal(err)
	}
	h.refuse(in, ben, h.fake.Click(at(ben, testChannel).On(lobby), mustFind(t, lobby, verbAddAI, "").CustomID), "AI hráče může přidat jen zakladatel.")
	h.refuse(in, cid, h.fake.Click(at(cid, testChannel).On(lobby), mustFind(t, lobby, verbStart, "").CustomID), "Only the host can start the game.")
	if tab := h.tableAt(lobby.ID); tab.Status != table.StatusLobby || len(tab.Seats) != 2 {
		t.Fatalf("a refused click changed the lobby: %v, %d seats", tab.Status, len(tab.Seats))
	}
	h.lobbyAsWas(lobby)
}

// TestThreadName: a thread's name fits Discord's 100 characters whatever the players' names.
func TestThreadName(t *testing.T) {
	t.Parallel()
	h := newHarness(t, openBolt(t))
	b := h.addBot("http").bot
	long := strings.Repeat("Ďáblice ", 4)
	tb := &table.Table{Game: "ingenious", Seats: []table.SeatInfo{{Name: long}, {Name: long}, {Name: long}, {Name: long}}}
	if n := len([]rune(b.threadName(tb))); n > 100 {
		t.Fatalf("a thread name of %d characters", n)
	}
	tb.Seats = []table.SeatInfo{{Name: "Ada"}, {Name: "Ben"}, {Name: "Cyril"}}
	if got := b.threadName(tb); got != "Ingenious · Ada, Ben, Cyril" {
		t.Fatalf("thread name %q", got)
	}
}

// TestDecodeThreadChannel: an interaction from a thread is read as coming from a thread, with
// its parent; one without a channel object, or with one of another shape, from no known place.
func TestDecodeThreadChannel(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]place{
		`{"type":2,"channel_id":"5","channel":{"id":"5","type":11,"parent_id":"4"},"data":{"name":"start"}}`: {Type: discordgo.ChannelTypeGuildPublicThread, ParentID: "4"},
		`{"type":2,"channel_id":"5","channel":{"id":"5","type":0},"data":{"name":"start"}}`:                  {},
		`{"type":2,"channel_id":"5","data":{"name":"start"}}`:                                                {},
		`{"type":2,"channel":"x","data":{"name":"start"}}`:                                                   {},
	} {
		i, got, err := decodeInteractionIn([]byte(body))
		if err != nil || got != want || (strings.Contains(body, `"channel_id"`) && i.ChannelID != strconv.Itoa(5)) {
			t.Errorf("%s: %+v, %v; want %+v", body, got, err, want)
		}
		if got.thread() != (want.Type == discordgo.ChannelTypeGuildPublicThread) {
			t.Errorf("%s: thread %v", body, got.thread())
		}
	}
}
