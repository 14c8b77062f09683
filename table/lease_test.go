package table

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

// bothStores runs test on the embedded store and on Redis.
func bothStores(t *testing.T, test func(t *testing.T, st store.Store)) {
	for _, k := range storetest.Kinds() {
		t.Run(k.Name, func(t *testing.T) { test(t, k.Open(t)) })
	}
}

// leased is a Service ("process") on st whose task leases last lease.
func leased(t *testing.T, st store.Store, clk *clock, lease time.Duration) *Service {
	t.Helper()
	s, err := New(st, testGames(), Options{Seed: 7, Now: clk.Now, TaskLease: lease, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDeadlineOfADeadProcess: a process claims a deadline and dies before its work is saved
// (it never acknowledges). The deadline waits out the lease — no other process takes it while
// the lease is live — then another process claims it and the AI moves once; the dead claim's
// acknowledgement fails, and working the deadline a second time changes nothing.
func TestDeadlineOfADeadProcess(t *testing.T) {
	bothStores(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		clk := newClock()
		dead, live := leased(t, st, clk, time.Minute), leased(t, st, clk, time.Minute)
		out := startedPace(t, dead, "ingenious", Pace{Per: time.Hour}, ben)
		seat := out.State.ToAct()[0]
		clk.Add(time.Hour)
		claimed := due(t, dead, clk, TaskDeadline)
		if len(claimed) != 1 || claimed[0].Seat != seat {
			t.Fatalf("deadlines claimed: %+v", claimed)
		}
		// The process dies here. Within its lease, nobody else takes the deadline.
		clk.Add(time.Minute - time.Millisecond)
		if got := due(t, live, clk, TaskDeadline); len(got) != 0 {
			t.Fatalf("a deadline under a live lease was claimed again: %+v", got)
		}
		clk.Add(time.Millisecond)
		again := due(t, live, clk, TaskDeadline)
		if len(again) != 1 || again[0].Seat != seat || again[0].Rev != claimed[0].Rev {
			t.Fatalf("after the lease, deadlines claimed: %+v", again)
		}
		d, err := live.Deadline(ctx, channel, again[0].Rev, again[0].Seat)
		if err != nil || !d.Fired {
			t.Fatalf("the deadline after the lease: %+v %v", d, err)
		}
		if err := live.Done(ctx, again[0]); err != nil {
			t.Fatal(err)
		}
		if err := dead.Done(ctx, claimed[0]); !errors.Is(err, store.ErrLeaseLost) {
			t.Fatalf("the dead claim's Done: %v, want ErrLeaseLost", err)
		}
		// Worked a second time (a process that only seemed dead): a no-op.
		if d, err := dead.Deadline(ctx, channel, claimed[0].Rev, claimed[0].Seat); err != nil || d.Fired {
			t.Fatalf("the deadline worked twice: %+v %v", d, err)
		}
		tb, _ := live.Load(ctx, channel)
		var byAI int
		for _, m := range tb.Record.Moves {
			if m.Seat == seat && m.By == games.ByAI {
				byAI++
			}
		}
		if byAI != 1 {
			t.Fatalf("%d moves by the AI for the seat, want 1", byAI)
		}
		clk.Add(time.Hour / 4)
		if got := due(t, live, clk, TaskDeadline); len(got) != 0 {
			t.Fatalf("the acknowledged deadline came back: %+v", got)
		}
	})
}

// TestDeadlineHandedBack: a task released at a stop is due again at once, for any process.
func TestDeadlineHandedBack(t *testing.T) {
	bothStores(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		clk := newClock()
		stopping, other := leased(t, st, clk, time.Hour), leased(t, st, clk, time.Hour)
		startedPace(t, stopping, "ingenious", Pace{Per: time.Hour}, ben)
		clk.Add(time.Hour)
		held := oneDue(t, stopping, clk, TaskDeadline)
		if err := stopping.Release(ctx, held, clk.Now()); err != nil {
			t.Fatal(err)
		}
		back := due(t, other, clk, TaskDeadline)
		if len(back) != 1 || back[0].Rev != held.Rev {
			t.Fatalf("after the hand-back, deadlines claimed: %+v", back)
		}
		if d, err := other.Deadline(ctx, channel, back[0].Rev, back[0].Seat); err != nil || !d.Fired {
			t.Fatalf("the handed-back deadline: %+v %v", d, err)
		}
	})
}

// brokenSchedule is a store whose Schedule fails while broken is set: what a process that dies
// right after a move's write leaves behind (the move saved, its follow-ups never queued).
type brokenSchedule struct {
	store.Store
	mu     sync.Mutex
	broken bool
}

func (b *brokenSchedule) Schedule(ctx context.Context, key string, at time.Time) error {
	b.mu.Lock()
	broken := b.broken
	b.mu.Unlock()
	if broken {
		return errors.New("the process died")
	}
	return b.Store.Schedule(ctx, key, at)
}

// TestDeadlineDiedAfterItsWrite: the AI's move at a deadline is saved, but the process dies
// before it queues the next decision's deadline and the check of the board it owes. The
// deadline comes back after its lease; working it again moves nothing but queues what the
// first working did not, so the game goes on: the next player's deadline fires, and the board
// reposted says what the first would have said, the AI's move marked.
func TestDeadlineDiedAfterItsWrite(t *testing.T) {
	bothStores(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		clk := newClock()
		flaky := &brokenSchedule{Store: st}
		dead, live := leased(t, flaky, clk, time.Minute), leased(t, st, clk, time.Minute)
		out := startedPace(t, dead, "ingenious", Pace{Per: time.Hour}, ben)
		seat := out.State.ToAct()[0]
		clk.Add(time.Hour)
		claimed := oneDue(t, dead, clk, TaskDeadline)
		flaky.broken = true
		d, err := dead.Deadline(ctx, channel, claimed.Rev, claimed.Seat)
		if err != nil || !d.Fired || !d.Outcome.Announce {
			t.Fatalf("the deadline: %+v %v", d, err)
		}
		flaky.broken = false
		next := d.Outcome.State.ToAct()[0]
		clk.Add(time.Minute) // the dead process's lease runs out
		again := oneDue(t, live, clk, TaskDeadline)
		if d, err := live.Deadline(ctx, channel, again.Rev, again.Seat); err != nil || d.Fired {
			t.Fatalf("the deadline worked twice: %+v %v", d, err)
		}
		if err := live.Done(ctx, again); err != nil {
			t.Fatal(err)
		}
		// The owed board, reposted by another process, keeps the deadline's line and the 🤖.
		clk.Add(time.Minute)
		oneDue(t, live, clk, TaskAnnounce)
		o, err := live.ClaimAnnouncement(ctx, channel)
		if err != nil || o == nil {
			t.Fatalf("claim the owed board: %+v %v", o, err)
		}
		name := o.Table.Seats[seat].Name
		if o.Table.Owed.Lead == nil || *o.Table.Owed.Lead != DeadlineLead(name) {
			t.Fatalf("the owed board's line: %+v, want %+v", o.Table.Owed.Lead, DeadlineLead(name))
		}
		var aiSteps int
		for _, step := range o.Board {
			if step.Seat == seat && step.Auto {
				aiSteps++
			}
		}
		if aiSteps != 1 {
			t.Fatalf("%d of the reposted board's steps are the AI's for the seat, want 1: %+v", aiSteps, o.Board)
		}
		// The next player's deadline was queued again: it fires on time.
		clk.Add(time.Hour - 2*time.Minute)
		deadlines := due(t, live, clk, TaskDeadline)
		if len(deadlines) != 1 || deadlines[0].Seat != next {
			t.Fatalf("the next player's deadline: %+v", deadlines)
		}
		if d, err := live.Deadline(ctx, channel, deadlines[0].Rev, deadlines[0].Seat); err != nil || !d.Fired {
			t.Fatalf("the next player's deadline: %+v %v", d, err)
		}
	})
}

