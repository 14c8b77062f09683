package chart

import (
	"image"
	"math"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images/imagestest"
)

// picture is one golden picture: its name and how to draw it.
type picture = imagestest.Picture[*Renderer]

func pic(name string, ch Chart, lang games.Lang) picture {
	return picture{Name: name, Draw: func(r *Renderer) (image.Image, error) { return r.Render(ch, lang) }}
}

// The games' names, as the catalog's titles give them.
var (
	ingenious  = games.Text{EN: "Ingenious", CS: "Ingenious"}
	fits       = games.Text{EN: "FITS", CS: "FITS"}
	sideboards = games.Text{EN: "Sideboards", CS: "Sideboards"}
	shelfie    = games.Text{EN: "Shelfie Stacker", CS: "Deskovkáři"}
)

// walk returns n ratings of a new player: starting at 0 (25 − 3 · 25/3) and rising by the
// shrinking σ, with a seeded wobble of wins and losses, drift per game on average.
func walk(n int, seed uint64, drift float64) []float64 {
	out := make([]float64, n)
	mu, sigma := 25.0, 25.0/3
	x := seed
	for i := range out {
		x = x*6364136223846793005 + 1442695040888963407
		u := float64(x>>11)/float64(1<<53)*2 - 1
		mu += drift + u*sigma*0.35
		sigma = math.Max(0.9, sigma*0.94)
		out[i] = mu - 3*sigma
	}
	return out
}

// goldens lists the golden pictures: four games over 50 games, one game, a single point, a
// flat series, a player who sank below zero, a name in CJK with an emoji, and none at all.
func goldens() []picture {
	return []picture{
		pic("four-games", fourGames(), games.English),
		pic("two-games-cs", Chart{Title: "Bohuslav Řehoř", Series: []Series{
			{Name: sideboards, Mark: Triangle, Ratings: walk(14, 5, 0.6)},
			{Name: shelfie, Mark: Diamond, Ratings: walk(7, 6, 0.4)},
		}}, games.Czech),
		pic("one-game", Chart{Title: "Cyril", Series: []Series{
			{Name: fits, Mark: Square, Ratings: walk(30, 7, 0.6)},
		}}, games.English),
		pic("one-point", Chart{Title: "Dana", Series: []Series{
			{Name: ingenious, Ratings: []float64{1.37}},
		}}, games.Czech),
		pic("flat", Chart{Title: "Eva", Series: []Series{
			{Name: ingenious, Mark: Circle, Ratings: []float64{12, 12, 12, 12, 12}},
			{Name: fits, Mark: Square, Ratings: []float64{12, 12, 12}},
		}}, games.English),
		pic("negative", Chart{Title: "Filip", Series: []Series{
			{Name: shelfie, Mark: Diamond, Ratings: []float64{0, -1.8, -3.1, -2.2, -4.6, -3.9, -5.2}},
			{Name: ingenious, Mark: Circle, Ratings: []float64{0, 1.9, -0.6, 2.4}},
		}}, games.Czech),
		pic("cjk-name", Chart{Title: "王小明 🎲 ゲーム好き", Series: []Series{
			{Name: ingenious, Mark: Circle, Ratings: walk(12, 8, 0.8)},
			{Name: shelfie, Mark: Diamond, Ratings: walk(12, 9, 0.8)},
		}}, games.English),
		pic("none", Chart{Title: "Gustav"}, games.English),
		pic("none-cs", Chart{Title: "Hana", Series: []Series{{Name: fits}}}, games.Czech),
	}
}

// TestGolden compares every golden picture with its PNG in testdata, and draws them all at
// once on one fresh renderer (its caches filling under contention), each equal to the picture
// drawn alone.
func TestGolden(t *testing.T) {
	imagestest.Goldens(t, New, goldens())
}
