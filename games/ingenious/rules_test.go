package ingenious

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

func pl(tile string, q0, r0, q1, r1 int) Place {
	a, b, err := parsePair(tile)
	if err != nil {
		panic(err)
	}
	return Place{First: a, Second: b, Cells: [2]Cell{{q0, r0}, {q1, r1}}}
}

func set(s *State, col byte, cells ...Cell) {
	c, _ := ParseColour(col)
	for _, at := range cells {
		s.board[cellIndex(at)] = int8(c) + 1
	}
}

// afterFirstRound returns a 2-player game where both seats have made their first placement
// far from the centre and seat 0 is to place again with the given rack.
func afterFirstRound(t *testing.T, rack ...string) *State {
	t.Helper()
	s := dealt(t, 2, Options{}, []string{"RG", "OP", "BY", "GB", "RO", "BP"}, []string{"OY", "BO", "RB", "GP", "RP", "GY"})
	must.Apply(t, s, 0, pl("RG", 0, -4, 1, -4))
	must.Apply(t, s, games.Chance, Draw{Tiles: tiles(t, "OP")})
	must.Apply(t, s, 1, pl("OY", -1, 5, -2, 5))
	must.Apply(t, s, games.Chance, Draw{Tiles: tiles(t, "PP")})
	// Give seat 0 the wanted rack: put its tiles back, take the new ones.
	for _, t := range s.racks[0] {
		s.bag[t.kind()]++
	}
	s.racks[0] = nil
	for _, tl := range tiles(t, rack...) {
		s.bag[tl.kind()]--
		s.racks[0] = append(s.racks[0], tl)
	}
	s.scores = make([][6]int, 2)
	return s
}

func TestLabels(t *testing.T) {
	if got := (Cell{1, 0}).Label(5); got != "F7" {
		t.Errorf("(1,0) with R=5 is %s, want F7 (the rules' example)", got)
	}
	if got := StartSymbols[Red].Label(5); got != "A1" {
		t.Errorf("red start symbol (0,-5) is %s, want A1 (top left)", got)
	}
	for _, radius := range []int{5, 6, 7} {
		cells := AreaCells(radius)
		if want := 3*radius*(radius+1) + 1; len(cells) != want {
			t.Errorf("R=%d: %d cells, want %d", radius, len(cells), want)
		}
		seen := map[string]bool{}
		for _, c := range cells {
			l := c.Label(radius)
			if seen[l] {
				t.Errorf("R=%d: label %s twice", radius, l)
			}
			seen[l] = true
			back, err := ParseCell(strings.ToLower(l), radius)
			if err != nil || back != c {
				t.Errorf("R=%d: %s parses to %v, %v; want %v", radius, l, back, err, c)
			}
		}
	}
	for _, bad := range []string{"", "F", "7F", "Z1", "A0", "A7", "L1", "F12"} {
		if _, err := ParseCell(bad, 5); err == nil {
			t.Errorf("ParseCell(%q) accepted", bad)
		}
	}
}

func TestTileSet(t *testing.T) {
	b := fullBag()
	if b.Len() != TotalTiles {
		t.Fatalf("bag has %d tiles, want 120", b.Len())
	}
	var halves [6]int
	for k, tile := range kindTiles {
		halves[tile.A] += int(b[k])
		halves[tile.B] += int(b[k])
		if want := map[bool]int{true: 5, false: 6}[tile.Double()]; int(b[k]) != want {
			t.Errorf("%s: %d copies, want %d", tile, b[k], want)
		}
	}
	for c, n := range halves {
		if n != 40 {
			t.Errorf("colour %s on %d halves, want 40", Colour(c), n)
		}
	}
}

