package chart

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images/imagestest"
)

// TestSamples writes sample pictures for people to look at (go test ./images/chart -run
// Samples -args -out DIR): the golden pictures and stats-chart.png, the README's picture of /stats.
func TestSamples(t *testing.T) {
	imagestest.Samples(t, New(), false, func() []picture {
		return append(goldens(), pic("stats-chart", fourGames(), games.English))
	})
}
