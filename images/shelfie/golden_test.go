package shelfie

import (
	"errors"
	"flag"
	"image"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/images/imagestest"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// picture is one golden picture: its name and how to draw it.
type picture = imagestest.Picture[*Renderer]

func tablePic(name string, v *game.View, lang games.Lang) picture {
	return picture{Name: name, Draw: func(r *Renderer) (image.Image, error) { return r.Table(v, lang) }}
}

func privatePic(name string, v *game.View, draft string, lang games.Lang) picture {
	return picture{Name: name, Draw: func(r *Renderer) (image.Image, error) { return r.Private(v, draft, lang) }}
}

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

func TestGolden(t *testing.T) {
	imagestest.Golden(t, New(), "testdata", *update, goldens(t))
}

// TestConcurrent draws every golden picture from several goroutines on one fresh renderer
// and checks that each equals the picture drawn alone.
func TestConcurrent(t *testing.T) {
	imagestest.Concurrent(t, New, goldens(t))
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
	for _, tc := range []struct {
		name string
		view any
	}{
		{"nil", nil},
		{"a string", "table"},
		{"a view by value", *spectator},
		{"a nil view", (*game.View)(nil)},
		{"no seats", noSeats},
		{"a column of 9", tall},
		{"a die of no colour", badDie},
	} {
		if _, err := r.Table(tc.view, games.English); !errors.Is(err, ErrView) {
			t.Errorf("Table(%s): error %v, want one wrapping ErrView", tc.name, err)
		}
		if _, err := r.NaiveTable(tc.view, games.English); !errors.Is(err, ErrView) {
			t.Errorf("NaiveTable(%s): error %v, want one wrapping ErrView", tc.name, err)
		}
		if _, err := r.Private(tc.view, "", games.English); !errors.Is(err, ErrView) {
			t.Errorf("Private(%s): error %v, want one wrapping ErrView", tc.name, err)
		}
	}
	if _, err := r.Private(spectator, "", games.English); !errors.Is(err, ErrView) {
		t.Errorf("Private(spectator): error %v, want one wrapping ErrView", err)
	}
	cur := view(two, games.NoSeat).Current
	if _, err := r.Private(view(two, cur), "d9", games.English); !errors.Is(err, ErrView) {
		t.Errorf("Private(d9): error %v", err)
	}
	for _, d := range []string{"", "d1", "d3", "a3", "=place_1_c2", "=place_2_shame", "=use_3_d1", "x"} {
		if _, err := r.Private(view(two, cur), d, games.Czech); err != nil {
			t.Errorf("Private(%q): %v", d, err)
		}
	}
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
			if _, err := r.Table(view(s, games.NoSeat), games.Czech); err != nil {
				t.Fatalf("table in round %d: %v", s.Round(), err)
			}
			for seat := range games.Seat(o.n) {
				if _, err := r.Private(view(s, seat), "", games.English); err != nil {
					t.Fatalf("panel of seat %d in round %d: %v", seat, s.Round(), err)
				}
			}
			return false
		})
	}
}
