package table

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
)

// Pace is how long each decision may take, and what happens when its deadline passes.
type Pace struct {
	// Per is the time a seat has for each decision; zero means live play, with no deadline.
	Per time.Duration `json:"per,omitempty"`
	// Wait, when set, means nothing is decided for anyone at a deadline (the others may vote to
	// hand the seat to the AI); by default the AI makes that one decision for the seat, whose
	// player keeps it.
	Wait bool `json:"wait,omitempty"`
	// AI is the level of the AI that plays a seat at its deadline or while its player is away
	// (the server's choice when the table opened, see ServerSettings.AI); nil means the
	// configured takeover level (Options.Takeover).
	AI *search.Level `json:"ai,omitempty"`
}

// Live reports whether the pace has no deadlines.
func (p Pace) Live() bool { return p.Per <= 0 }

// The kinds of due tasks.
const (
	TaskAnnounce = "announce" // a board message may still be owed
	TaskDeadline = "deadline" // a seat's decision is due
	TaskRemind   = "remind"   // half a seat's time has passed
)

// taskKey is the due-queue key of a seat's deadline or reminder: kind, channel, the revision
// at which the decision began and the seat. A task of a decision already made finds the seat's
// decision begun at another revision, and does nothing.
func taskKey(kind, channel string, rev Revision, seat games.Seat) string {
	return fmt.Sprintf("%s/%s/%d/%d", kind, channel, rev, seat)
}

// Key is the task's key in the store's due queue (what Service.Claim's tasks are read from):
// "announce:" and the channel for TaskAnnounce, else taskKey's. A caller that marks due work
// done outside the referee (the load test's seeding) unschedules it by this key.
func (t Task) Key() string {
	if t.Kind == TaskAnnounce {
		return announceTask + t.Channel
	}
	return taskKey(t.Kind, t.Channel, t.Rev, t.Seat)
}

// parseTask reads a due-queue key; ok is false for keys that are not tasks of this package.
func parseTask(key string) (Task, bool) {
	if ch, ok := strings.CutPrefix(key, announceTask); ok {
		return Task{Kind: TaskAnnounce, Channel: ch}, true
	}
	parts := strings.Split(key, "/")
	if len(parts) != 4 || (parts[0] != TaskDeadline && parts[0] != TaskRemind) {
		return Task{}, false
	}
	rev, err1 := strconv.ParseUint(parts[2], 10, 64)
	seat, err2 := strconv.Atoi(parts[3])
	if err1 != nil || err2 != nil || seat < 0 {
		return Task{}, false
	}
	return Task{Kind: parts[0], Channel: parts[1], Rev: Revision(rev), Seat: games.Seat(seat)}, true
}

// plan sets the deadline of every seat whose decision begins with this write (its Since is the
// revision the write creates) and which a person must make; a seat that does not decide now has
// none. It returns the seats whose deadline was set.
func (t *Table) plan(st games.State, now time.Time) []games.Seat {
	if len(t.Due) != len(t.Seats) {
		t.Due = make([]time.Time, len(t.Seats))
	}
	var started []games.Seat
	for i, seat := range t.Seats {
		s := games.Seat(i)
		switch {
		case !games.IsToAct(st, s) || seat.Auto() || t.Pace.Live() || games.Over(st):
			t.Due[i] = time.Time{}
		case i < len(t.Since) && t.Since[i] == t.rev+1:
			t.Due[i] = now.Add(t.Pace.Per)
			started = append(started, s)
		}
	}
	return started
}

// scheduleDecisions queues the reminder and the deadline of each seat in started, whose
// decision began at t's revision. Failures are logged: the table shows the deadline anyway, and
// the next write schedules again.
func (s *Service) scheduleDecisions(ctx context.Context, t *Table, started []games.Seat) {
	for _, seat := range started {
		due := t.Due[seat]
		for kind, at := range map[string]time.Time{TaskRemind: due.Add(-t.Pace.Per / 2), TaskDeadline: due} {
			if err := s.store.Schedule(ctx, taskKey(kind, t.Channel, t.rev, seat), at); err != nil {
				tableLog(s.log, t).Warn("could not schedule a seat's "+kind, "seat", int(seat), "err", err)
			}
		}
	}
}

// Deadline is what a deadline did: nothing (Fired false: the decision was made in time, or the
// game moved on), a decision the AI made for the seat (Outcome, whose first step is that
// decision), or — in "wait" mode — the seat marked late, so that the others may vote.
type Deadline struct {
	Fired   bool
	Seat    games.Seat
	Outcome Outcome
	// Waiting is set in "wait" mode: nothing was decided.
	Waiting bool
	// Level is the level at which the AI decided: the takeover level, or lower when the
	// deadline was worked late (StepDown); Late is how late its search could start.
	Level search.Level
	Late  time.Duration
}

