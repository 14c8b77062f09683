package table

import (
	"context"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// An undo removes the seat's last move from the record (a truncation, not a new entry): the
// record then replays to exactly the state the table is in, as if the move had never been
// made. The policy is Board Game Arena's: the player who just moved may take back their last
// decision while nothing random or hidden has been revealed since and no other seat has acted
// since — except other seats' hidden choices in the same simultaneous step, which do not
// depend on it — and while no board message has shown the move. The game says which actions
// may be taken back at all (games.Undoer).

// undoable returns the index in t's record of the move seat may take back now, or -1.
func (s *Service) undoable(t *Table, seat games.Seat) int {
	if t.Status != StatusPlaying || t.Record == nil {
		return -1
	}
	g, ok := s.games.Lookup(t.Game)
	undoer, can := g.(games.Undoer)
	if !ok || !can {
		return -1
	}
	moves := t.Record.Moves
	k := -1
	for i := len(moves) - 1; i >= 0; i-- {
		if moves[i].Seat == seat {
			k = i
			break
		}
	}
	if k < 0 || k < t.Announced || (t.Owed != nil && t.Owed.Through > k) {
		return -1
	}
	a, err := g.DecodeAction(moves[k].Action)
	if err != nil || !undoer.Undoable(a) {
		return -1
	}
	later := map[games.Seat]bool{}
	for _, m := range moves[k+1:] {
		if m.Seat == games.Chance || later[m.Seat] {
			return -1
		}
		later[m.Seat] = true
	}
	if len(later) == 0 {
		return k
	}
	// Later moves must be choices of the same simultaneous step: seats deciding with seat.
	head := *t.Record
	head.Moves = moves[:k]
	st, _, err := games.Replay(g, head)
	if err != nil {
		return -1
	}
	act := st.ToAct()
	for other := range later {
		if !slices.Contains(act, other) {
			return -1
		}
	}
	return k
}

// CanUndo reports whether seat may take back its last move now.
func (s *Service) CanUndo(t *Table, seat games.Seat) bool { return s.undoable(t, seat) >= 0 }

// Undo takes back the click's person's last move, if the policy allows it. The outcome's state
// is the game without the move; the seat decides again. It refuses with ErrNotSeated, ErrOver,
// ErrStale (the component was drawn for another game) and ErrAlreadyMoved when there is nothing
// the person may take back.
func (s *Service) Undo(ctx context.Context, c Click) (Outcome, error) {
	var out Outcome
	t, err := s.update(ctx, c.Channel, func(t *Table) error {
		out = Outcome{}
		seat, ok := t.SeatOf(c.User)
		switch {
		case c.Game != "" && t.Game != c.Game:
			return movedOn()
		case !ok:
			return notSeated()
		case t.Status != StatusPlaying:
			return refuse(ErrOver, "This game is not running any more.", "Tato hra už neběží.")
		}
		k := s.undoable(t, seat)
		if k < 0 {
			return refuse(ErrAlreadyMoved, "There is nothing you can take back now: the game has moved on since your last move.",
				"Teď nemůžeš nic vzít zpět: od tvého posledního tahu hra pokročila.")
		}
		rec := *t.Record
		rec.Moves = slices.Concat(rec.Moves[:k], rec.Moves[k+1:])
		g, _ := s.games.Lookup(t.Game)
		st, n, err := games.Replay(g, rec)
		if err != nil || n != len(rec.Moves) {
			return refuse(ErrAlreadyMoved, "That move cannot be taken back any more.", "Tento tah už nejde vzít zpět.")
		}
		t.Record = &rec
		t.Since[seat] = t.rev + 1 // the seat's panels drawn before are stale; the others' stay
		t.notePanel(seat, c, s.now())
		t.plan(st, s.now())

		out = Outcome{State: st, Seat: seat}
		return nil
	})
	if err != nil {
		return Outcome{}, err
	}
	out.Table = t
	tableLog(s.log, t).Info("move taken back", "seat", int(out.Seat))
	s.finishMove(ctx, &out)
	return out, nil
}
