package bot

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/store"
)

const boardPosts = "POST /channels/{id}/messages"

// TestBoardPostRetried: Discord answers a board post with 500 twice; the bot retries and the
// board appears once, mentioning the next player, and the mover sees only their confirmation.
func TestBoardPostRetried(t *testing.T) {
	h := newHarness(t, openBolt(t))
	in := h.addBot("gateway")
	h.startGame(in, ben.ID)
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
	st, err := h.bots[0].bot.tables.State(h.table())
	if err != nil {
		h.t.Fatal(err)
	}
	return int(st.ToAct()[0])
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

// slowStore delays every read by delay.
type slowStore struct {
	store.Store
	delay time.Duration
}

func (s slowStore) Load(ctx context.Context, channel string) (store.Table, error) {
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return store.Table{}, ctx.Err()
	}
	return s.Store.Load(ctx, channel)
}

// TestSlowStoreDeferred: when the store is slow, every handler is acknowledged by the
// middleware before its answer is ready, so Discord never shows "This interaction failed";
// the answer then replaces the acknowledgement.
func TestSlowStoreDeferred(t *testing.T) {
	h := newHarness(t, slowStore{Store: openBolt(t), delay: 300 * time.Millisecond})
	h.opts.DeferAfter = 50 * time.Millisecond
	in := h.addBot("http")
	ix := h.fake.SlashCommand(actor(ada), "start", fakediscord.SubCommand("ingenious"))
	if err := h.send(in, ix); err != nil {
		t.Fatal(err)
	}
	responses := h.fake.Responses(ix.Token)
	if len(responses) < 2 {
		t.Fatalf("%d responses, want a deferral then the lobby", len(responses))
	}
	var first struct {
		Type int `json:"type"`
	}
	if err := responses[0].Decode(&first); err != nil || first.Type != 5 {
		t.Fatalf("first response type %d (%v), want 5 (deferred channel message)", first.Type, err)
	}
	if lobby := h.seen(ix); !strings.Contains(lobby.Content, "Ingenious") || lobby.Ephemeral() {
		t.Fatalf("the lobby after the deferral: %q", lobby.Content)
	}
}
