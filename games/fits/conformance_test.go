package fits

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// TestConformance runs the shared suite; the four-player games, the slowest, run beside the
// others.
func TestConformance(t *testing.T) {
	t.Parallel()
	conformance(
		gamestest.Case{Name: "solo", Players: names[:1]},
		gamestest.Case{Name: "2 players", Players: names[:2]},
		gamestest.Case{Name: "3 players", Players: names[:3]},
		gamestest.Case{Name: "2 boards", Players: names[:3], Options: `{"boards":[4,2]}`},
	).Run(t)
}

func TestConformanceFourPlayers(t *testing.T) {
	t.Parallel()
	conformance(gamestest.Case{Name: "4 players", Players: names[:4]}).Run(t)
}

func conformance(cases ...gamestest.Case) gamestest.Suite {
	return gamestest.Suite{
		Game:      Game{},
		Cases:     cases,
		Games:     1,
		Invariant: func(st games.State) error { return invariant(st.(*State)) },
		Mutate:    mutate,
		Canonical: func(a games.Action) games.Action {
			if p, ok := a.(Place); ok {
				return p.Canonical()
			}
			return a
		},
	}
}

// invariant checks every seat's board against its pieces and the rules: pieces never overlap
// and each rests as its shape in its orientation; the grid is the union of the pieces; the
// board's score recomputes independently; each shape is used at most once per round.
func invariant(s *State) error {
	for i := range s.seats {
		st := &s.seats[i]
		var g Grid
		used := map[Shape]bool{}
		use := func(sh Shape) error {
			if used[sh] {
				return fmt.Errorf("seat %d uses %s twice this round", i, sh)
			}
			used[sh] = true
			return nil
		}
		for k, p := range st.pieces {
			if err := use(p.Place.Piece); err != nil {
				return err
			}
			o := p.Place.Piece.Orient(p.Place.Rot, p.Place.Flip)
			for j, c := range o.Cells {
				at := Cell{p.Place.Col + c.Col, p.Bottom + c.Row}
				if p.Cells[j] != at || !at.onBoard() {
					return fmt.Errorf("seat %d piece %d (%v) lies on %s, not its shape", i, k, p.Place, labels(p.Cells))
				}
				if g[at.Row][at.Col] != 0 {
					return fmt.Errorf("seat %d: pieces %d and %d overlap on %s", i, g[at.Row][at.Col]-1, k, at.Label())
				}
				g[at.Row][at.Col] = int8(k + 1)
			}
		}
		if g != st.board.grid || g.Heights() != st.board.height {
			return fmt.Errorf("seat %d: the board is not the union of its pieces:\n%s\nvs\n%s", i, g.String(), st.board.grid.String())
		}
		for _, sh := range st.aside {
			if err := use(sh); err != nil {
				return err
			}
		}
		if c := st.pending; c.made {
			sh := c.aside
			if sh == NoShape {
				sh = c.placed.Place.Piece
			}
			if err := use(sh); err != nil {
				return err
			}
		}
		started := s.phase == PhaseReveal || s.phase == PhaseBuild || s.roundOver()
		if started && (len(st.pieces) == 0 || st.pieces[0].Place.Piece != s.start[i]) {
			return fmt.Errorf("seat %d: the first piece is not its start piece %s", i, s.start[i])
		}
		want := rulesScore(s.Board(), coveredIn(&g))
		if got := ScoreGrid(s.Board(), &g); got.Total != want {
			return fmt.Errorf("seat %d: board %d scores %d, independently %d\n%s", i, s.Board(), got.Total, want, drawGrid(&g, s.Board()))
		}
		if s.roundOver() {
			if last := st.rounds[len(st.rounds)-1]; last.Total != want || last.Board != s.Board() {
				return fmt.Errorf("seat %d: round scored %+v, independently %d", i, last, want)
			}
		}
		if len(st.rounds) != s.scored() {
			return fmt.Errorf("seat %d has %d rounds scored, seat 0 %d", i, len(st.rounds), s.scored())
		}
	}
	seen := map[Shape]bool{}
	for _, sh := range s.turned {
		if seen[sh] || !sh.Valid() {
			return fmt.Errorf("card %s turned twice", sh)
		}
		seen[sh] = true
	}
	return nil
}

// mutate proposes a random, often illegal, action for seat.
func mutate(r *rand.Rand, st games.State, seat games.Seat) games.Action {
	s := st.(*State)
	piece := s.Piece(seat)
	if r.IntN(5) == 0 {
		piece = Shape(r.IntN(NumShapes + 2))
	}
	switch r.IntN(12) {
	case 0:
		return Aside{Piece: piece}
	case 1:
		return Reveal{Piece: piece}
	case 2:
		return Start{Cards: []Shape{F5, X5}}
	}
	p := Place{Piece: piece, Rot: r.IntN(4), Flip: r.IntN(2) == 0, Col: r.IntN(Cols)}
	if r.IntN(8) == 0 {
		p.Rot = r.IntN(8) - 2
	}
	if r.IntN(8) == 0 {
		p.Col = r.IntN(12) - 3
	}
	return p
}

// playGame plays one game with chance drawn from r; pick chooses each seat's move.
func playGame(t testing.TB, n int, boards []int, r *rand.Rand, pick func(s *State, seat games.Seat) games.Action) *State {
	t.Helper()
	if boards == nil {
		boards = DefaultOptions().Boards
	}
	s, err := NewState(names[:n], Options{Boards: boards})
	if err != nil {
		t.Fatal(err)
	}
	gamestest.PlayRandomly(t, s, r, 1001, pick, invariant)
	return s
}

// TestRandomPlayouts plays many quick random games of every size, checking the invariant
// after every move and that every listed move applies.
func TestRandomPlayouts(t *testing.T) {
	seed := gamestest.Seed(t)
	for g := range 24 {
		r := rand.New(rand.NewPCG(seed, uint64(g)))
		n := 1 + g%4
		boards := [][]int{nil, {2}, {4, 3}, {3, 1, 4}}[g/4%4]
		pick := gamestest.CheckingListed(t, r, 20, gamestest.RandomMove(r))
		playGame(t, n, boards, r, func(s *State, seat games.Seat) games.Action { return pick(s, seat) })
	}
}

// TestAIBeatsRandom: the greedy player beats a random one in every 2-player game, by far.
func TestAIBeatsRandom(t *testing.T) {
	gamestest.VersusRandom(t, gamestest.Rivals{Games: 6, Wins: 6, Margin: 40, Alone: true}, func(r *rand.Rand, pick gamestest.Pick) games.State {
		return playGame(t, 2, nil, r, func(s *State, seat games.Seat) games.Action { return pick(s, seat) })
	})
}

// TestAISolo: a greedy solo game over all four boards ends with a rating and a decent score.
func TestAISolo(t *testing.T) {
	totals := gamestest.SoloScores(t, 3, func(r *rand.Rand) games.State {
		return playGame(t, 1, nil, r, func(s *State, seat games.Seat) games.Action { return s.Hint(seat) })
	})
	if slices.Max(totals) < 0 { // the greedy player averages about +11 over the four boards
		t.Errorf("greedy solo totals %v: the AI plays badly", totals)
	}
}

// TestHintDeterministic: equal states give equal hints, and hints are legal.
func TestHintDeterministic(t *testing.T) {
	s := revealed(t, N5, 3, nil)
	for _, seat := range s.ToAct() {
		gamestest.HintStable(t, s, seat)
	}
	if s.Hint(games.Chance) != nil {
		t.Fatal("chance gets a hint")
	}
}
