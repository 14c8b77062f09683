package fits

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// The special cells as the rules file writes them, for an independent scoring in tests.
const (
	rulesBoard2      = "C11=2, F10=3, A9=1, E8=2, B6=3, F5=1, D4=2, A2=1"
	rulesBoard3White = "D8=2, B6=3, E4=3, C3=2, A1=1"
	rulesBoard3Black = "B12, E11, A9, F6"
	rulesBoard4      = "star C11 & C2, heart A10 & F3, circle F10 & A4, triangle D8 & C5, square B7 & E6"
)

// rulesScore scores a board from the rules file's text alone: −1 per visible plain dot,
// board 1 +1 per complete row, board 2 visible numbers, board 3 visible whites and −5 per
// visible black, board 4 +3/−3 per symbol pair. Only rows 1–12 count.
func rulesScore(board int, covered func(label string) bool) int {
	value := map[string]int{}  // numbered and white cells
	black := map[string]bool{} // black cells
	pairs := [][2]string{}
	switch board {
	case 2:
		for _, e := range strings.Split(rulesBoard2, ", ") {
			l, v, _ := strings.Cut(e, "=")
			value[l], _ = strconv.Atoi(v)
		}
	case 3:
		for _, e := range strings.Split(rulesBoard3White, ", ") {
			l, v, _ := strings.Cut(e, "=")
			value[l], _ = strconv.Atoi(v)
		}
		for _, l := range strings.Split(rulesBoard3Black, ", ") {
			black[l] = true
		}
	case 4:
		for _, e := range strings.Split(rulesBoard4, ", ") {
			f := strings.Fields(e) // symbol A & B
			pairs = append(pairs, [2]string{f[1], f[3]})
		}
	}
	special := func(l string) bool {
		_, v := value[l]
		return v || black[l] || slices.ContainsFunc(pairs, func(p [2]string) bool { return p[0] == l || p[1] == l })
	}
	score := 0
	for row := 1; row <= 12; row++ {
		full := true
		for _, col := range "ABCDEF" {
			l := fmt.Sprintf("%c%d", col, row)
			if covered(l) {
				continue
			}
			full = false
			switch {
			case black[l]:
				score -= 5
			case value[l] > 0:
				score += value[l]
			case !special(l):
				score--
			}
		}
		if full && board == 1 {
			score++
		}
	}
	for _, p := range pairs {
		switch n := btoi(!covered(p[0])) + btoi(!covered(p[1])); n {
		case 2:
			score += 3
		case 1:
			score -= 3
		}
	}
	return score
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// coveredIn returns whether a cell label is covered in g.
func coveredIn(g *Grid) func(string) bool {
	return func(l string) bool {
		c, ok := ParseCell(l)
		return ok && g.Occupied(c)
	}
}

func TestSpecialData(t *testing.T) {
	count := map[int]int{1: 0, 2: 8, 3: 9, 4: 10}
	for b, n := range count {
		if got := len(Specials(b)); got != n {
			t.Errorf("board %d: %d special cells, want %d", b, got, n)
		}
	}
	for _, e := range strings.Split(rulesBoard2, ", ") {
		l, v, _ := strings.Cut(e, "=")
		c, _ := ParseCell(l)
		if sp := MarkAt(2, c); sp.Mark != Number || strconv.Itoa(sp.Value) != v {
			t.Errorf("board 2 %s: %+v, want number %s", l, sp, v)
		}
	}
	for _, e := range strings.Split(rulesBoard3White, ", ") {
		l, v, _ := strings.Cut(e, "=")
		c, _ := ParseCell(l)
		if sp := MarkAt(3, c); sp.Mark != White || strconv.Itoa(sp.Value) != v {
			t.Errorf("board 3 %s: %+v, want white %s", l, sp, v)
		}
	}
	for _, l := range strings.Split(rulesBoard3Black, ", ") {
		c, _ := ParseCell(l)
		if sp := MarkAt(3, c); sp.Mark != Black || sp.Value != -5 {
			t.Errorf("board 3 %s: %+v, want black", l, sp)
		}
	}
	for _, e := range strings.Split(rulesBoard4, ", ") {
		f := strings.Fields(e)
		for _, l := range []string{f[1], f[3]} {
			c, _ := ParseCell(l)
			if sp := MarkAt(4, c); sp.Mark != SymbolMark || sp.Symbol.Name().EN != f[0] {
				t.Errorf("board 4 %s: %+v, want %s", l, sp, f[0])
			}
		}
	}
	if sp := MarkAt(1, Cell{3, 3}); sp.Mark != Dot || sp.Value != -1 {
		t.Errorf("board 1 D4 is %+v, want a dot", sp)
	}
	if sp := MarkAt(2, Cell{0, 12}); sp.Mark != Dot || sp.Value != 0 {
		t.Errorf("an overhang cell is %+v, want no score", sp)
	}
}

func TestScoring(t *testing.T) {
	full := "######"
	empty := "......"
	tests := []struct {
		name  string
		board int
		rows  []string
		want  RoundScore
	}{
		{"board 1 empty: 72 dots", 1, nil, RoundScore{Dots: 72, Total: -72}},
		{"board 1 two complete rows", 1, []string{"#.....", full, full}, RoundScore{Dots: 59, Rows: 2, Total: -57}},
		{"board 1 a row of 5 is not complete", 1, []string{"#####."}, RoundScore{Dots: 67, Total: -67}},
		{"board 1 perfect", 1, slices.Repeat([]string{full}, 12), RoundScore{Rows: 12, Total: 12}},
		{"overhang squares never score", 1, append([]string{full}, slices.Repeat([]string{empty}, 12)...), RoundScore{Dots: 72, Total: -72}},
		{"board 2 empty: numbers 15, 64 dots", 2, nil, RoundScore{Dots: 64, Values: 15, Total: -49}},
		{"board 2 covering C11 (2) and A2 (1)", 2, []string{
			"..#...", empty, empty, empty, empty, empty, empty, empty, empty, "#.....", empty,
		}, RoundScore{Dots: 64, Values: 12, Total: -52}},
		{"board 2 covering dots only", 2, []string{"..#...", full}, RoundScore{Dots: 57, Values: 15, Total: -42}},
		{"board 3 empty: whites 11, 4 blacks, 63 dots", 3, nil, RoundScore{Dots: 63, Values: 11, Blacks: 4, Total: -72}},
		{"board 3 black F6 covered", 3, []string{".....#", full, full, full, full, full}, RoundScore{Dots: 36, Values: 5, Blacks: 3, Total: -46}},
		{"board 4 empty: 5 pairs +15, 62 dots", 4, nil, RoundScore{Dots: 62, PairsBoth: 5, Total: -47}},
		{"board 4 star with C2 covered only: −3", 4, []string{"..#...", "......"}, RoundScore{Dots: 62, PairsBoth: 4, PairsOne: 1, Total: -53}},
		{"board 4 star with both covered: 0", 4, []string{
			"..#...", empty, empty, empty, empty, empty, empty, empty, empty, "..#...", empty,
		}, RoundScore{Dots: 62, PairsBoth: 4, Total: -50}},
		{"board 4 full board", 4, slices.Repeat([]string{full}, 12), RoundScore{Total: 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := parseGrid(t, tc.rows...)
			tc.want.Board = tc.board
			got := ScoreGrid(tc.board, &g)
			if got != tc.want {
				t.Errorf("score %+v, want %+v\n%s", got, tc.want, drawGrid(&g, tc.board))
			}
			if indep := rulesScore(tc.board, coveredIn(&g)); indep != got.Total {
				t.Errorf("independent scoring gives %d, ScoreGrid %d\n%s", indep, got.Total, drawGrid(&g, tc.board))
			}
			gamestest.CheckText(t, "breakdown", got.Breakdown())
		})
	}
	// Board 3 with only one black cell visible: all covered but B12.
	rows := slices.Repeat([]string{full}, 12)
	rows[0] = "#.####"
	g, _ := parseGrid(t, rows...)
	if got := ScoreGrid(3, &g); got.Blacks != 1 || got.Total != -5 {
		t.Errorf("board 3 with only B12 visible: %+v, want −5\n%s", got, drawGrid(&g, 3))
	}
}

func TestRatings(t *testing.T) {
	tests := []struct {
		total  int
		en, cs string
	}{
		{45, "master builder", "pán stavitel"}, {31, "master builder", "pán stavitel"},
		{30, "architect", "architekt"}, {26, "architect", "architekt"},
		{25, "bricklayer", "zedník"}, {21, "bricklayer", "zedník"},
		{20, "labourer", "nádeník"}, {16, "labourer", "nádeník"},
		{15, "gardener", "zahradník"}, {11, "gardener", "zahradník"},
		{10, "novice", "nováček"}, {6, "novice", "nováček"},
		{5, "clean-up crew", "úklidová četa"}, {-40, "clean-up crew", "úklidová četa"},
	}
	for _, tc := range tests {
		if got := Rating(tc.total); got.EN != tc.en || got.CS != tc.cs {
			t.Errorf("rating of %d: %v, want %s / %s", tc.total, got, tc.en, tc.cs)
		}
		// Shown at the end of a solo game over all four boards.
		s := finished(t, []int{4, 2, 3, 1}, tc.total)
		if sum := s.Result().Summary; !strings.Contains(sum.EN, tc.en) || !strings.Contains(sum.CS, tc.cs) || !strings.Contains(sum.EN, strconv.Itoa(tc.total)) {
			t.Errorf("total %d: summary %+v", tc.total, sum)
		}
	}
	if sum := finished(t, []int{1, 2, 3}, 35).Result().Summary; !sum.IsZero() {
		t.Errorf("three boards: summary %+v, want no rating", sum)
	}
	s := finished(t, []int{1, 2, 3, 4}, 35)
	s.phase = PhaseDeal
	if sum := s.Result().Summary; !sum.IsZero() {
		t.Errorf("before the end: summary %+v", sum)
	}
}

// finished returns a solo game over boards whose rounds total total.
func finished(t *testing.T, boards []int, total int) *State {
	t.Helper()
	s, err := NewState(names[:1], Options{Boards: boards})
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range boards {
		rs := RoundScore{Board: b}
		if i == 0 {
			rs.Total = total
		}
		s.seats[0].rounds = append(s.seats[0].rounds, rs)
	}
	s.round, s.phase = len(boards)-1, PhaseOver
	return s
}

func TestRanking(t *testing.T) {
	s, _ := NewState(names[:4], Options{Boards: []int{1, 2}})
	for seat, totals := range [][]int{{3, 4}, {10, -3}, {-5, 2}, {0, 7}} {
		for i, v := range totals {
			s.seats[seat].rounds = append(s.seats[seat].rounds, RoundScore{Board: i + 1, Total: v})
		}
	}
	s.round, s.phase = 1, PhaseOver
	res := s.Result()
	want := [][]games.Seat{{0, 1, 3}, {2}}
	if !slices.EqualFunc(res.Ranking, want, slices.Equal) {
		t.Fatalf("ranking %v, want %v (7, 7, 7 share first)", res.Ranking, want)
	}
	if !strings.Contains(res.Summary.EN, "Ada, Ben and Dee share the win with 7 points") || !strings.Contains(res.Summary.CS, "Ada, Ben a Dee se dělí") {
		t.Errorf("summary %+v", res.Summary)
	}
	gamestest.CheckText(t, "summary", res.Summary)
	detail, _ := json.Marshal(res.Seats[1].Detail)
	if string(detail) != `{"boards":[10,-3]}` || res.Seats[1].Score != 7 {
		t.Errorf("seat 1 detail %s score %d", detail, res.Seats[1].Score)
	}
	fresh, _ := NewState(names[:2], DefaultOptions())
	detail, _ = json.Marshal(fresh.Result().Seats[0].Detail)
	if string(detail) != `{"boards":[]}` {
		t.Errorf("detail before any scoring: %s", detail)
	}
}
