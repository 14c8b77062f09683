package sideboards

import (
	"errors"
	"flag"
	"image"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/sideboards"
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

func TestGolden(t *testing.T) {
	imagestest.Golden(t, New(), "testdata", *update, goldens(t))
}

// TestConcurrent draws every golden picture from several goroutines on one fresh renderer
// (its caches filling under contention) and checks that each equals the picture drawn alone.
func TestConcurrent(t *testing.T) {
	imagestest.Concurrent(t, New, goldens(t))
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
	for _, tc := range []struct {
		name string
		view any
	}{
		{"nil", nil},
		{"a string", "table"},
		{"a view by value", *spectator},
		{"a nil view", (*game.View)(nil)},
		{"no seats", noSeats},
		{"a card laid twice", twice},
		{"card 61", badCard},
		{"a handle task as the colour task", badTask},
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
	player := view(two, 0)
	hand := player.Seats[0].Hand
	for _, draft := range []string{"99l", "x1", "1-2", "zz", hand[0].String() + "q"} {
		if _, err := r.Private(player, draft, games.English); err == nil {
			t.Errorf("Private with draft %q: want an error", draft)
		}
	}
	for _, draft := range []string{"", "x", hand[0].String() + "l", hand[1].String() + "rt"} {
		if _, err := r.Private(player, draft, games.Czech); err != nil {
			t.Errorf("Private with draft %q: %v", draft, err)
		}
	}
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
			if _, err := r.Table(view(st, games.NoSeat), games.Czech); err != nil {
				t.Fatalf("table in turn %d: %v", st.Turn(), err)
			}
			for seat := range games.Seat(c.players) {
				if _, err := r.Private(view(st, seat), "", games.English); err != nil {
					t.Fatalf("panel of seat %d in turn %d: %v", seat, st.Turn(), err)
				}
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
