package table

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store/storetest"
)

// otherDraft is a draft for seat at st that is not draft.
func otherDraft(t *testing.T, st games.State, seat games.Seat, draft string, r *rand.Rand) string {
	t.Helper()
	for range 200 {
		if d := draftFor(t, st, seat, r); d != draft {
			return d
		}
	}
	t.Fatalf("no draft but %q", draft)
	return ""
}

// TestAlreadyMadeOnlyForTheMoveMade: a stale click is "already made" only when it is the very
// move the seat last made; a click of another move on the same old panel, or of a move taken
// back, is stale (the board has moved on).
func TestAlreadyMadeOnlyForTheMoveMade(t *testing.T) {
	ctx := context.Background()

	t.Run("another move", func(t *testing.T) {
		s := newService(t, storetest.OpenBolt(t), newClock())
		r := rand.New(rand.NewPCG(5, 5))
		out := started(t, s, "ingenious", "", ben)
		seat := out.State.ToAct()[0]
		user := []string{ada, ben}[seat]
		drawn := out.Table.Rev()
		made := draftFor(t, out.State, seat, r)
		other := otherDraft(t, out.State, seat, made, r)
		if _, err := s.Commit(ctx, who(user, "ingenious", drawn), made); err != nil {
			t.Fatal(err)
		}
		_, err := s.Commit(ctx, who(user, "ingenious", drawn), made)
		wantKind(t, "the same move again", err, ErrAlreadyMoved)
		_, err = s.Commit(ctx, who(user, "ingenious", drawn), other)
		wantKind(t, "another move on the old panel", err, ErrStale)
	})

	t.Run("taken back", func(t *testing.T) {
		s := newService(t, storetest.OpenBolt(t), newClock())
		r := rand.New(rand.NewPCG(6, 6))
		out := started(t, s, "fits", `{"boards":[1]}`, ben)
		drawn := out.Table.Rev()
		made := draftFor(t, out.State, 0, r)
		first, err := s.Commit(ctx, who(ada, "fits", drawn), made)
		if err != nil {
			t.Fatal(err)
		}
		back, err := s.Undo(ctx, who(ada, "fits", first.Table.Rev()))
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Commit(ctx, who(ada, "fits", drawn), made)
		wantKind(t, "the move taken back, clicked again", err, ErrStale)
		// Made again, it is the move already made.
		if _, err := s.Commit(ctx, who(ada, "fits", back.Table.Rev()), made); err != nil {
			t.Fatal(err)
		}
		_, err = s.Commit(ctx, who(ada, "fits", drawn), made)
		wantKind(t, "the move made again, clicked on the old panel", err, ErrAlreadyMoved)
	})
}