func TestAreaBySeats(t *testing.T) {
	for n, want := range map[int]int{1: 91, 2: 91, 3: 127, 4: 169} {
		s, err := NewState(names[:n], Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(s.areaCells()); got != want {
			t.Errorf("%d players: %d cells, want %d", n, got, want)
		}
	}
}

func TestLineScoring(t *testing.T) {
	tests := []struct {
		name  string
		board func(s *State)
		place Place
		want  [2]int
	}{
		{"lines stop at an empty cell", func(s *State) {
			set(s, 'R', Cell{-1, 0}, Cell{-2, 0}, Cell{-4, 0})
		}, pl("RG", 0, 0, 1, 0), [2]int{2, 0}},
		{"lines stop at another colour", func(s *State) {
			set(s, 'R', Cell{0, -1}, Cell{0, -3})
			set(s, 'B', Cell{0, -2})
		}, pl("RG", 0, 0, 1, 0), [2]int{1, 0}},
		{"lines stop at the edge of the area", func(s *State) {
			set(s, 'R', Cell{4, 1}, Cell{5, 1}) // (5,1) lies outside R=5: it does not exist
		}, pl("RG", 3, 1, 2, 1), [2]int{1, 0}},
		{"a double's halves touching one symbol count it twice", func(s *State) {
			set(s, 'R', Cell{0, 1})
		}, pl("RR", 0, 0, 1, 0), [2]int{1, 1}},
		{"the partner direction never scores", func(s *State) {
			set(s, 'R', Cell{-1, 0}, Cell{2, 0})
		}, pl("RR", 0, 0, 1, 0), [2]int{1, 1}},
		{"start symbols score like tiles", func(s *State) {}, pl("RG", 0, -4, 1, -4), [2]int{1, 0}},
		{"five directions add up", func(s *State) {
			set(s, 'B', Cell{-1, 0}, Cell{-2, 0}, Cell{0, -1}, Cell{1, -1}, Cell{-1, 1}, Cell{0, 1}, Cell{0, 2})
		}, pl("BY", 0, 0, 1, 0), [2]int{7, 0}}, // W 2, NW 1, NE 1, SW 1, SE 2
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := NewState(names[:2], Options{})
			tc.board(s)
			if got := s.lineGains(tc.place); got != tc.want {
				t.Errorf("gains %v, want %v\n%s", got, tc.want, s.Draw())
			}
		})
	}
}

func TestScoreAddsToPlayer(t *testing.T) {
	s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
	set(s, 'B', Cell{-1, 0}, Cell{-2, 0})
	ev := must.Apply(t, s, 0, pl("BB", 0, 0, 0, 1))
	if got := s.scores[0][Blue]; got != 2 {
		t.Fatalf("blue %d, want 2", got)
	}
	if !strings.Contains(ev[0].Text.EN, "+2 blue") || !strings.Contains(ev[0].Text.CS, "modrá +2") {
		t.Errorf("event %q / %q does not say +2 blue", ev[0].Text.EN, ev[0].Text.CS)
	}
}

func TestCapAndBonus(t *testing.T) {
	t.Run("two colours reaching 18 give two bonuses", func(t *testing.T) {
		s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
		s.scores[0][Red], s.scores[0][Green] = 17, 16
		set(s, 'R', Cell{-1, 0}, Cell{-2, 0})
		set(s, 'G', Cell{2, 0}, Cell{3, 0}, Cell{4, 0})
		must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
		if s.scores[0][Red] != 18 || s.scores[0][Green] != 18 {
			t.Fatalf("scores %v, want red and green capped at 18", s.scores[0])
		}
		if s.phase != PhasePlace || s.turn != 0 || s.bonus != 2 {
			t.Fatalf("phase %v turn %v bonus %d, want seat 0 to place with 2 bonuses", s.phase, s.turn, s.bonus)
		}
		must.Apply(t, s, 0, pl("BB", 0, 3, 1, 3))
		if s.bonus != 1 || s.turn != 0 || s.phase != PhasePlace {
			t.Fatalf("after one bonus: bonus %d, want 1", s.bonus)
		}
	})
	t.Run("a colour already at 18 gives none", func(t *testing.T) {
		s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
		s.scores[0][Red] = 18
		set(s, 'R', Cell{-1, 0})
		must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
		if s.scores[0][Red] != 18 || s.bonus != 0 || s.phase == PhasePlace {
			t.Fatalf("red %d bonus %d phase %v: want 18, no bonus, turn over", s.scores[0][Red], s.bonus, s.phase)
		}
	})
	t.Run("extra points past 18 are lost", func(t *testing.T) {
		s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
		s.scores[0][Red] = 16
		set(s, 'R', Cell{-1, 0}, Cell{-2, 0}, Cell{-3, 0}, Cell{-4, 0})
		must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
		if s.scores[0][Red] != 18 || s.bonus != 1 {
			t.Fatalf("red %d bonus %d, want 18 and 1", s.scores[0][Red], s.bonus)
		}
	})
	t.Run("bonuses chain", func(t *testing.T) {
		s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
		s.scores[0][Red], s.scores[0][Blue] = 17, 17
		set(s, 'R', Cell{-1, 0})
		set(s, 'B', Cell{-1, 3})
		must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
		if s.bonus != 1 {
			t.Fatalf("bonus %d, want 1", s.bonus)
		}
		must.Apply(t, s, 0, pl("BB", 0, 3, 1, 3))
		if s.bonus != 1 || s.turn != 0 || s.phase != PhasePlace {
			t.Fatalf("chained: bonus %d phase %v, want 1 more bonus for seat 0", s.bonus, s.phase)
		}
	})
	t.Run("a bonus owed with an empty rack is lost", func(t *testing.T) {
		s := afterFirstRound(t, "RG")
		s.scores[0][Red] = 17
		set(s, 'R', Cell{-1, 0})
		must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
		if s.bonus != 0 || s.phase != PhaseDraw || s.drawCount != 6 || s.turn != 0 {
			t.Fatalf("phase %v bonus %d draw %d: want the bonus lost and a refill of 6", s.phase, s.bonus, s.drawCount)
		}
		must.Apply(t, s, games.Chance, s.SampleChance(testRand()))
		if s.turn != 1 || s.phase != PhasePlace {
			t.Fatalf("after refill: turn %v phase %v, want seat 1 to place", s.turn, s.phase)
		}
	})
}

