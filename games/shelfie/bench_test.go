package shelfie

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// midTurn returns a 4-player game in round 4 with a seat on turn after taking its box.
func midTurn(b *testing.B) *State {
	b.Helper()
	s := newGame(b, 4, `{"cards":"own"}`)
	gamestest.HintsUntil(b, s, rand.New(rand.NewPCG(7, 7)), func(games.State) bool {
		return s.round >= 4 && s.phase == PhaseTurn && s.taken && len(s.shipment) == 3
	})
	return s
}

// BenchmarkLegal lists the moves of the seat on turn.
func BenchmarkLegal(b *testing.B) {
	s := midTurn(b)
	seat := s.current()
	for b.Loop() {
		if len(s.Legal(seat)) == 0 {
			b.Fatal("no moves")
		}
	}
}

// BenchmarkLegalApply lists a seat's moves and applies one on a clone: the engine's share of
// a move.
func BenchmarkLegalApply(b *testing.B) {
	s := midTurn(b)
	gamestest.BenchLegalApply(b, s, s.current())
}

// BenchmarkCloneBaseline is the naive baseline beside LegalApply: only the clone.
func BenchmarkCloneBaseline(b *testing.B) {
	gamestest.BenchClone(b, midTurn(b))
}

// BenchmarkHint is the AI's answer for the seat on turn, mid-placement.
func BenchmarkHint(b *testing.B) {
	s := midTurn(b)
	gamestest.BenchHint(b, s, s.current())
}

// BenchmarkHintChoose is the AI's choice of a character.
func BenchmarkHintChoose(b *testing.B) {
	s := atTurn(b, 4, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3 / O1 O2 O3 / P4 P5 P6")
	for b.Loop() {
		s.Hint(0)
	}
}

// BenchmarkPlayOut plays a whole 4-player game with every seat on the AI: the cost of one
// rollout of a search AI.
func BenchmarkPlayOut(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		rec, err := games.Start(Game{}, names[:4], nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := games.PlayOut(rec, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkView is one seat's view.
func BenchmarkView(b *testing.B) {
	s := midTurn(b)
	gamestest.BenchView(b, s, s.current())
}

// BenchmarkCompose is one panel step.
func BenchmarkCompose(b *testing.B) {
	s := midTurn(b)
	gamestest.BenchCompose(b, s, s.current())
}
