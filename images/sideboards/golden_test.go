package sideboards

import (
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/sideboards"
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
	two, four, six, solo, start := twoMid(tb), fourMid(tb), sixOver(tb), soloMid(tb), threeStart(tb)
	return []picture{
		tablePic("table-two-mid", view(two, games.NoSeat), games.English),
		tablePic("table-four-cs", view(four, 1), games.Czech),
		tablePic("table-six-over", view(six, games.NoSeat), games.English),
		tablePic("table-solo", view(solo, 0), games.English),
		tablePic("table-start", view(start, 0), games.English),
		privatePic("private-place", view(two, 0), "", games.English),
		privatePic("private-start-cs", view(start, 0), "", games.Czech),
		privatePic("private-exchange", view(two, 0), game.ExchangeDraft, games.English),
		privatePic("private-waiting", view(four, 3), "", games.English),
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
	noSeats := view(two, games.NoSeat)
	noSeats.Seats = nil
	twice := view(two, games.NoSeat)
	twice.Seats[1].Board = append(twice.Seats[1].Board, twice.Seats[0].Board[0])
	badCard := view(two, games.NoSeat)
	badCard.Seats[0].Board[0].Card = 61
	badTask := view(two, games.NoSeat)
	badTask.Tasks[0] = 9
	imagestest.BadViews(t, r, ErrView, append(imagestest.WrongViews(spectator), []imagestest.BadView{
		{Name: "no seats", View: noSeats},
		{Name: "a card laid twice", View: twice},
		{Name: "card 61", View: badCard},
		{Name: "a handle task as the colour task", View: badTask},
	}...))
	player := view(two, 0)
	hand := player.Seats[0].Hand
	imagestest.Drafts(t, r, player,
		[]string{"99l", "x1", "1-2", "zz", hand[0].String() + "q"},
		[]string{"", "x", hand[0].String() + "l", hand[1].String() + "rt"})
	if _, err := r.Private(view(two, 1), "", games.English); err != nil {
		t.Errorf("a seat that has placed already: %v", err)
	}
}

// TestEveryStep draws the table and every player's panel after every move of seeded games:
// no phase, seat or state may fail to draw.
func TestEveryStep(t *testing.T) {
	r := New()
	for _, c := range []struct {
		players int
		options string
	}{{2, `{}`}, {3, `{"variant":"four"}`}, {1, `{}`}} {
		var st *game.State
		draw := func() {
			t.Helper()
			if err := imagestest.DrawAll(r, st, c.players); err != nil {
				t.Fatalf("in turn %d: %v", st.Turn(), err)
			}
		}
		play(t, c.players, c.options, 11, func(s *game.State) bool {
			st = s
			draw()
			return false
		})
		draw()
		if !games.Over(st) {
			t.Fatal("the game did not end")
		}
	}
}
