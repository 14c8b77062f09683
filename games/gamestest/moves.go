package gamestest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// CheckText fails t when x lacks a language or carries a formatting error ("%!").
func CheckText(t testing.TB, what string, x games.Text) {
	t.Helper()
	if x.EN == "" || x.CS == "" || strings.Contains(x.EN+x.CS, "%!") {
		t.Fatalf("%s: bad text %+v", what, x)
	}
}

// Fields reads the words of s with parse, failing t on a word it cannot read: the way rule
// tests write dice, cards and the like as "P3 G6 B1".
func Fields[T any](t testing.TB, s string, parse func(string) (T, bool)) []T {
	t.Helper()
	var out []T
	for _, w := range strings.Fields(s) {
		v, ok := parse(w)
		if !ok {
			t.Fatalf("%q in %q cannot be read", w, s)
		}
		out = append(out, v)
	}
	return out
}

// Snapshot is everything observable about st and its own fields, for "a refused move changes
// nothing".
func Snapshot(st games.State) string { return Fingerprint(st) + fmt.Sprintf("%+v", deref(st)) }

// MustApply makes seat's move a through games.Apply, failing t with the move and show() (a
// drawing of what the seat sees) when it is refused; every event must read in both languages.
func MustApply(t testing.TB, st games.State, seat games.Seat, a games.Action, show func() string) []games.Event {
	t.Helper()
	ev, err := games.Apply(st, seat, a)
	if err != nil {
		t.Fatalf("%s by %v refused: %v\n%s", st.Describe(a), seat, err, show())
	}
	for _, e := range ev {
		CheckText(t, "event", e.Text)
	}
	return ev
}

// MustRefuse requires games.Apply to refuse seat's move a with a *games.Refusal of kind, in both
// languages, leaving the state's Snapshot as it was; show() draws what the seat sees for the
// failure message.
func MustRefuse(t testing.TB, st games.State, seat games.Seat, a games.Action, kind error, show func() string) *games.Refusal {
	t.Helper()
	return mustRefuse(t, st, seat, a, kind, show, func() string { return Snapshot(st) })
}

// mustRefuse is MustRefuse with snapshot in place of Snapshot(st).
func mustRefuse(t testing.TB, st games.State, seat games.Seat, a games.Action, kind error, show, snapshot func() string) *games.Refusal {
	t.Helper()
	before := snapshot()
	_, err := games.Apply(st, seat, a)
	if err == nil {
		t.Fatalf("%s by %v accepted, want refusal\n%s", st.Describe(a), seat, show())
	}
	if !errors.Is(err, kind) {
		t.Fatalf("%s by %v: got %v, want %v", st.Describe(a), seat, err, kind)
	}
	var r *games.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("%s: %v is not a *games.Refusal", st.Describe(a), err)
	}
	CheckText(t, "refusal", r.Reason)
	if snapshot() != before {
		t.Fatalf("refused move %s changed the state", st.Describe(a))
	}
	return r
}

// PlayRandomly plays st to its end the way the property tests do: at every step one of the
// seats to act is drawn with r; chance's move is sampled with r, a player's chosen by pick;
// every move must apply through games.Apply with events in both languages, and then the
// game's invariant (when set) must hold. It fails t when the game is not over after most
// moves.
func PlayRandomly[S games.State](t testing.TB, st S, r *rand.Rand, most int, pick func(st S, seat games.Seat) games.Action, invariant func(st S) error) {
	t.Helper()
	for moves := 0; ; moves++ {
		act := st.ToAct()
		if len(act) == 0 {
			break
		}
		if moves >= most {
			t.Fatalf("game not over after %d moves", most)
		}
		seat := act[r.IntN(len(act))]
		var a games.Action
		if seat == games.Chance {
			a = st.SampleChance(r)
		} else {
			a = pick(st, seat)
		}
		MustApply(t, st, seat, a, func() string { return "" })
		if invariant == nil {
			continue
		}
		if err := invariant(st); err != nil {
			t.Fatalf("after %s by %v: %v", st.Describe(a), seat, err)
		}
	}
	if !games.Over(st) {
		t.Fatal("nobody to act in a game not over")
	}
}

// HintStable requires seat's hint in st to be a move Legal lists and to be the same when
// asked again of a clone (both compared as JSON), and returns it.
func HintStable(t testing.TB, st games.State, seat games.Seat) games.Action {
	t.Helper()
	h := st.Hint(seat)
	if again := st.Clone().Hint(seat); key(again) != key(h) {
		t.Fatalf("seat %v: hint %s then %s", seat, key(h), key(again))
	}
	if !slices.ContainsFunc(st.Legal(seat), func(a games.Action) bool { return key(a) == key(h) }) {
		t.Fatalf("seat %v: hint %s is not listed", seat, key(h))
	}
	return h
}

// Pick chooses seat's move in st.
type Pick func(st games.State, seat games.Seat) games.Action

