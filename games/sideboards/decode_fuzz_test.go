package sideboards

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// FuzzDecodeAction: never a panic; an action that decodes encodes to JSON that decodes to it.
func FuzzDecodeAction(f *testing.F) {
	for _, s := range []string{
		`{"type":"start","cards":[12,40],"turned":[false,true]}`,
		`{"type":"place","card":7,"side":"left","turned":false}`,
		`{"type":"exchange"}`,
		`{"type":"tasks","tasks":[2,9,17]}`,
		`{"type":"deal","hands":[[12,40,7],[1,2,3]]}`,
		`{"type":"draw","seat":1,"cards":[33]}`,
		`{"type":"place","side":"right"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Game{}.DecodeAction(data)
		if err != nil {
			if !errors.Is(err, games.ErrBadRecord) {
				t.Fatalf("%s: error %v does not wrap ErrBadRecord", data, err)
			}
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

// FuzzPanel feeds drafts and typed text of any content to the Composer in turn 1 and in a
// later turn: never a panic, and every failure a *games.Refusal a player can read.
func FuzzPanel(f *testing.F) {
	first := newGame(f, 2, Options{Variant: Basic, Tasks: []int{1, 8, 17}})
	advance(f, first, rand.New(rand.NewPCG(3, 4)))
	later := first.clone()
	for _, seat := range later.ToAct() {
		mustApply(f, later, seat, later.Hint(seat))
	}
	advance(f, later, rand.New(rand.NewPCG(5, 6)))
	for _, d := range []string{"", ExchangeDraft, "1-2", "7l", "7rt", "60-1t", "xx", "12-"} {
		f.Add(d, "7t right")
		f.Add(d, "12 40t")
	}
	f.Fuzz(func(t *testing.T, draft, typed string) {
		var r *games.Refusal
		for _, s := range []*State{first, later} {
			for seat := games.Seat(-1); seat < 3; seat++ {
				if _, err := s.Compose(seat, draft); err != nil && !errors.As(err, &r) {
					t.Fatalf("Compose(%q): %v", draft, err)
				}
				if _, err := s.Resolve(seat, draft); err != nil && !errors.As(err, &r) {
					t.Fatalf("Resolve(%q): %v", draft, err)
				}
				if d, err := s.Typed(seat, draft, typed); err != nil && !errors.As(err, &r) {
					t.Fatalf("Typed(%q, %q): %v", draft, typed, err)
				} else if err == nil {
					if _, err := s.Resolve(seat, d); err != nil {
						t.Fatalf("Typed(%q, %q) = %q, which does not resolve: %v", draft, typed, d, err)
					}
				}
			}
		}
	})
}
