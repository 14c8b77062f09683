package sideboards

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/sideboards"
)

// TestSamples writes sample pictures for people to look at (go test ./images/sideboards -run
// Samples -out DIR): the golden pictures and more phases, languages and seat counts, each
// also as a phone shows it, images.PhoneWidth pixels wide (NAME-phone.png).
func TestSamples(t *testing.T) {
	suite.Samples(t, true, func() []picture { return samples(t) })
}

// samples lists the sample pictures.
func samples(t *testing.T) []picture {
	three := suite.Play(t, 3, `{"tasks":[7,14,30]}`, 8, func(s *game.State) bool { return s.Turn() == 6 && waiting(s, 2) })
	five := suite.Play(t, 5, `{"variant":"four","tasks":[4,10,22]}`, 9, func(s *game.State) bool { return s.Turn() == 3 && waiting(s, 4) })
	over := twoOver(t)
	soloOver := suite.Play(t, 1, `{}`, 10, nil)
	return append(goldens(t),
		suite.Table("table-three", three, 2, games.English),
		suite.Table("table-five-four", five, games.NoSeat, games.Czech),
		suite.Table("table-two-over", over, games.NoSeat, games.Czech),
		suite.Table("table-solo-over", soloOver, 0, games.Czech),
		suite.Private("private-three", three, 0, "", games.English),
		suite.Private("private-five-cs", five, 1, "", games.Czech),
	)
}