func TestSwap(t *testing.T) {
	t.Run("allowed when the rack shows none of the tied lowest colours", func(t *testing.T) {
		s := afterFirstRound(t, "BB", "YY", "YY", "OO", "OY", "PP")
		s.scores[0] = [6]int{2, 2, 5, 5, 5, 5} // red and green tied lowest
		must.Apply(t, s, 0, pl("BB", 0, 0, 1, 0))
		if s.phase != PhaseSwap {
			t.Fatalf("phase %v, want the swap offered", s.phase)
		}
		if got := s.Legal(0); len(got) != 2 || got[0] != (Swap{}) || got[1] != (Keep{}) {
			t.Fatalf("legal %v, want swap and keep", got)
		}
		must.Refuse(t, s, 0, pl("YY", 0, 2, 1, 2), games.ErrUnknownAction)
		old := s.Rack(0)
		must.Apply(t, s, 0, Swap{})
		if s.phase != PhaseDraw || s.drawCount != 6 || len(s.returning) != 5 {
			t.Fatalf("after swap: phase %v draw %d returning %d", s.phase, s.drawCount, len(s.returning))
		}
		// The old tiles are not yet back: the bag lacks the second YY and has 5 fewer tiles.
		bagBefore := s.bag.Len()
		must.Apply(t, s, games.Chance, s.SampleChance(testRand()))
		if got := s.bag.Len(); got != bagBefore-6+len(old) {
			t.Fatalf("bag %d after swap draw, want %d", got, bagBefore-6+len(old))
		}
		checkConservation(t, s)
	})
	t.Run("refused when the rack shows one of the tied lowest colours", func(t *testing.T) {
		s := afterFirstRound(t, "BB", "YY", "YG", "OO", "OY", "PP")
		s.scores[0] = [6]int{2, 2, 5, 5, 5, 5}
		must.Apply(t, s, 0, pl("BB", 0, 0, 1, 0))
		if s.phase != PhaseDraw || s.drawCount != 1 {
			t.Fatalf("phase %v, want an immediate refill of 1", s.phase)
		}
		must.Refuse(t, s, 0, Swap{}, games.ErrNotYourTurn)
	})
	t.Run("keep refills", func(t *testing.T) {
		s := afterFirstRound(t, "BB", "YY", "YY", "OO", "OY", "PP")
		s.scores[0] = [6]int{0, 3, 3, 3, 3, 3}
		must.Apply(t, s, 0, pl("BB", 0, 0, 1, 0))
		must.Apply(t, s, 0, Keep{})
		if s.phase != PhaseDraw || s.drawCount != 1 || len(s.racks[0]) != 5 {
			t.Fatalf("keep: phase %v draw %d rack %d", s.phase, s.drawCount, len(s.racks[0]))
		}
	})
}

func TestRankingExample(t *testing.T) {
	s, _ := NewState(names[:3], Options{})
	s.scores = [][6]int{{10, 11, 12, 13, 14, 15}, {18, 9, 12, 16, 15, 14}, {9, 18, 12, 17, 13, 18}}
	s.phase = PhaseOver
	r := s.Result()
	if want := [][]games.Seat{{0}, {1}, {2}}; !slices.EqualFunc(r.Ranking, want, slices.Equal) {
		t.Fatalf("ranking %v, want A > B > C %v", r.Ranking, want)
	}
	if r.Seats[0].Score != 10 || r.Seats[1].Score != 9 {
		t.Errorf("scores %d %d, want lowest colours 10 and 9", r.Seats[0].Score, r.Seats[1].Score)
	}
	s.scores[2] = [6]int{11, 10, 15, 14, 13, 12} // equal to A in every sorted position
	r = s.Result()
	if want := [][]games.Seat{{0, 2}, {1}}; !slices.EqualFunc(r.Ranking, want, slices.Equal) {
		t.Fatalf("ranking %v, want A and C sharing first %v", r.Ranking, want)
	}
}

