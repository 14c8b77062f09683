package sideboards

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

// Task is a task card's number: colour combinations 1–7, handle combinations 8–14, rows
// 15–30; a higher number is harder within its kind.
type Task int

// Task numbers by kind.
const (
	// NumCombos is the number of combination tasks (colour and handle).
	NumCombos = 14
	// NumTasks is the number of task cards.
	NumTasks = 30
)

// Kind is the kind of a task, and the index of its slot among the three tasks in play.
type Kind int

// The three kinds of task.
const (
	ColourTask Kind = iota
	HandleTask
	RowTask
)

// Kind returns the kind of task t.
func (t Task) Kind() Kind {
	switch {
	case t >= 1 && t <= 7:
		return ColourTask
	case t >= 8 && t <= NumCombos:
		return HandleTask
	}
	return RowTask
}

// Valid reports whether t is one of the 30 tasks.
func (t Task) Valid() bool { return t >= 1 && t <= NumTasks }

// Shape returns the offsets of a combination task's shape as printed (column, row; the row
// growing downward), or nil for a row task.
func (t Task) Shape() []Offset {
	if t < 1 || t > NumCombos {
		return nil
	}
	return slices.Clone(shapeTable[t])
}

// Points returns what one fulfilment of a combination task scores (4 for colours, 3 for
// handles), or what a drawer of a counted run scores (2).
func (t Task) Points() int {
	switch t.Kind() {
	case ColourTask:
		return colourPoints
	case HandleTask:
		return handlePoints
	}
	return runPoints
}

// Offset is one cell of a shape: Col to the right and Row down from the shape's corner.
type Offset struct{ Col, Row int }

// offset is the short name the data table uses.
type offset = Offset

// rowTask is what a row task counts.
type rowTask struct {
	handles bool   // runs of handles rather than colours
	two     bool   // the two longest runs rather than the longest
	only    bool   // runs of one colour (or handle type) only
	colour  Colour // with only and !handles
	handle  Handle // with only and handles
	rows    uint8  // bit r-1 for each row r (1 top … 5 bottom) the runs may lie in
}

// allRows lets runs lie in any of the five rows.
const allRows = 1<<Drawers - 1

// rowBit is the bit of row r (1 top … 5 bottom).
func rowBit(r int) uint8 { return 1 << (r - 1) }

// TwoRuns reports whether a row task counts the two longest runs.
func (t Task) TwoRuns() bool { return t.Kind() == RowTask && t.Valid() && rowTable[t].two }

// Name names the task: "Colour combination 3", "Rows 19: your longest red run".
func (t Task) Name() games.Text {
	switch {
	case !t.Valid():
		return games.Text{}
	case t.Kind() == ColourTask:
		return games.Say("Colour combination %d", "Barevná kombinace %d", int(t))
	case t.Kind() == HandleTask:
		return games.Say("Handle combination %d", "Kombinace úchytek %d", int(t))
	}
	return games.Say("Row task %d", "Úkol řad %d", int(t))
}

// About says what the task scores, in a short line: "3 drawers of one colour in this shape
// (any of 8 forms): 4 points each".
func (t Task) About() games.Text {
	switch {
	case !t.Valid():
		return games.Text{}
	case t.Kind() == ColourTask:
		return games.Say("3 drawers of one colour in this shape, turned or mirrored: 4 points each",
			"3 šuplíky jedné barvy v tomto tvaru, i otočeném či zrcadleném: za každé 4 body")
	case t.Kind() == HandleTask:
		return games.Say("2 handles of one type in this shape, turned or mirrored: 3 points each",
			"2 úchytky jednoho druhu v tomto tvaru, i otočeném či zrcadleném: za každé 3 body")
	}
	n := rowNames[t-15]
	return games.Text{EN: n[0] + ": 2 points per drawer", CS: n[1] + ": 2 body za šuplík"}
}

// Short is the row task's goal in a few words ("longest red run"), or the task's name for a
// combination task.
func (t Task) Short() games.Text {
	if t.Kind() != RowTask || !t.Valid() {
		return t.Name()
	}
	n := rowNames[t-15]
	return games.Text{EN: n[0], CS: n[1]}
}

// rowNames are the goals of the row tasks 15–30.
var rowNames = [16][2]string{
	{"two longest colour runs", "dvě nejdelší barevné řady"},
	{"two longest handle runs", "dvě nejdelší řady úchytek"},
	{"longest colour run", "nejdelší barevná řada"},
	{"longest handle run", "nejdelší řada úchytek"},
	{"longest red run", "nejdelší červená řada"},
	{"longest turquoise run", "nejdelší tyrkysová řada"},
	{"longest pink run", "nejdelší růžová řada"},
	{"longest orange run", "nejdelší oranžová řada"},
	{"longest black run", "nejdelší černá řada"},
	{"longest run of flower handles", "nejdelší řada květinových úchytek"},
	{"longest run of square handles", "nejdelší řada čtvercových úchytek"},
	{"longest run of long handles", "nejdelší řada dlouhých úchytek"},
	{"two longest colour runs in rows 1 and 4", "dvě nejdelší barevné řady v řádcích 1 a 4"},
	{"two longest handle runs in rows 1 and 4", "dvě nejdelší řady úchytek v řádcích 1 a 4"},
	{"two longest colour runs in rows 2 and 3", "dvě nejdelší barevné řady v řádcích 2 a 3"},
	{"two longest handle runs in rows 2 and 3", "dvě nejdelší řady úchytek v řádcích 2 a 3"},
}

// Forms returns the distinct forms of a combination task's shape — the printed shape turned
// and mirrored, each moved to touch column 0 and row 0 — in a stable order; nil for a row task.
func (t Task) Forms() [][]Offset {
	if t < 1 || t > NumCombos {
		return nil
	}
	return slices.Clone(formTable[t])
}

// formTable holds the forms of every combination task, computed once.
var formTable = func() (out [NumCombos + 1][][]Offset) {
	for t := 1; t <= NumCombos; t++ {
		out[t] = formsOf(shapeTable[t])
	}
	return out
}()

// formsOf returns the distinct forms of a shape under the 8 symmetries of the square.
func formsOf(shape []Offset) [][]Offset {
	var out [][]Offset
	for k := range 8 {
		f := make([]Offset, len(shape))
		for i, o := range shape {
			x, y := o.Col, o.Row
			if k&1 != 0 {
				x = -x
			}
			if k&2 != 0 {
				y = -y
			}
			if k&4 != 0 {
				x, y = y, x
			}
			f[i] = Offset{x, y}
		}
		f = normalize(f)
		if !slices.ContainsFunc(out, func(g []Offset) bool { return slices.Equal(g, f) }) {
			out = append(out, f)
		}
	}
	return out
}

// normalize moves a shape to touch column 0 and row 0 and sorts its cells.
func normalize(f []Offset) []Offset {
	minX, minY := f[0].Col, f[0].Row
	for _, o := range f {
		minX, minY = min(minX, o.Col), min(minY, o.Row)
	}
	for i := range f {
		f[i].Col -= minX
		f[i].Row -= minY
	}
	slices.SortFunc(f, func(a, b Offset) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	return f
}

// extent returns the width and height of a form.
func extent(f []Offset) (w, h int) {
	for _, o := range f {
		w, h = max(w, o.Col+1), max(h, o.Row+1)
	}
	return w, h
}

// SuggestedSets returns the suggested task sets ([colour, handle, row] numbers).
func SuggestedSets() [][3]int { return slices.Clone(suggestedSets) }
