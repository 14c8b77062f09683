package fits

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// FuzzDecodeAction: never a panic; an action that decodes encodes to JSON that decodes to it.
func FuzzDecodeAction(f *testing.F) {
	for _, s := range []string{`{"type":"place","piece":"F5","rot":1,"flip":true,"col":"C"}`, `{"type":"aside","piece":"T4"}`, `{"type":"start","cards":["F5","X5"]}`, `{"type":"reveal","piece":"T4"}`, `{"type":"place","col":"Z"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Game{}.DecodeAction(data)
		if err != nil {
			return
		}
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
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

// FuzzPanel feeds drafts and typed text of any content to the Composer mid-round: never a
// panic, and every failure a *games.Refusal a player can read.
func FuzzPanel(f *testing.F) {
	st, _ := Game{}.New([]string{"Ada", "Ben"}, nil)
	s := st.(*State)
	stop := func(games.State) bool { return len(s.turned) >= 5 && s.phase == PhaseBuild }
	if _, err := games.AdvanceUntil(&games.Recorder{State: s}, rand.New(rand.NewPCG(3, 4)), games.Hints, stop); err != nil {
		f.Fatal(err)
	}
	for _, d := range []string{"", AsideDraft, "C1", "A0f", "Z9", "C1:x"} {
		f.Add(d, "C 1 flip")
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
	})
}
