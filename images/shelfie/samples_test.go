package shelfie

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images/imagestest"
)

// TestSamples writes sample pictures for people to look at (go test ./images/shelfie -run
// Samples -out DIR): the golden pictures and more phases, languages and seat counts.
func TestSamples(t *testing.T) {
	imagestest.Samples(t, New(), false, func() []picture {
		return append(goldens(t),
			tablePic("table-four-over", view(fourOver(t), games.NoSeat), games.Czech),
			tablePic("table-two-cs", view(twoMid(t), 1), games.Czech),
		)
	})
}
