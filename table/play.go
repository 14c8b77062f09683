package table

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// Seated is a person at a running game: the table, the state replayed from its record, and
// their seat.
type Seated struct {
	Table *Table
	State games.State
	Seat  games.Seat
}

// Seated loads the channel's running game and the click's person's seat in it. It refuses with
// ErrStale when the component was drawn for another game, ErrNotSeated for someone without a
// seat, ErrLobby before the start and ErrOver after the end.
func (s *Service) Seated(ctx context.Context, c Click) (Seated, error) {
	t, err := s.Load(ctx, c.Channel)
	if err != nil {
		return Seated{}, err
	}
	if c.Game != "" && t.Game != c.Game {
		return Seated{}, movedOn()
	}
	seat, ok := t.SeatOf(c.User)
	if !ok {
		return Seated{}, notSeated()
	}
	switch t.Status {
	case StatusLobby:
		return Seated{}, refuse(ErrLobby, "The game has not started yet — the host starts it from the lobby.", "Hra ještě nezačala — spustí ji zakladatel tlačítkem Začít.")
	case StatusOver:
		return Seated{}, refuse(ErrOver, "This game is over. Start a new one with /start.", "Tato hra skončila. Novou založíš příkazem /start.")
	}
	st, err := s.State(t)
	if err != nil {
		return Seated{}, err
	}
	return Seated{Table: t, State: st, Seat: seat}, nil
}

// Current loads the channel's table and, once a game has started, its state (nil for a lobby).
// A finished game whose archiving failed is archived on the way.
func (s *Service) Current(ctx context.Context, channel string) (*Table, games.State, error) {
	t, err := s.Load(ctx, channel)
	if err != nil {
		return nil, nil, err
	}
	st, err := s.settle(ctx, t)
	if err != nil {
		return nil, nil, err
	}
	return t, st, nil
}

// settle returns the state of t, a loaded table, once its game has started (nil for a lobby),
// archiving on the way a finished game whose archiving failed.
func (s *Service) settle(ctx context.Context, t *Table) (games.State, error) {
	if t.Record == nil {
		return nil, nil
	}
	st, err := s.State(t)
	if err != nil {
		return nil, err
	}
	if t.Status == StatusOver && !t.Archived && games.Over(st) {
		if _, err := s.archive(ctx, t, st); err != nil {
			tableLog(s.log, t).Error("archiving a finished game failed again", "err", err)
		}
	}
	return st, nil
}

// Commit applies the move that the click's person built as draft (a draft of the game's
// games.Composer) to the channel's game, lets chance and the AI seats follow, and writes the
// table. A lost race is retried against the table as it then is. It refuses with ErrStale when
// the component belongs to another game, ErrNotSeated, ErrOver when the game is not running,
// ErrAlreadyMoved when the click is of the very move the seat last made (a second click of it,
// on an older copy of the panel or another process), ErrStale for any other click of a panel
// drawn before the seat's current decision (another move, or one taken back), and with the
// game's own *games.Refusal when the move is illegal now; nothing is written then.
func (s *Service) Commit(ctx context.Context, c Click, draft string) (Outcome, error) {
	var out Outcome
	t, err := s.update(ctx, c.Channel, func(t *Table) error {
		out = Outcome{}
		seat, ok := t.SeatOf(c.User)
		switch {
		case t.Game != c.Game:
			return movedOn()
		case !ok:
			return notSeated()
		case t.Status != StatusPlaying:
			return refuse(ErrOver, "This game is not running any more.", "Tato hra už neběží.")
		case t.Stale(seat, c.Rev) && s.lastMoveIs(t, seat, draft):
			return refuse(ErrAlreadyMoved, "That move was already made — here is the current state.", "Tento tah už je zahraný — tady je aktuální stav.")
		case t.Stale(seat, c.Rev):
			return movedOn()
		}
		st, err := s.State(t)
		if err != nil {
			return err
		}
		composer, ok := st.(games.Composer)
		if !ok {
			return fmt.Errorf("%s has no panels", t.Game)
		}
		a, err := composer.Resolve(seat, draft)
		if err != nil {
			return err
		}
		if err := s.play(t, st, seat, a, games.ByPlayer, &out); err != nil {
			return err
		}
		t.notePanel(seat, c, s.now())
		t.plan(out.State, s.now())
		return nil
	})
	if err != nil {
		return Outcome{}, err
	}
	out.Table = t
	tableLog(s.log, t).Info("move applied", "seat", int(out.Seat), "steps", len(out.Steps), "waiting", len(out.Waiting), "board", out.Announce)
	s.finishMove(ctx, &out)
	return out, nil
}

