package ingenious

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
)

// greedWrong is the last turn but one of a two-player game where the quick ranking's first
// place for RG is wrong. The board is full but for four cells in a row, w x y z (F5 F6 F7
// F8), walled by purple. Seat 0 leads, its lowest colour red at 9 against seat 1's purple at
// 8. RG on the middle pair x y scores nothing and ends the game (no two empty cells touch):
// seat 0 wins. RG on the edge pair w x, red on w beside the red symbol at F4, scores red +1,
// the only points on offer and the quick ranking's first, but leaves y z to seat 1, whose
// purple half there, with any of the 40 purple halves in its rack, lifts purple past 10
// along the walls and wins.
func greedWrong(t *testing.T) *State {
	t.Helper()
	s := afterFirstRound(t, "RG", "GG", "OO", "GY", "OB", "BB")
	line := []Cell{{-1, 0}, {0, 0}, {1, 0}, {2, 0}}
	for _, c := range s.areaCells() {
		if _, on := s.At(c); !on && !slices.Contains(line, c) {
			set(s, 'P', c)
		}
	}
	set(s, 'R', Cell{-2, 0})
	s.scores[0] = [6]int{Red: 9, Green: 10, Blue: 10, Orange: 10, Yellow: 10, Purple: 10}
	s.scores[1] = [6]int{Red: 12, Green: 12, Blue: 12, Orange: 12, Yellow: 12, Purple: 8}
	return s
}

// strongNodes is the Strong level's search with its node budget alone, so that a test's
// ranking is the same on every machine.
func strongNodes() search.Config {
	cfg := search.Strong.Config()
	cfg.Budget.Time = 0
	return cfg
}

// TestAIRankingBeatsGreed checks the menu ranked by the search AI where greed is wrong (see
// greedWrong): the quick ranking puts the edge pair first, for red +1; the AI's ranking puts
// a placement on the middle pair first, which wins the game. The menu of the advised state
// lists the AI's order, still showing each place's immediate gain, and says whose judgement
// it shows; the state it was made from says the quick ranking is by points now.
func TestAIRankingBeatsGreed(t *testing.T) {
	s := greedWrong(t)
	tile := NewTile(Red, Green)
	moves := s.MenuMoves(0, "RG")
	if len(moves) != 6 {
		t.Fatalf("the menu of RG offers %d places, want 6 (2 orders on 3 pairs): %v", len(moves), moves)
	}
	quickFirst := moves[0].(Place)
	if want := pl("RG", -1, 0, 0, 0); quickFirst != want {
		t.Fatalf("the quick ranking's first place is %v, want the greedy %v (red +1)", quickFirst, want)
	}
	order, err := search.Rank(context.Background(), s, 0, moves, strongNodes(), 1)
	if err != nil {
		t.Fatal(err)
	}
	first := order[0].(Place)
	middle := []Cell{{0, 0}, {1, 0}}
	if !slices.Contains(middle, first.Cells[0]) || !slices.Contains(middle, first.Cells[1]) {
		t.Fatalf("the AI ranks %v first, want a place on the middle pair F6–F7 (the greedy %v loses)", first, quickFirst)
	}
	quick, err := s.Compose(0, "RG")
	if err != nil {
		t.Fatal(err)
	}
	if got := quick.Menu.Placeholder.EN; !strings.Contains(got, "by points now") {
		t.Errorf("the quick menu's placeholder %q does not say it ranks by points now", got)
	}
	if got := quick.Menu.Placeholder.CS; !strings.Contains(got, "podle bodů za tento tah") {
		t.Errorf("the quick menu's Czech placeholder %q does not say it ranks by points now", got)
	}
	advised, err := s.Advised(0, "RG", order)
	if err != nil {
		t.Fatal(err)
	}
	panel, err := advised.(games.Composer).Compose(0, "RG")
	if err != nil {
		t.Fatal(err)
	}
	ph := panel.Menu.Placeholder
	if !strings.Contains(ph.EN, "by the AI's judgement") || !strings.Contains(ph.CS, "podle úsudku AI") {
		t.Errorf("the AI's menu placeholder %+v does not say the AI ranked it", ph)
	}
	for _, text := range []string{ph.EN, ph.CS, quick.Menu.Placeholder.EN, quick.Menu.Placeholder.CS} {
		if n := len([]rune(text)); n > 150 {
			t.Errorf("placeholder %q: %d characters, Discord allows 150", text, n)
		}
	}
	if want := "1 · no points · " + first.Cells[0].Label(5) + "–" + first.Cells[1].Label(5); panel.Menu.Choices[0].Label.EN != want {
		t.Errorf("the AI's menu opens with %q, want %q", panel.Menu.Choices[0].Label.EN, want)
	}
	for i, ch := range panel.Menu.Choices {
		if ch.Next != draftOf(order[i].(Place), 5) {
			t.Errorf("row %d goes to %s, want the AI's %d. place %v", i+1, ch.Next, i+1, order[i])
		}
		if p := order[i].(Place); p == quickFirst && !strings.Contains(ch.Label.EN, "+1 red") {
			t.Errorf("row %d (%v) lost its immediate gain: %q", i+1, p, ch.Label.EN)
		}
	}
	if s.candidates()[tile][0].Place != quickFirst {
		t.Error("Advised changed the state it was made from")
	}
}

