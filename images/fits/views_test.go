package fits

import (
	"encoding/json"
	"image"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
)

var names = []string{"Ada", "Bohuslav", "Cyril", "Dana"}

// play plays a seeded game with the AI until stop says so (or the end) and returns it.
// Within a simultaneous step the seats move from the last to the first, so stopping in the
// middle leaves the low seats still to act.
func play(tb testing.TB, players int, options string, seed uint64, stop func(st *game.State) bool) *game.State {
	tb.Helper()
	st, err := game.Game{}.New(names[:players], json.RawMessage(options))
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*game.State)
	r := rand.New(rand.NewPCG(seed, 99))
	for moves := 0; !games.Over(s) && !stop(s); moves++ {
		if moves > 5000 {
			tb.Fatal("game too long")
		}
		act := s.ToAct()
		seat := act[len(act)-1]
		a := s.SampleChance(r)
		if seat != games.Chance {
			a = s.Hint(seat)
		}
		if _, err := s.Apply(seat, a); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// turned counts the building cards turned in the current round.
func turned(s *game.State) int { return len(s.View(games.NoSeat).(*game.View).Turned) }

// goldenCase is one picture of the golden tests.
type goldenCase struct {
	name string
	draw func(r *Renderer) (image.Image, error)
}

func table(v any) func(r *Renderer) (image.Image, error) {
	return func(r *Renderer) (image.Image, error) { return r.Table(v, games.English) }
}

func private(v any, draft string, lang games.Lang) func(r *Renderer) (image.Image, error) {
	return func(r *Renderer) (image.Image, error) { return r.Private(v, draft, lang) }
}

// highDraft finds a draft whose landing sticks out above row 16 for the viewer, if any.
func highDraft(v *game.View) (string, bool) {
	for rot := range 4 {
		for _, flip := range []bool{false, true} {
			for col := range game.Cols {
				d := game.Draft{Rot: rot, Flip: flip, Col: col}
				if pl, err := v.Ghost(d); err != nil && len(pl.Cells) > 0 {
					return d.String(), true
				}
			}
		}
	}
	return "", false
}

// goldenCases builds the views the golden pictures show, deterministically.
func goldenCases(tb testing.TB) []goldenCase {
	tb.Helper()
	midTwo := play(tb, 2, "{}", 1, func(s *game.State) bool {
		return s.Board() == 1 && turned(s) == 9 && len(s.ToAct()) == 1 && s.ToAct()[0] == 0
	})
	four := play(tb, 4, "{}", 2, func(s *game.State) bool {
		return s.Board() == 2 && turned(s) == 11 && len(s.ToAct()) == 2
	})
	roundEnd := play(tb, 2, "{}", 3, func(s *game.State) bool {
		v := s.View(games.NoSeat).(*game.View)
		return v.RoundOver
	})
	board4 := play(tb, 3, `{"boards":[4,3]}`, 4, func(s *game.State) bool {
		return s.Board() == 4 && turned(s) == 10 && len(s.ToAct()) == 1
	})
	soloOver := play(tb, 1, "{}", 5, func(*game.State) bool { return false })
	tall := play(tb, 1, `{"boards":[3]}`, 6, func(s *game.State) bool {
		if turned(s) < 12 || len(s.ToAct()) != 1 || s.ToAct()[0] != 0 {
			return false
		}
		_, ok := highDraft(s.View(0).(*game.View))
		return ok
	})
	high, _ := highDraft(tall.View(0).(*game.View))
	return []goldenCase{
		{"table-two-mid", table(midTwo.View(games.NoSeat))},
		{"table-four", table(four.View(1))},
		{"table-round-end", table(roundEnd.View(games.NoSeat))},
		{"table-board4", table(board4.View(games.NoSeat))},
		{"table-solo-over", table(soloOver.View(0))},
		{"private-legal", private(midTwo.View(0), "", games.English)},
		{"private-aside-cs", private(midTwo.View(0), "aside", games.Czech)},
		{"private-too-high", private(tall.View(0), high, games.English)},
	}
}
