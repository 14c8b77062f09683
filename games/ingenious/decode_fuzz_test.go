package ingenious

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// FuzzDecodeAction: never a panic; an action that decodes encodes to JSON that decodes to it.
func FuzzDecodeAction(f *testing.F) {
	for _, s := range []string{`{"type":"place","tile":"RG","cells":[[0,0],[1,0]]}`, `{"type":"swap"}`, `{"type":"keep"}`, `{"type":"draw","tiles":["RG"]}`, `{"type":"place"}`, `{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := DecodeAction(data)
		if err != nil {
			return
		}
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeAction(b)
		if err != nil {
			t.Fatalf("%s → %s does not decode: %v", data, b, err)
		}
		again, _ := json.Marshal(back)
		if string(again) != string(b) {
			t.Fatalf("%s → %s → %s", data, b, again)
		}
	})
}

// FuzzPanel feeds drafts and typed text of any content to the Composer of a game in progress:
// never a panic, and every failure a *games.Refusal a player can read.
func FuzzPanel(f *testing.F) {
	s, _ := NewState([]string{"Ada", "Ben"}, Options{})
	stop := func(games.State) bool { return len(s.placements) >= 6 && s.phase == PhasePlace }
	if _, err := games.AdvanceUntil(&games.Recorder{State: s}, rand.New(rand.NewPCG(1, 2)), games.Hints, stop); err != nil {
		f.Fatal(err)
	}
	seat := s.ToAct()[0]
	for _, d := range []string{"", "RG", "RG:F7-F8", "swap", "keep", "ZZ:A1-A2", "RG:F7", "R"} {
		f.Add(d, "F7 F8")
	}
	f.Fuzz(func(t *testing.T, draft, typed string) {
		var r *games.Refusal
		if _, err := s.Compose(seat, draft); err != nil && !errors.As(err, &r) {
			t.Fatalf("Compose(%q): %v", draft, err)
		}
		if _, err := s.Resolve(seat, draft); err != nil && !errors.As(err, &r) {
			t.Fatalf("Resolve(%q): %v", draft, err)
		}
		if _, err := s.Typed(seat, draft, typed); err != nil && !errors.As(err, &r) {
			t.Fatalf("Typed(%q, %q): %v", draft, typed, err)
		}
		_, _ = ParseDraft(draft, s.radius)
	})
}
