package shelfie

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// FuzzDecodeAction: never a panic; an action that decodes encodes to JSON that decodes to it,
// and its notation reads back as it.
func FuzzDecodeAction(f *testing.F) {
	for _, s := range []string{
		`{"type":"place","die":1,"col":3}`, `{"type":"place","die":2,"to":"shame"}`, `{"type":"ability","card":8,"copy":14,"col":2,"value":5}`,
		`{"type":"ability","card":9,"box":1,"pos":2,"box2":3,"pos2":1}`, `{"type":"ability","card":10,"dice":[1,3]}`,
		`{"type":"fill","boxes":[["P3","G6","B1"]]}`, `{"type":"rewards","endgame":["E1","E2"]}`, `{"type":"deal","hands":[[1,2]]}`,
		`{"type":"draw","color":"G"}`, `{"type":"retrieve","card":1,"slot":1}`, `{"type":"done"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Game{}.DecodeAction(data)
		if err != nil {
			return
		}
		b, err := json.Marshal(a)
		if err != nil {
			return // a decoded value that cannot be written (a colour-less die) is refused by Apply
		}
		back, err := Game{}.DecodeAction(b)
		if err != nil {
			t.Fatalf("%s → %s does not decode: %v", data, b, err)
		}
		again, _ := json.Marshal(back)
		if string(again) != string(b) {
			t.Fatalf("%s → %s → %s", data, b, again)
		}
	})
}

// FuzzPanel feeds drafts and typed text of any content to the Composer mid-game: never a
// panic, and every failure a *games.Refusal a player can read.
func FuzzPanel(f *testing.F) {
	st, _ := Game{}.New([]string{"Ada", "Ben"}, nil)
	s := st.(*State)
	stop := func(games.State) bool { return s.round >= 3 && s.phase == PhaseTurn && s.taken }
	if _, err := games.AdvanceUntil(&games.Recorder{State: s}, rand.New(rand.NewPCG(3, 4)), games.Hints, stop); err != nil {
		f.Fatal(err)
	}
	for _, d := range []string{"", "d1", "d9", "a3", "a8k3", "a8", "=place_1_c3", "=use_3_d1", "=done", "=", "x"} {
		f.Add(d, "place 1 c3")
	}
	f.Fuzz(func(t *testing.T, draft, typed string) {
		var r *games.Refusal
		for seat := range games.Seat(2) {
			if _, err := s.Compose(seat, draft); err != nil && !errors.As(err, &r) {
				t.Fatalf("Compose(%q): %v", draft, err)
			}
			if _, err := s.Resolve(seat, draft); err != nil && !errors.As(err, &r) {
				t.Fatalf("Resolve(%q): %v", draft, err)
			}
			if _, err := s.Typed(seat, draft, typed); err != nil && !errors.As(err, &r) {
				t.Fatalf("Typed(%q, %q): %v", draft, typed, err)
			}
		}
		SelectedDie(draft)
		_, _ = ParseMove(typed)
	})
}