// TestStaleReminderNotSent: a reminder that comes due while the bot is down, and is worked
// only after the deadline passed, is not sent; the deadline fires.
func TestStaleReminderNotSent(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := newService(t, storetest.OpenBolt(t), clk)
	startedPace(t, s, "ingenious", Pace{Per: time.Hour}, ben)
	clk.Add(3 * time.Hour) // the bot was down
	reminder := oneDue(t, s, clk, TaskRemind)
	if r, err := s.Remind(ctx, channel, reminder.Rev, reminder.Seat); err != nil || r != nil {
		t.Fatalf("a reminder past its deadline: %+v %v", r, err)
	}
	deadline := oneDue(t, s, clk, TaskDeadline)
	if d, err := s.Deadline(ctx, channel, deadline.Rev, deadline.Seat); err != nil || !d.Fired {
		t.Fatalf("the deadline: %+v %v", d, err)
	}
	// Just before the deadline, the reminder is still sent.
	s2 := newService(t, storetest.OpenBolt(t), clk)
	startedPace(t, s2, "ingenious", Pace{Per: time.Hour}, ben)
	clk.Add(time.Hour - time.Millisecond)
	reminder = oneDue(t, s2, clk, TaskRemind)
	if r, err := s2.Remind(ctx, channel, reminder.Rev, reminder.Seat); err != nil || r == nil {
		t.Fatalf("a late reminder before its deadline: %+v %v", r, err)
	}
}
