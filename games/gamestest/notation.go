package gamestest

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// RoundTrip requires data, the JSON form of an action of g, to decode and to encode back to
// the very same text, and returns the action it decodes to (nil when it does not decode).
func RoundTrip(t testing.TB, g games.Game, data string) games.Action {
	t.Helper()
	a, err := g.DecodeAction([]byte(data))
	if err != nil {
		t.Errorf("%s: %v", data, err)
		return nil
	}
	if back, err := json.Marshal(a); err != nil || string(back) != data {
		t.Errorf("%s encodes back as %s, %v", data, back, err)
	}
	return a
}

// DecodeRefuses requires g's decoder to refuse each of bad with an error wrapping
// games.ErrBadRecord.
func DecodeRefuses(t testing.TB, g games.Game, bad ...string) {
	t.Helper()
	for _, data := range bad {
		if _, err := g.DecodeAction([]byte(data)); !errors.Is(err, games.ErrBadRecord) {
			t.Errorf("%s: error %v, want ErrBadRecord", data, err)
		}
	}
}

// TypedResolves requires every move Legal lists for seat in st to read back from the text
// Describe gives it: Typed turns the text into a draft that Resolve turns into that very move
// (equal as JSON). st must be a games.Composer.
func TypedResolves(t testing.TB, st games.State, seat games.Seat) {
	t.Helper()
	c, ok := st.(games.Composer)
	if !ok {
		t.Fatalf("%T is no games.Composer", st)
	}
	for _, a := range st.Legal(seat) {
		text := st.Describe(a)
		draft, err := c.Typed(seat, "", text)
		if err != nil {
			t.Fatalf("seat %v: Typed(%q): %v", seat, text, err)
		}
		back, err := c.Resolve(seat, draft)
		if err != nil || key(back) != key(a) {
			t.Fatalf("seat %v: %q → draft %q → %v (%v), want %s", seat, text, draft, back, err, key(a))
		}
	}
}
