package ingenious

import (
	"errors"
	"flag"
	"image"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images/imagestest"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// picture is one golden picture: its name and how to draw it.
type picture = imagestest.Picture[*Renderer]

// pictures lists the golden pictures, each drawn from a seeded game played by the AI.
func pictures(tb testing.TB) []picture {
	two, four, team, over := twoPlayerMid(tb), fourPlayerLate(tb), teamGame(tb), finishedGame(tb)
	seat := two.Turn()
	chosen := two.Rack(seat)[2].String()
	preview := previewDraft(tb, two, seat)
	table := func(st *ingenious.State, viewer games.Seat, lang games.Lang) func(r *Renderer) (image.Image, error) {
		v := view(st, viewer)
		return func(r *Renderer) (image.Image, error) { return r.Table(v, lang) }
	}
	private := func(st *ingenious.State, viewer games.Seat, draft string) func(r *Renderer) (image.Image, error) {
		v := view(st, viewer)
		return func(r *Renderer) (image.Image, error) { return r.Private(v, draft, games.English) }
	}
	return []picture{
		{Name: "table-two-mid", Draw: table(two, games.NoSeat, games.English)},
		{Name: "table-four-late", Draw: table(four, 1, games.Czech)},
		{Name: "table-teams", Draw: table(team, games.NoSeat, games.English)},
		{Name: "table-over", Draw: table(over, games.NoSeat, games.English)},
		{Name: "private-rack", Draw: private(two, seat, "")},
		{Name: "private-chosen", Draw: private(two, seat, chosen)},
		{Name: "private-preview", Draw: private(two, seat, preview)},
	}
}

func TestGolden(t *testing.T) {
	imagestest.Golden(t, New(), "testdata", *update, pictures(t))
}

// TestConcurrent draws every golden picture from several goroutines on one fresh renderer
// (its caches filling under contention) and checks that each equals the picture drawn alone.
func TestConcurrent(t *testing.T) {
	imagestest.Concurrent(t, New, pictures(t))
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
	for _, tc := range []struct {
		name string
		view any
	}{
		{"nil", nil},
		{"a string", "table"},
		{"a view by value", *spectator},
		{"a nil view", (*ingenious.View)(nil)},
		{"a radius of 9", &ingenious.View{Radius: 9, Players: []string{"A"}, Scores: [][6]int{{}}}},
		{"no players", &ingenious.View{Radius: 5}},
		{"a tile on cells apart", &far},
	} {
		if _, err := r.Table(tc.view, games.English); !errors.Is(err, ErrView) {
			t.Errorf("Table(%s): error %v, want one wrapping ErrView", tc.name, err)
		}
		if _, err := r.Private(tc.view, "", games.English); !errors.Is(err, ErrView) {
			t.Errorf("Private(%s): error %v, want one wrapping ErrView", tc.name, err)
		}
	}
	if _, err := r.Private(spectator, "", games.English); !errors.Is(err, ErrView) {
		t.Errorf("Private(spectator): error %v, want one wrapping ErrView", err)
	}
	for _, draft := range []string{"XX", "RG:F7", "RG:Z1-Z2", "RG:A1-A3", "RG:F7-F8-F9"} {
		if _, err := r.Private(player, draft, games.English); err == nil {
			t.Errorf("Private with draft %q: want an error", draft)
		}
	}
	for _, draft := range []string{"", "swap", "keep", "RG", "RG:F7-F8"} {
		if _, err := r.Private(player, draft, games.Czech); err != nil {
			t.Errorf("Private with draft %q: %v", draft, err)
		}
	}
}
