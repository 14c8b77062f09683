package shelfie

import (
	"errors"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/shelfie"
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
	four, two, choose, take, bot, beat := fourMid(tb), twoMid(tb), threeChoose(tb), threeTake(tb), soloBot(tb), soloBeatOver(tb)
	cur := view(four, games.NoSeat).Current
	return []picture{
		tablePic("table-four", view(four, games.NoSeat), games.English),
		tablePic("table-two", view(two, 0), games.English),
		tablePic("table-three-choose", view(choose, 0), games.Czech),
		tablePic("table-solo-bot", view(bot, 0), games.English),
		tablePic("table-solo-beat-over", view(beat, 0), games.Czech),
		privatePic("private-die", view(four, cur), "d1", games.English),
		privatePic("private-place", view(four, cur), "=place_1_shame", games.Czech),
		privatePic("private-choose", view(choose, choose.ToAct()[0]), "", games.English),
		privatePic("private-take", view(take, view(take, games.NoSeat).Current), "", games.Czech),
		privatePic("private-solo", view(bot, 0), "d2", games.English),
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
	tall := view(two, games.NoSeat)
	tall.Seats[0].Shelf.Heights[2] = 9
	badDie := view(two, games.NoSeat)
	badDie.Shipment = []game.Die{{Colour: 9, Value: 2}}
	imagestest.BadViews(t, r, ErrView, append(imagestest.WrongViews(spectator), []imagestest.BadView{
		{Name: "no seats", View: noSeats},
		{Name: "a column of 9", View: tall},
		{Name: "a die of no colour", View: badDie},
	}...))
	cur := view(two, games.NoSeat).Current
	if _, err := r.Private(view(two, cur), "d9", games.English); !errors.Is(err, ErrView) {
		t.Errorf("Private(d9): error %v", err)
	}
	imagestest.Drafts(t, r, view(two, cur), nil,
		[]string{"", "d1", "d3", "a3", "=place_1_c2", "=place_2_shame", "=use_3_d1", "x"})
}

// TestEveryStep draws the table and every player's panel after every move of seeded games:
// no phase, seat or state may fail to draw.
func TestEveryStep(t *testing.T) {
	r := New()
	for i, o := range []struct {
		n    int
		opts string
	}{{2, `{"cards":"own","draft":true}`}, {1, `{"solo":"bot","hard":true}`}} {
		play(t, o.n, o.opts, uint64(11+i), func(s *game.State) bool {
			if err := imagestest.DrawAll(r, s, o.n); err != nil {
				t.Fatalf("in round %d: %v", s.Round(), err)
			}
			return false
		})
	}
}
