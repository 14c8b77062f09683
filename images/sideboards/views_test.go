package sideboards

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/images/imagestest"
)

// suite is the test kit on the Sideboards renderer. Its games move the seats of a turn from
// the last to the first, so that stopping in the middle of a turn leaves the low seats still
// to act.
var suite = imagestest.Suite[*Renderer, *game.State, game.View]{
	New:     New,
	ErrView: ErrView,
	Game:    game.Game{},
	Salt:    0x5b,
	Decide:  imagestest.LastFirst,
	// Every picture is as wide as the layout says and encodes to at most 120 KiB.
	Budget: imagestest.Budget{Width: width, MaxBytes: 120 << 10},
}

// waiting reports whether exactly n seats must still place.
func waiting(s *game.State, n int) bool {
	act := s.ToAct()
	return s.Phase() == game.PhaseTurn && len(act) == n && act[0] != games.Chance
}

// twoMid is a two-player game in turn 4 with Ada still to place.
func twoMid(tb testing.TB) *game.State {
	return suite.Play(tb, 2, `{"tasks":[2,9,19]}`, 1, func(s *game.State) bool { return s.Turn() == 4 && waiting(s, 1) })
}

// fourMid is a four-player game in turn 5 with two seats still to place.
func fourMid(tb testing.TB) *game.State {
	return suite.Play(tb, 4, `{"tasks":[1,8,17]}`, 2, func(s *game.State) bool { return s.Turn() == 5 && waiting(s, 2) })
}

// sixOver is a finished six-player game.
func sixOver(tb testing.TB) *game.State { return suite.Play(tb, 6, `{"tasks":[5,12,27]}`, 3, nil) }

// soloMid is a solo game in turn 3.
func soloMid(tb testing.TB) *game.State {
	return suite.Play(tb, 1, `{"tasks":[3,10,15]}`, 4, func(s *game.State) bool { return s.Turn() == 3 && waiting(s, 1) })
}

// threeStart is a three-player game of the variant "4 cards" in turn 1, everyone to lay.
func threeStart(tb testing.TB) *game.State {
	return suite.Play(tb, 3, `{"variant":"four","tasks":[6,13,24]}`, 5, func(s *game.State) bool { return s.Turn() == 1 && waiting(s, 3) })
}

// twoOver is a finished two-player game.
func twoOver(tb testing.TB) *game.State { return suite.Play(tb, 2, `{"tasks":[4,11,16]}`, 6, nil) }

// TestColourLettersNeverCollide checks the drawers' colour letters: within a language each
// colour has its own letter, and across English and Czech no letter stands for two colours
// (the Czech pictures once marked pink R, English red), so a mixed channel cannot misread one.
func TestColourLettersNeverCollide(t *testing.T) {
	meaning := map[string]game.Colour{}
	for _, lang := range []games.Lang{games.English, games.Czech} {
		for c := range game.Colour(game.NumColours) {
			l := colourLetter(c, lang)
			if was, ok := meaning[l]; ok && was != c {
				t.Errorf("%q is %v and also %v (%s)", l, was.Name().EN, c.Name().EN, lang)
			}
			meaning[l] = c
		}
	}
}
