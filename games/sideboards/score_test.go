package sideboards

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// boardOf reads a sideboard written as card numbers left to right, "t" after a turned one:
// "25 60 12t".
func boardOf(t testing.TB, s string) []Placed {
	t.Helper()
	return gamestest.Fields(t, s, parsePlacedToken)
}

func TestCardTable(t *testing.T) {
	seen := map[[Drawers]Drawer]Card{}
	for c := Card(1); c <= NumCards; c++ {
		d := c.Drawers()
		var colours [NumColours]int
		var handles [NumHandles + 1]int
		for _, x := range d {
			colours[x.Colour]++
			handles[x.Handle]++
		}
		if colours != [NumColours]int{1, 1, 1, 1, 1} || handles != [NumHandles + 1]int{2, 1, 1, 1} {
			t.Errorf("card %d: colours %v handles %v", c, colours, handles)
		}
		for _, col := range [][Drawers]Drawer{d, c.Column(true)} {
			if o, dup := seen[col]; dup {
				t.Errorf("cards %d and %d look the same", o, c)
			}
			seen[col] = c
		}
	}
	// Spot checks against the rules' table: 1 K O R-L P-F T-S, 60 T-S R-L P O K-F.
	if got := DrawBoard([]Placed{{1, false}, {60, false}, {60, true}}); got != "K. TS KF\nO. RL O.\nRL P. P.\nPF O. RL\nTS KF TS\n" {
		t.Errorf("cards 1, 60, 60 turned:\n%s", got)
	}
	if _, err := parseCards(cardTable + "\n61 K O R P T"); err == nil {
		t.Error("a 61st card is accepted")
	}
	if _, err := parseCards(strings.Replace(cardTable, "R-L", "R-X", 1)); err == nil {
		t.Error("a handle X is accepted")
	}
}

func TestForms(t *testing.T) {
	want := map[Task]int{1: 8, 2: 4, 3: 4, 4: 4, 5: 2, 6: 4, 7: 4, 8: 2, 9: 2, 10: 4, 11: 2, 12: 2, 13: 2, 14: 2}
	for task, n := range want {
		forms := task.Forms()
		if len(forms) != n {
			t.Errorf("task %d has %d forms, want %d: %v", task, len(forms), n, forms)
		}
		if !slices.ContainsFunc(forms, func(f []Offset) bool { return slices.Equal(f, normalize(task.Shape())) }) {
			t.Errorf("task %d: the printed shape is not among its forms", task)
		}
	}
	if Task(15).Forms() != nil || Task(0).Shape() != nil {
		t.Error("a row task has a shape")
	}
}

// TestFulfilmentsBruteForce compares the packing search with a brute force over random small
// grids: every set of drawers of one colour (or handle type) that forms the shape is listed
// independently, and the largest set of them sharing no drawer is found by trying every subset.
func TestFulfilmentsBruteForce(t *testing.T) {
	seed := gamestest.Seed(t)
	r := rand.New(rand.NewPCG(seed, 1))
	for trial := range 400 {
		w := 1 + r.IntN(5)
		g := &Grid{}
		for range w {
			// Few colours and many handles make many overlapping fulfilments.
			var col [Drawers]Drawer
			for row := range col {
				col[row] = Drawer{Colour: Colour(r.IntN(2)), Handle: Handle(r.IntN(3))}
			}
			g.addColumn(col)
		}
		for task := Task(1); task <= NumCombos; task++ {
			got, want := g.Fulfilments(task), bruteFulfilments(g, task)
			if got != want {
				t.Fatalf("trial %d task %d: %d fulfilments, brute force %d\n%s", trial, task, got, want, drawGrid(g))
			}
		}
	}
}

// addColumn lays a column of any drawers at the right of g (tests only: cards are real).
func (g *Grid) addColumn(col [Drawers]Drawer) {
	c := g.W
	g.W++
	g.Cells[c] = col
	for row, d := range col {
		g.colours[d.Colour] |= cellBit(c, row)
		if d.Handle != NoHandle {
			g.handles[d.Handle] |= cellBit(c, row)
		}
	}
}

