package fits

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
)

// TestSamples writes sample pictures for people to look at (go test ./images/fits -run
// Samples -out DIR): the golden pictures and more phases, languages and seat counts.
func TestSamples(t *testing.T) {
	suite.Samples(t, false, func() []picture { return samples(t) })
}

// samples lists the sample pictures.
func samples(t *testing.T) []picture {
	two, four, start, over := twoMid(t), fourMid(t), startPhase(t), fourOver(t)
	three := suite.Play(t, 3, `{"boards":[2,3]}`, 8, func(s *game.State) bool { return s.Board() == 3 && turned(s) == 13 && waiting(s, 2) })
	soloMid := suite.Play(t, 1, "{}", 9, func(s *game.State) bool { return s.Board() == 3 && turned(s) == 8 && waiting(s, 1) })
	dealing := suite.Play(t, 2, "{}", 10, func(s *game.State) bool { return s.Phase() == game.PhaseDeal && s.Board() == 2 })
	return append(goldens(t),
		suite.Table("table-two-mid-cs", two, 1, games.Czech),
		suite.Table("table-three", three, 2, games.English),
		suite.Table("table-four-en", four, games.NoSeat, games.English),
		suite.Table("table-start", start, games.NoSeat, games.English),
		suite.Table("table-four-over", over, games.NoSeat, games.Czech),
		suite.Table("table-solo-mid", soloMid, 0, games.Czech),
		suite.Table("table-dealing", dealing, games.NoSeat, games.English),
		suite.Private("private-start", start, 0, "", games.English),
		suite.Private("private-chosen", four, 3, "", games.English),
		suite.Private("private-turned", two, 0, "r1f1cB", games.Czech),
		suite.Private("private-sideways", two, 0, "r0f0cF", games.English),
		suite.Private("private-solo", soloMid, 0, "", games.English),
		suite.Private("private-three", three, 0, "", games.English),
	)
}
