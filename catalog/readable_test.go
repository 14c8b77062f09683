package catalog

import (
	"fmt"
	"image"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
	"github.com/tablebot/tablebot/images"
)

// kitted is implemented by every renderer: the kit it draws with, whose fonts record the
// smallest text size any picture used.
type kitted interface{ Kit() *images.Kit }

// TestEveryPictureReadsOnAPhone draws every picture type of every game — the table as a
// spectator and as each seat sees it, and each deciding seat's private panel, blank and with
// a move previewed — for every number of players, at several points of a game, and checks
// from the fonts the picture used that its smallest label is still at least 11 px once the
// picture is scaled to 360 px wide.
func TestEveryPictureReadsOnAPhone(t *testing.T) {
	for _, k := range Kits() {
		minSeats, maxSeats := k.Game.Seats()
		// The fewest and the most players: the pictures' layouts change with the number of
		// seats, and the extremes are the narrowest and the most crowded.
		for _, n := range []int{minSeats, maxSeats} {
			t.Run(fmt.Sprintf("%s/%d", k.Game.Name(), n), func(t *testing.T) {
				t.Parallel()
				r := rand.New(rand.NewPCG(gamestest.Seed(t), uint64(n)))
				players := make([]string, n)
				for i := range players {
					players[i] = []string{"Ada", "Bohuslav Přemyslovec", "李小龍", "Dana 🎲", "민수", "Žofie"}[i%6]
				}
				rec, err := games.Start(k.Game, players, nil)
				if err != nil {
					t.Fatal(err)
				}
				for stage := 0; stage < 2 && !games.Over(rec.State); stage++ {
					checkPictures(t, k.Game.Name(), rec.State, r)
					moves := 1 + r.IntN(30)
					if _, err := games.AdvanceUntil(rec, r, games.Hints, func(games.State) bool { moves--; return moves < 0 }); err != nil {
						t.Fatal(err)
					}
				}
				if _, err := games.PlayOut(rec, r); err != nil {
					t.Fatal(err)
				}
				checkPictures(t, k.Game.Name(), rec.State, r)
			})
		}
	}
}

// checkPictures draws every picture of st with fresh renderers and checks their labels.
func checkPictures(t *testing.T, game string, st games.State, r *rand.Rand) {
	t.Helper()
	for _, lang := range []games.Lang{games.English, games.Czech} {
		// A spectator, the first seat and every seat to act: the other seats' tables differ
		// only in which name says "you".
		viewers := []games.Seat{games.NoSeat, 0}
		for _, s := range st.ToAct() {
			if s > 0 {
				viewers = append(viewers, s)
			}
		}
		for _, seat := range viewers {
			readable(t, game, fmt.Sprintf("table as %v (%s)", seat, lang), func(art images.Art) (image.Image, error) {
				return art.Table(st.View(seat), lang)
			})
			if seat == games.NoSeat || !games.IsToAct(st, seat) {
				continue
			}
			drafts := []string{""}
			if c, ok := st.(games.Composer); ok {
				if d, err := gamestest.RandomDraft(c, seat, r); err == nil {
					drafts = append(drafts, d)
				}
			}
			for _, d := range drafts {
				readable(t, game, fmt.Sprintf("panel of %v at %q (%s)", seat, d, lang), func(art images.Art) (image.Image, error) {
					return art.Private(st.View(seat), d, lang)
				})
			}
		}
	}
}

// readable draws one picture with a fresh renderer and checks its smallest label at phone width.
func readable(t *testing.T, game, what string, draw func(images.Art) (image.Image, error)) {
	t.Helper()
	k, ok := Find(Kits(), game)
	if !ok {
		t.Fatalf("no kit %q", game)
	}
	km, ok := k.Art.(kitted)
	if !ok {
		t.Fatalf("%s: renderer %T does not expose its kit", game, k.Art)
	}
	img, err := draw(k.Art)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	fonts, err := km.Kit().Fonts()
	if err != nil {
		t.Fatal(err)
	}
	w := img.Bounds().Dx()
	scale := min(1, float64(images.PhoneWidth)/float64(w))
	if got := fonts.Smallest() * scale; got < images.PhoneLabel {
		t.Errorf("%s: %dx%d, smallest text %.1f px → %.1f px at %d px wide (want ≥ %d)",
			what, w, img.Bounds().Dy(), fonts.Smallest(), got, images.PhoneWidth, images.PhoneLabel)
	}
}
