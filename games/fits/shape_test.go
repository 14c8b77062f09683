package fits

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// picture draws an orientation's cells as text, top row first.
func picture(o Orientation) string {
	rows := make([][]byte, o.Height)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", o.Width))
	}
	for _, c := range o.Cells {
		rows[o.Height-1-c.Row][c.Col] = '#'
	}
	var out []string
	for _, r := range rows {
		out = append(out, string(r))
	}
	return strings.Join(out, "/")
}

func TestShapeData(t *testing.T) {
	// The 16 shapes as the rules file draws them, top row first.
	want := map[string]string{
		"I3": "###", "V3": "#./##", "O4": "##/##", "T4": "###/.#.", "S4": ".##/##.", "L4": "#../###",
		"F5": ".##/##./.#.", "L5": "#.../####", "N5": "##../.###", "P5": "##/##/#.", "T5": "###/.#./.#.",
		"U5": "#.#/###", "V5": "#../#../###", "W5": "#../##./.##", "X5": ".#./###/.#.", "Y5": ".#../####",
	}
	if len(Shapes()) != NumShapes || len(want) != NumShapes {
		t.Fatalf("%d shapes, want 16", len(Shapes()))
	}
	area := 0
	for i, s := range Shapes() {
		if s != Shape(i+1) || !s.Valid() {
			t.Errorf("shape %d is %v", i, s)
		}
		if got := picture(s.Orient(0, false)); got != want[s.String()] {
			t.Errorf("%s at rot 0: %s, want %s as drawn", s, got, want[s.String()])
		}
		if got := strings.Join(s.Picture(), "/"); got != want[s.String()] {
			t.Errorf("%s picture %s, want %s", s, got, want[s.String()])
		}
		if n, _ := strconv.Atoi(s.String()[1:]); n != s.Size() {
			t.Errorf("%s has %d squares, its name says %d", s, s.Size(), n)
		}
		area += s.Size()
		back, ok := ParseShape(strings.ToLower(s.String()))
		if !ok || back != s {
			t.Errorf("ParseShape(%q) = %v, %v", strings.ToLower(s.String()), back, ok)
		}
	}
	if area != GridRows*Cols {
		t.Errorf("areas add up to %d, want 72", area)
	}
	if got := StartShapes(); !slices.Equal(got, []Shape{F5, W5, X5, U5}) {
		t.Errorf("start shapes %v, want F5 W5 X5 U5", got)
	}
	for _, s := range Shapes() {
		if s.IsStart() != slices.Contains([]Shape{F5, W5, X5, U5}, s) {
			t.Errorf("%s.IsStart() = %v", s, s.IsStart())
		}
	}
	for _, bad := range []string{"", "T6", "t", "I33"} {
		if _, ok := ParseShape(bad); ok {
			t.Errorf("ParseShape(%q) accepted", bad)
		}
	}
	if NoShape.String() != "?" || NoShape.Size() != 0 || NoShape.Picture() != nil || Orientations(NoShape) != nil {
		t.Error("NoShape has a name, size, picture or orientations")
	}
	if _, err := json.Marshal(NoShape); err == nil {
		t.Error("NoShape marshals")
	}
}

func TestOrientationCounts(t *testing.T) {
	want := map[Shape]int{
		I3: 2, V3: 4, O4: 1, T4: 4, S4: 4, L4: 8,
		F5: 8, L5: 8, N5: 8, P5: 8, T5: 4, U5: 4, V5: 4, W5: 4, X5: 1, Y5: 8,
	}
	total := 0
	for _, s := range Shapes() {
		os := Orientations(s)
		if len(os) != want[s] {
			t.Errorf("%s: %d distinct orientations, want %d", s, len(os), want[s])
		}
		total += len(os)
		seen := map[string]bool{}
		for _, o := range os {
			if seen[picture(o)] {
				t.Errorf("%s: orientation %s listed twice", s, picture(o))
			}
			seen[picture(o)] = true
			if len(o.Cells) != s.Size() {
				t.Errorf("%s r%d: %d cells", s, o.Rot, len(o.Cells))
			}
		}
		// Every one of the 8 pairs gives one of the listed cell sets.
		for i := range 8 {
			rot, flip := i%4, i >= 4
			if !seen[picture(s.Orient(rot, flip))] {
				t.Errorf("%s rot %d flip %v: %s is not listed", s, rot, flip, picture(s.Orient(rot, flip)))
			}
		}
	}
	if total != 80 {
		t.Errorf("%d orientations in all, want 80", total)
	}
}

