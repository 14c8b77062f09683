package table

import (
	"context"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// announceTask is the prefix of the due-queue keys of owed board messages.
const announceTask = "announce:"

// Task is a piece of due work claimed from the scheduler's queue.
type Task struct {
	// Kind is TaskAnnounce (the Channel's table may owe a board message: ClaimAnnouncement),
	// TaskRemind (Remind) or TaskDeadline (Deadline).
	Kind    string
	Channel string
	// Rev and Seat name the decision a reminder or deadline is for: Seat's decision begun at
	// revision Rev.
	Rev  Revision
	Seat games.Seat

	claim store.Claim // the lease under which the caller holds the task (see Service.Done)
}

// finishMove completes the outcome of a written move — the steps its board message shows, and
// the picture of a milestone — and does what follows the write: it queues the reminders and
// deadlines of the decisions that begin, queues a check that the board message was posted, and
// archives a finished game.
func (s *Service) finishMove(ctx context.Context, out *Outcome) {
	t := out.Table
	if out.Announce && out.Board == nil {
		out.Board = s.boardSteps(t, out.Steps)
		out.Shown = s.shown(t, out.Board, len(t.Record.Moves))
	}
	var started []games.Seat
	for i := range t.Seats {
		if i < len(t.Due) && !t.Due[i].IsZero() && i < len(t.Since) && t.Since[i] == t.rev {
			started = append(started, games.Seat(i))
		}
	}
	s.scheduleDecisions(ctx, t, started)
	s.afterMove(ctx, out)
}

// afterMove does what follows a written move: it queues a check that its board message was
// posted, and archives a finished game. Failures are logged, not returned: the move stands,
// and both are repaired later (by the due-queue, and by the next operation on the table).
func (s *Service) afterMove(ctx context.Context, out *Outcome) {
	t := out.Table
	if out.Announce {
		if err := s.store.Schedule(ctx, announceTask+t.Channel, t.Owed.Lease); err != nil {
			tableLog(s.log, t).Warn("could not queue the board message's check", "err", err)
		}
	}
	if out.State != nil && games.Over(out.State) {
		changes, err := s.archive(ctx, t, out.State)
		if err != nil {
			tableLog(s.log, t).Error("archiving a finished game failed; it is retried later", "err", err)
		}
		out.Ratings = changes
	}
}

// Announced records that the board message showing table id's moves up to through was posted.
// board, when set, becomes the table's newest board message (whose status line follows a
// simultaneous step). A table that has moved on to another game is left alone.
func (s *Service) Announced(ctx context.Context, channel, id string, through int, board *PostedBoard) error {
	_, err := s.update(ctx, channel, func(t *Table) error {
		if t.ID != id {
			return errUnchanged
		}
		if through > t.Announced {
			t.Announced = through
		}
		if t.Owed != nil && t.Owed.Through <= through {
			t.Owed = nil
		}
		if board != nil {
			t.Board = board
		}
		return nil
	})
	return err
}

// ClaimAnnouncement hands the board message the channel's table owes to the caller, if nobody
// else is posting it (the lease of its last claim ran out): the outcome holds the steps since
// the last board message posted. It returns nil when nothing is owed or someone holds it.
// Post it, then call Announced.
func (s *Service) ClaimAnnouncement(ctx context.Context, channel string) (*Outcome, error) {
	var claimed bool
	var held time.Time
	t, err := s.update(ctx, channel, func(t *Table) error {
		claimed, held = false, time.Time{}
		switch {
		case t.Owed == nil || t.Record == nil:
			return errUnchanged
		case s.now().Before(t.Owed.Lease):
			held = t.Owed.Lease
			return errUnchanged
		}
		t.Owed.Lease = s.now().Add(s.lease)
		t.Owed.Attempts++
		claimed = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !claimed {
		if !held.IsZero() {
			// Someone is posting it: look again once their lease has run out.
			if err := s.store.Schedule(ctx, announceTask+channel, held); err != nil {
				tableLog(s.log, t).Warn("could not queue the board message's next check", "err", err)
			}
		}
		return nil, nil
	}
	if err := s.store.Schedule(ctx, announceTask+channel, t.Owed.Lease); err != nil {
		tableLog(s.log, t).Warn("could not queue the board message's next check", "err", err)
	}
	st, steps, err := s.stepsSince(t, t.Announced, t.Owed.Through)
	if err != nil {
		return nil, err
	}
	tableLog(s.log, t).Info("posting an owed board message", "from", t.Announced, "through", t.Owed.Through, "attempt", t.Owed.Attempts)
	out := &Outcome{Table: t, State: st, Seat: games.NoSeat, Steps: steps, Board: steps, Announce: true,
		Shown: s.shown(t, steps, t.Owed.Through)}
	if games.Over(st) && t.Archived {
		// The end message shows the rating changes, as archived with the game.
		if a, err := s.store.ArchivedGame(ctx, t.Guild, t.ID); err == nil {
			out.Ratings = a.Ratings
		} else {
			tableLog(s.log, t).Warn("could not read the archived game's rating changes", "err", err)
		}
	}
	return out, nil
}

// StepsSince returns the steps of the moves from..through of t's record, each with its events
// as they happened (a simultaneous step's reveal among them).
func (s *Service) StepsSince(t *Table, from, through int) ([]games.Step, error) {
	_, steps, err := s.stepsSince(t, from, through)
	return steps, err
}

// stepsSince replays t's record and returns the state after move through together with the
// steps of moves from..through, each with its events as they happened.
func (s *Service) stepsSince(t *Table, from, through int) (games.State, []games.Step, error) {
	rec := *t.Record
	through = min(through, len(rec.Moves))
	from = min(from, through)
	g, _ := s.games.Lookup(t.Game)
	head := rec
	head.Moves = rec.Moves[:from]
	st, _, err := games.Replay(g, head)
	if err != nil {
		return nil, nil, err
	}
	var steps []games.Step
	for _, m := range rec.Moves[from:through] {
		a, err := g.DecodeAction(m.Action)
		if err != nil {
			return nil, nil, err
		}
		events, err := games.Apply(st, m.Seat, a)
		if err != nil {
			return nil, nil, err
		}
		auto := m.By == games.ByAI || (m.Seat >= 0 && int(m.Seat) < len(t.Seats) && t.Seats[m.Seat].AI)
		steps = append(steps, games.Step{Seat: m.Seat, Action: a, Events: events, Auto: auto})
	}
	return st, steps, nil
}

// Due claims up to limit tasks that are due at now, each under a lease of TaskLease: it is
// handed to this caller alone, whichever process it runs in, until Done or Release, or until
// its lease runs out (the caller died) and it is due again.
func (s *Service) Due(ctx context.Context, now time.Time, limit int) ([]Task, error) {
	claims, err := s.store.ClaimDue(ctx, now, s.taskLease, limit)
	if err != nil {
		return nil, err
	}
	return s.tasks(ctx, claims), nil
}
