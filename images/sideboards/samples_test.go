package sideboards

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/images/imagestest"
)

// TestSamples writes sample pictures for people to look at (go test ./images/sideboards -run
// Samples -out DIR): the golden pictures and more phases, languages and seat counts, each
// also as a phone shows it, images.PhoneWidth pixels wide (NAME-phone.png).
func TestSamples(t *testing.T) {
	imagestest.Samples(t, New(), true, func() []picture { return samples(t) })
}

// samples lists the sample pictures.
func samples(t *testing.T) []picture {
	three := play(t, 3, `{"tasks":[7,14,30]}`, 8, func(s *game.State) bool { return s.Turn() == 6 && waiting(s, 2) })
	five := play(t, 5, `{"variant":"four","tasks":[4,10,22]}`, 9, func(s *game.State) bool { return s.Turn() == 3 && waiting(s, 4) })
	over := twoOver(t)
	soloOver := play(t, 1, `{}`, 10, nil)
	return append(goldens(t),
		tablePic("table-three", view(three, 2), games.English),
		tablePic("table-five-four", view(five, games.NoSeat), games.Czech),
		tablePic("table-two-over", view(over, games.NoSeat), games.Czech),
		tablePic("table-solo-over", view(soloOver, 0), games.Czech),
		privatePic("private-three", view(three, 0), "", games.English),
		privatePic("private-five-cs", view(five, 1), "", games.Czech),
	)
}
