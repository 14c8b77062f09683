package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/images"
)

// The bot's log messages the async load test follows (bot.Bot's scheduler writes them).
const (
	workingLog    = "working a due task"
	handedBackLog = "a task's work was not saved: it is handed back"
	stepDownLog   = "a deadline worked late: the takeover AI steps down"
)

// What the players see of due work: a reminder's line and the lead line of a deadline's board.
const (
	reminderText = "half your time for this move has passed"
	deadlineText = "time ran out"
)

// AsyncConfig is an async load test: many open tables whose players are away, with deadlines
// and reminders falling due at a steady rate, on the real clock (the paces are short enough:
// see RunAsync), while a few live games are played through the panels.
type AsyncConfig struct {
	// Kits are the games the bots play, each with its art (cmd passes the catalog's); empty
	// fails.
	Kits []images.GameArt
	// Process runs each bot process; it is required, and its Store also seeds the tables.
	Process *Process
	// Processes is how many bot processes share the store and its due work: 1 (default) or
	// 2 (Redis only: the embedded store is one process's).
	Processes int
	// Tables is how many open tables are seeded; 0 means 1,000.
	Tables int
	// DueRate is how many deadlines fall due per second during the run (as many reminders
	// fall due besides); 0 means 3.
	DueRate float64
	// Duration is how long deadlines and reminders fall due; 0 means 60 s. Tables must be at
	// least 2 × DueRate × Duration (seconds), so that every table's due work falls at most
	// once in the run.
	Duration time.Duration
	// Drain is how long, after Duration, the load test waits for due work still owed; 0 means
	// 30 s.
	Drain time.Duration
	// Live is how many live games are played through the panels meanwhile (their clicks
	// measure the acknowledgement during the burst); 0 means 4, negative none.
	Live int
	// StoreBytes, when set, returns the store's size in bytes: read before and after seeding,
	// it gives the bytes per idle table.
	StoreBytes func(ctx context.Context) (int64, error)
	// RESTLatency delays every answer of the fake Discord's REST API; 0 means none.
	RESTLatency time.Duration
	// Logger receives the load test's warnings and the bots' warnings; nil discards them.
	Logger *slog.Logger
}

// AsyncReport is what an async load test measured. Fire delays are from a task's due time to
// its message's creation at the fake Discord: the board of a deadline, the reminder.
type AsyncReport struct {
	Tables    int     `json:"tables"`
	DueRate   float64 `json:"due_rate"`
	Processes int     `json:"processes"`
	// DurationS is the span in which deadlines and reminders fell due; SeedS how long
	// seeding the tables took.
	DurationS float64 `json:"duration_s"`
	SeedS     float64 `json:"seed_s"`
	// Deadlines and Reminders fell due in the run; DeadlinesSeen and RemindersSeen of them
	// reached the channel.
	Deadlines     int `json:"deadlines"`
	Reminders     int `json:"reminders"`
	DeadlinesSeen int `json:"deadlines_seen"`
	RemindersSeen int `json:"reminders_seen"`
	// FireDelay* are over deadlines and reminders together; DeadlineDelayMsP99 and
	// ReminderDelayMsP99 apart.
	FireDelayMsP50     float64 `json:"fire_delay_ms_p50"`
	FireDelayMsP99     float64 `json:"fire_delay_ms_p99"`
	FireDelayMsMax     float64 `json:"fire_delay_ms_max"`
	DeadlineDelayMsP99 float64 `json:"deadline_delay_ms_p99"`
	ReminderDelayMsP99 float64 `json:"reminder_delay_ms_p99"`
	// WorkedTwice counts tasks whose work began more than once (other than after a hand-back),
	// from the bots' logs; Lost the tasks due in the run that never reached the channel.
	WorkedTwice int `json:"worked_twice"`
	Lost        int `json:"lost"`
	// RemindersPerTurnMax and DeadlineBoardsPerTurnMax are the most reminders, and deadline
	// boards, one decision got (1 is right).
	RemindersPerTurnMax      int `json:"reminders_per_turn_max"`
	DeadlineBoardsPerTurnMax int `json:"deadline_boards_per_turn_max"`
	// StepDowns counts deadlines the takeover AI played a level lower for starting late.
	StepDowns int `json:"step_downs"`
	// LateAnswers counts moves players made after their reminder.
	LateAnswers int `json:"late_answers"`
	// Interactions were sent during the run (live games and late answers); AckMsP99 and
	// AckMsMax their acknowledgements.
	Interactions int     `json:"interactions"`
	AckMsP50     float64 `json:"ack_ms_p50"`
	AckMsP99     float64 `json:"ack_ms_p99"`
	AckMsMax     float64 `json:"ack_ms_max"`
	// RSSMBIdle is the bots' resident memory (the largest process's) with every table seeded
	// and nothing due yet; RSSMBMax its peak. CPUPercent is the bots' CPU over the run, in
	// percent of one core (all processes together).
	RSSMBIdle  float64 `json:"rss_mb_idle"`
	RSSMBMax   float64 `json:"rss_mb_max"`
	CPUPercent float64 `json:"cpu_percent"`
	// StoreBytesPerTable is the store's growth per seeded table (0: not measured).
	StoreBytesPerTable float64 `json:"store_bytes_per_table"`
}

