package shelfie

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/images/imagestest"
)

// picture is one golden picture: its name and how to draw it.
type picture = imagestest.Picture[*Renderer]

// goldens lists the golden pictures, each drawn from a seeded game played by the AI.
func goldens(tb testing.TB) []picture {
	tb.Helper()
	four, two, choose, take, bot, beat := fourMid(tb), twoMid(tb), threeChoose(tb), threeTake(tb), soloBot(tb), soloBeatOver(tb)
	cur := suite.View(four, games.NoSeat).Current
	return []picture{
		suite.Table("table-four", four, games.NoSeat, games.English),
		suite.Table("table-two", two, 0, games.English),
		suite.Table("table-three-choose", choose, 0, games.Czech),
		suite.Table("table-solo-bot", bot, 0, games.English),
		suite.Table("table-solo-beat-over", beat, 0, games.Czech),
		suite.Private("private-die", four, cur, "d1", games.English),
		suite.Private("private-place", four, cur, "=place_1_shame", games.Czech),
		suite.Private("private-choose", choose, choose.ToAct()[0], "", games.English),
		suite.Private("private-take", take, suite.View(take, games.NoSeat).Current, "", games.Czech),
		suite.Private("private-solo", bot, 0, "d2", games.English),
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
		suite.Broken("a column of 9", two, func(v *game.View) { v.Seats[0].Shelf.Heights[2] = 9 }),
		suite.Broken("a die of no colour", two, func(v *game.View) { v.Shipment = []game.Die{{Colour: 9, Value: 2}} }),
	)
	r := New()
	cur := suite.View(two, games.NoSeat).Current
	if _, err := r.Private(suite.View(two, cur), "d9", games.English); !errors.Is(err, ErrView) {
		t.Errorf("Private(d9): error %v", err)
	}
	imagestest.Drafts(t, r, suite.View(two, cur), nil,
		[]string{"", "d1", "d3", "a3", "=place_1_c2", "=place_2_shame", "=use_3_d1", "x"})
}

// TestEveryStep draws the table and every player's panel after every move of seeded games and
// once they are over: no phase, seat or state may fail to draw.
func TestEveryStep(t *testing.T) {
	for i, o := range []struct {
		n    int
		opts string
	}{{2, `{"cards":"own","draft":true}`}, {1, `{"solo":"bot","hard":true}`}} {
		suite.EveryStep(t, o.n, o.opts, uint64(11+i), func(s *game.State) string { return fmt.Sprintf("in round %d", s.Round()) })
	}
}
