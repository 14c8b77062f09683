package shelfie

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// playGame plays one game with chance drawn from r; pick chooses each seat's move.
func playGame(t testing.TB, n int, options string, r *rand.Rand, pick func(s *State, seat games.Seat) games.Action) *State {
	t.Helper()
	s := newGame(t, n, options)
	gamestest.PlayRandomly(t, s, r, 3001, pick, nil)
	return s
}

// TestAIBeatsRandom: the greedy player beats a random one in 2-player games, by far.
func TestAIBeatsRandom(t *testing.T) {
	gamestest.VersusRandom(t, gamestest.Rivals{Games: 6, Wins: 5, Margin: 15}, func(r *rand.Rand, pick gamestest.Pick) games.State {
		return playGame(t, 2, "", r, func(s *State, seat games.Seat) games.Action { return pick(s, seat) })
	})
}

// TestAIUsesAbilities: over a few self-play games the AI uses abilities, sets sixes, and
// scores decently.
func TestAIUsesAbilities(t *testing.T) {
	seed := gamestest.Seed(t)
	used := map[int]int{}
	var totals []int
	for g := range 4 {
		r := rand.New(rand.NewPCG(seed, uint64(g)))
		opts := []string{"", `{"cards":"own"}`, `{"cards":"shared"}`, `{"cards":"own","draft":true}`}[g]
		s := playGame(t, 3, opts, r, func(s *State, seat games.Seat) games.Action {
			a := s.Hint(seat)
			if ab, ok := a.(Ability); ok {
				used[ab.Card]++
			}
			return a
		})
		for _, sr := range s.Result().Seats {
			totals = append(totals, sr.Score)
		}
	}
	t.Logf("abilities used %v; totals %v", used, totals)
	n := 0
	for _, k := range used {
		n += k
	}
	if n < 12 {
		t.Errorf("the AI used only %d abilities in 12 player-games", n)
	}
}

// TestHintDeterministic: equal states give equal hints, and hints are listed.
func TestHintDeterministic(t *testing.T) {
	r := testRand()
	s := newGame(t, 3, "")
	for k := 0; s.phase != PhaseOver && k < 200; k++ {
		act := s.ToAct()
		seat := act[0]
		if seat == games.Chance {
			must.Apply(t, s, seat, s.SampleChance(r))
			continue
		}
		must.Apply(t, s, seat, gamestest.HintStable(t, s, seat))
	}
	if s.Hint(games.Chance) != nil {
		t.Fatal("chance gets a hint")
	}
}

// TestColumnWorth: the table of what a column is worth at the end agrees with the greedy
// player's own games: each entry seen often enough is within a point of the mean final worth
// (bonus and top die) of the columns it stood for, and a full column of the last round is
// worth exactly its score.
func TestColumnWorth(t *testing.T) {
	var sum, cnt [Rounds + 1][Height + 1][7][3]float64
	for g := range 300 {
		r := rand.New(rand.NewPCG(uint64(g), 0xc01))
		s := newGame(t, 1, `{"solo":"beat"}`)
		type seen struct{ left, col, h, top, rivals int }
		var seens []seen
		round := -1
		look := func(_ games.State, seat games.Seat) games.Action {
			if s.phase == PhaseChoose && s.round != round {
				// the shelf as it stands after the last round, which columnWorth values
				// with the rounds left after it
				round = s.round
				sh := &s.seats[0].shelf
				for col := range Columns {
					h, top := columnAt(sh, col)
					seens = append(seens, seen{Rounds - s.round + 1, col, h, top, rivals(sh, col)})
				}
			}
			return s.Hint(seat)
		}
		if _, err := games.Advance(&games.Recorder{State: s}, r, look); err != nil || !games.Over(s) {
			t.Fatalf("game %d: over %v, %v", g, games.Over(s), err)
		}
		for _, x := range seens {
			h, top := columnAt(&s.seats[0].shelf, x.col)
			worth := top
			if h > 0 {
				worth += heightBonus[h]
			}
			sum[x.left][x.h][x.top][x.rivals] += float64(worth)
			cnt[x.left][x.h][x.top][x.rivals]++
		}
	}
	checked := 0
	for l := range sum {
		for h := range sum[l] {
			for top := range sum[l][h] {
				for k, n := range cnt[l][h][top] {
					if n < 60 {
						continue
					}
					checked++
					mean, want := sum[l][h][top][k]/n, columnWorth[l][h][top][k]
					if math.Abs(mean-want) > 1 {
						t.Errorf("%d rounds left, %d dice, top %d, %d rivals: worth %.2f in the table, %.2f in %v games", l, h, top, k, want, mean, n)
					}
				}
			}
		}
	}
	if checked < 30 {
		t.Fatalf("only %d entries checked", checked)
	}
	for top := 1; top <= 6; top++ {
		for k, got := range columnWorth[0][Height][top] {
			if want := float64(heightBonus[Height] + top); got != want {
				t.Errorf("a full column topped by %d with %d rivals at the end: worth %v, scores %v", top, k, got, want)
			}
		}
	}
}

// columnAt returns the height and top die's value of column col (0 when empty).
func columnAt(sh *Shelf, col int) (h, top int) {
	h = int(sh.Heights[col])
	if h > 0 {
		top = int(sh.Dice[col][h-1].Value)
	}
	return h, top
}

// TestRivals: a column's rivals are the other columns of its colour that can still grow; a
// full column, one topped by a 6, another colour and an empty column are none.
func TestRivals(t *testing.T) {
	sh := parseShelf(t,
		"P5 .. .. .. ..",
		"P4 .. .. .. ..",
		"P3 .. .. .. ..",
		"P2 .. P6 .. ..",
		"P1 P2 P1 G2 P3",
	)
	for col, want := range []int{2, 1, 2, 0, 1} {
		if got := rivals(&sh, col); got != want {
			t.Errorf("column %d: %d rivals, want %d", col+1, got, want)
		}
	}
	sh = parseShelf(t, "P1 P2 P3 P4 ..")
	if got := rivals(&sh, 0); got != 2 {
		t.Errorf("three rivals counted as %d, want at most 2", got)
	}
	if got := rivals(&sh, 4); got != 0 {
		t.Errorf("empty column: %d rivals", got)
	}
}
