package ingenious

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
)

// TestSamples writes sample pictures for people to look at (go test ./images/ingenious -run
// Samples -out DIR): the golden pictures and more phases, languages and seat counts.
// TestTableSize draws and encodes them all without -out.
func TestSamples(t *testing.T) {
	suite.Samples(t, false, func() []picture { return append(pictures(t), samples(t)...) })
}

// samples lists the sample pictures beside the golden ones.
func samples(tb testing.TB) []picture {
	four := fourPlayerLate(tb)
	early := play(tb, []string{"Ada", "Bohuslav", "Cyril"}, ingenious.Options{}, 3, 2)
	solo := play(tb, []string{"Ada"}, ingenious.Options{}, 9, 20)
	swap := playUntil(tb, []string{"Ada", "Bohuslav"}, ingenious.Options{}, 4, func(st *ingenious.State, laid int) bool {
		return st.Phase() == ingenious.PhaseSwap
	})
	return []picture{
		suite.Private("preview4", four, four.Turn(), previewDraft(tb, four, four.Turn()), games.Czech),
		suite.Table("early", early, games.NoSeat, games.Czech),
		suite.Table("solo", solo, 0, games.English),
		suite.Private("solorack", solo, 0, "", games.English),
		suite.Private("chosen4", four, four.Turn(), four.Rack(four.Turn())[0].String(), games.Czech),
		suite.Table("swap", swap, games.NoSeat, games.Czech),
		suite.Private("swaprack", swap, swap.Turn(), "", games.Czech),
	}
}
