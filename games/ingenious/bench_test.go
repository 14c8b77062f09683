package ingenious

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// benchState is a four-player game 40 placements in, a seat to place.
func benchState(b *testing.B) *State { return placedIn(b, 4, 40) }

// placedIn is a game of n players placed placements in by the greedy players, a seat to place.
func placedIn(tb testing.TB, n, placed int) *State {
	s, _ := NewState(names[:n], Options{})
	gamestest.HintsUntil(tb, s, rand.New(rand.NewPCG(5, 6)), func(games.State) bool {
		return len(s.placements) >= placed && s.phase == PhasePlace
	})
	return s
}

// BenchmarkLegal lists every placement of a full rack on a four-player board.
func BenchmarkLegal(b *testing.B) {
	s := benchState(b)
	n := 0
	for b.Loop() {
		n = len(s.Legal(s.turn))
	}
	b.ReportMetric(float64(n), "moves")
}

// BenchmarkApply applies one placement to a copy of the state.
func BenchmarkApply(b *testing.B) {
	s := benchState(b)
	a := s.Legal(s.turn)[0]
	for b.Loop() {
		c := s.clone()
		if _, err := c.Apply(c.turn, a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHint is the greedy AI choosing a placement (well inside Discord's 3 s).
func BenchmarkHint(b *testing.B) {
	s := benchState(b)
	for b.Loop() {
		s.Hint(s.turn)
	}
}

// BenchmarkReplay rebuilds a finished two-player game from its record, as the bot does on
// every click.
func BenchmarkReplay(b *testing.B) {
	s, _ := NewState(names[:2], Options{})
	rec := &games.Recorder{State: s, Record: games.Record{Game: Name, Version: 1, Players: names[:2]}}
	if _, err := games.PlayOut(rec, rand.New(rand.NewPCG(7, 8))); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(rec.Record.Moves)), "moves")
	for b.Loop() {
		if _, _, err := games.Replay(Game{}, rec.Record); err != nil {
			b.Fatal(err)
		}
	}
}
