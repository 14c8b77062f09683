package sideboards

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// TestAIBeatsRandom: the greedy player beats random play in 2-player games, by far.
func TestAIBeatsRandom(t *testing.T) {
	gamestest.VersusRandom(t, gamestest.Rivals{Games: 20, Wins: 16, Margin: 10}, func(r *rand.Rand, pick gamestest.Pick) games.State {
		s := newGame(t, 2, Options{Variant: Basic})
		playAll(t, s, r, func(s *State, seat games.Seat) games.Action { return pick(s, seat) })
		return s
	})
}

// TestAISolo: greedy solo games score decently and end with a rating.
func TestAISolo(t *testing.T) {
	totals := gamestest.SoloScores(t, 20, func(r *rand.Rand) games.State {
		s := newGame(t, 1, Options{Variant: Basic})
		playAll(t, s, r, hintPick)
		return s
	})
	sum := 0
	for _, x := range totals {
		sum += x
	}
	if mean := float64(sum) / float64(len(totals)); mean < 25 {
		t.Errorf("greedy solo mean %.1f: the AI plays badly", mean)
	}
}

// TestHintDeterministic: equal states give equal hints, and hints are listed moves.
func TestHintDeterministic(t *testing.T) {
	r := testRand(12)
	s := newGame(t, 4, Options{Variant: Basic})
	for !games.Over(s) {
		advance(t, s, r)
		for _, seat := range s.ToAct() {
			if seat == games.Chance {
				break
			}
			gamestest.HintStable(t, s, seat)
		}
		if act := s.ToAct(); len(act) > 0 && act[0] != games.Chance {
			must.Apply(t, s, act[0], s.Hint(act[0]))
		}
	}
	if s.Hint(games.Chance) != nil {
		t.Fatal("chance gets a hint")
	}
}

// TestOpenCombos compares the mask count of open combinations with a cell-by-cell count.
func TestOpenCombos(t *testing.T) {
	r := testRand(13)
	for range 300 {
		perm := r.Perm(NumCards)
		var board []Placed
		for i := range 1 + r.IntN(7) {
			board = append(board, Placed{Card(perm[i] + 1), r.IntN(2) == 0})
		}
		g := GridOf(board)
		for task := Task(1); task <= NumCombos; task++ {
			free := Width - g.W
			if got, want := g.openCombos(task, free), openCombosByCell(g, task, free); got != want {
				t.Fatalf("task %d, %d cards: %v, by cell %v\n%s", task, g.W, got, want, DrawBoard(board))
			}
		}
	}
}

// openCombosByCell is openCombos done cell by cell.
func openCombosByCell(g *Grid, t Task, free int) float64 {
	sum := 0.0
	colour := t.Kind() == ColourTask
	for _, f := range t.Forms() {
		fw, fh := extent(f)
		for dy := 0; dy+fh <= Drawers; dy++ {
			for dx := -free; dx < g.W; dx++ {
				need := max(0, -dx) + max(0, dx+fw-g.W)
				if need == 0 || need > free {
					continue
				}
				inside, outside := 0, 0
				var want Drawer
				ok := true
				for _, o := range f {
					col, row := dx+o.Col, dy+o.Row
					if col < 0 || col >= g.W {
						outside++
						continue
					}
					d := g.Cells[col][row]
					if !colour && d.Handle == NoHandle {
						ok = false
						break
					}
					if inside == 0 {
						want = d
					} else if (colour && d.Colour != want.Colour) || (!colour && d.Handle != want.Handle) {
						ok = false
						break
					}
					inside++
				}
				if !ok || inside == 0 || outside > 2 {
					continue
				}
				w := comboChance
				if outside == 2 {
					w *= comboChance
				}
				sum += w
			}
		}
	}
	return sum
}
