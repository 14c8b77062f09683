// Package gamestest is the conformance suite every game runs in a few lines, in the manner of
// OpenSpiel's basic tests: random legal playouts to the end, agreement between Legal and Apply,
// a stable order of Legal, refusals that leave the state unchanged, record replay equality,
// JSON round trips, and — for games with hidden information, through games.Determinizer —
// views that hide what their seat may not see.
//
// Beside the suite it holds what every game's own tests would otherwise write alike: moves made
// and refused (Must), random and AI play (PlayRandomly, VersusRandom, SoloScores), hidden
// choices (HiddenChoice), the action codec and notation (RoundTrip, DecodeRefuses,
// TypedResolves), options and seating (BadOptions, CheckSeating), golden records (RunGolden,
// ReplayAll, MatchFile) and the engine benchmarks (BenchLegalApply and its siblings).
//
// Randomized tests print their seed; set TABLEBOT_SEED to replay one.
package gamestest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// Case is one table set-up to play: players and options (JSON, "" for the defaults), as a
// Golden writes them.
type Case struct {
	Name    string
	Players []string
	Options string
}

// options is c's options for games.Start: nil for the defaults.
func (c Case) options() json.RawMessage {
	if c.Options == "" {
		return nil
	}
	return json.RawMessage(c.Options)
}

// Suite configures the conformance checks of one game.
type Suite struct {
	Game  games.Game
	Cases []Case
	// Games is the number of random playouts per case (default 3).
	Games int
	// MaxMoves bounds one playout; a game still running after it fails (default 5000).
	MaxMoves int
	// Invariant, when set, is checked after every move.
	Invariant func(st games.State) error
	// Mutate, when set, proposes a random action that may or may not be legal; the suite checks
	// that exactly the listed ones apply.
	Mutate func(r *rand.Rand, st games.State, seat games.Seat) games.Action
	// Canonical maps an action to the form Legal lists it in (default: unchanged).
	Canonical func(games.Action) games.Action
	// ApplyAllEvery checks every listed legal move on a clone every this many moves (default 7;
	// for lists longer than 400 a random 400 are checked).
	ApplyAllEvery int
	// MutateEvery tries Mutate's proposals every this many moves (default 2).
	MutateEvery int
}

// Seed returns the seed of a randomized test: TABLEBOT_SEED if set, else a fresh one. It
// logs the seed so a failure can be replayed.
func Seed(t testing.TB) uint64 {
	t.Helper()
	seed := rand.Uint64()
	if s := os.Getenv("TABLEBOT_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("TABLEBOT_SEED=%q: %v", s, err)
		}
		seed = v
	}
	t.Logf("seed %d (replay with TABLEBOT_SEED=%d)", seed, seed)
	return seed
}

// Fingerprint describes everything every seat and a spectator can see, plus who acts and the
// result: two states with equal fingerprints are indistinguishable to the players.
func Fingerprint(st games.State) string {
	s := fmt.Sprintf("act=%v\nresult=%+v\n", st.ToAct(), st.Result())
	for seat := -2; seat < len(st.Players()); seat++ {
		s += fmt.Sprintf("view[%d]=%+v\n", seat, deref(st.View(games.Seat(seat))))
	}
	return s
}

func deref(v any) any {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() {
		return rv.Elem().Interface()
	}
	return v
}

// Run runs every check of the suite as subtests.
func (s Suite) Run(t *testing.T) {
	if s.Games == 0 {
		s.Games = 3
	}
	if s.MaxMoves == 0 {
		s.MaxMoves = 5000
	}
	if s.ApplyAllEvery == 0 {
		s.ApplyAllEvery = 7
	}
	if s.MutateEvery == 0 {
		s.MutateEvery = 2
	}
	if s.Canonical == nil {
		s.Canonical = func(a games.Action) games.Action { return a }
	}
	for _, c := range s.Cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel() // cases share nothing
			seed := Seed(t)
			for i := range s.Games {
				r := rand.New(rand.NewPCG(seed, uint64(i)))
				s.playout(t, c, r)
				if t.Failed() {
					t.Fatalf("playout %d failed (seed %d)", i, seed)
				}
			}
		})
	}
}

