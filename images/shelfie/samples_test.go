package shelfie

import (
	"testing"

	"github.com/tablebot/tablebot/games"
)

// TestSamples writes sample pictures for people to look at (go test ./images/shelfie -run
// Samples -out DIR): the golden pictures and more phases, languages and seat counts.
func TestSamples(t *testing.T) {
	suite.Samples(t, false, func() []picture {
		return append(goldens(t),
			suite.Table("table-four-over", fourOver(t), games.NoSeat, games.Czech),
			suite.Table("table-two-cs", twoMid(t), 1, games.Czech),
		)
	})
}
