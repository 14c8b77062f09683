package loadtest

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/images"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// seedWorkers is how many tables are seeded at once (the embedded store commits concurrent
// writes together; Redis overlaps their round trips).
const seedWorkers = 16

// asyncPlan is what the seeding arranged: when due work starts falling due, and what falls
// due in the run.
type asyncPlan struct {
	t0     time.Time
	duties []*duty
}

// seedJob is one table to seed: game g, whose first decision began at begun (so that its
// deadline is begun plus the pace); reminded marks its reminder as sent already.
type seedJob struct {
	g        int
	begun    time.Time
	reminded bool
}

// seeder seeds tables through a referee whose clock it sets for each table.
type seeder struct {
	st     store.Store
	tables *table.Service
	pace   table.Pace
	now    time.Time
}

// seed opens the store and seeds cfg.Tables tables, their players away, as RunAsync
// describes: first the idle ones (their due work after the run), then those whose deadline or
// reminder falls due in the run, from a start t0 far enough ahead for the bots to start.
func seed(ctx context.Context, r *run, cfg AsyncConfig, rep *AsyncReport) (*asyncPlan, error) {
	st, err := cfg.Process.Store(ctx)
	if err != nil {
		return nil, fmt.Errorf("loadtest: open the store to seed: %w", err)
	}
	defer st.Close()
	bytes0 := storeBytes(ctx, cfg, r)
	per := time.Duration(float64(cfg.Tables) / cfg.DueRate * float64(time.Second)).Round(time.Second)
	step := time.Duration(float64(time.Second) / cfg.DueRate)
	active := int(math.Ceil(cfg.DueRate * cfg.Duration.Seconds()))
	start := time.Now()
	var idle []seedJob
	for j := range cfg.Tables - 2*active {
		// Due two paces from now and later: after the run, whatever the seeding takes.
		idle = append(idle, seedJob{g: cfg.Live + 2*active + j, begun: start.Add(per + time.Duration(j)*step)})
	}
	if err := seedAll(ctx, r, st, table.Pace{Per: per}, idle); err != nil {
		return nil, err
	}
	perTable := 50 * time.Millisecond
	if len(idle) > 0 {
		perTable = time.Since(start) / time.Duration(len(idle))
	}
	// The bots start, and the live games open, within lead.
	lead := 20*time.Second + time.Duration(cfg.Live)*2*time.Second + 3*perTable*time.Duration(2*active)/2
	plan := &asyncPlan{t0: time.Now().Add(lead)}
	var jobs []seedJob
	for k := range active {
		due := plan.t0.Add(step/2 + time.Duration(k)*step)
		// A deadline in the run: its reminder was sent half a pace before it.
		dl := seedJob{g: cfg.Live + k, begun: due.Add(-per), reminded: true}
		// A reminder in the run: its deadline half a pace later.
		rm := seedJob{g: cfg.Live + active + k, begun: due.Add(-per / 2)}
		jobs = append(jobs, dl, rm)
		// A turn's next deadline falls a pace after this one fired; the next reminder, half a pace
		// after a late answer to this one at the earliest: messages after that are a later turn's.
		plan.duties = append(plan.duties, &duty{g: dl.g, due: due, text: deadlineText, turnEnds: due.Add(per)},
			&duty{g: rm.g, due: due, text: reminderText, turnEnds: due.Add(per / 2)})
	}
	if err := seedAll(ctx, r, st, table.Pace{Per: per}, jobs); err != nil {
		return nil, err
	}
	rep.SeedS = time.Since(start).Seconds()
	if bytes1 := storeBytes(ctx, cfg, r); bytes0 >= 0 && bytes1 >= 0 {
		rep.StoreBytesPerTable = float64(bytes1-bytes0) / float64(cfg.Tables)
	}
	if late := time.Since(plan.t0); late > 0 {
		r.log.Warn("loadtest: seeding took longer than planned: the first due work is late already", "late", late)
	}
	return plan, nil
}

// storeBytes is cfg.StoreBytes, or -1 when it is not set or fails.
func storeBytes(ctx context.Context, cfg AsyncConfig, r *run) int64 {
	if cfg.StoreBytes == nil {
		return -1
	}
	n, err := cfg.StoreBytes(ctx)
	if err != nil {
		r.log.Warn("loadtest: the store's size", "err", err)
		return -1
	}
	return n
}

// seedAll seeds jobs on seedWorkers workers, each with a referee of its own.
func seedAll(ctx context.Context, r *run, st store.Store, pace table.Pace, jobs []seedJob) error {
	next := make(chan seedJob)
	var failed atomic.Pointer[error]
	var wg sync.WaitGroup
	for range seedWorkers {
		sd := &seeder{st: st, pace: pace}
		tables, err := table.New(st, images.GamesOf(r.cfg.Kits), table.Options{Logger: r.log, Now: func() time.Time { return sd.now }})
		if err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		sd.tables = tables
		wg.Go(func() {
			for j := range next {
				if failed.Load() != nil {
					continue
				}
				if err := sd.table(ctx, r.fake, j); err != nil {
					failed.CompareAndSwap(nil, &err)
				}
			}
		})
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	if err := failed.Load(); err != nil {
		return *err
	}
	return nil
}

// table seeds job j: a two-player Ingenious game started at j.begun, its board posted as far
// as the referee knows (nothing is owed: the load test watches what the due work posts).
func (sd *seeder) table(ctx context.Context, fake *fakediscord.Server, j seedJob) error {
	sd.now = j.begun
	ch, p := channelOf(j.g), playersOf(j.g)
	fake.SetChannel(fakediscord.Channel{ID: ch, GuildID: guildID, Name: fmt.Sprintf("async-%d", j.g)})
	c := table.Click{Guild: guildID, Channel: ch, User: p[0].ID, Name: p[0].GlobalName}
	lobby, err := sd.tables.Open(ctx, c, "ingenious", nil, sd.pace, p[0].Locale)
	if err != nil {
		return fmt.Errorf("loadtest: seed table %d: %w", j.g, err)
	}
	if lobby, err = sd.tables.Join(ctx, table.Click{Guild: guildID, Channel: ch, User: p[1].ID, Name: p[1].GlobalName, Game: "ingenious", Rev: lobby.Rev()}); err != nil {
		return fmt.Errorf("loadtest: seed table %d: %w", j.g, err)
	}
	c.Game, c.Rev = "ingenious", lobby.Rev()
	out, err := sd.tables.Start(ctx, c)
	if err != nil {
		return fmt.Errorf("loadtest: seed table %d: %w", j.g, err)
	}
	t := out.Table
	if err := sd.tables.Announced(ctx, ch, t.ID, len(t.Record.Moves), nil); err != nil {
		return fmt.Errorf("loadtest: seed table %d: %w", j.g, err)
	}
	if err := sd.st.Unschedule(ctx, table.Task{Kind: table.TaskAnnounce, Channel: ch}.Key()); err != nil {
		return fmt.Errorf("loadtest: seed table %d: %w", j.g, err)
	}
	if !j.reminded {
		return nil
	}
	seat := out.State.ToAct()[0]
	rem, err := sd.tables.Remind(ctx, ch, t.Since[seat], seat)
	if err == nil && rem != nil {
		err = sd.tables.Reminded(ctx, rem)
	}
	if err == nil {
		err = sd.st.Unschedule(ctx, table.Task{Kind: table.TaskRemind, Channel: ch, Rev: t.Since[seat], Seat: seat}.Key())
	}
	if err != nil {
		return fmt.Errorf("loadtest: seed table %d: mark its reminder sent: %w", j.g, err)
	}
	return nil
}