// lastMoveIs reports whether draft, resolved where the seat made its last move, is that move,
// made by the player themselves (not by the AI for them): whether a stale click of draft is a
// second click of the move already applied. A move taken back is no longer in the record, so
// a click of it is not one.
func (s *Service) lastMoveIs(t *Table, seat games.Seat, draft string) bool {
	if t.Record == nil {
		return false
	}
	moves := t.Record.Moves
	k := len(moves) - 1
	for k >= 0 && moves[k].Seat != seat {
		k--
	}
	if k < 0 || moves[k].By != "" {
		return false
	}
	g, ok := s.games.Lookup(t.Game)
	if !ok {
		return false
	}
	head := *t.Record
	head.Moves = moves[:k]
	st, _, err := games.Replay(g, head)
	if err != nil {
		return false
	}
	composer, ok := st.(games.Composer)
	if !ok {
		return false
	}
	a, err := composer.Resolve(seat, draft)
	if err != nil {
		return false
	}
	made, err := g.DecodeAction(moves[k].Action)
	if err != nil {
		return false
	}
	want, err1 := json.Marshal(made)
	got, err2 := json.Marshal(a)
	return err1 == nil && err2 == nil && bytes.Equal(want, got)
}

// play applies seat's action a to st (the state of t), decided by by (games.ByPlayer or
// games.ByAI), lets chance and the AI seats follow, and records it all in t (not yet written)
// and out.
func (s *Service) play(t *Table, st games.State, seat games.Seat, a games.Action, by games.By, out *Outcome) error {
	before := st.ToAct()
	rec := &games.Recorder{State: st, Record: *t.Record}
	rec.Record.Moves = slices.Clip(rec.Record.Moves) // appending must not touch t's moves
	events, err := rec.ApplyBy(seat, a, by)
	if err != nil {
		return err
	}
	more, err := games.Advance(rec, s.random(t.ID, uint64(t.rev)+uint64(len(rec.Record.Moves))), s.decider(t, rec))
	if err != nil {
		return err
	}
	moved := map[games.Seat]bool{seat: true}
	for _, m := range more {
		moved[m.Seat] = true
	}
	t.refreshSince(before, moved)
	*out = Outcome{State: rec.State, Seat: seat, Steps: append([]games.Step{{Seat: seat, Action: a, Events: events, Auto: by != games.ByPlayer}}, more...),
		Waiting: stillDeciding(before, moved, rec.State.ToAct())}
	t.Record = &rec.Record
	if games.Over(rec.State) {
		t.Status = StatusOver
	}
	if len(out.Waiting) == 0 && boardDue(seat, out.Steps, rec.State) {
		// The channel is owed a board message, covering every move since the last one posted.
		t.Owed = &Announcement{Through: len(rec.Record.Moves), Lease: s.now().Add(s.lease)}
		out.Announce = true
	}
	return nil
}

// boardDue reports whether the moves of steps, begun by seat and leading to st, call for a
// board message: the game ended, a seat other than seat moved or must act now, or a step was a
// milestone. Otherwise the same player simply goes on deciding in their panel, and the board
// message waits until their run of decisions ends.
func boardDue(seat games.Seat, steps []games.Step, st games.State) bool {
	if games.Over(st) {
		return true
	}
	for _, step := range steps {
		if step.Seat != seat && step.Seat != games.Chance {
			return true
		}
		for _, e := range step.Events {
			if e.Milestone {
				return true
			}
		}
	}
	next := st.ToAct()
	return len(next) != 1 || next[0] != seat
}

// shown returns the state right after the last milestone of board (the steps of the record's
// moves up to through), when moves other than chance's have not followed it; nil otherwise (the
// picture shows the current state).
func (s *Service) shown(t *Table, board []games.Step, through int) games.State {
	last := -1
	for i, step := range board {
		for _, e := range step.Events {
			if e.Milestone {
				last = i
			}
		}
	}
	if last < 0 || last == len(board)-1 {
		return nil
	}
	for _, step := range board[last+1:] {
		if step.Seat != games.Chance {
			return nil // players moved since: the picture shows where they are now
		}
	}
	g, _ := s.games.Lookup(t.Game)
	rec := *t.Record
	rec.Moves = rec.Moves[:through-len(board)+last+1]
	st, _, err := games.Replay(g, rec)
	if err != nil {
		tableLog(s.log, t).Warn("could not replay to the milestone", "err", err)
		return nil
	}
	return st
}

// boardSteps returns the steps a board message owed by t shows: every move since the last
// board message posted. steps are the newest of them, made by this operation.
func (s *Service) boardSteps(t *Table, steps []games.Step) []games.Step {
	through := len(t.Record.Moves)
	if t.Announced >= through-len(steps) {
		return steps
	}
	_, all, err := s.stepsSince(t, t.Announced, through)
	if err != nil {
		tableLog(s.log, t).Warn("could not replay the steps since the last board", "err", err)
		return steps
	}
	return all
}

// stillDeciding lists the seats that were deciding before a write, did not move in it and
// still must act: the rest of a simultaneous step.
func stillDeciding(before []games.Seat, moved map[games.Seat]bool, after []games.Seat) []games.Seat {
	var out []games.Seat
	for _, s := range before {
		if !moved[s] && slices.Contains(after, s) {
			out = append(out, s)
		}
	}
	return out
}
