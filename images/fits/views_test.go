package fits

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images/imagestest"
)

// suite is the test kit on the FITS renderer. Its games move the seats of a simultaneous step
// from the last to the first, so that stopping in the middle of a card leaves the low seats
// still to act.
var suite = imagestest.Suite[*Renderer, *game.State, game.View]{
	New:     New,
	ErrView: ErrView,
	Game:    game.Game{},
	Salt:    0xf175,
	Decide:  imagestest.LastFirst,
	// A picture is at most 1200 px wide, to stay readable on a phone, and encodes to at most
	// 80 KiB.
	Budget: imagestest.Budget{MaxWidth: 1200, MaxBytes: 80 << 10},
}

// turned counts the building cards turned in the round on the table.
func turned(s *game.State) int { return len(suite.View(s, games.NoSeat).Turned) }

// waiting reports whether exactly n seats must still place the current piece.
func waiting(s *game.State, n int) bool {
	act := s.ToAct()
	return len(act) == n && act[0] != games.Chance
}

// The games the tests, samples and benchmarks draw.

// twoMid is a two-player game in its first round, at card 9, with Ada still to place.
func twoMid(tb testing.TB) *game.State {
	return suite.Play(tb, 2, "{}", 1, func(s *game.State) bool {
		return s.Board() == 1 && turned(s) == 9 && waiting(s, 1) && s.ToAct()[0] == 0
	})
}

// fourMid is a four-player game on board 2 at card 11 with two seats still to place.
func fourMid(tb testing.TB) *game.State {
	return suite.Play(tb, 4, "{}", 2, func(s *game.State) bool {
		return s.Board() == 2 && turned(s) == 11 && waiting(s, 2)
	})
}

// roundEnd is a three-player game whose first board (board 3) has just been scored.
func roundEnd(tb testing.TB) *game.State {
	return suite.Play(tb, 3, `{"boards":[3,1]}`, 3, func(s *game.State) bool { return suite.View(s, games.NoSeat).RoundOver })
}

// board4 is a three-player game on board 4 at card 6, Ada still to place.
func board4(tb testing.TB) *game.State {
	return suite.Play(tb, 3, `{"boards":[4,2]}`, 4, func(s *game.State) bool {
		return s.Board() == 4 && turned(s) == 6 && waiting(s, 1)
	})
}

// soloOver is a finished solo game over all four boards, rated.
func soloOver(tb testing.TB) *game.State { return suite.Play(tb, 1, "{}", 5, nil) }

// startPhase is a four-player game in its second round with the start pieces to place.
func startPhase(tb testing.TB) *game.State {
	return suite.Play(tb, 4, "{}", 6, func(s *game.State) bool {
		return s.Board() == 2 && s.Phase() == game.PhaseStart && waiting(s, 3)
	})
}

// fourOver is a finished four-player game.
func fourOver(tb testing.TB) *game.State { return suite.Play(tb, 4, `{"boards":[2,4]}`, 7, nil) }

// crowded is a solo game on board 3 late in the round where some drop of the current piece
// would reach above row 16.
func crowded(tb testing.TB) *game.State {
	return suite.Play(tb, 1, `{"boards":[3]}`, 6, func(s *game.State) bool {
		if turned(s) < 12 || !waiting(s, 1) {
			return false
		}
		_, ok := highDraft(suite.View(s, 0))
		return ok
	})
}

// highDraft finds a draft whose landing would reach above row 16 for the viewer of v.
func highDraft(v *game.View) (string, bool) {
	for rot := range 4 {
		for _, flip := range []bool{false, true} {
			for col := range game.Cols {
				d := game.Draft{Rot: rot, Flip: flip, Col: col}
				if pl, err := v.Ghost(d); err != nil && len(pl.Cells) > 0 {
					return d.String(), true
				}
			}
		}
	}
	return "", false
}
