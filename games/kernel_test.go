package games

import (
	"errors"
	"testing"
)

// checkGame is a toy game whose "pass" only chance makes, for Check's refusals.
type checkGame struct{ Base[checkGame] }

func (checkGame) Meta() *Meta {
	return &Meta{Name: "toy", Actions: NewCodec("toy", Kind[toyMarkWire]("mark"), Bare[toyPass]("pass").ByChance())}
}

// checkState is a toy state of Ada and Ben: only what Check asks of a State (who is to act,
// whether the game is over) is answered.
type checkState struct {
	State
	toAct []Seat
	over  bool
}

func (checkState) Game() Game        { return checkGame{} }
func (checkState) Players() []string { return []string{"Ada", "Ben"} }
func (s checkState) ToAct() []Seat   { return s.toAct }
func (s checkState) Result() Result  { return Result{Over: s.over} }

// TestCheck: the common refusals, in Check's order, with their kind and their words.
func TestCheck(t *testing.T) {
	ada, ben, chance := checkState{toAct: []Seat{0}}, checkState{toAct: []Seat{1}}, checkState{toAct: []Seat{Chance}}
	for _, tc := range []struct {
		st   checkState
		seat Seat
		a    Action
		kind error
		en   string
	}{
		{ada, 2, toyMark{}, ErrNotYourTurn, "Seat 2 is not at this table."},
		{checkState{over: true}, 2, toyMark{}, ErrNotYourTurn, "Seat 2 is not at this table."},
		{checkState{over: true}, 0, toyMark{}, ErrGameOver, "The game is over."},
		{checkState{over: true}, Chance, toyPass{}, ErrGameOver, "The game is over."},
		{ben, 0, toyMark{}, ErrNotYourTurn, "It is not your move now — waiting for Ben."},
		{chance, 0, toyMark{}, ErrNotYourTurn, "Wait: chance moves next."},
		{ada, Chance, toyPass{}, ErrNotYourTurn, "Chance waits for the players."},
		{ada, 0, nil, ErrUnknownAction, "There is no move to make."},
		{chance, Chance, toyMark{}, ErrUnknownAction, "Chance makes no player's move."},
		{ada, 0, toyPass{}, ErrUnknownAction, "Only chance makes that move: it deals, draws and rolls."},
	} {
		r := Check(tc.st, tc.seat, tc.a)
		if r == nil {
			t.Errorf("%v to act, %v: %v passed", tc.st.toAct, tc.seat, tc.a)
			continue
		}
		if !errors.Is(r, tc.kind) || r.Reason.EN != tc.en {
			t.Errorf("%v to act, %v: %v refused %v %q, want %v %q", tc.st.toAct, tc.seat, tc.a, r.Kind, r.Reason.EN, tc.kind, tc.en)
		}
	}
	if r := Check(ada, 0, toyMark{}); r != nil {
		t.Errorf("Ada's mark refused: %v", r)
	}
	if r := Check(chance, Chance, toyPass{}); r != nil {
		t.Errorf("chance's pass refused: %v", r)
	}
}
