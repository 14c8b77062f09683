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