func TestOrientationFormula(t *testing.T) {
	// Flip maps x → w−1−x; a clockwise quarter turn maps (x, y) → (h−1−y, x); flip first.
	tests := []struct {
		s    Shape
		rot  int
		flip bool
		want string
	}{
		{T4, 1, false, ".#/##/.#"},   // stem pointing left
		{T4, 2, false, ".#./###"},    // upside down
		{T4, 3, false, "#./##/#."},   // stem pointing right
		{L4, 0, true, "..#/###"},     // mirrored
		{L4, 1, false, "##/#./#."},   // turned clockwise
		{L4, 1, true, "#./#./##"},    // flipped, then turned
		{S4, 0, true, "##./.##"},     // the Z
		{S4, 1, false, "#./##/.#"},   // upright S
		{I3, 1, false, "#/#/#"},      // upright bar
		{P5, 1, false, "###/.##"},    // P turned clockwise
		{Y5, 2, false, "####/..#."},  // Y upside down
		{N5, 3, true, "#./##/.#/.#"}, // flipped N turned three times
		{V3, 1, false, "##/#."},      // V turned clockwise once
		{V3, 3, false, ".#/##"},      // V turned anticlockwise once
		{U5, 2, false, "###/#.#"},    // the arch
		{F5, 1, false, ".#./###/..#"},
		{W5, 1, false, ".##/##./#.."},
	}
	for _, tc := range tests {
		if got := picture(tc.s.Orient(tc.rot, tc.flip)); got != tc.want {
			t.Errorf("%s rot %d flip %v: %s, want %s", tc.s, tc.rot, tc.flip, got, tc.want)
		}
	}
	if o := T4.Orient(4, false); o.Cells != nil {
		t.Error("rot 4 gives an orientation")
	}
}

func TestOrientationListingOrder(t *testing.T) {
	pairs := func(s Shape) string {
		var out []string
		for _, o := range Orientations(s) {
			f := "f0"
			if o.Flip {
				f = "f1"
			}
			out = append(out, "r"+string(rune('0'+o.Rot))+f)
		}
		return strings.Join(out, " ")
	}
	want := map[Shape]string{
		O4: "r0f0", X5: "r0f0", I3: "r0f0 r1f0",
		S4: "r0f0 r1f0 r0f1 r1f1",
		T4: "r0f0 r1f0 r2f0 r3f0",
		V3: "r0f0 r1f0 r2f0 r3f0",
		L4: "r0f0 r1f0 r2f0 r3f0 r0f1 r1f1 r2f1 r3f1",
		U5: "r0f0 r1f0 r2f0 r3f0",
		W5: "r0f0 r1f0 r2f0 r3f0",
	}
	for s, w := range want {
		if got := pairs(s); got != w {
			t.Errorf("%s listed as %s, want %s", s, got, w)
		}
	}
	// Canonical maps every pair to the first pair with the same cells.
	for _, s := range Shapes() {
		for i := range 8 {
			p := Place{Piece: s, Rot: i % 4, Flip: i >= 4}
			c := p.Canonical()
			if picture(s.Orient(c.Rot, c.Flip)) != picture(s.Orient(p.Rot, p.Flip)) {
				t.Errorf("%s: canonical of %v has other cells", s, p)
			}
			if !slices.ContainsFunc(Orientations(s), func(o Orientation) bool { return o.Rot == c.Rot && o.Flip == c.Flip }) {
				t.Errorf("%s: canonical %v of %v is not listed", s, c, p)
			}
		}
	}
	if got := (Place{Piece: V3, Rot: 1, Flip: true}).Canonical(); got.Flip || got.Rot != 0 {
		t.Errorf("V3 r1 flipped is canonically %v, want r0 unflipped", got)
	}
}