// TestMenuNumbersMatchThePictureAdvised checks that a state from Advised numbers the places on
// the picture (View.Candidates) as its menu does, at the tile's draft and once a place is
// picked (the picked row marked), while the rack's other tiles keep the quick ranking.
func TestMenuNumbersMatchThePictureAdvised(t *testing.T) {
	s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
	tile := s.racks[0][0]
	moves := s.MenuMoves(0, tile.String())
	if len(moves) < 3 {
		t.Fatalf("%d places to rank", len(moves))
	}
	order := slices.Clone(moves)
	slices.Reverse(order) // any order the search may give
	st, err := s.Advised(0, tile.String(), order)
	if err != nil {
		t.Fatal(err)
	}
	advised := st.(*State)
	cands := advised.View(0).(*View).Candidates
	for i, c := range cands[tile] {
		if c.Place != order[i].(Place) {
			t.Fatalf("picture's place %d is %v, want the advised %v", i+1, c.Place, order[i])
		}
	}
	picked := draftOf(order[1].(Place), s.radius)
	for _, draft := range []string{tile.String(), picked} {
		p, err := advised.Compose(0, draft)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Menu.Choices) != len(cands[tile]) {
			t.Fatalf("draft %s: menu of %d rows for %d numbered places", draft, len(p.Menu.Choices), len(cands[tile]))
		}
		for i, ch := range p.Menu.Choices {
			want := fmt.Sprintf("%d · %s · ", i+1, GainsText(cands[tile][i].Gains).EN)
			if !strings.HasPrefix(ch.Label.EN, want) || ch.Next != draftOf(cands[tile][i].Place, s.radius) {
				t.Errorf("draft %s row %d: %q → %s, want %q… → %s", draft, i+1, ch.Label.EN, ch.Next, want, draftOf(cands[tile][i].Place, s.radius))
			}
			if ch.Default != (ch.Next == draft) {
				t.Errorf("draft %s row %d marked %v", draft, i+1, ch.Default)
			}
		}
	}
	other := NewTile(Blue, Blue)
	if !slices.Equal(cands[other], s.candidates()[other]) {
		t.Error("advising RG reordered BB's places")
	}
	p, err := advised.Compose(0, other.String())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Menu.Placeholder.EN, "by points now") {
		t.Errorf("BB's menu, not advised, says %q", p.Menu.Placeholder.EN)
	}
}