func drawGrid(g *Grid) string {
	var b strings.Builder
	for row := range Drawers {
		for col := range g.W {
			d := g.Cells[col][row]
			fmt.Fprintf(&b, "%s%s ", d.Colour.Letter(), map[Handle]string{NoHandle: ".", Flower: "F", Square: "S", Long: "L"}[d.Handle])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// bruteFulfilments lists every set of cells forming the task's shape (by comparing the set
// with each of the 8 turned and mirrored shapes), then tries every subset of them.
func bruteFulfilments(g *Grid, task Task) int {
	shape := task.Shape()
	k := len(shape)
	type cell struct{ c, r int }
	var cells []cell
	for c := range g.W {
		for r := range Drawers {
			cells = append(cells, cell{c, r})
		}
	}
	same := func(a, b Drawer) bool {
		if task.Kind() == ColourTask {
			return a.Colour == b.Colour
		}
		return a.Handle != NoHandle && a.Handle == b.Handle
	}
	key := func(pts []cell) string {
		minC, minR := 99, 99
		for _, p := range pts {
			minC, minR = min(minC, p.c), min(minR, p.r)
		}
		var s []string
		for _, p := range pts {
			s = append(s, fmt.Sprint(p.c-minC, p.r-minR))
		}
		slices.Sort(s)
		return strings.Join(s, ";")
	}
	shapes := map[string]bool{}
	for _, sx := range []int{1, -1} {
		for _, sy := range []int{1, -1} {
			for _, swap := range []bool{false, true} {
				var pts []cell
				for _, o := range shape {
					x, y := sx*o.Col, sy*o.Row
					if swap {
						x, y = y, x
					}
					pts = append(pts, cell{x, y})
				}
				shapes[key(pts)] = true
			}
		}
	}
	var found [][]cell
	var pick func(from int, chosen []cell)
	pick = func(from int, chosen []cell) {
		if len(chosen) == k {
			for _, p := range chosen[1:] {
				if !same(g.Cells[p.c][p.r], g.Cells[chosen[0].c][chosen[0].r]) {
					return
				}
			}
			if shapes[key(chosen)] {
				found = append(found, slices.Clone(chosen))
			}
			return
		}
		for i := from; i < len(cells); i++ {
			pick(i+1, append(chosen, cells[i]))
		}
	}
	pick(0, nil)
	best := 0
	var try func(i int, used map[cell]bool, n int)
	try = func(i int, used map[cell]bool, n int) {
		if i == len(found) {
			best = max(best, n)
			return
		}
		try(i+1, used, n)
		for _, p := range found[i] {
			if used[p] {
				return
			}
		}
		for _, p := range found[i] {
			used[p] = true
		}
		try(i+1, used, n+1)
		for _, p := range found[i] {
			delete(used, p)
		}
	}
	try(0, map[cell]bool{}, 0)
	return best
}

// TestNeverGreedy: a case where taking the first fulfilment found loses one.
func TestNeverGreedy(t *testing.T) {
	g := &Grid{}
	// Row 0: four red drawers in a line; task 9 (two adjacent) is met twice, but a greedy
	// pick of the middle pair first would count once.
	red, black := Drawer{Colour: Red, Handle: Flower}, Drawer{Colour: Black}
	for range 4 {
		g.addColumn([Drawers]Drawer{red, black, black, black, black})
	}
	if n := g.Fulfilments(9); n != 2 {
		t.Fatalf("4 flowers in a row meet task 9 %d times, want 2", n)
	}
	// Task 12 (two apart): columns 0–2 and 1–3: twice.
	if n := g.Fulfilments(12); n != 2 {
		t.Fatalf("4 flowers in a row meet task 12 %d times, want 2", n)
	}
	// Task 2 (a V) in black: rows 1–4 of 4 columns hold 16 black drawers; 5 Vs fit.
	if n, want := g.Fulfilments(2), bruteFulfilments(g, 2); n != want {
		t.Fatalf("task 2: %d, brute force %d", n, want)
	}
}

// TestRuns checks runs and the row tasks on a fixed sideboard.
func TestRuns(t *testing.T) {
	b := boardOf(t, "25 60 31 12t 21 4t 28 57")
	// PF TS PS OL O. PL PS TS
	// KL RL R. RS RS R. OF RL
	// O. P. O. PF TL T. R. K.
	// TS O. KL T. P. OF TL OF
	// R. KF TF K. KF KS K. P.
	g := GridOf(b)
	cases := []struct {
		task Task
		want int
	}{
		{15, 5 + 4}, // the red run of 5 in row 2 and the black run of 4 in row 5
		{16, 2 + 2}, // S S in row 1 …
		{17, 5},     // red, row 2
		{18, 2},     // no handle run is longer than 2
		{19, 5},     // red
		{20, 2},     // turquoise: T T in row 3
		{21, 2},     // pink: P P in row 1
		{22, 2},     // orange: O O in row 1
		{23, 4},     // black: K K K K in row 5
		{24, 2},     // flower: F F in row 5
		{25, 2},     // square: S S in rows 1 and 2
		{26, 2},     // long: L L in row 2
		{27, 2 + 2}, // rows 1 and 4: O O and P P in row 1
		{28, 2 + 2}, // rows 1 and 4: S S twice in row 1
		{29, 5 + 2}, // rows 2 and 3: the red run and T T
		{30, 2 + 2}, // rows 2 and 3: L L and S S in row 2
	}
	for _, c := range cases {
		if _, got := g.Counted(c.task); got != c.want {
			t.Errorf("task %d (%s): length %d, want %d\n%s", c.task, c.task.Short().EN, got, c.want, DrawBoard(b))
		}
		if got := naiveRowLength(b, c.task); got != c.want {
			t.Errorf("task %d: naive length %d, want %d", c.task, got, c.want)
		}
	}
	// A row task on an empty sideboard, and a two-run task with only one run.
	if _, n := GridOf(nil).Counted(15); n != 0 {
		t.Errorf("empty sideboard: length %d", n)
	}
	if _, n := GridOf(boardOf(t, "1")).Counted(16); n != 2 {
		t.Errorf("one card, two longest handle runs: %d, want 1+1", n)
	}
	if _, n := GridOf(boardOf(t, "1")).Counted(28); n != 1 {
		t.Errorf("card 1, handles in rows 1 and 4 (none, then flower): %d, want 1 (a missing run counts 0)", n)
	}
}

// naiveRowLength recomputes a row task's length from the text drawing of the sideboard.
func naiveRowLength(b []Placed, task Task) int {
	lines := strings.Split(strings.TrimSpace(DrawBoard(b)), "\n")
	rt := rowTable[task]
	var lens []int
	for r, line := range lines {
		if rt.rows&(1<<r) == 0 {
			continue
		}
		cells := strings.Fields(line)
		key := func(s string) string {
			if rt.handles {
				if s[1] == '.' {
					return ""
				}
				return s[1:]
			}
			return s[:1]
		}
		for i := 0; i < len(cells); {
			k := key(cells[i])
			j := i + 1
			for j < len(cells) && key(cells[j]) == k {
				j++
			}
			ok := k != ""
			if rt.only && rt.handles {
				ok = ok && k == Handle(rt.handle).Letter()
			}
			if rt.only && !rt.handles {
				ok = ok && k == rt.colour.Letter()
			}
			if ok {
				lens = append(lens, j-i)
			}
			i = j
		}
	}
	slices.Sort(lens)
	slices.Reverse(lens)
	n := 1
	if rt.two {
		n = 2
	}
	sum := 0
	for _, l := range lens[:min(n, len(lens))] {
		sum += l
	}
	return sum
}

// TestWorkedExample is the rulebook's example: the colour task met 3 times (12), the handle
// task 5 times (15), a red run of 5 (10), the shortest run of three players (no bonus) and
// the exchange card unused (+1): 38.
func TestWorkedExample(t *testing.T) {
	s := dealt(t, 3, Options{Tasks: []int{2, 9, 19}})
	s.seats[0].board = boardOf(t, "25 60 31 12t 21 4t 28 57")   // red run 5
	s.seats[1].board = boardOf(t, "45 13t 32 29t 10 57 50t 31") // red run 7
	s.seats[2].board = boardOf(t, "4 13 50t 29t 10 57 32 31")   // red run 6
	sc := s.Scores()
	want := Score{Colours: 3, Handles: 5, Length: 5, ColourPoints: 12, HandlePoints: 15, RowPoints: 10, Bonus: 0, Exchange: 1, Total: 38}
	if sc[0] != want {
		t.Fatalf("score %+v, want %+v\n%s", sc[0], want, DrawBoard(s.seats[0].board))
	}
	if sc[1].Length != 7 || sc[1].Bonus != 8 || sc[2].Length != 6 || sc[2].Bonus != 4 {
		t.Fatalf("the others: %+v, %+v", sc[1], sc[2])
	}
	d := s.Result().Seats[0].Detail.(Detail)
	if d != (Detail{Colours: 12, Handles: 15, Rows: 10, Bonus: 0, Exchange: 1}) {
		t.Fatalf("detail %+v", d)
	}
	if b := s.Result().Seats[0].Breakdown; b.EN != "colours 3× = 12 · handles 5× = 15 · rows 5 = 10 · bonus 0 · exchange card +1" || b.CS == "" {
		t.Fatalf("breakdown %q / %q", b.EN, b.CS)
	}
}

func TestRowBonuses(t *testing.T) {
	cases := []struct {
		lengths, want []int
	}{
		{[]int{7, 7, 6}, []int{8, 8, 4}},
		{[]int{6, 7, 7}, []int{4, 8, 8}},
		{[]int{5, 7, 6}, []int{0, 8, 4}},
		{[]int{3, 3}, []int{4, 4}},
		{[]int{3, 2}, []int{4, 0}},
		{[]int{0, 0}, []int{0, 0}},
		{[]int{5, 5, 3, 2}, []int{8, 8, 4, 2}},
		{[]int{5, 4, 3, 2, 1, 1}, []int{8, 4, 2, 0, 0, 0}},
		{[]int{4, 4, 4, 4, 4, 4}, []int{8, 8, 8, 8, 8, 8}},
		{[]int{2, 0, 0, 0}, []int{8, 0, 0, 0}},
		{[]int{3, 3, 1, 1, 0}, []int{8, 8, 4, 4, 0}},
	}
	for _, c := range cases {
		if got := RowBonuses(c.lengths, 17); !slices.Equal(got, c.want) {
			t.Errorf("RowBonuses(%v) = %v, want %v", c.lengths, got, c.want)
		}
	}
}

func TestSoloBonus(t *testing.T) {
	for _, c := range []struct {
		task         Task
		length, want int
	}{
		{17, 3, 0}, {17, 4, 2}, {17, 5, 2}, {17, 6, 4}, {17, 7, 4}, {17, 8, 8},
		{26, 8, 8}, {15, 6, 0}, {15, 7, 2}, {15, 9, 4}, {15, 10, 4}, {15, 11, 8}, {28, 16, 8}, {30, 8, 2},
	} {
		if got := SoloBonus(c.task, c.length); got != c.want {
			t.Errorf("SoloBonus(%d, %d) = %d, want %d", c.task, c.length, got, c.want)
		}
		if got := RowBonuses([]int{c.length}, c.task); got[0] != c.want {
			t.Errorf("solo RowBonuses(%d, %d) = %v", c.task, c.length, got)
		}
	}
}

func TestRating(t *testing.T) {
	for total, want := range map[int]string{70: "sideboard dragon", 55: "sideboard dragon", 54: "pulled out all the stops", 45: "pulled out all the stops",
		44: "neatly sorted", 35: "neatly sorted", 34: "good idea, now open up", 25: "good idea, now open up", 24: "hide it in a drawer", -3: "hide it in a drawer"} {
		if got := Rating(total); got.EN != want || got.CS == "" {
			t.Errorf("Rating(%d) = %v, want %q", total, got, want)
		}
	}
}

// TestRankingTies: equal totals share a place; the end names every winner.
func TestRankingTies(t *testing.T) {
	s := dealt(t, 3, Options{Tasks: []int{2, 9, 19}})
	res := s.Result()
	if len(res.Ranking) != 1 || len(res.Ranking[0]) != 3 || res.Seats[0].Score != 1 {
		t.Fatalf("empty sideboards: %+v", res)
	}
	s.seats[1].board = boardOf(t, "45 13t 32 29t 10 57 50t 31")
	s.phase = PhaseOver
	res = s.Result()
	if !slices.Equal(res.Ranking[0], []games.Seat{1}) || !slices.Equal(res.Ranking[1], []games.Seat{0, 2}) {
		t.Fatalf("ranking %v", res.Ranking)
	}
	if !strings.HasPrefix(res.Summary.EN, "Ben wins with") || !strings.HasPrefix(res.Summary.CS, "Ben vyhrává s") {
		t.Fatalf("summary %+v", res.Summary)
	}
	s.seats[2].board = s.seats[1].board
	if got := s.Result(); len(got.Ranking[0]) != 2 || !strings.Contains(got.Summary.EN, "Ben and Cid share the win") || !strings.Contains(got.Summary.CS, "Ben a Cid se dělí") {
		t.Fatalf("shared win: %v %+v", got.Ranking, got.Summary)
	}
}
