package fits

import (
	"reflect"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// TestHiddenChoice: a committed choice cannot leak through View, Result, Legal, Hint or the
// events until the last seat of the step has moved; only the fact of choosing is public.
func TestHiddenChoice(t *testing.T) {
	base := revealed(t, L4, 3, []int{2})
	others := []games.Seat{1, 2, games.NoSeat, games.Chance}
	placed, aside := gamestest.HiddenChoice(t, base, 0, pl(L4, 0, false, 'A'), Aside{Piece: L4}, true)
	// Against the state before seat 0 chose, only ToAct and Decided changed.
	for _, seat := range others {
		before, after := base.view(seat), placed.view(seat)
		if !reflect.DeepEqual(before.Seats[0].Grid, after.Seats[0].Grid) ||
			!reflect.DeepEqual(before.Seats[0].Pieces, after.Seats[0].Pieces) ||
			!reflect.DeepEqual(before.Seats[0].Aside, after.Seats[0].Aside) ||
			before.Seats[0].Now != after.Seats[0].Now {
			t.Fatalf("seat %v sees seat 0's board change before the step ends", seat)
		}
		if !after.Seats[0].Decided || before.Seats[0].Decided || after.Seats[0].Piece != NoShape {
			t.Errorf("seat %v: decided %v → %v", seat, before.Seats[0].Decided, after.Seats[0].Decided)
		}
		if !slices.Equal(after.ToAct, []games.Seat{1, 2}) {
			t.Errorf("seat %v sees to act %v, want 1 2", seat, after.ToAct)
		}
	}
	if !reflect.DeepEqual(base.Result(), placed.Result()) || !slices.Equal(base.Legal(1), placed.Legal(1)) {
		t.Fatal("result or another seat's moves changed")
	}
	// The seat sees its own choice.
	own := placed.view(0).Seats[0]
	if n := len(own.Pieces); n != 2 || !own.Pieces[1].Pending || !own.Decided || own.Grid[0][0] == 0 {
		t.Fatalf("own view after placing: %+v", own)
	}
	if a := aside.view(0).Seats[0]; a.PendingAside != L4 || len(a.Pieces) != 1 {
		t.Fatalf("own view after setting aside: %+v", a)
	}
	if placed.view(1).Seats[0].PendingAside != NoShape || aside.view(1).Seats[0].PendingAside != NoShape {
		t.Fatal("another seat sees a pending aside")
	}
	// The last seat's move reveals every choice.
	must.Apply(t, placed, 2, Aside{Piece: L4})
	if v := placed.view(2).Seats[0]; len(v.Pieces) != 1 {
		t.Fatal("seat 2 sees seat 0's piece before seat 1 has chosen")
	}
	ev := must.Apply(t, placed, 1, pl(L4, 0, true, 'D'))
	if len(ev) != 3 {
		t.Fatalf("last move: %d events, want one per seat: %v", len(ev), ev)
	}
	for _, seat := range others {
		v := placed.view(seat)
		s0, s2 := v.Seats[0], v.Seats[2]
		if len(s0.Pieces) != 2 || s0.Pieces[1].Pending || s0.Last != 1 || s2.LastAside != L4 || !slices.Equal(s2.Aside, []Shape{L4}) {
			t.Fatalf("after the step, seat %v sees %+v and %+v", seat, s0, s2)
		}
		if s0.Decided || s2.Decided {
			t.Fatal("decided flags survive the step")
		}
	}
}

// TestHiddenStartPieces: start pieces are hidden like building choices.
func TestHiddenStartPieces(t *testing.T) {
	s := dealt(t, 2, nil)
	must.Apply(t, s, 1, s.Hint(1))
	if v := s.view(0); len(v.Seats[1].Pieces) != 0 || !v.Seats[1].Decided {
		t.Fatalf("seat 0 sees seat 1's start piece: %+v", v.Seats[1])
	}
	if v := s.view(games.NoSeat); len(v.Seats[1].Pieces) != 0 {
		t.Fatal("a spectator sees seat 1's start piece")
	}
	if v := s.view(1); len(v.Seats[1].Pieces) != 1 || !v.Seats[1].Pieces[0].Pending {
		t.Fatal("seat 1 does not see its own start piece")
	}
}

// TestViewContents checks the public parts of a view.
func TestViewContents(t *testing.T) {
	s := revealed(t, T4, 2, []int{4, 1}, U5, W5)
	v := s.view(0)
	if v.Board != 4 || v.Round != 0 || v.RoundOver || v.Card != T4 || !slices.Equal(v.Turned, []Shape{T4}) ||
		!slices.Equal(v.StartCards, []Shape{U5, W5}) || len(v.Specials) != 10 || v.Viewer != 0 || v.Solo {
		t.Fatalf("view %+v", v)
	}
	if v.Suggested == "" || s.view(games.NoSeat).Suggested != "" || s.view(games.NoSeat).Viewer != games.NoSeat {
		t.Fatal("suggestion missing for the player or shown to a spectator")
	}
	mine, ok := v.Mine()
	if !ok || mine.Piece != T4 || mine.Colour != Red || v.Seats[1].Colour != Green || mine.Last != 0 || mine.Name != "Ada" {
		t.Fatalf("own board %+v", mine)
	}
	if _, ok := s.view(games.Chance).Mine(); ok {
		t.Fatal("chance has a board")
	}
	if mine.Now != ScoreGrid(4, &mine.Grid) {
		t.Fatal("Now is not the board's score")
	}
	// Views are copies.
	v.Seats[0].Pieces[0].Cells[0] = Cell{5, 5}
	if s.seats[0].pieces[0].Cells[0] == (Cell{5, 5}) {
		t.Fatal("a view shares cells with the state")
	}
}
