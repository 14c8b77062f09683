package ingenious

import (
	"math"
	"strconv"
	"testing"

	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// TestNumberedPlacesDistinct plays whole games and, at every placement, marks the best places
// of each tile on the rack as the panel's picture does. Every number from 1 is drawn, none
// skipped (a placement and the same cells the other way round are two numbers); each badge
// sits in one of its own tile's cells, wholly inside it, its wedge pointing at the other; no
// two badges overlap or share a spot. On a phone (the picture 360 px wide) each number is at
// least 11 px.
func TestNumberedPlacesDistinct(t *testing.T) {
	if got := minText * images.PhoneWidth / tableWidth; got < images.PhoneLabel {
		t.Errorf("badge numbers %.0f px → %.1f px at %d px wide", minText, got, images.PhoneWidth)
	}
	boards := map[int]layout{}
	for radius := 1; radius <= ingenious.BoardRadius; radius++ {
		if _, ok := cellWidth(radius); ok {
			l, err := newLayout(radius)
			if err != nil {
				t.Fatal(err)
			}
			boards[radius] = l
			// The badge and its ring fit inside the drawn cell (its inner radius).
			if in := l.hex * math.Sqrt(3) / 2; badgeRadius+badgeRing > in {
				t.Errorf("radius %d: a badge of %d px overflows a cell of inner radius %.1f", radius, badgeRadius+badgeRing, in)
			}
		}
	}
	checked, short, reversed := 0, 0, 0
	hist := map[int]int{}
	for _, g := range []struct {
		players []string
		seed    uint64
	}{{[]string{"Ada", "Ben"}, 3}, {[]string{"Ada", "Ben", "Cyril", "Dana"}, 9}, {[]string{"Ada", "Ben", "Cyril"}, 41}} {
		playUntil(t, g.players, ingenious.Options{}, g.seed, func(st *ingenious.State, laid int) bool {
			if st.Phase() != ingenious.PhasePlace {
				return false
			}
			v := suite.View(st, st.Turn())
			l := boards[v.Radius]
			for tile, cands := range v.Candidates {
				var marks []badgeMark
				pairs := map[[2]ingenious.Cell]bool{}
				for i, c := range cands[:min(len(cands), maxNumbers)] {
					marks = append(marks, badgeMark{cells: c.Place.Cells, label: strconv.Itoa(i + 1)})
					cells := c.Place.Cells
					if cells[1].Less(cells[0]) {
						cells[0], cells[1] = cells[1], cells[0]
					}
					if pairs[cells] {
						reversed++
					}
					pairs[cells] = true
				}
				spots := spotBadges(marks, l)
				hist[len(spots)]++
				checked++
				if len(spots) < len(marks) {
					short++
				}
				if len(spots) < min(len(marks), 2) {
					t.Fatalf("tile %v after %d tiles: %d of %d places numbered", tile, laid, len(spots), len(marks))
				}
				checkBadges(t, l, marks, spots)
			}
			return false
		})
	}
	if checked == 0 || reversed == 0 {
		t.Fatalf("checked %d tiles, %d with a place offered both ways round: the test saw nothing to check", checked, reversed)
	}
	t.Logf("numbered: %v", hist)
	t.Logf("%d tiles checked, %d with a place offered both ways round, %d with fewer than all nine numbered", checked, reversed, short)
}

// TestSinceBadgesAllPlaced checks that every laid tile the table marks gets its badge, since
// laid tiles never share a cell: here every tile of a finished game marked at once.
func TestSinceBadgesAllPlaced(t *testing.T) {
	v := suite.View(finishedGame(t), 0)
	var marks []badgeMark
	for i, pl := range v.Placements {
		marks = append(marks, badgeMark{cells: pl.Place.Cells, label: strconv.Itoa(i + 1)})
	}
	l, err := newLayout(v.Radius)
	if err != nil {
		t.Fatal(err)
	}
	spots := spotBadges(marks, l)
	if got := len(spots); got != len(marks) || got < 40 {
		t.Fatalf("%d of %d laid tiles have a badge", got, len(marks))
	}
	checkBadges(t, l, marks, spots)
	// A few tiles apart sit on their joints, where no cell's symbol is hidden.
	few := []badgeMark{marks[0], marks[len(marks)/2], marks[len(marks)-1]}
	for i, s := range spotBadges(few, l) {
		a, b := l.at(few[i].cells[0]), l.at(few[i].cells[1])
		far := true
		for j := range few {
			c, d := l.at(few[j].cells[0]), l.at(few[j].cells[1])
			if j != i && math.Hypot((a.X+b.X-c.X-d.X)/2, (a.Y+b.Y-c.Y-d.Y)/2) < 3*float64(l.grid.Width) {
				far = false
			}
		}
		if far && !s.joint {
			t.Errorf("tile %d, far from the others, is marked in a cell, not on its joint", i+1)
		}
	}
}

// checkBadges fails when two badges overlap (a wedge counted as its badge's reach) or a badge
// is not on its own tile: on the joint of its two cells, or in one of them with its wedge
// pointing at the other.
func checkBadges(t *testing.T, l layout, marks []badgeMark, spots []badgeSpot) {
	t.Helper()
	at := make([]images.Point, len(spots))
	for i, s := range spots {
		var other images.Point
		at[i], other = badgeAt(marks[i], s, l)
		want := float64(l.grid.Width)
		if s.joint {
			want /= 2
		}
		if d := math.Hypot(other.X-at[i].X, other.Y-at[i].Y); math.Abs(d-want) > 1 {
			t.Fatalf("badge %s is %.0f px from its tile's other cell, want %.0f", marks[i].label, d, want)
		}
		for j := range i {
			if d := math.Hypot(at[i].X-at[j].X, at[i].Y-at[j].Y); d < 2*(badgeRadius+badgeRing) {
				t.Fatalf("badges %s and %s are %.0f px apart, overlapping", marks[j].label, marks[i].label, d)
			}
		}
	}
	// A wedge's tip, half a cell from its badge towards the other cell, touches no badge.
	for i, s := range spots {
		if s.joint {
			continue
		}
		a, b := badgeAt(marks[i], s, l)
		tip := images.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
		for j := range spots {
			if d := math.Hypot(tip.X-at[j].X, tip.Y-at[j].Y); j != i && d < badgeRadius+badgeRing {
				t.Fatalf("the wedge of badge %s reaches badge %s", marks[i].label, marks[j].label)
			}
		}
	}
}
