package ingenious

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images/imagestest"
)

// picture is one golden picture: its name and how to draw it.
type picture = imagestest.Picture[*Renderer]

// pictures lists the golden pictures, each drawn from a seeded game played by the AI.
func pictures(tb testing.TB) []picture {
	two, four, team, over := twoPlayerMid(tb), fourPlayerLate(tb), teamGame(tb), finishedGame(tb)
	seat := two.Turn()
	chosen := two.Rack(seat)[2].String()
	preview := previewDraft(tb, two, seat)
	return []picture{
		suite.Table("table-two-mid", two, games.NoSeat, games.English),
		suite.Table("table-four-late", four, 1, games.Czech),
		suite.Table("table-teams", team, games.NoSeat, games.English),
		suite.Table("table-over", over, games.NoSeat, games.English),
		suite.Private("private-rack", two, seat, "", games.English),
		suite.Private("private-chosen", two, seat, chosen, games.English),
		suite.Private("private-preview", two, seat, preview, games.English),
	}
}

// TestGolden compares every golden picture with its PNG in testdata, and draws them all at
// once on one fresh renderer (its caches filling under contention), each equal to the picture
// drawn alone.
func TestGolden(t *testing.T) {
	suite.Goldens(t, pictures(t))
}

func TestBadViews(t *testing.T) {
	two := twoPlayerMid(t)
	player := suite.View(two, two.Turn())
	far := *player
	far.Placements = append(far.Placements[:len(far.Placements):len(far.Placements)], ingenious.Placement{
		Place: ingenious.Place{First: ingenious.Red, Second: ingenious.Blue, Cells: [2]ingenious.Cell{{Q: 0, R: 0}, {Q: 2, R: 0}}},
	})
	suite.BadViews(t, two,
		imagestest.BadView{Name: "a radius of 9", View: &ingenious.View{Radius: 9, Players: []string{"A"}, Scores: [][6]int{{}}}},
		imagestest.BadView{Name: "no players", View: &ingenious.View{Radius: 5}},
		imagestest.BadView{Name: "a tile on cells apart", View: &far},
	)
	imagestest.Drafts(t, New(), player,
		[]string{"XX", "RG:F7", "RG:Z1-Z2", "RG:A1-A3", "RG:F7-F8-F9"},
		[]string{"", "swap", "keep", "RG", "RG:F7-F8"})
}
