package fits

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

func TestCells(t *testing.T) {
	for _, c := range []struct {
		label string
		cell  Cell
	}{{"A1", Cell{0, 0}}, {"C4", Cell{2, 3}}, {"F12", Cell{5, 11}}, {"B16", Cell{1, 15}}} {
		if got := c.cell.Label(); got != c.label {
			t.Errorf("%v labelled %s, want %s", c.cell, got, c.label)
		}
		if back, ok := ParseCell(strings.ToLower(c.label)); !ok || back != c.cell {
			t.Errorf("ParseCell(%q) = %v, %v", c.label, back, ok)
		}
	}
	for _, bad := range []string{"", "A", "A0", "G1", "A17", "1A", "A+1", "A01"} {
		if _, ok := ParseCell(bad); ok {
			t.Errorf("ParseCell(%q) accepted", bad)
		}
	}
	if (Cell{0, 12}).InGrid() || !(Cell{5, 11}).InGrid() {
		t.Error("InGrid wrong at the overhang")
	}
}

// TestDrop checks where pieces come to rest: straight down until a square would leave the
// floor or enter a covered cell, the overhang allowed, row 17 not, nothing sideways.
func TestDrop(t *testing.T) {
	tests := []struct {
		name  string
		board []string
		place Place
		want  string // landing cells, or "" when refused
		why   string // part of the refusal
	}{
		{"empty board: on the floor", nil, pl(O4, 0, false, 'A'), "A1 B1 A2 B2", ""},
		{"the picture's top row is highest", nil, pl(T4, 0, false, 'B'), "C1 B2 C2 D2", ""},
		{"rests on the highest cell under any square", []string{
			".#....",
			".#....",
			"##....",
		}, pl(T4, 0, false, 'A'), "B4 A5 B5 C5", ""},
		{"an arch stands over a covered cell", []string{
			".#....",
		}, pl(U5, 2, false, 'A'), "A1 C1 A2 B2 C2", ""},
		{"a hole covered from above is never filled", []string{
			"#.....",
			"......",
		}, pl(I3, 1, false, 'A'), "A3 A4 A5", ""},
		{"a square under an overhanging piece stays empty", []string{
			"##....",
			".#....",
		}, pl(V3, 0, false, 'A'), "A3 B3 A4", ""},
		{"the overhang may be used", []string{
			"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
			"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
		}, pl(I3, 1, false, 'A'), "A13 A14 A15", ""},
		{"row 16 is the last", []string{
			"#.....",
			"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
			"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
		}, pl(I3, 1, false, 'A'), "A14 A15 A16", ""},
		{"row 17 is refused", []string{
			"#.....", "#.....",
			"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
			"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
		}, pl(I3, 1, false, 'A'), "", "row 17"},
		{"more than 4 rows above the grid is refused", []string{
			"#.....", "#.....", "#.....", "#.....",
			"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
			"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
		}, pl(I3, 0, false, 'A'), "", "row 17"},
		{"lying flat beside a full column still fits", []string{
			"#.....", "#.....",
			"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
			"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
		}, pl(I3, 0, false, 'B'), "B1 C1 D1", ""},
		{"leaving the grid to the right is refused", nil, pl(I3, 0, false, 'E'), "", "sideways"},
		{"a wide piece at the right edge fits", nil, pl(Y5, 0, false, 'C'), "C1 D1 E1 F1 D2", ""},
		{"one column too far", nil, pl(Y5, 0, false, 'D'), "", "sideways"},
		{"column G is off the board", nil, pl(O4, 0, false, 'G'), "", "sideways"},
		{"a column left of A is off the board", nil, Place{Piece: O4, Col: -1}, "", "sideways"},
		{"rot 4 is refused", nil, Place{Piece: O4, Rot: 4}, "", "0 to 3"},
		{"no such piece", nil, Place{Piece: 17}, "", "no such piece"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := parseGrid(t, tc.board...)
			got, err := Land(&g, tc.place)
			if tc.want == "" {
				if err == nil || !errors.Is(err, games.ErrIllegal) || !strings.Contains(err.Error(), tc.why) {
					t.Fatalf("%v: got %s, %v; want a refusal saying %q\n%s", tc.place, labels(got.Cells), err, tc.why, g.String())
				}
				return
			}
			if err != nil || labels(got.Cells) != tc.want {
				t.Fatalf("%v lands on %s (%v), want %s\n%s", tc.place, labels(got.Cells), err, tc.want, g.String())
			}
		})
	}
}