// String renders the report as a few aligned lines.
func (r AsyncReport) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "open tables          %d (seeded in %.1f s), %d bot process(es)\n", r.Tables, r.SeedS, r.Processes)
	fmt.Fprintf(&b, "due in %.0f s          %d deadlines (%d seen), %d reminders (%d seen), %.2f deadlines/s\n", r.DurationS, r.Deadlines, r.DeadlinesSeen, r.Reminders, r.RemindersSeen, r.DueRate)
	fmt.Fprintf(&b, "fire delay           p50 %.0f ms · p99 %.0f ms · max %.0f ms (deadlines p99 %.0f ms, reminders p99 %.0f ms)\n", r.FireDelayMsP50, r.FireDelayMsP99, r.FireDelayMsMax, r.DeadlineDelayMsP99, r.ReminderDelayMsP99)
	fmt.Fprintf(&b, "exactly once         %d worked twice, %d lost, at most %d reminder(s) and %d deadline board(s) per turn\n", r.WorkedTwice, r.Lost, r.RemindersPerTurnMax, r.DeadlineBoardsPerTurnMax)
	fmt.Fprintf(&b, "takeover AI          %d deadlines played a level lower for starting late\n", r.StepDowns)
	fmt.Fprintf(&b, "clicks meanwhile     %d interactions (%d moves after a reminder): acknowledgement p50 %.1f ms · p99 %.1f ms · max %.1f ms\n", r.Interactions, r.LateAnswers, r.AckMsP50, r.AckMsP99, r.AckMsMax)
	fmt.Fprintf(&b, "bot                  RSS %.0f MB idle, %.0f MB peak; CPU %.0f %% of a core\n", r.RSSMBIdle, r.RSSMBMax, r.CPUPercent)
	fmt.Fprintf(&b, "store                %.0f bytes per open table\n", r.StoreBytesPerTable)
	return b.String()
}

// duty is one task expected to fall due in the run: a table's deadline or reminder.
type duty struct {
	g    int // the table's game number (channelOf, playersOf)
	due  time.Time
	text string // deadlineText or reminderText
	// turnEnds is the earliest a later turn's message with the same text can come: the
	// channel's messages from then on are not this duty's.
	turnEnds time.Time
	// seen is when its message reached the channel (zero: not yet).
	seen time.Time
}

// asyncRun is the bookkeeping of an async load test, fed by the bots' logs.
type asyncRun struct {
	mu sync.Mutex
	// begun counts, per task, the times its work began, less its hand-backs.
	begun     map[string]int
	stepDowns int
}

// taskLog notes a line of a bot's log about due work.
func (a *asyncRun) taskLog(l logLine) {
	if l.Msg == stepDownLog {
		a.mu.Lock()
		a.stepDowns++
		a.mu.Unlock()
		return
	}
	// An owed board's check may rightly be worked again (it is queued again while a board is
	// being posted); a deadline's or a reminder's, never.
	if (l.Msg != workingLog && l.Msg != handedBackLog) || (l.Task != "deadline" && l.Task != "remind") {
		return
	}
	key := fmt.Sprintf("%s/%s/%d/%d", l.Task, l.Channel, l.Revision, l.Seat)
	a.mu.Lock()
	defer a.mu.Unlock()
	switch l.Msg {
	case workingLog:
		a.begun[key]++
	case handedBackLog:
		a.begun[key]--
	}
}

// counts returns how many tasks' work began more than once without a hand-back between, and
// how many deadlines the takeover AI stepped down for.
func (a *asyncRun) counts() (workedTwice, stepDowns int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, c := range a.begun {
		if c > 1 {
			workedTwice++
		}
	}
	return workedTwice, a.stepDowns
}

