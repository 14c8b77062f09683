package fits

import "testing"

// TestFirstChip checks that the round chips of a seat are never silently cut to the first
// ones: all when they fit, else the newest that fit, and at least the last.
func TestFirstChip(t *testing.T) {
	for _, c := range []struct {
		widths []float64
		room   float64
		want   int
	}{
		{[]float64{50, 50, 50, 50}, 212, 0},
		{[]float64{50, 50, 50, 50}, 211, 1},
		{[]float64{50, 50, 50, 50}, 100, 3},
		{[]float64{50, 50, 50, 50}, 10, 3},
		{nil, 100, 0},
	} {
		if got := firstChip(c.widths, 4, c.room); got != c.want {
			t.Errorf("firstChip(%v, room %v) = %d, want %d", c.widths, c.room, got, c.want)
		}
	}
}
