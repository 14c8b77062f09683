package bot

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/store"
)

const boardPosts = "POST /channels/{id}/messages"

// TestBoardPostRetried: Discord answers a board post with 500 twice; the bot retries and the
// board appears once, mentioning the next player, and the mover sees only their confirmation.
func TestBoardPostRetried(t *testing.T) {
	t.Parallel()
	h, _ := newIngenious(t, ben.ID)
	before := len(h.fake.ChannelMessages(testChannel))
	tries := len(h.fake.Matching(boardPosts))
	h.fake.InjectError(boardPosts, 2, http.StatusInternalServerError, 0, "Internal Server Error")
	h.playTurn(firstChoice) // fails the test unless the mover sees "✅"
	if got := len(h.fake.ChannelMessages(testChannel)); got != before+1 {
		t.Fatalf("%d new board messages, want 1", got-before)
	}
	if got := len(h.fake.Matching(boardPosts)) - tries; got != 3 {
		t.Fatalf("%d board posts, want 2 failed and 1 retried", got)
	}
	if tb := h.table(); tb.Owed != nil || tb.Announced != len(tb.Record.Moves) {
		t.Fatalf("after the retried post: owed %+v, announced %d of %d", tb.Owed, tb.Announced, len(tb.Record.Moves))
	}
}

// TestOwedBoardPostedLater: Discord fails every board post for a while. The move stands, the
// mover sees no error, and the table owes the board; the next interaction on the table, or the
// scheduler, posts it once Discord answers again — with the move and a mention of the player
// who must act, not of the one who moved.
func TestOwedBoardPostedLater(t *testing.T) {
	t.Parallel()
	for _, via := range []string{"next interaction", "scheduler"} {
		t.Run(via, func(t *testing.T) {
			h := newHarness(t, openBolt(t))
			h.lease = 50 * time.Millisecond
			h.opts.PostRetries = 1
			in := h.addBot("gateway")
			h.startGame(in, ben.ID)
			before := len(h.fake.ChannelMessages(testChannel))
			mover := people[h.table().Seats[h.toAct()].User]
			h.fake.InjectError(boardPosts, 0, http.StatusInternalServerError, 0, "Internal Server Error")
			h.playTurn(firstChoice)
			tb := h.table()
			if tb.Owed == nil || len(h.fake.ChannelMessages(testChannel)) != before {
				t.Fatalf("a failed post left no owed board: %+v", tb.Owed)
			}
			next := people[tb.Seats[h.toAct()].User]
			h.fake.ClearErrors()
			time.Sleep(80 * time.Millisecond) // the mover's lease runs out
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			switch via {
			case "next interaction":
				ix := h.fake.SlashCommand(actor(next), "hand")
				if err := h.send(in, ix); err != nil {
					t.Fatal(err)
				}
			case "scheduler":
				in.bot.tick(ctx)
			}
			msgs, err := h.fake.WaitChannelMessages(ctx, testChannel, before+1)
			if err != nil {
				t.Fatalf("the owed board never came: %v", err)
			}
			board := msgs[before]
			if !strings.Contains(board.Content, "<@"+next.ID+">") || strings.Contains(board.Content, "<@"+mover.ID+">") {
				t.Fatalf("the late board mentions the wrong player: %q", board.Content)
			}
			waitFor(t, func() bool { tb := h.table(); return tb.Owed == nil })
			if got := len(h.fake.ChannelMessages(testChannel)); got != before+1 {
				t.Fatalf("%d boards posted, want 1", got-before)
			}
		})
	}
}

// toAct returns the seat that must act now.
func (h *harness) toAct() int {
	h.t.Helper()
	return int(h.state().ToAct()[0])
}

// waitFor waits up to 5 s for cond.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 5 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// heldStore holds every read until release is closed.
type heldStore struct {
	store.Store
	release chan struct{}
}

func (s heldStore) Load(ctx context.Context, channel string) (store.Table, error) {
	select {
	case <-s.release:
	case <-ctx.Done():
		return store.Table{}, ctx.Err()
	}
	return s.Store.Load(ctx, channel)
}

// TestAcknowledgedBeforeStorage: the HTTP endpoint answers Discord's POST with the deferral
// while the store has not even answered the handler's first read — acknowledging never waits
// for storage — and the answer follows once the store does.
func TestAcknowledgedBeforeStorage(t *testing.T) {
	t.Parallel()
	held := heldStore{Store: openBolt(t), release: make(chan struct{})}
	h := newHarness(t, held)
	in := h.addBot("http")
	ix := h.fake.SlashCommand(actor(ada), "start", fakediscord.SubCommand("ingenious"))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	reply, err := h.fake.PostInteraction(ctx, in.endpoint, ix)
	if err != nil || reply.Status != http.StatusOK {
		t.Fatalf("the endpoint did not answer while the store was held: %v %+v", err, reply)
	}
	var first struct {
		Type int `json:"type"`
	}
	if err := json.Unmarshal(reply.Body, &first); err != nil || first.Type != 5 {
		t.Fatalf("first response %s (%v), want type 5 (deferred channel message)", reply.Body, err)
	}
	close(held.release)
	if err := h.waitHandled(ix.ID); err != nil {
		t.Fatal(err)
	}
	if lobby := h.seen(ix); !strings.Contains(lobby.Content, "Ingenious") || lobby.Ephemeral() {
		t.Fatalf("the lobby after the deferral: %q", lobby.Content)
	}
}

