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
			v := view(st, st.Turn())
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
				spots := spotBadges(marks)
				hist[len(spots)]++
				checked++
				if len(spots) < len(marks) {
					short++
				}
				if len(spots) < min(len(marks), 2) {
					t.Fatalf("tile %v after %d tiles: %d of %d places numbered", tile, laid, len(spots), len(marks))
				}
				at := make([]images.Point, len(spots))
				for i, k := range spots {
					cell, other := marks[i].cells[k], marks[i].cells[1-k]
					at[i] = l.at(cell)
					if d := math.Hypot(l.at(other).X-at[i].X, l.at(other).Y-at[i].Y); math.Abs(d-float64(l.grid.Width)) > 1 {
						t.Fatalf("badge %d's wedge points %.0f px away, not at the neighbouring cell", i+1, d)
					}
					for j := range i {
						if d := math.Hypot(at[i].X-at[j].X, at[i].Y-at[j].Y); d < 2*(badgeRadius+badgeRing) {
							t.Fatalf("tile %v after %d tiles: badges %d and %d are %.0f px apart, overlapping", tile, laid, j+1, i+1, d)
						}
					}
				}
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
	v := view(finishedGame(t), 0)
	var marks []badgeMark
	for i, pl := range v.Placements {
		marks = append(marks, badgeMark{cells: pl.Place.Cells, label: strconv.Itoa(i + 1)})
	}
	if got := len(spotBadges(marks)); got != len(marks) || got < 40 {
		t.Errorf("%d of %d laid tiles have a badge", got, len(marks))
	}
}
