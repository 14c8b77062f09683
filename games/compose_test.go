package games

import (
	"errors"
	"testing"
)

func TestComposerRefusals(t *testing.T) {
	for _, tc := range []struct {
		r    *Refusal
		kind error
	}{{StaleDraft(), ErrIllegal}, {NothingToDecide(), ErrNotYourTurn}} {
		if !errors.Is(tc.r, tc.kind) || tc.r.Reason.EN == "" || tc.r.Reason.CS == "" {
			t.Errorf("%v: want a %v in both languages", tc.r, tc.kind)
		}
	}
}

// waitState is a State of which only the players and the seats to act are known.
type waitState struct {
	State
	players []string
	toAct   []Seat
}

func (w waitState) Players() []string { return w.players }
func (w waitState) ToAct() []Seat     { return w.toAct }

func TestChosenAlready(t *testing.T) {
	st := waitState{players: []string{"Ada", "Ben", "Cid"}, toAct: []Seat{1, 2}}
	r := ChosenAlready(st, Say("have placed", "máš přiloženo"))
	if !errors.Is(r, ErrNotYourTurn) || r.Reason.EN != "You have placed already — waiting for Ben and Cid." || r.Reason.CS != "Už máš přiloženo — čeká se na: Ben a Cid." {
		t.Errorf("ChosenAlready = %v (%q / %q)", r, r.Reason.EN, r.Reason.CS)
	}
}
