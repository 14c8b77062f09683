package fits

import (
	"fmt"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images/imagestest"
)

// picture is one golden picture: its name and how to draw it.
type picture = imagestest.Picture[*Renderer]

// goldens lists the golden pictures, each drawn from a seeded game played by the AI.
func goldens(tb testing.TB) []picture {
	tb.Helper()
	two, four, end, b4, solo, high := twoMid(tb), fourMid(tb), roundEnd(tb), board4(tb), soloOver(tb), crowded(tb)
	tooHigh, ok := highDraft(suite.View(high, 0))
	if !ok {
		tb.Fatal("no drop reaches above row 16")
	}
	return []picture{
		suite.Table("table-two-mid", two, games.NoSeat, games.English),
		suite.Table("table-four", four, 1, games.Czech),
		suite.Table("table-solo-over", solo, 0, games.English),
		suite.Table("table-round-end", end, games.NoSeat, games.English),
		suite.Table("table-board4", b4, games.NoSeat, games.English),
		suite.Private("private-legal", two, 0, "", games.English),
		suite.Private("private-too-high", high, 0, tooHigh, games.English),
		suite.Private("private-aside-cs", four, 0, game.AsideDraft, games.Czech),
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
		suite.Broken("board 7", two, func(v *game.View) { v.Board = 7 }),
		suite.Broken("overlapping pieces", two, func(v *game.View) { v.Seats[1].Pieces = append(v.Seats[1].Pieces, v.Seats[1].Pieces[0]) }),
		suite.Broken("a piece off the board", two, func(v *game.View) { v.Seats[0].Pieces[0].Cells = []game.Cell{{Col: 6, Row: 0}} }),
		suite.Broken("a last piece out of range", two, func(v *game.View) { v.Seats[0].Last = 99 }),
	)
	r := New()
	imagestest.Drafts(t, r, suite.View(two, 0),
		[]string{"r9f0cA", "x", "r0f0cG", "r0f2cA", "aside "},
		[]string{"", "aside", "r0f0cA", "r3f1cD", "r1f0cF"})
	if _, err := r.Private(suite.View(startPhase(t), 0), "aside", games.English); err == nil {
		t.Error("setting a start piece aside: want an error")
	}
	if _, err := r.Private(suite.View(two, 1), "", games.English); err != nil {
		t.Errorf("a seat that has chosen already: %v", err)
	}
}

// TestEveryStep draws the table and every player's panel after every move of a seeded game:
// no phase, seat or state may fail to draw.
func TestEveryStep(t *testing.T) {
	suite.EveryStep(t, 2, `{"boards":[4,3]}`, 11, func(s *game.State) string { return fmt.Sprintf("after %d cards", turned(s)) })
}