func TestFirstRound(t *testing.T) {
	s := dealt(t, 3, Options{}, []string{"RG"}, []string{"RG"}, []string{"RG"})
	r := must.Refuse(t, s, 0, pl("RG", 0, 0, 1, 0), games.ErrIllegal)
	if !strings.Contains(r.Reason.EN, "start symbol") {
		t.Errorf("reason %q does not mention the start symbol", r.Reason.EN)
	}
	must.Apply(t, s, 0, pl("RG", 0, -4, 1, -4)) // touches red
	must.Apply(t, s, games.Chance, Draw{Tiles: tiles(t, "RG")})
	must.Refuse(t, s, 1, pl("RG", 1, -5, 2, -5), games.ErrIllegal) // red again
	must.Refuse(t, s, 1, pl("RG", 2, 0, 3, 0), games.ErrIllegal)   // no start symbol
	for _, p := range s.LegalPlaces(1) {
		if start, _ := startOf(p.Cells); start == Red {
			t.Fatalf("legal move %v touches the used red start symbol", p)
		}
	}
	must.Apply(t, s, 1, pl("GR", 4, -4, 4, -5)) // touches green
	must.Apply(t, s, games.Chance, Draw{Tiles: tiles(t, "RG")})
	must.Apply(t, s, 2, pl("RG", 4, 1, 3, 2)) // touches blue (5,0)
	must.Apply(t, s, games.Chance, Draw{Tiles: tiles(t, "RG")})
	// Second round: no start symbol is needed any more.
	must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
}

func TestFirstRoundSolo(t *testing.T) {
	s, _ := NewState(names[:1], Options{})
	must.Apply(t, s, games.Chance, Draw{Tiles: tiles(t, "BB")})
	must.Refuse(t, s, 0, pl("BB", 0, 0, 1, 0), games.ErrIllegal)
	must.Apply(t, s, 0, pl("BB", 4, 0, 4, 1)) // touches blue (5,0)
	if s.phase != PhaseDraw || s.drawCount != 1 {
		t.Fatalf("solo: phase %v draw %d, want one tile drawn per turn", s.phase, s.drawCount)
	}
	if s.scores[0][Blue] != 2 {
		t.Errorf("blue %d, want 2 (the double touches the blue symbol twice)", s.scores[0][Blue])
	}
}

func TestLegalCountsFirstMove(t *testing.T) {
	// Each start symbol on a corner of the R=5 area has 3 neighbours in the area; 9 pairs of
	// adjacent cells include one of them, so 6 × 9 = 54 cell pairs qualify for a first tile.
	s := dealt(t, 2, Options{}, []string{"RR", "RG", "BO", "YP", "GG", "RG"})
	counts := map[Tile]int{}
	for _, p := range s.LegalPlaces(0) {
		counts[p.Tile()]++
	}
	want := map[Tile]int{NewTile(Red, Red): 54, NewTile(Red, Green): 108, NewTile(Blue, Orange): 108, NewTile(Yellow, Purple): 108, NewTile(Green, Green): 54}
	if len(counts) != len(want) {
		t.Fatalf("counts %v, want %v", counts, want)
	}
	for tile, n := range want {
		if counts[tile] != n {
			t.Errorf("%s: %d placements, want %d", tile, counts[tile], n)
		}
	}
	// After both first placements, any pair of adjacent empty cells is legal.
	s2 := afterFirstRound(t, "RG")
	pairs := 0
	for _, c := range s2.areaCells() {
		for _, d := range forward {
			if s2.empty(c) && s2.empty(c.Step(d)) {
				pairs++
			}
		}
	}
	if got := len(s2.LegalPlaces(0)); got != 2*pairs {
		t.Errorf("%d placements of RG, want 2 × %d pairs", got, pairs)
	}
}

func TestGameEndsWhenNoPairRemains(t *testing.T) {
	s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
	// Fill the whole area but two adjacent cells and one lone cell.
	for _, c := range s.areaCells() {
		if s.board[cellIndex(c)] == 0 && c != (Cell{0, 0}) && c != (Cell{1, 0}) && c != (Cell{-3, 3}) {
			set(s, 'P', c)
		}
	}
	s.scores[0][Red] = 17
	set(s, 'R', Cell{-1, 0}) // red would reach 18 and owe a bonus: skipped at the end
	must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
	if s.phase != PhaseOver || len(s.ToAct()) != 0 || s.SampleChance(testRand()) != nil {
		t.Fatalf("phase %v to act %v: want the game over with no draw", s.phase, s.ToAct())
	}
	if !s.Result().Over {
		t.Fatal("result not over")
	}
	must.Refuse(t, s, 1, pl("YP", -3, 3, -2, 3), games.ErrGameOver)
}