// slide drops p the naive way: from far above, one row at a time, while every square stays
// above the floor and on empty cells.
func slide(g *Grid, p Place) (cells []Cell, ok bool) {
	o := p.Piece.Orient(p.Rot, p.Flip)
	if p.Col < 0 || p.Col+o.Width > Cols {
		return nil, false
	}
	free := func(bottom int) bool {
		for _, c := range o.Cells {
			at := Cell{p.Col + c.Col, bottom + c.Row}
			if at.Row < 0 || (at.Row < Rows && g[at.Row][at.Col] != 0) {
				return false
			}
		}
		return true
	}
	bottom := Rows + 5
	for free(bottom - 1) {
		bottom--
	}
	for _, c := range o.Cells {
		cells = append(cells, Cell{p.Col + c.Col, bottom + c.Row})
	}
	return cells, bottom+o.Height <= Rows
}

// TestDropMatchesSlide compares Land with the naive slide on random boards with holes.
func TestDropMatchesSlide(t *testing.T) {
	r := rand.New(rand.NewPCG(gamestest.Seed(t), 1))
	for range 2000 {
		var g Grid
		for col := range Cols {
			h := r.IntN(Rows + 1)
			for row := range h {
				if r.IntN(3) > 0 || row == h-1 {
					g[row][col] = 1
				}
			}
		}
		p := Place{Piece: Shape(1 + r.IntN(NumShapes)), Rot: r.IntN(4), Flip: r.IntN(2) == 0, Col: r.IntN(Cols+1) - 1}
		want, ok := slide(&g, p)
		got, err := Land(&g, p)
		switch {
		case want == nil && err == nil:
			t.Fatalf("%v accepted, but it leaves the board\n%s", p, g.String())
		case want == nil:
			continue
		case ok != (err == nil) || labels(got.Cells) != labels(want):
			t.Fatalf("%v: Land %s (%v), slide %s (fits %v)\n%s", p, labels(got.Cells), err, labels(want), ok, g.String())
		}
		for _, c := range got.Cells {
			if g.Occupied(c) {
				t.Fatalf("%v lands on covered %s\n%s", p, c.Label(), g.String())
			}
		}
	}
}

// TestLegalCounts counts the legal moves at fixed positions (perft-like).
func TestLegalCounts(t *testing.T) {
	// On an empty board: Σ over distinct orientations of (7 − width).
	empty := map[Shape]int{
		I3: 4 + 6, V3: 4 * 5, O4: 5, T4: 2*4 + 2*5, S4: 2*4 + 2*5, L4: 4*4 + 4*5,
		F5: 8 * 4, L5: 4*3 + 4*5, N5: 4*3 + 4*5, P5: 4*5 + 4*4, T5: 4 * 4, U5: 2*4 + 2*5,
		V5: 4 * 4, W5: 4 * 4, X5: 4, Y5: 4*3 + 4*5,
	}
	for _, sh := range Shapes() {
		if got := len(placesOn([Cols]int{}, sh)); got != empty[sh] {
			t.Errorf("%s on an empty board: %d placements, want %d", sh, got, empty[sh])
		}
	}
	// Column A full to row 14: only placements keeping off A or low enough elsewhere.
	g, _ := parseGrid(t,
		"#.....", "#.....",
		"#.....", "#.....", "#.....", "#.....", "#.....", "#.....",
		"#.....", "#.....", "#.....", "#.....", "#.....", "#.....")
	tall := g.Heights()
	// I3: upright in A would reach row 17 (refused); lying from A rests on row 15; B–F all
	// fit: 10 − 1.
	if got := len(placesOn(tall, I3)); got != 9 {
		t.Errorf("I3 beside a tall column: %d placements, want 9", got)
	}
	// O4 from A rests on rows 15–16: all 5 fit.
	if got := len(placesOn(tall, O4)); got != 5 {
		t.Errorf("O4 beside a tall column: %d placements, want 5", got)
	}
	// X5 from A hangs its left arm on row 15 and reaches row 16: all 4 fit.
	if got := len(placesOn(tall, X5)); got != 4 {
		t.Errorf("X5 beside a tall column: %d placements, want 4", got)
	}
	// L5 upright from A: refused when column A holds its lowest square (the bar, or the foot
	// at the bottom) — 3 of the 4 upright orientations; lying ones all fit.
	if got, want := len(placesOn(tall, L5)), empty[L5]-3; got != want {
		t.Errorf("L5 beside a tall column: %d placements, want %d", got, want)
	}
	// Game Legal adds Aside for a building card.
	s := revealed(t, O4, 1, []int{1}, F5)
	legal := s.Legal(0)
	if len(legal) != 6 || legal[5] != (Aside{Piece: O4}) {
		t.Errorf("O4 on a board with F5: legal %v, want 5 placements and aside", legal)
	}
}