// deadlineMove is the takeover AI's move for seat at its deadline, recording in d the level
// and the lateness. A deadline's search is due work: it waits for one of the due-work search
// slots (never an interaction's), and once it has one, the deadline's lateness — from the
// seat's deadline to now — sets the level by the StepDown rule: a backlog of deadlines is
// played weaker rather than later. A step down is logged with its lateness.
func (s *Service) deadlineMove(ctx context.Context, t *Table, st games.State, seat games.Seat, d *Deadline) (games.Action, error) {
	takeover := s.takeoverOf(t)
	if takeover.Searches() {
		free, err := s.ai.dueSlot(ctx)
		if err != nil {
			return nil, err
		}
		defer free()
	}
	if int(seat) < len(t.Due) && !t.Due[seat].IsZero() {
		d.Late = max(0, s.now().Sub(t.Due[seat]))
	}
	d.Level = s.ai.steps.Level(takeover, d.Late)
	if d.Level != takeover {
		tableLog(s.log, t).Warn("a deadline worked late: the takeover AI steps down", "seat", int(seat),
			"late", d.Late, "level", d.Level.String(), "takeover", takeover.String())
	}
	return s.ai.decideDue(t.ID, t.Record.Moves, st, seat, d.Level), nil
}

// Deadline runs the deadline of seat's decision begun at revision rev in the channel, at most
// once (the due-queue hands it to one process; the revision makes it idempotent).
func (s *Service) Deadline(ctx context.Context, channel string, rev Revision, seat games.Seat) (Deadline, error) {
	var d Deadline
	t, err := s.update(ctx, channel, func(t *Table) error {
		d = Deadline{Seat: seat}
		if t.Status != StatusPlaying || int(seat) >= len(t.Seats) || t.Stale(seat, rev) || t.Since[seat] != rev || t.Seats[seat].Auto() {
			return errUnchanged
		}
		st, err := s.State(t)
		if err != nil {
			return err
		}
		if !games.IsToAct(st, seat) {
			return errUnchanged
		}
		d.Fired = true
		if t.Pace.Wait {
			if len(t.Late) != len(t.Seats) {
				t.Late = make([]Revision, len(t.Seats))
			}
			t.Late[seat] = rev
			d.Waiting = true
			return nil
		}
		a, err := s.deadlineMove(ctx, t, st, seat, &d)
		if err != nil {
			return err
		}
		if a == nil {
			return fmt.Errorf("%s: no AI move for seat %d at its deadline", t.Game, seat)
		}
		if err := s.play(t, st, seat, a, games.ByAI, &d.Outcome); err != nil {
			return err
		}
		if toAct := d.Outcome.State.ToAct(); !d.Outcome.Announce && len(toAct) == 1 && toAct[0] == seat {
			// The absent player has another decision to make (a bonus placement, the swap):
			// nobody is deciding in a panel, so the board shows what the AI did and calls
			// them, with a fresh deadline running.
			t.Owed = &Announcement{Through: len(t.Record.Moves), Lease: s.now().Add(s.lease)}
			d.Outcome.Announce = true
		}
		if d.Outcome.Announce && t.Owed != nil {
			lead := DeadlineLead(t.Seats[seat].Name)
			t.Owed.Lead = &lead
		}
		t.plan(d.Outcome.State, s.now())
		return nil
	})
	if err == nil && !d.Fired && t != nil {
		s.repairDecisions(ctx, t, seat, rev)
	}
	if err != nil || !d.Fired {
		return Deadline{}, err
	}
	if !d.Waiting {
		d.Outcome.Table = t
		s.finishMove(ctx, &d.Outcome)
		tableLog(s.log, t).Info("the AI decided at a deadline", "seat", int(seat), "level", d.Level.String(), "late", d.Late)
	}
	d.Outcome.Table = t
	return d, nil
}

// DeadlineLead is the line under a board's header that says a seat's time ran out and the AI
// decided for it.
func DeadlineLead(name string) games.Text {
	return games.Text{EN: fmt.Sprintf("⏰ %s's time ran out — the AI decided for %s:", name, name),
		CS: fmt.Sprintf("⏰ Čas na tah vypršel (%s) — rozhodla AI:", name)}
}

