package bot

import (
	"context"
	"runtime"
	"sync"
	"time"

	"github.com/tablebot/tablebot/table"
)

// backgroundTimeout bounds work the bot does after an interaction was answered.
const backgroundTimeout = 30 * time.Second

// retryDelay is how long a task whose work failed on a store or Discord that did not answer
// waits before it is due again.
const retryDelay = 30 * time.Second

// settleTimeout bounds the store call that acknowledges or hands back a task.
const settleTimeout = 5 * time.Second

// background runs work after the interaction that caused it, bounded by backgroundTimeout;
// Wait waits for it at shutdown.
func (b *Bot) background(work func(ctx context.Context)) {
	b.inflight.wg.Add(1)
	go func() {
		defer b.inflight.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), backgroundTimeout)
		defer cancel()
		work(ctx)
	}()
}

// repostIfOwed posts, in the background, the board message t owes its channel when nobody is
// posting it: the next interaction on a table repairs a post that failed.
func (b *Bot) repostIfOwed(c *call, t *table.Table) {
	if t != nil && t.OwesBoard(b.tables.Now()) {
		channel := t.Channel
		b.background(func(ctx context.Context) { _ = b.repost(ctx, channel) })
	}
}

// sched is the scheduler's pool: a slot per due task being worked.
type sched struct {
	slots   chan struct{}
	timeout time.Duration
	grace   time.Duration
	// running counts the tasks being worked, for RunScheduler's stop.
	running sync.WaitGroup
}

func newSched(workers int, timeout, grace time.Duration) sched {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if timeout <= 0 {
		timeout = time.Minute
	}
	if grace <= 0 {
		grace = 8 * time.Second
	}
	return sched{slots: make(chan struct{}, workers), timeout: timeout, grace: grace}
}

// RunScheduler works the due tasks of the store's queue until ctx ends: reminders, deadlines,
// and board messages still owed after their poster's lease ran out, also those left from
// before a restart. Every interval it claims what is due, as many tasks at a time as the pool
// has free workers (Options.TaskWorkers), and works each on its own worker under its own time
// limit (Options.TaskTimeout), so that one slow AI search holds up nothing else. A deadline's
// AI search waits for a search slot of due work, never an interaction's, and is played a level
// lower when it starts late (table.StepDown), so a burst neither starves clicks nor drifts.
//
// A claimed task is this process's alone under a lease that is renewed while it runs, and it
// stays in the queue until its work is saved: a process that dies mid-task loses nothing, as
// its claims come back when their leases run out. The work is detached from ctx, so that a stop
// (SIGTERM) does not fail a save half-way: once ctx ends, RunScheduler claims nothing more,
// lets the tasks it holds finish within Options.StopGrace, then cuts the rest short and hands
// them back to the queue, due again at once, before it returns.
func (b *Bot) RunScheduler(ctx context.Context, interval time.Duration) {
	hard, abandon := context.WithCancel(context.WithoutCancel(ctx))
	defer abandon()
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for ctx.Err() == nil {
		b.claimAndWork(ctx, hard)
		select {
		case <-ctx.Done():
		case <-ticker.C:
		}
	}
	done := make(chan struct{})
	go func() { b.sched.running.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(b.sched.grace):
		b.log.Warn("tasks still running at stop: handing them back")
		abandon()
		<-done
	}
}

// tick works everything due now (tests): it returns once every due task was claimed and
// started; Wait waits for them.
func (b *Bot) tick(ctx context.Context) { b.claimAndWork(ctx, context.WithoutCancel(ctx)) }

// claimAndWork claims the tasks due now, as many as the pool has free workers, and starts
// them under work (a context detached from ctx), until none is due or ctx ends; it waits for
// a free worker when all are busy.
func (b *Bot) claimAndWork(ctx, work context.Context) {
	for {
		select {
		case b.sched.slots <- struct{}{}:
		case <-ctx.Done():
			return
		}
		free := 1
	more:
		for free < cap(b.sched.slots) {
			select {
			case b.sched.slots <- struct{}{}:
				free++
			default:
				break more
			}
		}
		cctx, cancel := context.WithTimeout(ctx, settleTimeout)
		tasks, err := b.tables.Due(cctx, b.tables.Now(), free)
		cancel()
		if err != nil {
			for range free {
				<-b.sched.slots
			}
			if ctx.Err() == nil {
				b.log.Warn("could not claim due work", "err", err)
			}
			return
		}
		for range free - len(tasks) {
			<-b.sched.slots
		}
		for _, task := range tasks {
			b.inflight.wg.Add(1)
			b.sched.running.Add(1)
			go func() {
				defer func() { <-b.sched.slots; b.sched.running.Done(); b.inflight.wg.Done() }()
				b.work(work, task)
			}()
		}
		if len(tasks) < free {
			return
		}
	}
}

// work does one claimed task under its own time limit, renewing its lease while it runs, then
// acknowledges it, or hands it back when the work did not get saved (the stop cut it short,
// or the store did not answer).
func (b *Bot) work(parent context.Context, task table.Task) {
	log := b.log.With("channel", task.Channel, "task", task.Kind, "seat", int(task.Seat), "revision", uint64(task.Rev))
	log.Debug("working a due task")
	ctx, cancel := context.WithTimeout(parent, b.sched.timeout)
	defer cancel()
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		t := time.NewTicker(b.tables.TaskLease() / 3)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := b.tables.RenewTask(ctx, task); err != nil && ctx.Err() == nil {
					log.Warn("could not renew a task's lease", "err", err)
				}
			}
		}
	}()
	var err error
	switch task.Kind {
	case table.TaskAnnounce:
		err = b.repost(ctx, task.Channel)
	case table.TaskRemind:
		err = b.remind(ctx, log, task)
	case table.TaskDeadline:
		err = b.deadline(ctx, log, task)
	}
	cancel()
	<-renewed
	sctx, scancel := context.WithTimeout(context.WithoutCancel(parent), settleTimeout)
	defer scancel()
	result := "done"
	switch {
	case err != nil && (parent.Err() != nil || table.Retriable(err)):
		at := b.tables.Now()
		if parent.Err() == nil {
			at, result = at.Add(retryDelay), "retried"
		} else {
			result = "handed_back"
		}
		log.Warn("a task's work was not saved: it is handed back", "err", err, "due", at)
		if rerr := b.tables.Release(sctx, task, at); rerr != nil {
			log.Warn("could not hand a task back; it comes back when its lease runs out", "err", rerr)
		}
	case err != nil:
		result = "failed"
		log.Error("a task failed", "err", err)
		fallthrough
	default:
		if aerr := b.tables.Done(sctx, task); aerr != nil {
			if table.LeaseLost(aerr) {
				result = "lease_lost"
			}
			log.Warn("could not acknowledge a task", "err", aerr)
		}
	}
	b.metrics.tasks.WithLabelValues(task.Kind, result).Inc()
}
