package bot

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// bensTurn starts a game at a one-hour pace in which Ben must act now.
func bensTurn(t *testing.T, h *harness, in *instance) {
	t.Helper()
	lobby := h.openLobby(in, fakediscord.StringOption("pace", time.Hour.String()))
	h.seatAndStart(in, lobby, ben.ID)
	if h.toAct() == 0 {
		h.playTurn(firstChoice)
	}
	if h.toAct() != 1 {
		t.Fatal("Ben is not to act")
	}
}

// aiMovesFor counts the moves the AI made for seat.
func aiMovesFor(h *harness, seat games.Seat) int {
	n := 0
	for _, m := range h.table().Record.Moves {
		if m.Seat == seat && m.By == games.ByAI {
			n++
		}
	}
	return n
}

// benDecidedOnce fails the test unless the channel's one message since the first before is
// the board of Ben's deadline (the AI decided for him) and the AI made one move for Ben; it
// returns that board.
func (h *harness) benDecidedOnce(before int, when string) fakediscord.Message {
	h.t.Helper()
	msgs := h.fake.ChannelMessages(testChannel)[before:]
	if len(msgs) != 1 || !strings.Contains(msgs[0].Content, "Ben's time ran out — the AI decided for Ben") {
		h.t.Fatalf("%s: %q, want the deadline's board once", when, contents(msgs))
	}
	if n := aiMovesFor(h, 1); n != 1 {
		h.t.Fatalf("%s: %d AI moves for Ben, want 1", when, n)
	}
	return msgs[0]
}

// TestDeadlineOfADeadBot: a bot process claims Ben's deadline (and the reminder that came due
// while the bots were down) and dies before doing anything. While its lease lasts, the other
// process leaves the deadline alone; once it has run out, the other process works it, once:
// one AI move for Ben and one board saying so, and no reminder after the deadline.
func TestDeadlineOfADeadBot(t *testing.T) {
	t.Parallel()
	for name, open := range map[string]func(testing.TB) store.Store{"bolt": openBolt, "redis": openRedis} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := asyncHarness(t, open)
			h.taskLease = time.Minute
			dead := h.addBot("gateway")
			bensTurn(t, h, dead)
			h.addBot("http")
			before := len(h.fake.ChannelMessages(testChannel))
			h.clock.Add(2 * time.Hour) // the bots were down past Ben's deadline
			claimed, err := dead.bot.tables.Due(context.Background(), h.clock.Now(), 10)
			if err != nil || len(claimed) == 0 {
				t.Fatalf("the dying process claimed %v, %v", claimed, err)
			}
			dead.session.Close()
			h.bots = h.bots[1:]
			h.clock.Add(time.Minute - time.Millisecond)
			h.tickAll()
			if got := len(h.fake.ChannelMessages(testChannel)); got != before {
				t.Fatalf("%d messages while the dead process's lease lasts: %q", got-before, contents(h.fake.ChannelMessages(testChannel)[before:]))
			}
			h.clock.Add(time.Millisecond)
			h.tickAll()
			h.clock.Add(time.Minute)
			h.tickAll()
			if board := h.benDecidedOnce(before, "after the lease"); !strings.Contains(board.Content, "🤖") {
				t.Fatalf("after the lease: %q, want the deadline's board", board.Content)
			}
		})
	}
}

// holdSave is a store whose first Save after arm waits for release (or for its context's end):
// a deadline's write under way when the bot is told to stop.
type holdSave struct {
	store.Store
	armed   atomic.Bool
	entered chan struct{}
	release chan struct{}
}

func (s *holdSave) arm() {
	s.entered, s.release = make(chan struct{}), make(chan struct{})
	s.armed.Store(true)
}

func (s *holdSave) Save(ctx context.Context, channel string, data []byte, expect store.Revision) (store.Revision, error) {
	if s.armed.CompareAndSwap(true, false) {
		close(s.entered)
		select {
		case <-s.release:
		case <-ctx.Done():
			return 0, fmt.Errorf("held save: %w", ctx.Err())
		}
	}
	return s.Store.Save(ctx, channel, data, expect)
}

// TestStopDuringADeadline: the bot is stopped (SIGTERM) while a deadline's AI move is being
// saved. Given the time, the save completes and the board is posted; cut short, the deadline
// is handed back and another process works it at once. Either way Ben gets one AI move and
// one board.
func TestStopDuringADeadline(t *testing.T) {
	t.Parallel()
	for _, finish := range []bool{true, false} {
		t.Run(fmt.Sprintf("finish=%v", finish), func(t *testing.T) {
			t.Parallel()
			held := &holdSave{}
			h := asyncHarness(t, func(tb testing.TB) store.Store { held.Store = openBolt(tb); return held })
			h.opts.StopGrace = time.Hour
			if !finish {
				h.opts.StopGrace = 50 * time.Millisecond
			}
			in := h.addBot("gateway")
			bensTurn(t, h, in)
			before := len(h.fake.ChannelMessages(testChannel))
			h.clock.Add(time.Hour)
			held.arm()
			ctx, stop := context.WithCancel(context.Background())
			stopped := make(chan struct{})
			go func() { defer close(stopped); in.bot.RunScheduler(ctx, time.Hour) }()
			select {
			case <-held.entered:
			case <-time.After(10 * time.Second):
				t.Fatal("the deadline's save never began")
			}
			stop() // SIGTERM
			if finish {
				time.Sleep(20 * time.Millisecond)
				close(held.release)
			}
			select {
			case <-stopped:
			case <-time.After(10 * time.Second):
				t.Fatal("the scheduler did not stop")
			}
			if finish {
				if n := aiMovesFor(h, 1); n != 1 {
					t.Fatalf("the save did not complete at the stop: %d AI moves for Ben", n)
				}
			} else if n := aiMovesFor(h, 1); n != 0 {
				t.Fatalf("%d AI moves saved by a cut-short save", n)
			}
			// A new process on the store, at once: it finds the deadline only if it was handed back.
			in.session.Close()
			h.bots = nil
			h.addBot("gateway")
			h.tickAll()
			h.clock.Add(5 * time.Minute)
			h.tickAll()
			h.benDecidedOnce(before, "boards after the stop")
		})
	}
}