// RunAsync seeds cfg.Tables open two-player Ingenious tables straight through the referee
// (table.Service on the store: Open, Join, Start — not the Discord click flow, so that ten
// thousand open in a minute or two), their players away, starts the bot process(es), and
// measures the due work: deadlines fall due at cfg.DueRate per second for cfg.Duration, and
// reminders at the same rate, on the bots' real clock. The paces make it so: each table's pace
// is Tables/DueRate seconds (ten thousand tables at 3 per second: 55 minutes a move), and the
// tables' decisions are seeded as if begun at staggered times in the past, so that a table's
// deadline or reminder falls due at most once in the run and the whole comes due steadily.
// The live games and the late answers (every fourth reminded player makes their move through
// the panel) are the clicks whose acknowledgement the report measures.
func RunAsync(ctx context.Context, cfg AsyncConfig) (AsyncReport, error) {
	if err := asyncDefaults(&cfg); err != nil {
		return AsyncReport{}, err
	}
	fake, err := fakediscord.New(fakediscord.Config{RESTLatency: cfg.RESTLatency, ReplyTimeout: 30 * time.Second, Lean: true})
	if err != nil {
		return AsyncReport{}, fmt.Errorf("loadtest: fake Discord: %w", err)
	}
	defer fake.Close()
	r := &run{cfg: Config{Kits: cfg.Kits, Process: cfg.Process}, log: cfg.Logger, fake: fake, done: map[string]chan error{},
		applied: map[string]int{}, async: &asyncRun{begun: map[string]int{}}}
	rep := AsyncReport{Tables: cfg.Tables, DueRate: cfg.DueRate, Processes: cfg.Processes, DurationS: cfg.Duration.Seconds()}
	plan, err := seed(ctx, r, cfg, &rep)
	if err != nil {
		return rep, err
	}
	var bots []*child
	defer func() {
		for _, c := range bots {
			select {
			case <-c.exited:
			default:
				c.kill()
			}
		}
	}()
	for range cfg.Processes {
		c, err := startProcess(ctx, r)
		if err != nil {
			return rep, err
		}
		bots = append(bots, c)
	}
	r.endpoint = bots[0].endpoint()
	if err := measureAsync(ctx, r, cfg, plan, bots, &rep); err != nil {
		return rep, err
	}
	// The report is from the channels and the logs: the bots' store is not read after them.
	for _, c := range bots {
		if err := c.halt(); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// asyncDefaults fills cfg's zero fields and checks it.
func asyncDefaults(cfg *AsyncConfig) error {
	if cfg.Process == nil {
		return errors.New("loadtest: an async load test runs the bot in processes of its own: set Process")
	}
	if len(cfg.Kits) == 0 {
		return errors.New("loadtest: no games: set Kits")
	}
	if cfg.Processes <= 0 {
		cfg.Processes = 1
	}
	if cfg.Tables <= 0 {
		cfg.Tables = 1000
	}
	if cfg.DueRate <= 0 {
		cfg.DueRate = 3
	}
	if cfg.Duration <= 0 {
		cfg.Duration = time.Minute
	}
	if cfg.Drain <= 0 {
		cfg.Drain = 30 * time.Second
	}
	if cfg.Live == 0 {
		cfg.Live = 4
	}
	cfg.Live = max(cfg.Live, 0)
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if need := 2 * int(math.Ceil(cfg.DueRate*cfg.Duration.Seconds())); cfg.Tables < need {
		return fmt.Errorf("loadtest: %d tables are too few for %.2f deadlines/s for %s: each falls due once, and as many reminders, so at least %d", cfg.Tables, cfg.DueRate, cfg.Duration, need)
	}
	return nil
}

// measureAsync opens the live games, waits for the first due work, plays the live games and
// the late answers while watching the channels for the due work's messages, and fills rep.
func measureAsync(ctx context.Context, r *run, cfg AsyncConfig, plan *asyncPlan, bots []*child, rep *AsyncReport) error {
	for g := range cfg.Live {
		if err := r.open(ctx, g); err != nil {
			return err
		}
	}
	r.mu.Lock()
	r.acks, r.over3 = nil, 0
	r.mu.Unlock()
	for _, c := range bots {
		rep.RSSMBIdle = max(rep.RSSMBIdle, float64(statusKB(c.cmd.Process.Pid, "VmRSS:"))/1024)
	}
	cpu0 := botsCPU(bots)
	if wait := time.Until(plan.t0); wait > 0 {
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	end := plan.t0.Add(cfg.Duration)
	liveCtx, cancelLive := context.WithDeadline(ctx, end)
	defer cancelLive()
	answerCtx, cancelAnswers := context.WithDeadline(ctx, end.Add(cfg.Drain))
	defer cancelAnswers()
	var wg sync.WaitGroup
	for g := range cfg.Live {
		wg.Go(func() { r.play(liveCtx, g) })
	}
	late := watch(ctx, r, plan, end.Add(cfg.Drain), func(g int) {
		wg.Go(func() {
			if _, err := r.turn(answerCtx, g); err != nil && answerCtx.Err() == nil {
				r.log.Warn("loadtest: a late answer failed", "game", g, "err", err)
			}
		})
	})
	wg.Wait()
	elapsed := time.Since(plan.t0)
	rep.CPUPercent = 100 * float64(botsCPU(bots)-cpu0) / float64(elapsed)
	for _, c := range bots {
		rep.RSSMBMax = max(rep.RSSMBMax, float64(c.peakRSSKB())/1024)
	}
	tally(r, plan, late, rep)
	return nil
}

// botsCPU is the CPU time of every bot process together.
func botsCPU(bots []*child) time.Duration {
	var sum time.Duration
	for _, c := range bots {
		sum += c.cpu()
	}
	return sum
}

// watch polls the channels of the plan's duties until every one's message was seen or until,
// and notes when each was created. Every fourth reminded player answers (answer starts their
// move); watch returns the games of those that did.
func watch(ctx context.Context, r *run, plan *asyncPlan, until time.Time, answer func(g int)) []int {
	var late []int
	for ctx.Err() == nil {
		left := 0
		for _, d := range plan.duties {
			if !d.seen.IsZero() {
				continue
			}
			if m, ok := firstWith(r.fake.ChannelMessages(channelOf(d.g)), d.text); ok {
				d.seen = m.CreatedAt
				if d.text == reminderText && d.g%4 == 0 {
					late = append(late, d.g)
					answer(d.g)
				}
				continue
			}
			left++
		}
		if (left == 0 && time.Now().After(plan.t0)) || time.Now().After(until) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	return late
}

// firstWith returns the first message whose payload holds text.
func firstWith(ms []fakediscord.Message, text string) (fakediscord.Message, bool) {
	for _, m := range ms {
		if strings.Contains(string(m.Payload), text) {
			return m, true
		}
	}
	return fakediscord.Message{}, false
}

// tally fills rep from the duties seen, the channels' messages, the clicks and the bots' logs.
func tally(r *run, plan *asyncPlan, late []int, rep *AsyncReport) {
	var all, deadlines, reminders []time.Duration
	for _, d := range plan.duties {
		n := 0
		for _, m := range r.fake.ChannelMessages(channelOf(d.g)) {
			if m.CreatedAt.Before(d.turnEnds) && strings.Contains(string(m.Payload), d.text) {
				n++
			}
		}
		if d.text == reminderText {
			rep.Reminders++
			rep.RemindersPerTurnMax = max(rep.RemindersPerTurnMax, n)
		} else {
			rep.Deadlines++
			rep.DeadlineBoardsPerTurnMax = max(rep.DeadlineBoardsPerTurnMax, n)
		}
		if d.seen.IsZero() {
			rep.Lost++
			continue
		}
		delay := max(0, d.seen.Sub(d.due))
		all = append(all, delay)
		if d.text == reminderText {
			rep.RemindersSeen++
			reminders = append(reminders, delay)
		} else {
			rep.DeadlinesSeen++
			deadlines = append(deadlines, delay)
		}
	}
	rep.FireDelayMsP50, rep.FireDelayMsP99, rep.FireDelayMsMax = msOf(quantile(all, 0.5)), msOf(quantile(all, 0.99)), msOf(quantile(all, 1))
	rep.DeadlineDelayMsP99, rep.ReminderDelayMsP99 = msOf(quantile(deadlines, 0.99)), msOf(quantile(reminders, 0.99))
	r.mu.Lock()
	rep.Interactions = len(r.acks)
	rep.AckMsP50, rep.AckMsP99, rep.AckMsMax = msOf(quantile(r.acks, 0.5)), msOf(quantile(r.acks, 0.99)), msOf(quantile(r.acks, 1))
	for _, g := range late {
		rep.LateAnswers += r.applied[channelOf(g)]
	}
	r.mu.Unlock()
	rep.WorkedTwice, rep.StepDowns = r.async.counts()
}

// msOf is d in milliseconds.
func msOf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
