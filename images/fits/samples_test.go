package fits

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images/imagestest"
)

// TestSamples writes sample pictures for people to look at (go test ./images/fits -run
// Samples -out DIR): the golden pictures and more phases, languages and seat counts.
func TestSamples(t *testing.T) {
	imagestest.Samples(t, New(), false, func() []picture { return samples(t) })
}

// samples lists the sample pictures.
func samples(t *testing.T) []picture {
	two, four, start, over := twoMid(t), fourMid(t), startPhase(t), fourOver(t)
	three := play(t, 3, `{"boards":[2,3]}`, 8, func(s *game.State) bool { return s.Board() == 3 && turned(s) == 13 && waiting(s, 2) })
	soloMid := play(t, 1, "{}", 9, func(s *game.State) bool { return s.Board() == 3 && turned(s) == 8 && waiting(s, 1) })
	dealing := play(t, 2, "{}", 10, func(s *game.State) bool { return s.Phase() == game.PhaseDeal && s.Board() == 2 })
	return append(goldens(t),
		tablePic("table-two-mid-cs", view(two, 1), games.Czech),
		tablePic("table-three", view(three, 2), games.English),
		tablePic("table-four-en", view(four, games.NoSeat), games.English),
		tablePic("table-start", view(start, games.NoSeat), games.English),
		tablePic("table-four-over", view(over, games.NoSeat), games.Czech),
		tablePic("table-solo-mid", view(soloMid, 0), games.Czech),
		tablePic("table-dealing", view(dealing, games.NoSeat), games.English),
		privatePic("private-start", view(start, 0), "", games.English),
		privatePic("private-chosen", view(four, 3), "", games.English),
		privatePic("private-turned", view(two, 0), "r1f1cB", games.Czech),
		privatePic("private-sideways", view(two, 0), "r0f0cF", games.English),
		privatePic("private-solo", view(soloMid, 0), "", games.English),
		privatePic("private-three", view(three, 0), "", games.English),
	)
}
