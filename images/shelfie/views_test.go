package shelfie

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/images/imagestest"
)

// suite is the test kit on the Shelfie Stacker renderer; the built-in AI plays its games.
var suite = imagestest.Suite[*Renderer, *game.State, game.View]{
	New:     New,
	ErrView: ErrView,
	Game:    game.Game{},
	Salt:    0x5e1f,
	Decide:  games.Hints,
	// Every picture is as wide as the layout says and encodes to at most 80 KiB.
	Budget: imagestest.Budget{Width: width, MaxBytes: 80 << 10},
}

// placing reports whether the seat on turn has taken its box and still has n dice to place.
func placing(s *game.State, round, n int) bool {
	v := suite.View(s, games.NoSeat)
	return s.Round() == round && s.Phase() == game.PhaseTurn && v.Taken && len(v.Shipment) == n && !v.SetNext
}

// The games the tests, samples and benchmarks draw.

// fourMid is a four-player game in round 4 with a seat about to place its shipment.
func fourMid(tb testing.TB) *game.State {
	return suite.Play(tb, 4, `{"cards":"own"}`, 1, func(s *game.State) bool { return placing(s, 4, 3) })
}

// twoMid is a two-player game in round 3 with a seat about to place its shipment.
func twoMid(tb testing.TB) *game.State {
	return suite.Play(tb, 2, "", 2, func(s *game.State) bool { return placing(s, 3, 3) })
}

// threeChoose is a three-player game at the choice of round 5, one player having chosen.
func threeChoose(tb testing.TB) *game.State {
	return suite.Play(tb, 3, `{"cards":"shared"}`, 3, func(s *game.State) bool {
		return s.Round() == 5 && s.Phase() == game.PhaseChoose && len(s.ToAct()) == 2
	})
}

// threeTake is a three-player game in round 2 with a seat to take a box.
func threeTake(tb testing.TB) *game.State {
	return suite.Play(tb, 3, "", 4, func(s *game.State) bool {
		return s.Round() == 2 && s.Phase() == game.PhaseTurn && !suite.View(s, games.NoSeat).Taken
	})
}

// soloBot is a solo game against Shem Bot in round 6 with the player placing.
func soloBot(tb testing.TB) *game.State {
	return suite.Play(tb, 1, `{"solo":"bot"}`, 5, func(s *game.State) bool { return placing(s, 6, 3) })
}

// soloBeatOver is a finished "beat your score" game.
func soloBeatOver(tb testing.TB) *game.State { return suite.Play(tb, 1, `{"solo":"beat"}`, 6, nil) }

// fourOver is a finished four-player game.
func fourOver(tb testing.TB) *game.State { return suite.Play(tb, 4, "", 7, nil) }
