package sideboards

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// midGame returns a 4-player game in turn 4 with every seat to place.
func midGame(b *testing.B) *State {
	b.Helper()
	s := newGame(b, 4, Options{Variant: Basic, Tasks: []int{2, 9, 15}})
	gamestest.HintsUntil(b, s, rand.New(rand.NewPCG(7, 7)), func(games.State) bool {
		return s.Turn() == 4 && s.Phase() == PhaseTurn && len(s.ToAct()) == 4 && s.exchanging == games.NoSeat
	})
	return s
}

// BenchmarkLegalApply lists a seat's moves and applies one on a clone: the engine's share of
// a move.
func BenchmarkLegalApply(b *testing.B) {
	s := midGame(b)
	gamestest.BenchLegalApply(b, s, 0)
}

// BenchmarkCloneBaseline is the naive baseline beside LegalApply: only the clone.
func BenchmarkCloneBaseline(b *testing.B) {
	gamestest.BenchClone(b, midGame(b))
}

// BenchmarkLegal lists a seat's moves.
func BenchmarkLegal(b *testing.B) {
	s := midGame(b)
	for b.Loop() {
		s.Legal(0)
	}
}

// BenchmarkApplyTurn applies a whole turn on a clone: four hidden placements and the reveal.
func BenchmarkApplyTurn(b *testing.B) {
	s := midGame(b)
	moves := make([]games.Action, 4)
	for seat := range moves {
		moves[seat] = s.places(games.Seat(seat))[0]
	}
	for b.Loop() {
		c := s.clone()
		for seat, a := range moves {
			if _, err := c.Apply(games.Seat(seat), a); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkHint is the AI's answer in a later turn.
func BenchmarkHint(b *testing.B) {
	s := midGame(b)
	gamestest.BenchHint(b, s, 0)
}

// BenchmarkHintStart is the AI's answer in turn 1 (24 pairs to value).
func BenchmarkHintStart(b *testing.B) {
	s := dealt(b, 4, Options{Variant: Basic, Tasks: []int{2, 9, 15}})
	for b.Loop() {
		s.Hint(0)
	}
}

// BenchmarkPlayout plays a whole 4-player game with the AI on every seat: the rollout of a
// search AI.
func BenchmarkPlayout(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		s, _ := NewState(names[:4], Options{Variant: Basic, Tasks: []int{2, 9, 15}})
		for !games.Over(s) {
			act := s.ToAct()
			a := s.SampleChance(r)
			if act[0] != games.Chance {
				a = s.Hint(act[0])
			}
			if _, err := s.Apply(act[0], a); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkScoreBoard scores a full sideboard for three tasks (two packing searches).
func BenchmarkScoreBoard(b *testing.B) {
	board := boardOf(b, "25 60 31 12t 21 4t 28 57")
	tasks := [3]Task{2, 9, 15}
	for b.Loop() {
		ScoreBoard(board, tasks)
	}
}

// BenchmarkFulfilmentsWorst packs the hardest case: one colour everywhere (a test grid, not
// real cards), task 9 with two forms.
func BenchmarkFulfilmentsWorst(b *testing.B) {
	g := &Grid{}
	for range Width {
		g.addColumn([Drawers]Drawer{{Red, Flower}, {Red, Flower}, {Red, Flower}, {Red, Flower}, {Red, Flower}})
	}
	b.ResetTimer()
	for b.Loop() {
		g.Fulfilments(9)
	}
}

// BenchmarkView is one seat's view, its suggestion included.
func BenchmarkView(b *testing.B) {
	gamestest.BenchView(b, midGame(b), 0)
}

// BenchmarkCompose is one panel step.
func BenchmarkCompose(b *testing.B) {
	gamestest.BenchCompose(b, midGame(b), 0)
}

// BenchmarkDeterminize redraws what seat 0 cannot see.
func BenchmarkDeterminize(b *testing.B) {
	s := midGame(b)
	r := rand.New(rand.NewPCG(2, 2))
	for b.Loop() {
		s.Determinize(0, r)
	}
}
