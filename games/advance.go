package games

import (
	"fmt"
	"math/rand/v2"
)

// Step is one move made on a recorded game: who moved, what they did, what it caused, and
// whether Advance made it for an automatic seat (an AI) rather than a person.
type Step struct {
	Seat   Seat
	Action Action
	Events []Event
	Auto   bool
}

// Decide chooses the move of an automatic seat: an AI player, or a seat handed to the AI. It
// returns nil when a person decides for seat now.
type Decide func(st State, seat Seat) Action

// maxAutoMoves bounds one Advance: no game lets chance and the AIs move this often without a
// person deciding or the game ending, so reaching it means an engine bug.
const maxAutoMoves = 10000

// Advance lets the chance seat and the automatic seats move until a person must decide or the
// game is over, recording every move in rec. Chance's outcomes are drawn with r; decide picks
// the automatic seats' moves (nil: every seat is a person). Of several seats deciding at
// once, the automatic ones move in seat order, one at a time, the state consulted afresh after
// each. It returns the steps taken; on error, the steps before it (rec holds them too).
func Advance(rec *Recorder, r *rand.Rand, decide Decide) ([]Step, error) {
	return AdvanceUntil(rec, r, decide, nil)
}

// AdvanceUntil is Advance that also stops, before any move, once stop (when not nil) holds
// for the state: a test or a tool that wants a game at a given point.
func AdvanceUntil(rec *Recorder, r *rand.Rand, decide Decide, stop func(State) bool) ([]Step, error) {
	var steps []Step
	for range maxAutoMoves {
		st := rec.State
		if Over(st) || (stop != nil && stop(st)) {
			return steps, nil
		}
		act := st.ToAct()
		if len(act) == 1 && act[0] == Chance {
			a := st.SampleChance(r)
			if a == nil {
				return steps, fmt.Errorf("%s: chance must move but has no move", st.Game().Name())
			}
			events, err := rec.Apply(Chance, a)
			if err != nil {
				return steps, fmt.Errorf("%s: chance move %s: %w", st.Game().Name(), st.Describe(a), err)
			}
			steps = append(steps, Step{Seat: Chance, Action: a, Events: events})
			continue
		}
		moved := false
		for _, seat := range act {
			if decide == nil || seat < 0 {
				break
			}
			a := decide(st, seat)
			if a == nil {
				continue
			}
			events, err := rec.ApplyBy(seat, a, ByAI)
			if err != nil {
				return steps, fmt.Errorf("%s: automatic seat %d move %s: %w", st.Game().Name(), seat, st.Describe(a), err)
			}
			steps = append(steps, Step{Seat: seat, Action: a, Events: events, Auto: true})
			moved = true
			break // the seats to act may have changed
		}
		if !moved {
			return steps, nil
		}
	}
	return steps, fmt.Errorf("%s: chance and the AIs moved %d times without a person deciding", rec.State.Game().Name(), maxAutoMoves)
}

// Hints is the Decide of a table where every seat is played by the game's built-in AI
// (State.Hint): self-play, tests and benchmarks.
func Hints(st State, seat Seat) Action { return st.Hint(seat) }

// PlayOut plays a game to its end with every seat on the built-in AI, chance drawn with r.
func PlayOut(rec *Recorder, r *rand.Rand) ([]Step, error) { return Advance(rec, r, Hints) }