// repairDecisions finishes, for a deadline found already worked, what its first working did
// after its write: when the seat's last move was the AI's (most likely this very deadline's, by
// a process that died right after its write), it queues again the reminders and deadlines of
// the decisions open now and the check of an owed board message. Scheduling is idempotent, so
// doing it twice is harmless; a deadline of a decision its player made costs nothing.
func (s *Service) repairDecisions(ctx context.Context, t *Table, seat games.Seat, rev Revision) {
	if t.Status != StatusPlaying || t.Record == nil || int(seat) >= len(t.Seats) || t.Seats[seat].Auto() {
		return
	}
	moves := t.Record.Moves
	k := len(moves) - 1
	for k >= 0 && moves[k].Seat != seat {
		k--
	}
	if k < 0 || moves[k].By != games.ByAI {
		return
	}
	for i := range t.Seats {
		if i >= len(t.Due) || t.Due[i].IsZero() || i >= len(t.Since) {
			continue
		}
		tasks := map[string]time.Time{TaskDeadline: t.Due[i]}
		if i >= len(t.Reminded) || t.Reminded[i] != t.Since[i] {
			tasks[TaskRemind] = t.Due[i].Add(-t.Pace.Per / 2)
		}
		for kind, at := range tasks {
			if err := s.store.Schedule(ctx, taskKey(kind, t.Channel, t.Since[i], games.Seat(i)), at); err != nil {
				tableLog(s.log, t).Warn("could not queue a seat's "+kind+" again", "seat", i, "err", err)
			}
		}
	}
	if t.Owed != nil {
		if err := s.store.Schedule(ctx, announceTask+t.Channel, t.Owed.Lease); err != nil {
			tableLog(s.log, t).Warn("could not queue the board message's check again", "err", err)
		}
	}
	tableLog(s.log, t).Info("a deadline already worked: its follow-ups queued again", "seat", int(seat), "decision", uint64(rev))
}

// Reminder is a reminder to post: the seats still to decide since revision Rev, and when their
// time runs out.
type Reminder struct {
	Table    *Table
	Seats    []games.Seat
	Deadline time.Time
	// Rev is the revision at which the seats' decisions began.
	Rev Revision
}

// Remind returns the reminder due for seat's decision begun at rev, or nil when there is none
// to send (the decision was made, a reminder for it was already sent, or its deadline has
// passed: a reminder that comes due while the bot was down is not sent late, as the deadline's
// move says it all). One reminder covers every seat whose decision began at rev and is still
// open, so that a simultaneous step gets one message. It records nothing: post the reminder,
// then call Reminded. A process that dies in between leaves the reminder unrecorded, and the
// task that comes back after its lease prepares the same reminder again, which the poster
// posts under the same nonce (see Reminder.Key): Discord then keeps one message.
func (s *Service) Remind(ctx context.Context, channel string, rev Revision, seat games.Seat) (*Reminder, error) {
	t, err := s.Load(ctx, channel)
	if errors.Is(err, ErrNoTable) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if t.Status != StatusPlaying || int(seat) >= len(t.Seats) || t.Stale(seat, rev) || t.Since[seat] != rev {
		return nil, nil
	}
	if int(seat) < len(t.Reminded) && t.Reminded[seat] == rev {
		return nil, nil
	}
	st, err := s.State(t)
	if err != nil {
		return nil, err
	}
	now := s.now()
	r := &Reminder{Table: t, Rev: rev}
	for i := range t.Seats {
		s := games.Seat(i)
		if i < len(t.Since) && t.Since[i] == rev && games.IsToAct(st, s) && !t.Seats[i].Auto() &&
			(i >= len(t.Reminded) || t.Reminded[i] != rev) && !passed(t, i, now) {
			r.Seats = append(r.Seats, s)
			if r.Deadline.IsZero() || (i < len(t.Due) && t.Due[i].Before(r.Deadline)) {
				r.Deadline = t.Due[i]
			}
		}
	}
	if len(r.Seats) == 0 {
		return nil, nil
	}
	return r, nil
}

// Reminded records that the reminder r was posted: none is sent again for its seats'
// decisions.
func (s *Service) Reminded(ctx context.Context, r *Reminder) error {
	_, err := s.update(ctx, r.Table.Channel, func(t *Table) error {
		if t.ID != r.Table.ID {
			return errUnchanged
		}
		if len(t.Reminded) < len(t.Seats) {
			t.Reminded = append(t.Reminded, make([]Revision, len(t.Seats)-len(t.Reminded))...)
		}
		changed := false
		for _, seat := range r.Seats {
			if int(seat) < len(t.Since) && t.Since[seat] == r.Rev && t.Reminded[seat] != r.Rev {
				t.Reminded[seat], changed = r.Rev, true
			}
		}
		if !changed {
			return errUnchanged
		}
		return nil
	})
	return err
}