// TestAdvisedRefuses checks that only the places of the draft's tile, each once and all of
// them, make an advised state, and that panels without a menu of places have none to rank.
func TestAdvisedRefuses(t *testing.T) {
	s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
	moves := s.MenuMoves(0, "RG")
	for _, draft := range []string{"", "swap", "OO", "nonsense"} {
		if got := s.MenuMoves(0, draft); got != nil {
			t.Errorf("draft %q: %d places to rank, want none", draft, len(got))
		}
	}
	if got := s.MenuMoves(1, "OY"); got != nil {
		t.Errorf("seat 1, not in turn: %d places to rank", len(got))
	}
	if got := s.MenuMoves(0, draftOf(moves[0].(Place), s.radius)); !slices.Equal(got, moves) {
		t.Error("a picked place's panel offers another menu than its tile's")
	}
	bb := s.MenuMoves(0, "BB")
	for name, order := range map[string][]games.Action{
		"one missing":    moves[1:],
		"one twice":      append(slices.Clone(moves[1:]), moves[1]),
		"another tile":   append(slices.Clone(moves[1:]), bb[0]),
		"not a place":    append(slices.Clone(moves[1:]), Swap{}),
		"one too many":   append(slices.Clone(moves), bb[0]),
		"nothing at all": nil,
	} {
		if _, err := s.Advised(0, "RG", order); err == nil {
			t.Errorf("%s: advised", name)
		}
	}
	if _, err := s.Advised(0, "", moves); err == nil {
		t.Error("advised the first step, which has no menu")
	}
}

// BenchmarkBestPlaces measures the menu's two rankings of a tile's places half way through a
// two-player game: the quick one (Ranked) and the AI's (search.Rank with the Strong level's
// node budget on one core; the bot also stops it at the Suggest budget, a second), which
// reports how many times slower it is than the quick one measured in the same run.
func BenchmarkBestPlaces(b *testing.B) {
	s := twoPlayerState(b, 20)
	seat := s.turn
	tile := s.racks[seat][0]
	moves := s.MenuMoves(seat, tile.String())
	var quickNs float64
	b.Run("quick", func(b *testing.B) {
		for b.Loop() {
			s.Ranked(seat, tile)
		}
		quickNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	b.Run("ai", func(b *testing.B) {
		cfg := strongNodes()
		cfg.Parallel = 1
		for b.Loop() {
			if _, err := search.Rank(context.Background(), s, seat, moves, cfg, 1); err != nil {
				b.Fatal(err)
			}
		}
		if aiNs := float64(b.Elapsed().Nanoseconds()) / float64(b.N); quickNs > 0 {
			b.ReportMetric(aiNs/quickNs, "x-slower")
		}
	})
}

// TestMenuMovesAreTheMenu checks the games.Adviser contract at every placement decision of
// random games of every kind, for every tile of the rack: MenuMoves lists the places the
// menu offers, in its order, and a state advised with that very order shows the same menu
// and numbers, under the AI's placeholder.
func TestMenuMovesAreTheMenu(t *testing.T) {
	randomPositions(t, 1, func(s *State, seat games.Seat) {
		for _, tile := range distinctTiles(s.racks[seat]) {
			draft := tile.String()
			moves := s.MenuMoves(seat, draft)
			quick, err := s.Compose(seat, draft)
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) != len(quick.Menu.Choices) {
				t.Fatalf("%s: %d places to rank, %d in the menu", draft, len(moves), len(quick.Menu.Choices))
			}
			for i, m := range moves {
				if quick.Menu.Choices[i].Next != draftOf(m.(Place), s.radius) {
					t.Fatalf("%s row %d: menu %s, MenuMoves %v", draft, i+1, quick.Menu.Choices[i].Next, m)
				}
			}
			st, err := s.Advised(seat, draft, moves)
			if err != nil {
				t.Fatal(err)
			}
			advised, err := st.(games.Composer).Compose(seat, draft)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(advised.Menu.Choices, quick.Menu.Choices) || advised.Menu.Placeholder == quick.Menu.Placeholder {
				t.Fatalf("%s: advised in the quick order, the menu changed or kept its placeholder", draft)
			}
			if !slices.Equal(st.View(seat).(*View).Candidates[tile], s.View(seat).(*View).Candidates[tile]) {
				t.Fatalf("%s: advised in the quick order, the picture's numbers changed", draft)
			}
		}
	})
}