// failSave is a store whose Saves fail, as a store that does not answer, while down is set.
type failSave struct {
	store.Store
	down atomic.Bool
}

func (s *failSave) Save(ctx context.Context, channel string, data []byte, expect store.Revision) (store.Revision, error) {
	if s.down.Load() {
		return 0, fmt.Errorf("save: %w", store.ErrUnavailable)
	}
	return s.Store.Save(ctx, channel, data, expect)
}

// TestDeadlineRetriedAfterAStoreOutage: a deadline whose save fails because the store does not
// answer is not lost: it is due again half a minute later, and then fires once.
func TestDeadlineRetriedAfterAStoreOutage(t *testing.T) {
	t.Parallel()
	flaky := &failSave{}
	h := asyncHarness(t, func(tb testing.TB) store.Store { flaky.Store = openBolt(tb); return flaky })
	in := h.addBot("gateway")
	bensTurn(t, h, in)
	before := len(h.fake.ChannelMessages(testChannel))
	h.clock.Add(time.Hour)
	flaky.down.Store(true)
	h.tickAll()
	flaky.down.Store(false)
	if n := aiMovesFor(h, 1); n != 0 || len(h.fake.ChannelMessages(testChannel)) != before {
		t.Fatalf("during the outage: %d AI moves, %d messages", n, len(h.fake.ChannelMessages(testChannel))-before)
	}
	h.tickAll()
	if got := len(h.fake.ChannelMessages(testChannel)); got != before {
		t.Fatal("the failed deadline was retried at once, not after a pause")
	}
	h.clock.Add(retryDelay)
	h.tickAll()
	h.clock.Add(time.Minute)
	h.tickAll()
	msgs := h.fake.ChannelMessages(testChannel)[before:]
	if len(msgs) != 1 || !strings.Contains(msgs[0].Content, "Ben's time ran out") || aiMovesFor(h, 1) != 1 {
		t.Fatalf("after the outage: %q, %d AI moves", contents(msgs), aiMovesFor(h, 1))
	}
}

// TestReminderOfADeadBot: a bot process posts Ben's reminder (in the channel and by direct
// message) and dies before recording it. The reminder task comes back after its lease; the
// other process prepares the same reminder and posts it under the same nonces, so Ben sees
// one reminder in the channel and one direct message.
func TestReminderOfADeadBot(t *testing.T) {
	t.Parallel()
	flaky := &failSave{}
	h := asyncHarness(t, func(tb testing.TB) store.Store { flaky.Store = openBolt(tb); return flaky })
	h.taskLease = time.Minute
	dead := h.addBot("gateway")
	bensTurn(t, h, dead)
	ix := h.fake.SlashCommand(actor(ben), "notify", fakediscord.BooleanOption("dm", true))
	if err := h.send(dead, ix); err != nil {
		t.Fatal(err)
	}
	h.addBot("http")
	before := len(h.fake.ChannelMessages(testChannel))
	h.clock.Add(30 * time.Minute)
	ctx := context.Background()
	claimed, err := dead.bot.tables.Due(ctx, h.clock.Now(), 10)
	if err != nil {
		t.Fatal(err)
	}
	var worked bool
	for _, task := range claimed {
		if task.Kind == table.TaskRemind {
			flaky.down.Store(true) // the process dies right after posting: nothing is recorded
			if err := dead.bot.remind(ctx, dead.bot.log, task); err != nil {
				t.Fatal(err)
			}
			flaky.down.Store(false)
			worked = true
		}
	}
	if !worked {
		t.Fatalf("no reminder claimed: %+v", claimed)
	}
	dead.session.Close()
	h.bots = h.bots[1:]
	if got := len(h.fake.ChannelMessages(testChannel)); got != before+1 {
		t.Fatalf("%d messages from the dying process, want its reminder", got-before)
	}
	h.clock.Add(time.Minute)
	h.tickAll()
	h.clock.Add(time.Minute)
	h.tickAll()
	msgs := h.fake.ChannelMessages(testChannel)[before:]
	if len(msgs) != 1 || !strings.Contains(msgs[0].Content, "<@"+ben.ID+">") {
		t.Fatalf("reminders in the channel: %q, want one", contents(msgs))
	}
	dm, _ := h.fake.DMChannel(ben.ID)
	if got := h.fake.ChannelMessages(dm); len(got) != 1 {
		t.Fatalf("reminders by DM: %q, want one", contents(got))
	}
	if tb := h.table(); tb.Reminded[1] == 0 {
		t.Fatal("the reminder was not recorded by the process that took over")
	}
}