// Key names the reminder: the same for every preparation of it (the table, the decision's
// revision and the seats reminded), and for no other reminder.
func (r *Reminder) Key() string {
	key := fmt.Sprintf("%s/%d", r.Table.ID, r.Rev)
	for _, s := range r.Seats {
		key += fmt.Sprintf("/%d", s)
	}
	return key
}

// SetAway hands the click's person's seat to the AI (away true) until they come back (away
// false). The AI makes a decision the seat owes at once.
func (s *Service) SetAway(ctx context.Context, c Click, away bool) (Outcome, error) {
	return s.handOver(ctx, c, "", away)
}

// Kick puts the seat of user on the AI; only the host or a manager may, and not their own.
func (s *Service) Kick(ctx context.Context, c Click, user string) (Outcome, error) {
	return s.handOver(ctx, c, user, true)
}

// Vote records the click's person's vote to hand seat, whose deadline passed in "wait" mode,
// to the AI. Once more than half of the other players have voted, the AI takes the seat.
func (s *Service) Vote(ctx context.Context, c Click, seat games.Seat) (Outcome, error) {
	return s.updateMove(ctx, c.Channel, func(t *Table, out *Outcome) error {
		voter, ok := t.SeatOf(c.User)
		switch {
		case !ok:
			return notSeated()
		case t.Status != StatusPlaying:
			return refuse(ErrOver, "This game is not running any more.", "Tato hra už neběží.")
		case int(seat) >= len(t.Seats) || seat < 0 || t.Seats[seat].Auto():
			return refuse(ErrStale, "The AI already plays that seat.", "To místo už hraje AI.")
		case seat == voter:
			return refuse(ErrNotAllowed, "You cannot vote about your own seat — just make your move.", "O vlastním místě hlasovat nemůžeš — prostě táhni.")
		case int(seat) >= len(t.Late) || t.Late[seat] == 0 || t.Late[seat] != t.Since[seat]:
			return refuse(ErrStale, "That player is not late any more.", "Ten hráč už nemešká.")
		case slices.Contains(t.Seats[seat].Votes, c.User):
			return refuse(ErrNotAllowed, "You have voted already.", "Už jsi hlasoval(a).")
		}
		t.Seats[seat].Votes = append(t.Seats[seat].Votes, c.User)
		others := len(t.Humans()) - 1
		if 2*len(t.Seats[seat].Votes) <= others {
			return nil
		}
		t.Seats[seat].Away, t.Seats[seat].Votes = true, nil
		return s.autoplay(t, out)
	})
}

// handOver sets the Away flag of user's seat (the click's person's when user is empty) and lets
// the AI make any decision the seat owes.
func (s *Service) handOver(ctx context.Context, c Click, user string, away bool) (Outcome, error) {
	return s.updateMove(ctx, c.Channel, func(t *Table, out *Outcome) error {
		target := user
		if target == "" {
			target = c.User
		}
		seat, ok := t.SeatOf(target)
		switch {
		case !ok && user == "":
			return notSeated()
		case !ok:
			return refuse(ErrNotSeated, "That person has no seat at this table.", "Ten člověk u tohoto stolu nesedí.")
		case t.Status != StatusPlaying:
			return refuse(ErrOver, "No game is running in this channel.", "V tomto kanálu neběží žádná hra.")
		case user != "" && user == c.User:
			return refuse(ErrNotAllowed, "To let the AI play for you, use /away.", "Aby za tebe hrála AI, použij /away.")
		case user != "" && c.User != t.Creator && !c.Manager:
			return refuse(ErrNotAllowed, "Only the host or someone with Manage Channels can hand a seat to the AI.", "Místo předat AI může jen zakladatel nebo někdo s právem Spravovat kanály.")
		case t.Seats[seat].Away == away:
			if away {
				return refuse(ErrNotAllowed, "The AI already plays that seat.", "To místo už hraje AI.")
			}
			return refuse(ErrNotAllowed, "You are already playing yourself.", "Už hraješ sám/sama.")
		}
		t.Seats[seat].Away, t.Seats[seat].Votes = away, nil
		out.Seat = seat
		if !away {
			// Back: the seat's decision starts afresh, with a new deadline.
			st, err := s.State(t)
			if err != nil {
				return err
			}
			t.Since[seat] = t.rev + 1
			out.State = st
			t.plan(st, s.now())
			return nil
		}
		return s.autoplay(t, out)
	})
}