// playout plays one random game to the end, checking everything on the way.
func (s Suite) playout(t *testing.T, c Case, r *rand.Rand) {
	t.Helper()
	rec, err := games.Start(s.Game, c.Players, c.options())
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	st := rec.State
	hidden := &hiddenCheck{}
	for move := 0; !games.Over(st); move++ {
		if move >= s.MaxMoves {
			t.Fatalf("game not over after %d moves", move)
		}
		act := st.ToAct()
		if len(act) == 0 {
			t.Fatalf("move %d: nobody to act but the game is not over", move)
		}
		seat := act[r.IntN(len(act))]
		var a games.Action
		if seat == games.Chance {
			a = st.SampleChance(r)
			if a == nil {
				t.Fatalf("move %d: chance must act but SampleChance returned nil", move)
			}
		} else {
			legal := st.Legal(seat)
			if len(legal) == 0 {
				t.Fatalf("move %d: seat %d must act but has no legal move", move, seat)
			}
			if move%s.ApplyAllEvery == 0 {
				s.checkLegalApply(t, st, seat, legal, r)
				checkLegalStable(t, st, seat, legal)
				s.checkPanels(t, st, seat, legal, r)
				hidden.check(t, st, r)
			}
			if s.Mutate != nil && move%s.MutateEvery == 0 {
				s.checkMutations(t, st, seat, legal, r)
			}
			if st.Hint(seat) == nil {
				t.Fatalf("move %d: no hint for seat %d who must act", move, seat)
			}
			a = legal[r.IntN(len(legal))]
		}
		s.checkRoundTrip(t, a)
		if _, err := rec.Apply(seat, a); err != nil {
			t.Fatalf("move %d: seat %v: listed move %s refused: %v", move, seat, st.Describe(a), err)
		}
		if s.Invariant != nil {
			if err := s.Invariant(st); err != nil {
				t.Fatalf("move %d (%s): invariant: %v", move, st.Describe(a), err)
			}
		}
	}
	if _, err := games.Apply(st, 0, st.Hint(0)); err == nil {
		t.Fatalf("a move after the end was accepted")
	}
	hidden.done(t, st)
	s.checkReplay(t, rec)
}

// checkLegalApply applies every listed move (or a sample of 400) to a clone.
func (s Suite) checkLegalApply(t *testing.T, st games.State, seat games.Seat, legal []games.Action, r *rand.Rand) {
	t.Helper()
	sample := legal
	if len(sample) > 400 {
		sample = make([]games.Action, 400)
		for i := range sample {
			sample[i] = legal[r.IntN(len(legal))]
		}
	}
	for _, a := range sample {
		c := st.Clone()
		if _, err := c.Apply(seat, a); err != nil {
			t.Fatalf("listed move %s refused: %v", st.Describe(a), err)
		}
	}
}

// checkMutations proposes random actions: unlisted ones must be refused with the state unchanged.
func (s Suite) checkMutations(t *testing.T, st games.State, seat games.Seat, legal []games.Action, r *rand.Rand) {
	t.Helper()
	listed := map[string]bool{}
	for _, a := range legal {
		listed[key(s.Canonical(a))] = true
	}
	before := Fingerprint(st)
	for range 5 {
		a := s.Mutate(r, st, seat)
		c := st.Clone()
		_, err := games.Apply(c, seat, a)
		switch {
		case listed[key(s.Canonical(a))] && err != nil:
			t.Fatalf("listed move %s refused: %v", st.Describe(a), err)
		case !listed[key(s.Canonical(a))] && err == nil:
			t.Fatalf("unlisted move %s accepted", st.Describe(a))
		case err != nil:
			var ref *games.Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("refusal of %s is not a *games.Refusal: %v", st.Describe(a), err)
			}
			CheckText(t, "refusal of "+st.Describe(a), ref.Reason)
			if Fingerprint(c) != before {
				t.Fatalf("refused move %s changed the state", st.Describe(a))
			}
		}
	}
	if Fingerprint(st) != before {
		t.Fatalf("trying moves on clones changed the original")
	}
}

// checkRoundTrip encodes a to JSON and decodes it back to an equal action.
func (s Suite) checkRoundTrip(t *testing.T, a games.Action) {
	t.Helper()
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatalf("encode %T: %v", a, err)
	}
	back, err := s.Game.DecodeAction(data)
	if err != nil {
		t.Fatalf("decode %s: %v", data, err)
	}
	again, _ := json.Marshal(back)
	if string(again) != string(data) {
		t.Fatalf("round trip changed %s into %s", data, again)
	}
}

// checkReplay replays the JSON record and compares the result.
func (s Suite) checkReplay(t *testing.T, rec *games.Recorder) {
	t.Helper()
	data, err := json.Marshal(rec.Record)
	if err != nil {
		t.Fatalf("encode record: %v", err)
	}
	back, err := games.DecodeRecord(data)
	if err != nil {
		t.Fatalf("decode record: %v", err)
	}
	st, n, err := games.Replay(s.Game, back)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if n != len(rec.Record.Moves) {
		t.Fatalf("replay applied %d of %d moves", n, len(rec.Record.Moves))
	}
	if got, want := Fingerprint(st), Fingerprint(rec.State); got != want {
		t.Fatalf("replayed state differs:\n%s\nwant\n%s", got, want)
	}
}

func key(a games.Action) string {
	b, _ := json.Marshal(a)
	return string(b)
}