// TestEditsOfOneInteractionDoNotBlockAnother: Discord is slow to answer the edit of one
// interaction's response; the edit of another interaction's response, in another channel,
// goes through meanwhile — edits are rate-limited per interaction token, not in one bucket.
func TestEditsOfOneInteractionDoNotBlockAnother(t *testing.T) {
	// Not parallel: it compares a fast edit (milliseconds) with a slow one (3 s).
	h, in := newBot(t, "gateway")
	const other = "900000000000000099"
	h.fake.SetChannel(fakediscord.Channel{ID: other, GuildID: testGuild, Name: "more-games"})
	lobby := h.openLobby(in)
	elsewhere := fakediscord.Actor{User: cid, GuildID: testGuild, ChannelID: other}
	ix := h.fake.SlashCommand(elsewhere, "start", fakediscord.SubCommand("fits"))
	if err := h.send(in, ix); err != nil {
		t.Fatal(err)
	}
	lobby2 := h.seen(ix)

	// Ben's join edits its lobby slowly; Ada's join elsewhere must not wait for it.
	slow := h.fake.Click(actor(ben).On(lobby), mustFind(t, lobby, verbJoin, "").CustomID)
	h.fake.InjectDelay("PATCH /webhooks/{app}/"+slow.Token+"/messages/{id}", 1, 3*time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.fake.DispatchInteraction(ctx, slow); err != nil {
		t.Fatal(err)
	}
	if _, err := h.fake.WaitResponse(ctx, slow.Token); err != nil { // acknowledged; now editing
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	fast := h.fake.Click(fakediscord.Actor{User: ada, GuildID: testGuild, ChannelID: other}.On(lobby2), mustFind(t, lobby2, verbJoin, "").CustomID)
	began := time.Now()
	if err := h.send(in, fast); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(began); took > 2*time.Second {
		t.Fatalf("the fast edit waited %v behind the slow one", took)
	}
	if err := h.waitHandled(slow.ID); err != nil {
		t.Fatal(err)
	}
}

// TestClickStorm: forty identical clicks of the same commit arrive at once; exactly one move is
// applied, everyone is answered, and the thirty-nine late clicks cost no drawing: each either
// waited for the click still in flight (a repeat, answered by its edit of the same panel) or
// was shown a panel from the cache.
func TestClickStorm(t *testing.T) {
	t.Parallel()
	h := newHarness(t, openBolt(t))
	reg := prometheus.NewRegistry()
	h.opts.Metrics = reg
	in := h.addBot("http")
	h.startGame(in, ben.ID)
	panel, u := h.toConfirm(in)
	commit := mustFind(t, panel, verbCommit, "")
	before := playerMoves(h.table())
	const n = 40
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ix := h.fake.Click(actor(u).On(panel), commit.CustomID)
			if err := h.send(in, ix); err != nil {
				t.Errorf("a click was answered with an error: %v", err)
			}
		}()
	}
	wg.Wait()
	if got := playerMoves(h.table()) - before; got != 1 {
		t.Fatalf("%d moves applied for %d identical clicks", got, n)
	}
	counted := map[string]float64{}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if name := f.GetName(); name == "tablebot_panel_cache_hits_total" || name == "tablebot_repeated_clicks_total" {
			counted[name] = f.GetMetric()[0].GetCounter().GetValue()
		}
	}
	if cheap := counted["tablebot_panel_cache_hits_total"] + counted["tablebot_repeated_clicks_total"]; cheap < n-5 {
		t.Fatalf("only %v of %d late clicks were answered without drawing (%v)", cheap, n-1, counted)
	}
	if m, ok := h.fake.Message(panel.ID); !ok || !strings.HasPrefix(m.Content, "✅") {
		t.Fatalf("the panel shows %q after the storm, want the move's confirmation", m.Content)
	}
}

// TestRepeatKey: only a click whose answer replaces the clicked message can repeat another, and
// only the same user's click of the same button (with the same choice in a menu) on the same
// message.
func TestRepeatKey(t *testing.T) {
	click := func(user, message, customID string, values ...string) *discordgo.Interaction {
		return &discordgo.Interaction{Type: discordgo.InteractionMessageComponent,
			Member:  &discordgo.Member{User: &discordgo.User{ID: user}},
			Message: &discordgo.Message{ID: message},
			Data:    discordgo.MessageComponentInteractionData{CustomID: customID, Values: values}}
	}
	// The user is the caller's, as Handle reads it for the call.
	key := func(i *discordgo.Interaction, how ack) (string, bool) {
		user := ""
		if i.Member != nil {
			user = i.Member.User.ID
		}
		return repeatKey(i, how, user)
	}
	a, ok := key(click("1", "m", "ingenious/4/commit/x"), ackUpdate)
	if !ok {
		t.Fatal("a click answered by an update has no key")
	}
	if b, _ := key(click("1", "m", "ingenious/4/commit/x"), ackUpdate); b != a {
		t.Errorf("the same click has keys %q and %q", a, b)
	}
	for name, other := range map[string]*discordgo.Interaction{
		"another user":    click("2", "m", "ingenious/4/commit/x"),
		"another message": click("1", "n", "ingenious/4/commit/x"),
		"another button":  click("1", "m", "ingenious/4/draft/x"),
		"another choice":  click("1", "m", "ingenious/4/commit/x", "2"),
	} {
		if b, _ := key(other, ackUpdate); b == a {
			t.Errorf("%s has the same key %q", name, a)
		}
	}
	if _, ok := key(click("1", "m", "ingenious/4/turn/"), ackEphemeral); ok {
		t.Error("a click answered by a new message has a key: its answer cannot be shared")
	}
	if _, ok := key(&discordgo.Interaction{Type: discordgo.InteractionMessageComponent, Data: discordgo.MessageComponentInteractionData{CustomID: "x"}}, ackUpdate); ok {
		t.Error("a click without its message has a key")
	}
}