func TestInstantWin(t *testing.T) {
	s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
	s.scores[0] = [6]int{17, 18, 18, 18, 18, 18}
	s.scores[1] = [6]int{17, 17, 17, 17, 17, 17}
	set(s, 'R', Cell{-1, 0})
	must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
	r := s.Result()
	if !r.Over || r.Ranking[0][0] != 0 {
		t.Fatalf("over %v ranking %v: want seat 0 winning at once", r.Over, r.Ranking)
	}
}

func TestTeams(t *testing.T) {
	if _, err := NewState(names[:3], Options{Teams: true}); !errors.Is(err, games.ErrBadRecord) {
		t.Fatalf("teams with 3 players: %v, want refusal", err)
	}
	s := dealt(t, 4, Options{Teams: true}, []string{"RG", "BB"}, []string{"OY"}, []string{"RG", "GG"}, []string{"OY"})
	if s.radius != 7 {
		t.Fatalf("radius %d, want 7", s.radius)
	}
	must.Apply(t, s, 0, pl("RG", 0, -4, 1, -4))
	if s.Scores(0) != s.Scores(2) || s.Scores(0)[Red] != 1 {
		t.Fatalf("partners show %v and %v, want the same team track with red 1", s.Scores(0), s.Scores(2))
	}
	// placing is a copy of s past the first round, seat 0 to place from rack.
	placing := func(t *testing.T, rack ...string) *State {
		s := s.clone()
		s.firstDone = []bool{true, true, true, true}
		s.phase, s.turn = PhasePlace, 0
		s.racks[0] = tiles(t, rack...)
		return s
	}
	t.Run("18 stops a half and gives a bonus; 36 gives another", func(t *testing.T) {
		s := placing(t, "RG", "BB", "YP")
		s.scores[0][Red] = 16
		set(s, 'R', Cell{-1, 0}, Cell{-2, 0}, Cell{-3, 0}, Cell{-4, 0})
		must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
		if s.scores[0][Red] != 18 || s.bonus != 1 {
			t.Fatalf("red %d bonus %d, want 18 (the rest lost) and 1", s.scores[0][Red], s.bonus)
		}
		s.scores[0][Blue] = 34
		set(s, 'B', Cell{-1, 3}, Cell{-2, 3}, Cell{-3, 3})
		must.Apply(t, s, 0, pl("BB", 0, 3, 1, 3))
		if s.scores[0][Blue] != 36 || s.bonus != 1 {
			t.Fatalf("blue %d bonus %d, want 36 and another bonus", s.scores[0][Blue], s.bonus)
		}
	})
	t.Run("a colour at 36 stays there and gives no bonus", func(t *testing.T) {
		s := placing(t, "OO", "BB")
		s.scores[0][Orange] = 36
		set(s, 'O', Cell{-1, 0}, Cell{-2, 0})
		must.Apply(t, s, 0, pl("OO", 0, 0, 1, 0))
		if s.scores[0][Orange] != 36 || s.bonus != 0 {
			t.Fatalf("orange %d bonus %d, want 36 and none", s.scores[0][Orange], s.bonus)
		}
	})
	t.Run("halves in the order laid", func(t *testing.T) {
		s := placing(t, "GG", "BB")
		s.scores[0][Green] = 15
		// First cell (0,0) sees 4 greens to the west, second (1,0) sees 1 to the east.
		set(s, 'G', Cell{-1, 0}, Cell{-2, 0}, Cell{-3, 0}, Cell{-4, 0}, Cell{2, 0})
		must.Apply(t, s, 0, pl("GG", 0, 0, 1, 0))
		if s.scores[0][Green] != 19 {
			t.Fatalf("green %d, want 15+4→18 (stop), then +1 = 19", s.scores[0][Green])
		}
	})
	t.Run("partners share their place", func(t *testing.T) {
		s := s.clone()
		s.scores = [][6]int{{5, 5, 5, 5, 5, 5}, {4, 9, 9, 9, 9, 9}}
		r := s.Result()
		if want := [][]games.Seat{{0, 2}, {1, 3}}; !slices.EqualFunc(r.Ranking, want, slices.Equal) {
			t.Fatalf("ranking %v, want %v", r.Ranking, want)
		}
	})
}

