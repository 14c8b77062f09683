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
		tablePic("table-two-mid", view(two, games.NoSeat), games.English),
		tablePic("table-four-late", view(four, 1), games.Czech),
		tablePic("table-teams", view(team, games.NoSeat), games.English),
		tablePic("table-over", view(over, games.NoSeat), games.English),
		privatePic("private-rack", view(two, seat), "", games.English),
		privatePic("private-chosen", view(two, seat), chosen, games.English),
		privatePic("private-preview", view(two, seat), preview, games.English),
	}
}

// tablePic and privatePic are golden pictures of the table and of a private panel.
var (
	tablePic   = imagestest.TablePicture[*Renderer]
	privatePic = imagestest.PrivatePicture[*Renderer]
)

// TestGolden compares every golden picture with its PNG in testdata, and draws them all at
// once on one fresh renderer (its caches filling under contention), each equal to the picture
// drawn alone.
func TestGolden(t *testing.T) {
	imagestest.Goldens(t, New, pictures(t))
}

func TestBadViews(t *testing.T) {
	r := New()
	two := twoPlayerMid(t)
	spectator := view(two, games.NoSeat)
	player := view(two, two.Turn())
	far := *player
	far.Placements = append(far.Placements[:len(far.Placements):len(far.Placements)], ingenious.Placement{
		Place: ingenious.Place{First: ingenious.Red, Second: ingenious.Blue, Cells: [2]ingenious.Cell{{Q: 0, R: 0}, {Q: 2, R: 0}}},
	})
	imagestest.BadViews(t, r, ErrView, append(imagestest.WrongViews(spectator), []imagestest.BadView{
		{Name: "a radius of 9", View: &ingenious.View{Radius: 9, Players: []string{"A"}, Scores: [][6]int{{}}}},
		{Name: "no players", View: &ingenious.View{Radius: 5}},
		{Name: "a tile on cells apart", View: &far},
	}...))
	imagestest.Drafts(t, r, player,
		[]string{"XX", "RG:F7", "RG:Z1-Z2", "RG:A1-A3", "RG:F7-F8-F9"},
		[]string{"", "swap", "keep", "RG", "RG:F7-F8"})
}
