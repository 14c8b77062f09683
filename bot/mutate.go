package bot

import (
	"context"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// maxAttempts bounds the re-reads of a write that keeps losing compare-and-set races.
const maxAttempts = 8

// mutate loads the channel's table, lets change modify it and writes it back with
// compare-and-set. When another writer got there first, it re-reads and calls change again, so
// change must re-validate everything against the table it is given. An error from change is
// returned as it is, and nothing is written.
func (b *Bot) mutate(ctx context.Context, channel string, change func(t *Table) error) (*Table, error) {
	for attempt := range maxAttempts {
		if attempt > 0 {
			// Random exponential backoff: writers that collided do not collide again in step.
			wait := time.Duration(1+mrand.IntN(1<<min(attempt, 6))) * time.Millisecond
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return nil, fmt.Errorf("channel %s: %w", channel, ctx.Err())
			}
		}
		t, err := b.loadTable(ctx, channel)
		if err != nil {
			return nil, err
		}
		if err := change(t); err != nil {
			return nil, err
		}
		err = b.saveTable(ctx, t)
		if errors.Is(err, store.ErrConflict) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return t, nil
	}
	return nil, fmt.Errorf("channel %s: %d writes in a row lost the race: %w", channel, maxAttempts, store.ErrConflict)
}

// step is one seat's move and what it caused, for the channel message.
type step struct {
	seat   games.Seat
	ai     bool
	events []games.Event
}

// advance lets chance and the AI seats move until a human must decide or the game ends. It
// returns the steps taken, chance's included.
func (b *Bot) advance(t *Table, rec *games.Recorder) ([]step, error) {
	var steps []step
	r := b.random(t.ID, uint64(t.rev)+uint64(len(rec.Record.Moves)))
	for guard := 0; guard < 10000; guard++ {
		st := rec.State
		if games.Over(st) {
			return steps, nil
		}
		act := st.ToAct()
		if len(act) == 1 && act[0] == games.Chance {
			a := st.SampleChance(r)
			if a == nil {
				return steps, fmt.Errorf("%s: chance must move but has no move", t.Game)
			}
			events, err := rec.Apply(games.Chance, a)
			if err != nil {
				return steps, fmt.Errorf("%s: chance move %s: %w", t.Game, st.Describe(a), err)
			}
			b.metrics.moves.WithLabelValues(t.Game, "chance").Inc()
			steps = append(steps, step{seat: games.Chance, events: events})
			continue
		}
		moved := false
		for _, seat := range act {
			if seat < 0 || int(seat) >= len(t.Seats) || !t.Seats[seat].AI {
				continue
			}
			a := st.Hint(seat)
			if a == nil {
				return steps, fmt.Errorf("%s: AI seat %d has no move", t.Game, seat)
			}
			events, err := rec.Apply(seat, a)
			if err != nil {
				return steps, fmt.Errorf("%s: AI seat %d move %s: %w", t.Game, seat, st.Describe(a), err)
			}
			b.metrics.moves.WithLabelValues(t.Game, "ai").Inc()
			steps = append(steps, step{seat: seat, ai: true, events: events})
			moved = true
			break // the seats to act may have changed
		}
		if !moved {
			return steps, nil
		}
	}
	return steps, fmt.Errorf("%s: chance and AI moved 10000 times without a human decision", t.Game)
}

// refreshSince updates t.Since after moves: a seat whose decision changed (it moved, or it was
// not to act before) starts a new decision at the revision this write will create.
func refreshSince(t *Table, before []games.Seat, moved map[games.Seat]bool) {
	next := t.rev + 1 // the store adds one per successful write
	if len(t.Since) != len(t.Seats) {
		t.Since = make([]store.Revision, len(t.Seats))
	}
	for i := range t.Seats {
		s := games.Seat(i)
		if moved[s] || !slices.Contains(before, s) {
			t.Since[i] = next
		}
	}
}