// updateMove is update for a change that may make moves: change fills in the outcome, whose
// Seat is NoSeat until change sets it, and a written change is completed (see finishMove).
func (s *Service) updateMove(ctx context.Context, channel string, change func(t *Table, out *Outcome) error) (Outcome, error) {
	var out Outcome
	t, err := s.update(ctx, channel, func(t *Table) error {
		out = Outcome{Seat: games.NoSeat}
		return change(t, &out)
	})
	if err != nil {
		return Outcome{}, err
	}
	out.Table = t
	s.finishMove(ctx, &out)
	return out, nil
}

// autoplay lets the AI make the decisions the automatic seats of t owe now (after a seat was
// handed to it), recording them in t and out.
func (s *Service) autoplay(t *Table, out *Outcome) error {
	st, err := s.State(t)
	if err != nil {
		return err
	}
	before := st.ToAct()
	rec := &games.Recorder{State: st, Record: *t.Record}
	rec.Record.Moves = slices.Clip(rec.Record.Moves)
	steps, err := games.Advance(rec, s.random(t.ID, uint64(t.rev)+uint64(len(rec.Record.Moves))), s.decider(t, rec))
	if err != nil {
		return err
	}
	out.State, out.Steps = rec.State, steps
	if len(steps) == 0 {
		return nil
	}
	moved := map[games.Seat]bool{}
	for _, m := range steps {
		moved[m.Seat] = true
	}
	t.refreshSince(before, moved)
	t.Record = &rec.Record
	if games.Over(rec.State) {
		t.Status = StatusOver
	}
	t.plan(rec.State, s.now())
	t.Owed = &Announcement{Through: len(rec.Record.Moves), Lease: s.now().Add(s.lease)}
	out.Announce = true
	return nil
}

// passed reports whether seat i's deadline is at or before now.
func passed(t *Table, i int, now time.Time) bool {
	return i < len(t.Due) && !t.Due[i].IsZero() && !now.Before(t.Due[i])
}

// tasks turns claimed keys into tasks; a key of no known task is logged and dropped.
func (s *Service) tasks(ctx context.Context, claims []store.Claim) []Task {
	var tasks []Task
	for _, c := range claims {
		task, ok := parseTask(c.Key)
		if !ok {
			s.log.Warn("a due key of no known task", "key", c.Key)
			if err := s.store.Ack(ctx, c); err != nil {
				s.log.Warn("could not drop a due key of no known task", "key", c.Key, "err", err)
			}
			continue
		}
		task.claim = c
		tasks = append(tasks, task)
	}
	return tasks
}

// TaskLease is how long a claimed task stays the claimer's without RenewTask.
func (s *Service) TaskLease() time.Duration { return s.taskLease }

// RenewTask extends the lease of a task being worked by another TaskLease. It fails, wrapping
// store.ErrLeaseLost, when the task's lease ran out and another claim took it.
func (s *Service) RenewTask(ctx context.Context, task Task) error {
	if err := s.store.Renew(ctx, task.claim, s.now().Add(s.taskLease)); err != nil {
		return fmt.Errorf("renew the lease of %s: %w", task.claim.Key, err)
	}
	return nil
}

// Done acknowledges a task whose work is saved: it is not handed out again (a later deadline
// of its key, scheduled meanwhile, stays). It fails, wrapping store.ErrLeaseLost, when the
// task's lease ran out and another claim took it: the task may have been worked twice (the
// table's revision checks make the second working change nothing).
func (s *Service) Done(ctx context.Context, task Task) error {
	if err := s.store.Ack(ctx, task.claim); err != nil {
		return fmt.Errorf("acknowledge %s: %w", task.claim.Key, err)
	}
	return nil
}

// Release hands a task back unfinished: it is due again at at (now: at once), for any process.
func (s *Service) Release(ctx context.Context, task Task, at time.Time) error {
	if err := s.store.Release(ctx, task.claim, at); err != nil {
		return fmt.Errorf("hand back %s: %w", task.claim.Key, err)
	}
	return nil
}

// Retriable reports whether work that failed with err may pass when tried again later: the
// store did not answer, or the work's time ran out or was cut short.
func Retriable(err error) bool {
	return errors.Is(err, store.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// LeaseLost reports whether err (from RenewTask or Done) says the task's lease was another
// claim's by then.
func LeaseLost(err error) bool { return errors.Is(err, store.ErrLeaseLost) }
