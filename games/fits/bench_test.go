package fits

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// midRound returns a 4-player game half way through a round of board 2, a building card
// turned and every seat to act.
func midRound(b *testing.B) *State {
	b.Helper()
	s := building(b, 4, []int{2, 3}, X5, F5, U5, W5)
	gamestest.HintsUntil(b, s, rand.New(rand.NewPCG(7, 7)), func(games.State) bool {
		return len(s.turned) >= 8 && s.phase == PhaseBuild && len(s.ToAct()) >= 3
	})
	return s
}

// BenchmarkLegalApply lists a seat's moves and applies one on a clone: the engine's share of
// a move.
func BenchmarkLegalApply(b *testing.B) {
	s := midRound(b)
	gamestest.BenchLegalApply(b, s, s.ToAct()[0])
}

// BenchmarkCloneBaseline is the naive baseline beside LegalApply: only the clone.
func BenchmarkCloneBaseline(b *testing.B) {
	gamestest.BenchClone(b, midRound(b))
}

// BenchmarkHint is the AI's answer for one seat.
func BenchmarkHint(b *testing.B) {
	s := midRound(b)
	gamestest.BenchHint(b, s, s.ToAct()[0])
}

// BenchmarkHintStart is the AI's answer for a start piece, with the most shapes to come.
func BenchmarkHintStart(b *testing.B) {
	s := dealt(b, 1, nil, F5)
	for b.Loop() {
		s.Hint(0)
	}
}

// BenchmarkView is one seat's view, its suggestion included.
func BenchmarkView(b *testing.B) {
	s := midRound(b)
	gamestest.BenchView(b, s, s.ToAct()[0])
}

// BenchmarkCompose is one panel step.
func BenchmarkCompose(b *testing.B) {
	s := midRound(b)
	gamestest.BenchCompose(b, s, s.ToAct()[0])
}
