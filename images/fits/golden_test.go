package fits

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images/imagestest"
)

// picture is one golden picture: its name and how to draw it.
type picture = imagestest.Picture[*Renderer]

// tablePic and privatePic are golden pictures of the table and of a private panel.
var (
	tablePic   = imagestest.TablePicture[*Renderer]
	privatePic = imagestest.PrivatePicture[*Renderer]
)

// goldens lists the golden pictures, each drawn from a seeded game played by the AI.
func goldens(tb testing.TB) []picture {
	tb.Helper()
	two, four, end, b4, solo, high := twoMid(tb), fourMid(tb), roundEnd(tb), board4(tb), soloOver(tb), crowded(tb)
	tooHigh, ok := highDraft(view(high, 0))
	if !ok {
		tb.Fatal("no drop reaches above row 16")
	}
	return []picture{
		tablePic("table-two-mid", view(two, games.NoSeat), games.English),
		tablePic("table-four", view(four, 1), games.Czech),
		tablePic("table-solo-over", view(solo, 0), games.English),
		tablePic("table-round-end", view(end, games.NoSeat), games.English),
		tablePic("table-board4", view(b4, games.NoSeat), games.English),
		privatePic("private-legal", view(two, 0), "", games.English),
		privatePic("private-too-high", view(high, 0), tooHigh, games.English),
		privatePic("private-aside-cs", view(four, 0), game.AsideDraft, games.Czech),
	}
}

// TestGolden compares every golden picture with its PNG in testdata, and draws them all at
// once on one fresh renderer (its caches filling under contention), each equal to the picture
// drawn alone.
func TestGolden(t *testing.T) {
	imagestest.Goldens(t, New, goldens(t))
}

func TestBadViews(t *testing.T) {
	r := New()
	two := twoMid(t)
	spectator := view(two, games.NoSeat)
	overlap := view(two, games.NoSeat)
	overlap.Seats[1].Pieces = append(overlap.Seats[1].Pieces, overlap.Seats[1].Pieces[0])
	offBoard := view(two, games.NoSeat)
	offBoard.Seats[0].Pieces[0].Cells = []game.Cell{{Col: 6, Row: 0}}
	noSeats := view(two, games.NoSeat)
	noSeats.Seats = nil
	badBoard := view(two, games.NoSeat)
	badBoard.Board = 7
	badLast := view(two, games.NoSeat)
	badLast.Seats[0].Last = 99
	imagestest.BadViews(t, r, ErrView, append(imagestest.WrongViews(spectator), []imagestest.BadView{
		{Name: "no seats", View: noSeats},
		{Name: "board 7", View: badBoard},
		{Name: "overlapping pieces", View: overlap},
		{Name: "a piece off the board", View: offBoard},
		{Name: "a last piece out of range", View: badLast},
	}...))
	imagestest.Drafts(t, r, view(two, 0),
		[]string{"r9f0cA", "x", "r0f0cG", "r0f2cA", "aside "},
		[]string{"", "aside", "r0f0cA", "r3f1cD", "r1f0cF"})
	if _, err := r.Private(view(startPhase(t), 0), "aside", games.English); err == nil {
		t.Error("setting a start piece aside: want an error")
	}
	if _, err := r.Private(view(two, 1), "", games.English); err != nil {
		t.Errorf("a seat that has chosen already: %v", err)
	}
}

// TestEveryStep draws the table and every player's panel after every move of a seeded game:
// no phase, seat or state may fail to draw.
func TestEveryStep(t *testing.T) {
	r := New()
	var st *game.State
	draw := func() {
		t.Helper()
		if err := imagestest.DrawAll(r, st, 2); err != nil {
			t.Fatalf("after %d cards: %v", turned(st), err)
		}
	}
	play(t, 2, `{"boards":[4,3]}`, 11, func(s *game.State) bool {
		st = s
		draw()
		return false
	})
	draw()
	if !games.Over(st) {
		t.Fatal("the game did not end")
	}
}
