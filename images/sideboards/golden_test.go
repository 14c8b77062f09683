package sideboards

import (
	"fmt"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/images/imagestest"
)

// picture is one golden picture: its name and how to draw it.
type picture = imagestest.Picture[*Renderer]

// goldens lists the golden pictures, each drawn from a seeded game played by the AI.
func goldens(tb testing.TB) []picture {
	tb.Helper()
	two, four, six, solo, start := twoMid(tb), fourMid(tb), sixOver(tb), soloMid(tb), threeStart(tb)
	return []picture{
		suite.Table("table-two-mid", two, games.NoSeat, games.English),
		suite.Table("table-four-cs", four, 1, games.Czech),
		suite.Table("table-six-over", six, games.NoSeat, games.English),
		suite.Table("table-solo", solo, 0, games.English),
		suite.Table("table-start", start, 0, games.English),
		suite.Private("private-place", two, 0, "", games.English),
		suite.Private("private-start-cs", start, 0, "", games.Czech),
		suite.Private("private-exchange", two, 0, game.ExchangeDraft, games.English),
		suite.Private("private-waiting", four, 3, "", games.English),
	}
}

// TestGolden compares every golden picture with its PNG in testdata, and draws them all at
// once on one fresh renderer (its caches filling under contention), each equal to the picture
// drawn alone.
func TestGolden(t *testing.T) {
	suite.Goldens(t, goldens(t))
}

func TestBadViews(t *testing.T) {
	two := twoMid(t)
	suite.BadViews(t, two,
		suite.Broken("no seats", two, func(v *game.View) { v.Seats = nil }),
		suite.Broken("a card laid twice", two, func(v *game.View) { v.Seats[1].Board = append(v.Seats[1].Board, v.Seats[0].Board[0]) }),
		suite.Broken("card 61", two, func(v *game.View) { v.Seats[0].Board[0].Card = 61 }),
		suite.Broken("a handle task as the colour task", two, func(v *game.View) { v.Tasks[0] = 9 }),
	)
	r := New()
	player := suite.View(two, 0)
	hand := player.Seats[0].Hand
	imagestest.Drafts(t, r, player,
		[]string{"99l", "x1", "1-2", "zz", hand[0].String() + "q"},
		[]string{"", "x", hand[0].String() + "l", hand[1].String() + "rt"})
	if _, err := r.Private(suite.View(two, 1), "", games.English); err != nil {
		t.Errorf("a seat that has placed already: %v", err)
	}
}

// TestEveryStep draws the table and every player's panel after every move of seeded games:
// no phase, seat or state may fail to draw.
func TestEveryStep(t *testing.T) {
	for _, c := range []struct {
		players int
		options string
	}{{2, `{}`}, {3, `{"variant":"four"}`}, {1, `{}`}} {
		suite.EveryStep(t, c.players, c.options, 11, func(s *game.State) string { return fmt.Sprintf("in turn %d", s.Turn()) })
	}
}