// RandomMove is the Pick of a random player: a legal move drawn with r.
func RandomMove(r *rand.Rand) Pick {
	return func(st games.State, seat games.Seat) games.Action {
		legal := st.Legal(seat)
		return legal[r.IntN(len(legal))]
	}
}

// CheckingListed wraps pick for the random-play tests: before one move in n (drawn with r) it
// applies every move Legal lists for the seat on a clone, failing t when one is refused.
func CheckingListed(t testing.TB, r *rand.Rand, n int, pick Pick) Pick {
	return func(st games.State, seat games.Seat) games.Action {
		if r.IntN(n) == 0 {
			for _, a := range st.Legal(seat) {
				if _, err := st.Clone().Apply(seat, a); err != nil {
					t.Fatalf("listed %s refused: %v", st.Describe(a), err)
				}
			}
		}
		return pick(st, seat)
	}
}

// Rivals says how clearly the built-in AI must beat a random player (see VersusRandom): in
// Games two-player games, at least Wins won (placed first; alone when Alone is set) and
// Margin points more than the random player a game, on average.
type Rivals struct {
	Games, Wins, Margin int
	Alone               bool
}

// VersusRandom plays want.Games two-player games, the built-in AI (Hint) on seat g%2 of game g
// and RandomMove on the other, chance and the random player drawing from a source seeded by
// the test's Seed and g; play plays one game to its end with the Pick it is given. It fails t
// when the AI does not beat the random player as want says.
func VersusRandom(t *testing.T, want Rivals, play func(r *rand.Rand, pick Pick) games.State) {
	t.Helper()
	seed := Seed(t)
	wins, margin := 0, 0
	for g := range want.Games {
		r := rand.New(rand.NewPCG(seed, uint64(g)))
		ai, random := games.Seat(g%2), RandomMove(r)
		res := play(r, func(st games.State, seat games.Seat) games.Action {
			if seat == ai {
				return st.Hint(seat)
			}
			return random(st, seat)
		}).Result()
		if res.PlaceOf(ai) == 1 && (!want.Alone || len(res.Ranking[0]) == 1) {
			wins++
		}
		margin += res.Seats[ai].Score - res.Seats[1-ai].Score
	}
	t.Logf("greedy AI won %d of %d, by %.1f points a game", wins, want.Games, float64(margin)/float64(want.Games))
	if wins < want.Wins || margin < want.Games*want.Margin {
		t.Fatalf("greedy AI won %d of %d games against random play by %d points in all", wins, want.Games, margin)
	}
}

// SoloScores plays n solo games with the built-in AI, game g drawing from a source seeded by
// the test's Seed and g, each by play to its end, and returns the final scores. It fails t
// when a game ends without a rating (the result's summary).
func SoloScores(t *testing.T, n int, play func(r *rand.Rand) games.State) []int {
	t.Helper()
	seed := Seed(t)
	var totals []int
	for g := range n {
		res := play(rand.New(rand.NewPCG(seed, uint64(g)))).Result()
		if res.Summary.IsZero() {
			t.Fatal("no rating at the end of a solo game")
		}
		totals = append(totals, res.Seats[0].Score)
	}
	t.Logf("greedy solo totals %v", totals)
	return totals
}

// Must makes and refuses moves in a game's rule tests through MustApply and MustRefuse, with
// Show drawing what a seat sees for a failure message.
type Must[S games.State] struct {
	Show func(st S, seat games.Seat) string
	// Fields, when set, writes the state's own fields for Refuse's "a refused move changes
	// nothing" in place of their %+v in Snapshot (Fingerprint is compared either way): for a
	// state holding caches that fill on use.
	Fields func(st S) string
}

// Apply is MustApply.
func (m Must[S]) Apply(t testing.TB, st S, seat games.Seat, a games.Action) []games.Event {
	t.Helper()
	return MustApply(t, st, seat, a, func() string { return m.Show(st, seat) })
}

// Refuse is MustRefuse.
func (m Must[S]) Refuse(t testing.TB, st S, seat games.Seat, a games.Action, kind error) *games.Refusal {
	t.Helper()
	show := func() string { return m.Show(st, seat) }
	if m.Fields == nil {
		return MustRefuse(t, st, seat, a, kind, show)
	}
	return mustRefuse(t, st, seat, a, kind, show, func() string { return Fingerprint(st) + m.Fields(st) })
}

// UndoableRows requires g to let a seat take back each move of undoable and none of final.
func UndoableRows(t testing.TB, g games.Undoer, undoable, final []games.Action) {
	t.Helper()
	for _, a := range undoable {
		if !g.Undoable(a) {
			t.Errorf("%s %+v cannot be taken back", a.ActionType(), a)
		}
	}
	for _, a := range final {
		if g.Undoable(a) {
			t.Errorf("%s %+v can be taken back", a.ActionType(), a)
		}
	}
}
