package table

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store/storetest"
)

// posted records the board message a test "posts" for out, at the clock's time.
func posted(t *testing.T, s *Service, out Outcome, id string) {
	t.Helper()
	if err := s.Announced(context.Background(), channel, out.Table.ID, len(out.Table.Record.Moves), &PostedBoard{ID: id, At: s.now()}); err != nil {
		t.Fatal(err)
	}
}

// panelClick is who(user) clicking a panel through an interaction of token.
func panelClick(user string, rev Revision, token string) Click {
	c := who(user, "fits", rev)
	c.Token, c.Locale = token, "cs"
	return c
}

// TestInPlace: a FITS card whose players all confirmed within a panel token's life is shown in
// place, and the tokens it edits through are those of their last confirmed choices; a token
// that has aged past PanelLife, a board older than BoardLife, or a turn-based game post anew.
func TestInPlace(t *testing.T) {
	ctx := context.Background()
	r := newRand()
	// step plays one simultaneous FITS step, Ada then Ben, waiting gap between them.
	step := func(s *Service, clk *clock, gap time.Duration) Outcome {
		t.Helper()
		tb, err := s.Load(ctx, channel)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := s.State(tb)
		first, err := s.Commit(ctx, panelClick(ada, tb.Rev(), "token-ada"), draftFor(t, st, 0, r))
		if err != nil {
			t.Fatal(err)
		}
		clk.Add(gap)
		st, _ = s.State(first.Table)
		out, err := s.Commit(ctx, panelClick(ben, first.Table.Rev(), "token-ben"), draftFor(t, st, 1, r))
		if err != nil {
			t.Fatal(err)
		}
		if !out.Announce {
			t.Fatal("the step's last choice owes no board")
		}
		return out
	}

	clk := newClock()
	s := newService(t, storetest.OpenBolt(t), clk)
	posted(t, s, started(t, s, "fits", "", ben), "board-1")
	out := step(s, clk, time.Minute)
	seats, ok := s.InPlace(out)
	if !ok || !slices.Equal(seats, []games.Seat{0}) {
		t.Fatalf("a live card: in place %v, panels %v; want in place, Ada's panel", ok, seats)
	}
	if p, fresh := out.Table.PanelOf(0, clk.Now()); !fresh || p.Token != "token-ada" || p.Locale != "cs" {
		t.Fatalf("Ada's kept panel %+v (fresh %v)", p, fresh)
	}
	posted(t, s, out, "board-1")

	// Ada's click aged past a token's life before Ben's completed the step.
	out = step(s, clk, PanelLife)
	if _, ok := s.InPlace(out); ok {
		t.Fatal("a card after a token expired was shown in place")
	}
	posted(t, s, out, "board-2")

	// The board is older than BoardLife (the players were quick, but the round long).
	clk.Add(BoardLife)
	if _, ok := s.InPlace(step(s, clk, 0)); ok {
		t.Fatal("a board older than BoardLife would be edited")
	}

	// Ingenious is a turn of one player after another's: the next player is pinged, however
	// fresh their panel.
	clk2 := newClock()
	s2 := newService(t, storetest.OpenBolt(t), clk2)
	turn := started(t, s2, "ingenious", "", ben)
	posted(t, s2, turn, "board-1")
	for turns := 0; turns < 2; {
		seat := turn.State.ToAct()[0]
		c := panelClick([]string{ada, ben}[seat], turn.Table.Rev(), "token-"+[]string{ada, ben}[seat])
		c.Game = "ingenious"
		var err error
		if turn, err = s2.Commit(ctx, c, draftFor(t, turn.State, seat, r)); err != nil {
			t.Fatal(err)
		}
		if turn.Announce {
			turns++
		}
	}
	if _, fresh := turn.Table.PanelOf(turn.State.ToAct()[0], clk2.Now()); !fresh {
		t.Fatal("the next Ingenious player's panel token is not kept")
	}
	if _, ok := s2.InPlace(turn); ok {
		t.Fatal("an Ingenious turn was shown in place")
	}
}
