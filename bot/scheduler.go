package bot

import (
	"context"
	"time"

	"github.com/tablebot/tablebot/table"
)

// backgroundTimeout bounds work the bot does after an interaction was answered, or for the
// scheduler.
const backgroundTimeout = 30 * time.Second

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
		b.background(func(ctx context.Context) { b.repost(ctx, channel) })
	}
}

// RunScheduler claims due work from the store's queue every interval until ctx ends: board
// messages still owed after their poster's lease ran out (a failed post, or a process that
// stopped mid-way), also those left from before a restart. Each task goes to exactly one
// process.
func (b *Bot) RunScheduler(ctx context.Context, interval time.Duration) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		b.tick(ctx)
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// tick does the work due now.
func (b *Bot) tick(ctx context.Context) {
	tctx, cancel := context.WithTimeout(ctx, backgroundTimeout)
	defer cancel()
	tasks, err := b.tables.Due(tctx, b.tables.Now(), 50)
	if err != nil {
		b.log.Warn("could not claim due work", "err", err)
		return
	}
	for _, task := range tasks {
		log := b.log.With("channel", task.Channel, "task", task.Kind, "seat", int(task.Seat), "revision", uint64(task.Rev))
		switch task.Kind {
		case table.TaskAnnounce:
			b.repost(tctx, task.Channel)
		case table.TaskRemind:
			b.remind(tctx, log, task)
		case table.TaskDeadline:
			b.deadline(tctx, log, task)
		}
	}
}
