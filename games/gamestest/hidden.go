package gamestest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// checkLegalStable checks that Legal lists the same actions in the same order when asked again
// and when asked of a clone.
func checkLegalStable(t *testing.T, st games.State, seat games.Seat, legal []games.Action) {
	t.Helper()
	want := actionsJSON(legal)
	if got := actionsJSON(st.Legal(seat)); got != want {
		t.Fatalf("Legal(%v) changed order when asked again:\n%s\nwant\n%s", seat, got, want)
	}
	if got := actionsJSON(st.Clone().Legal(seat)); got != want {
		t.Fatalf("Legal(%v) of a clone differs:\n%s\nwant\n%s", seat, got, want)
	}
}

func actionsJSON(as []games.Action) string {
	b, _ := json.Marshal(as)
	return string(b)
}

// hiddenCheck checks a game's Determinize during a playout. For every seat (and a spectator),
// a determinized state must look exactly the same to that seat: equal View, ToAct and Legal.
// Since Determinize draws anew everything the seat cannot see, a view that showed any of it
// would change, so this is the check that views hide what they must. It also checks that the
// determinized state plays on, and — in games of two or more players — that determinizing
// really changed something over the playout (another seat's view), so that a Determinize that
// merely clones cannot pass.
type hiddenCheck struct {
	checked, varied int
}

// check runs the checks at st, if its game can determinize.
func (h *hiddenCheck) check(t *testing.T, st games.State, r *rand.Rand) {
	t.Helper()
	d, ok := st.(games.Determinizer)
	if !ok {
		return
	}
	before := Fingerprint(st)
	seats := []games.Seat{games.NoSeat}
	for i := range st.Players() {
		seats = append(seats, games.Seat(i))
	}
	for _, seat := range seats {
		det := d.Determinize(seat, r)
		h.checked++
		if got, want := viewOf(det, seat), viewOf(st, seat); got != want {
			t.Fatalf("seat %v can tell a determinized state from the real one: its view\n%s\nwant\n%s", seat, got, want)
		}
		if fmt.Sprint(det.ToAct()) != fmt.Sprint(st.ToAct()) {
			t.Fatalf("seat %v: determinized ToAct %v, want %v", seat, det.ToAct(), st.ToAct())
		}
		if seat >= 0 && actionsJSON(det.Legal(seat)) != actionsJSON(st.Legal(seat)) {
			t.Fatalf("seat %v: determinized Legal differs", seat)
		}
		for other := range st.Players() {
			if games.Seat(other) != seat && viewOf(det, games.Seat(other)) != viewOf(st, games.Seat(other)) {
				h.varied++
				break
			}
		}
		playOn(t, det, r, 8)
	}
	if Fingerprint(st) != before {
		t.Fatalf("Determinize changed the state it was called on")
	}
}

// done checks, at the end of a playout of st's game, that determinizing varied something.
func (h *hiddenCheck) done(t *testing.T, st games.State) {
	t.Helper()
	if h.checked > 0 && len(st.Players()) > 1 && h.varied == 0 {
		t.Fatalf("Determinize never changed what another seat sees in %d tries: does it draw the hidden information anew?", h.checked)
	}
}

// viewOf prints seat's view.
func viewOf(st games.State, seat games.Seat) string {
	return fmt.Sprintf("%+v", deref(st.View(seat)))
}

// playOn plays up to n random legal moves on st (which it changes), failing on any refusal.
func playOn(t *testing.T, st games.State, r *rand.Rand, n int) {
	t.Helper()
	for range n {
		act := st.ToAct()
		if len(act) == 0 {
			return
		}
		seat := act[r.IntN(len(act))]
		var a games.Action
		if seat == games.Chance {
			a = st.SampleChance(r)
		} else if legal := st.Legal(seat); len(legal) > 0 {
			a = legal[r.IntN(len(legal))]
		}
		if a == nil {
			t.Fatalf("determinized state: seat %v must act but has no move", seat)
		}
		if _, err := st.Apply(seat, a); err != nil {
			t.Fatalf("determinized state: listed move %s refused: %v", st.Describe(a), err)
		}
	}
}

// Observe is everything seat (or a spectator) can learn from st: its view, the result, who
// acts, and its own legal moves and prompt; with hint, the game's hint for it too. Two states
// a seat must not tell apart observe alike.
func Observe(st games.State, seat games.Seat, hint bool) string {
	s := fmt.Sprintf("view=%+v\nresult=%+v\nact=%v\nlegal=%v\n", deref(st.View(seat)), st.Result(), st.ToAct(), st.Legal(seat))
	if hint {
		s += fmt.Sprintf("hint=%v\n", st.Hint(seat))
	}
	return s + fmt.Sprintf("prompt=%v\n", st.Prompt(seat))
}

// HiddenChoice makes seat's move one on a clone of base and its move other on another clone,
// and requires every other seat, a spectator and chance not to tell the two apart: the events
// of both moves equal, Observe alike (the hint included when hint is set) and, for the seats,
// hints equal as JSON. It returns the two clones for the game's own checks of what seat itself
// sees.
func HiddenChoice[S games.State](t testing.TB, base S, seat games.Seat, one, other games.Action, hint bool) (S, S) {
	t.Helper()
	a, b := base.Clone().(S), base.Clone().(S)
	evA := MustApply(t, a, seat, one, func() string { return "" })
	evB := MustApply(t, b, seat, other, func() string { return "" })
	observers := []games.Seat{games.NoSeat, games.Chance}
	for i := range base.Players() {
		if games.Seat(i) != seat {
			observers = append(observers, games.Seat(i))
		}
	}
	for _, o := range observers {
		if x, y := Observe(a, o, hint), Observe(b, o, hint); x != y {
			t.Fatalf("seat %v tells %s from %s:\n%s\nvs\n%s", o, a.Describe(one), b.Describe(other), x, y)
		}
		if o >= 0 && key(a.Hint(o)) != key(b.Hint(o)) {
			t.Fatalf("seat %v's hint depends on seat %v's choice", o, seat)
		}
	}
	if !reflect.DeepEqual(evA, evB) {
		t.Fatalf("events differ: %v vs %v", evA, evB)
	}
	return a, b
}