func TestDrawValidation(t *testing.T) {
	s, _ := NewState(names[:2], Options{})
	must.Refuse(t, s, games.Chance, Draw{Tiles: tiles(t, "RG")}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Draw{Tiles: []Tile{{Green, Red}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Draw{Tiles: tiles(t, "RR", "RR", "RR", "RR", "RR", "RR")}, games.ErrIllegal) // only 5 RR exist
	must.Refuse(t, s, 0, pl("RG", 0, -4, 1, -4), games.ErrNotYourTurn)
	if _, err := (Game{}).DecodeAction([]byte(`{"type":"draw","tiles":["GR"]}`)); !errors.Is(err, games.ErrBadRecord) {
		t.Errorf("draw of GR decoded: %v", err)
	}
}

func TestDecodeAction(t *testing.T) {
	good := map[string]Action{
		`{"type":"place","tile":"RG","cells":[[0,-4],[1,-4]]}`: pl("RG", 0, -4, 1, -4),
		`{"type":"place","tile":"GR","cells":[[1,-4],[0,-4]]}`: pl("GR", 1, -4, 0, -4),
		`{"type":"swap"}`:                     Swap{},
		`{"type":"keep"}`:                     Keep{},
		`{"type":"draw","tiles":["BB","RG"]}`: Draw{Tiles: []Tile{{Blue, Blue}, {Red, Green}}},
	}
	for in, want := range good {
		got := gamestest.RoundTrip(t, Game{}, in)
		if got == nil {
			continue
		}
		if d, ok := got.(Draw); ok {
			if !slices.Equal(d.Tiles, want.(Draw).Tiles) {
				t.Errorf("%s: got %v", in, got)
			}
		} else if got != want {
			t.Errorf("%s: got %v, want %v", in, got, want)
		}
	}
	gamestest.DecodeRefuses(t, Game{},
		`{}`, `{"type":"fly"}`, `{"type":"place","tile":"RG"}`, `{"type":"place","cells":[[0,0],[1,0]]}`,
		`{"type":"place","tile":"RX","cells":[[0,0],[1,0]]}`, `{"type":"place","tile":"RG","cells":[[0,0]]}`,
		`{"type":"place","tile":"RG","cells":[[0,0],[1,0]],"extra":1}`, `{"type":"swap","tiles":[]}`,
		`{"type":"draw"}`, `[1,2]`, `not json`,
	)
}

func TestOptions(t *testing.T) {
	gamestest.BadOptions(t, Game{}, names[:2], `{"teams":false,"colour":"red"}`)
	gamestest.CheckSeating(t, Game{})
	if _, err := (Game{}).New(names[:4], []byte(`{"teams":true}`)); err != nil {
		t.Errorf("teams with 4: %v", err)
	}
}

func TestTeamAndSoloEnds(t *testing.T) {
	t.Run("a team reaching 36 in all six wins at once", func(t *testing.T) {
		s := dealt(t, 4, Options{Teams: true}, []string{"RG"}, []string{"OY"}, []string{"RG"}, []string{"OY"})
		s.firstDone = []bool{true, true, true, true}
		s.racks[2] = tiles(t, "RG", "BB")
		s.turn = 2
		s.scores[0] = [6]int{35, 36, 36, 36, 36, 36} // seat 2 plays for team 0
		s.scores[1] = [6]int{36, 36, 36, 36, 36, 20}
		set(s, 'R', Cell{-1, 0})
		must.Apply(t, s, 2, pl("RG", 0, 0, 1, 0))
		r := s.Result()
		if !r.Over || !slices.Equal(r.Ranking[0], []games.Seat{0, 2}) {
			t.Fatalf("over %v ranking %v: want seats 0 & 2 winning at once", r.Over, r.Ranking)
		}
	})
	t.Run("18 in all six is no win for a team", func(t *testing.T) {
		s := dealt(t, 4, Options{Teams: true}, []string{"RG"}, []string{"OY"}, []string{"RG"}, []string{"OY"})
		s.firstDone = []bool{true, true, true, true}
		s.racks[0] = tiles(t, "RG", "BB")
		s.scores[0] = [6]int{17, 18, 18, 18, 18, 18}
		set(s, 'R', Cell{-1, 0})
		must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
		if s.Result().Over {
			t.Fatal("a team game ended at 18 in all six")
		}
	})
	t.Run("solo ends at 36 in all six", func(t *testing.T) {
		s, _ := NewState(names[:1], Options{})
		must.Apply(t, s, games.Chance, Draw{Tiles: tiles(t, "RG")})
		s.firstDone[0] = true
		s.scores[0] = [6]int{35, 36, 36, 36, 36, 36}
		set(s, 'R', Cell{-1, 0})
		must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
		if !s.Result().Over || len(s.ToAct()) != 0 {
			t.Fatalf("solo at 36 in all six: over %v, to act %v", s.Result().Over, s.ToAct())
		}
	})
}

func TestTeamSwapUsesTeamScores(t *testing.T) {
	s := dealt(t, 4, Options{Teams: true}, []string{"BB", "YY", "YY", "OO", "OY", "PP"}, []string{"OY"}, []string{"RG"}, []string{"OY"})
	s.firstDone = []bool{true, true, true, true}
	// Seat 0's team is lowest in red and green; its rack has neither, so the swap is offered.
	s.scores[0] = [6]int{2, 2, 9, 9, 9, 9}
	s.scores[1] = [6]int{9, 9, 9, 9, 9, 0} // the other team's purple must not matter
	must.Apply(t, s, 0, pl("BB", 0, 0, 1, 0))
	if s.phase != PhaseSwap {
		t.Fatalf("phase %v, want the swap offered on the team's scores", s.phase)
	}
}

// TestSwapAndKeepAskFirst checks that neither answer to an offered swap is final on the first
// click: each opens a confirmation whose button commits, with a way back.
func TestSwapAndKeepAskFirst(t *testing.T) {
	s := dealt(t, 4, Options{Teams: true}, []string{"BB", "YY", "YY", "OO", "OY", "PP"}, []string{"OY"}, []string{"RG"}, []string{"OY"})
	s.firstDone = []bool{true, true, true, true}
	s.scores[0] = [6]int{2, 2, 9, 9, 9, 9}
	must.Apply(t, s, 0, pl("BB", 0, 0, 1, 0))
	first, err := s.Compose(0, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"swap", "keep"} {
		var opener *games.Control
		for i, c := range first.Controls {
			if c.Next == want {
				opener = &first.Controls[i]
			}
		}
		if opener == nil || opener.Commit {
			t.Fatalf("%s: the first panel's button %+v commits at once", want, opener)
		}
		confirm, err := s.Compose(0, want)
		if err != nil {
			t.Fatal(err)
		}
		var commits, backs int
		for _, c := range confirm.Controls {
			switch {
			case c.Commit && c.Next == want:
				commits++
			case c.Next == "":
				backs++
			}
		}
		if commits != 1 || backs != 1 || !strings.Contains(confirm.Hint.EN, "?") {
			t.Errorf("%s confirmation %+v: want one committing button, one way back and a question", want, confirm)
		}
		if a, err := s.Resolve(0, want); err != nil || (want == "swap") != (a == Swap{}) {
			t.Errorf("Resolve(%s) = %v, %v", want, a, err)
		}
	}
}

// TestTeamWordsAgree checks that partners are named with "and"/"a" and the Czech verb is
// plural for a team, singular-with-(a) for one player.
func TestTeamWordsAgree(t *testing.T) {
	team, err := NewState([]string{"Ada", "Ben", "Cyril", "Dana"}, Options{Teams: true})
	if err != nil {
		t.Fatal(err)
	}
	got := team.reachedAll(0, true)
	if got.EN != "Ada and Cyril reached 36 in all six colours and win!" || got.CS != "Ada a Cyril dosáhli 36 ve všech šesti barvách a vyhrávají!" {
		t.Errorf("team: %+v", got)
	}
	solo, err := NewState([]string{"Ada", "Ben"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got = solo.reachedAll(1, true)
	if got.EN != "Ben reached 18 in all six colours and wins!" || got.CS != "Ben dosáhl(a) 18 ve všech šesti barvách a vyhrává!" {
		t.Errorf("one player: %+v", got)
	}
}

// TestSoloMilestones checks that a solo placement lifting a colour to 18 is a milestone (the
// channel's one message for it), and one that reaches nothing new is not.
func TestSoloMilestones(t *testing.T) {
	s, _ := NewState([]string{"Ada"}, Options{})
	must.Apply(t, s, games.Chance, Draw{Tiles: tiles(t, "RG")})
	s.firstDone[0] = true
	s.scores[0] = [6]int{17, 0, 0, 0, 0, 0}
	set(s, 'R', Cell{-1, 0})
	events := must.Apply(t, s, 0, pl("RG", 0, 0, 1, 0))
	var milestones []games.Event
	for _, e := range events {
		if e.Milestone {
			milestones = append(milestones, e)
		}
	}
	if len(milestones) != 1 || milestones[0].Text.EN != "Ada reached 18 in red." || milestones[0].Text.CS != "Ada má červenou na 18." {
		t.Fatalf("milestones %+v, want red reaching 18 (scores %v)", milestones, s.scores[0])
	}
}

// TestDoubleOrder checks the order rule of a double's halves on two tracks: at blue 15, +5 then
// +2 gives 20 and +2 then +5 gives 18 (the rest of the half reaching 18 is lost); both orders
// are legal moves in team and solo games, one move in others; the move's first cell scores
// first; and the AI takes the better order.
func TestDoubleOrder(t *testing.T) {
	var track [6]int
	track[Blue] = 15
	bb := Place{First: Blue, Second: Blue, Cells: [2]Cell{{Q: 0, R: 0}, {Q: 1, R: 0}}}
	if got, bonus := addGains(track, bb, [2]int{5, 2}, true); got[Blue] != 20 || bonus != 1 {
		t.Errorf("+5 then +2 from 15: %d with %d bonus, want 20 with 1", got[Blue], bonus)
	}
	if got, bonus := addGains(track, bb, [2]int{2, 5}, true); got[Blue] != 18 || bonus != 1 {
		t.Errorf("+2 then +5 from 15: %d with %d bonus, want 18 with 1", got[Blue], bonus)
	}

	count := func(s *State) (both, one int) {
		seen := map[Place]int{}
		for _, a := range s.Legal(s.turn) {
			if p, ok := a.(Place); ok && p.First == p.Second {
				seen[p.Canonical()]++
			}
		}
		for _, n := range seen {
			if n == 2 {
				both++
			} else {
				one++
			}
		}
		return both, one
	}
	team := dealt(t, 4, Options{Teams: true}, []string{"BB", "YY", "YY", "OO", "OY", "PP"}, []string{"OY"}, []string{"RG"}, []string{"OY"})
	team.firstDone = []bool{true, true, true, true}
	if both, one := count(team); both == 0 || one != 0 {
		t.Errorf("team game: %d doubles listed both ways, %d one way; want every double both ways", both, one)
	}
	solo, _ := NewState([]string{"Ada"}, Options{})
	must.Apply(t, solo, games.Chance, Draw{Tiles: tiles(t, "BB")})
	solo.firstDone[0] = true
	if both, one := count(solo); both == 0 || one != 0 {
		t.Errorf("solo: %d doubles listed both ways, %d one way; want every double both ways", both, one)
	}
	plain := dealt(t, 2, Options{}, []string{"BB", "YY", "YY", "OO", "OY", "PP"}, []string{"OY"})
	plain.firstDone = []bool{true, true}
	if both, one := count(plain); both != 0 || one == 0 {
		t.Errorf("two players: %d doubles listed both ways, %d one way; want one way only", both, one)
	}

	// On the team board, lay blue so that one cell of a BB pair scores 5 and the other 2:
	// the hint must pick the order that ends on 20, and the move must score in its order.
	team.scores[0][Blue] = 15
	var best, worst Place
	bestAfter, worstAfter := -1, 99
	for _, a := range team.Legal(0) {
		p, ok := a.(Place)
		if !ok || p.First != Blue || p.Second != Blue {
			continue
		}
		after, _ := addGains(team.scores[0], p, team.lineGains(p), true)
		if after[Blue] > bestAfter {
			best, bestAfter = p, after[Blue]
		}
		if after[Blue] < worstAfter {
			worst, worstAfter = p, after[Blue]
		}
	}
	if bestAfter < 0 {
		t.Fatal("no BB placement")
	}
	if hint, ok := team.Hint(0).(Place); ok && hint.First == Blue && hint.Second == Blue {
		if after, _ := addGains(team.scores[0], hint, team.lineGains(hint), true); after[Blue] != bestAfter {
			t.Errorf("the AI's double %v ends blue on %d, but an order reaching %d exists", hint, after[Blue], bestAfter)
		}
	}
	clone := team.Clone().(*State)
	must.Apply(t, clone, 0, worst)
	if clone.scores[0][Blue] != worstAfter {
		t.Errorf("applying %v scored blue %d, want %d (its own order)", worst, clone.scores[0][Blue], worstAfter)
	}
	if best == worst && bestAfter != worstAfter {
		t.Error("best and worst differ in score but not in move")
	}
}

// TestMenuNumbersMatchThePicture checks that the placement menu's rows carry the numbers and
// gains of the ranking the panel's picture numbers (View.Candidates), in the same order.
func TestMenuNumbersMatchThePicture(t *testing.T) {
	s := afterFirstRound(t, "RG", "BB", "YP", "YP", "YP", "YP")
	tile := s.racks[0][0]
	p, err := s.Compose(0, tile.String())
	if err != nil {
		t.Fatal(err)
	}
	cands := s.View(0).(*View).Candidates[tile]
	if p.Menu == nil || len(p.Menu.Choices) != len(cands) || len(cands) == 0 {
		t.Fatalf("menu of %d rows for %d candidates", len(p.Menu.Choices), len(cands))
	}
	for i, ch := range p.Menu.Choices {
		want := fmt.Sprintf("%d · %s · ", i+1, GainsText(cands[i].Gains).EN)
		if !strings.HasPrefix(ch.Label.EN, want) || ch.Next != draftOf(cands[i].Place, s.radius) {
			t.Errorf("row %d: %q → %s, want %q… → %s", i+1, ch.Label.EN, ch.Next, want, draftOf(cands[i].Place, s.radius))
		}
	}
}

// TestUndoable: a placement and keeping the rack may be taken back; a swap, which draws at
// once, and chance's draw may not.
func TestUndoable(t *testing.T) {
	gamestest.UndoableRows(t, Game{}, []games.Action{Place{}, Keep{}}, []games.Action{Swap{}, Draw{}})
}
