package ingenious

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

func TestConformance(t *testing.T) {
	gamestest.Suite{
		Game: Game{},
		Cases: []gamestest.Case{
			{Name: "solo", Players: names[:1]},
			{Name: "2 players", Players: names[:2]},
			{Name: "3 players", Players: names[:3]},
			{Name: "4 players", Players: names[:4]},
			{Name: "teams", Players: names[:4], Options: `{"teams":true,"talk":true}`},
		},
		Games:     4,
		Invariant: invariant,
		Mutate:    mutate,
		Canonical: func(a games.Action) games.Action { return canonical(a) },
	}.Run(t)
}

// invariant holds after every move: tiles conserved, scores recomputable from the board and
// within their track, and the game goes on only while two adjacent cells are empty.
func invariant(st games.State) error {
	s := st.(*State)
	if err := conservation(s); err != nil {
		return err
	}
	if err := recomputeScores(s); err != nil {
		return err
	}
	for _, track := range s.scores {
		for _, v := range track {
			if v < 0 || v > s.top() {
				return fmt.Errorf("score %d outside 0..%d", v, s.top())
			}
		}
	}
	if s.phase != PhaseOver && !s.hasEmptyPair() {
		return fmt.Errorf("no empty pair left but the game goes on")
	}
	return nil
}

func canonical(a games.Action) games.Action {
	if p, ok := a.(Place); ok {
		return p.Canonical()
	}
	return a
}

// mutate proposes a random, often illegal, action: a random tile (usually from the rack) on a
// random cell and a random neighbour (sometimes not adjacent), or a swap/keep.
func mutate(r *rand.Rand, st games.State, seat games.Seat) games.Action {
	s := st.(*State)
	switch r.IntN(10) {
	case 0:
		return Swap{}
	case 1:
		return Keep{}
	}
	tile := kindTiles[r.IntN(tileKinds)]
	if rack := s.racks[seat]; len(rack) > 0 && r.IntN(4) > 0 {
		tile = rack[r.IntN(len(rack))]
	}
	cells := AreaCells(s.radius + 1)
	c := cells[r.IntN(len(cells))]
	n := c.Step(Direction(r.IntN(6)))
	if r.IntN(8) == 0 {
		n = cells[r.IntN(len(cells))]
	}
	if r.IntN(2) == 0 {
		return Place{tile.A, tile.B, [2]Cell{c, n}}
	}
	return Place{tile.B, tile.A, [2]Cell{c, n}}
}

// TestAIGamesEnd plays greedy AI games for every set-up and checks the invariants at the end,
// and that the greedy player plays sensibly: over nine 2-player games, the median lowest
// colour is at least 5 (self-play's median is about 9; one game alone can end at 2).
func TestAIGamesEnd(t *testing.T) {
	seed := gamestest.Seed(t)
	var twoPlayer []int
	play := func(n int, teams bool, stream uint64) {
		r := rand.New(rand.NewPCG(seed, stream))
		s, _ := NewState(names[:n], Options{Teams: teams})
		for moves := 0; s.phase != PhaseOver; moves++ {
			if moves > 2000 {
				t.Fatalf("%d players: not over after 2000 moves", n)
			}
			seat := s.ToAct()[0]
			a := s.SampleChance(r)
			if seat != games.Chance {
				a = s.Hint(seat)
			}
			must.Apply(t, s, seat, a)
			if err := invariant(s); err != nil {
				t.Fatalf("%d players, teams %v: %v", n, teams, err)
			}
		}
		if n == 2 {
			twoPlayer = append(twoPlayer, s.Result().Seats[0].Score)
		}
	}
	for n := 1; n <= 4; n++ {
		for _, teams := range []bool{false, true} {
			if teams && n != 4 {
				continue
			}
			play(n, teams, uint64(n))
		}
	}
	for i := range 8 {
		play(2, false, uint64(100+i))
	}
	slices.Sort(twoPlayer)
	if median := twoPlayer[len(twoPlayer)/2]; median < 5 {
		t.Errorf("2-player greedy games ended with lowest colours %v (median %d): the AI plays badly", twoPlayer, median)
	}
}

// TestAIBeatsRandom: the greedy player wins most 2-player games against a random player.
func TestAIBeatsRandom(t *testing.T) {
	gamestest.VersusRandom(t, gamestest.Rivals{Games: 10, Wins: 8}, func(r *rand.Rand, pick gamestest.Pick) games.State {
		s, _ := NewState(names[:2], Options{})
		gamestest.PlayRandomly(t, s, r, 2000, func(s *State, seat games.Seat) games.Action { return pick(s, seat) }, nil)
		return s
	})
}
