package chart

import (
	"math"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
)

func TestYAxis(t *testing.T) {
	for _, tc := range []struct {
		name           string
		ratings        []float64
		lo, hi, step   float64
		decimals       int
		wantFirstTicks []float64
	}{
		{"a new player's start", []float64{0}, -2, 2, 1, 0, []float64{-2, -1, 0}},
		{"flat", []float64{12, 12, 12}, 10, 14, 1, 0, []float64{10, 11, 12}},
		{"one point", []float64{1.37}, -1, 4, 1, 0, []float64{-1, 0, 1}},
		{"a season", []float64{-0.6, 12, 49}, -10, 50, 10, 0, []float64{-10, 0, 10}},
		{"below zero", []float64{0, -1.8, -5.2, 2.4}, -6, 4, 2, 0, []float64{-6, -4, -2}},
		{"a narrow span", []float64{27.1, 27.9, 31.2}, 27, 32, 1, 0, []float64{27, 28, 29}},
		{"tenths", []float64{0.11, 0.12}, -1.9, 2.2, 1, 0, nil},
		{"large", []float64{1000, 4200}, 1000, 4500, 500, 0, []float64{1000, 1500}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newYAxis([]line{{ratings: tc.ratings}})
			lo, hi := slices.Min(tc.ratings), slices.Max(tc.ratings)
			if a.lo > lo || a.hi < hi {
				t.Errorf("axis %v…%v does not enclose %v…%v", a.lo, a.hi, lo, hi)
			}
			if n := math.Round((a.hi - a.lo) / a.step); n < 3 || n > 7 {
				t.Errorf("%v intervals of %v, want 3 to 7", n, a.step)
			}
			if tc.wantFirstTicks == nil {
				return
			}
			if a.lo != tc.lo || a.hi != tc.hi || a.step != tc.step || a.decimals != tc.decimals {
				t.Errorf("axis %+v, want lo %v hi %v step %v decimals %d", a, tc.lo, tc.hi, tc.step, tc.decimals)
			}
			if got := a.ticks()[:len(tc.wantFirstTicks)]; !slices.Equal(got, tc.wantFirstTicks) {
				t.Errorf("ticks start %v, want %v", got, tc.wantFirstTicks)
			}
		})
	}
}

// TestYAxisRandom checks, for random spans of every scale, that the axis encloses the data in
// three to seven nice intervals whose ticks are the axis's ends.
func TestYAxisRandom(t *testing.T) {
	x := uint64(7)
	rnd := func() float64 {
		x = x*6364136223846793005 + 1442695040888963407
		return float64(x>>11) / float64(1<<53)
	}
	for i := range 5000 {
		scale := math.Pow(10, rnd()*8-3)
		a, b := (rnd()*2-1)*scale, (rnd()*2-1)*scale
		ax := newYAxis([]line{{ratings: []float64{a, b}}})
		lo, hi := min(a, b), max(a, b)
		if ax.lo > lo || ax.hi < hi {
			t.Fatalf("case %d: axis %+v does not enclose %v…%v", i, ax, lo, hi)
		}
		n := math.Round((ax.hi - ax.lo) / ax.step)
		if n < 3 || n > 7 {
			t.Fatalf("case %d: %v…%v: %v intervals of %v", i, lo, hi, n, ax.step)
		}
		m := ax.step / math.Pow(10, math.Floor(math.Log10(ax.step)+1e-9))
		if math.Abs(m-1) > 1e-6 && math.Abs(m-2) > 1e-6 && math.Abs(m-5) > 1e-6 {
			t.Fatalf("case %d: step %v is not 1, 2 or 5 × 10ᵏ", i, ax.step)
		}
		if ts := ax.ticks(); len(ts) != int(n)+1 {
			t.Fatalf("case %d: %d ticks for %v intervals", i, len(ts), n)
		}
	}
}

func TestXTicks(t *testing.T) {
	for n, want := range map[int][]int{
		1:  {1},
		2:  {1, 2},
		7:  {1, 2, 3, 4, 5, 6, 7},
		8:  {1, 2, 3, 4, 5, 6, 7, 8},
		9:  {1, 4, 6, 9},
		12: {1, 4, 6, 8, 10, 12},
		14: {1, 5, 10, 14},
		30: {1, 5, 10, 15, 20, 25, 30},
		31: {1, 5, 10, 15, 20, 25, 31},
		50: {1, 10, 20, 30, 40, 50},
	} {
		if got := xTicks(n); !slices.Equal(got, want) {
			t.Errorf("xTicks(%d) = %v, want %v", n, got, want)
		}
	}
	for n := 1; n <= MaxPoints; n++ {
		ts := xTicks(n)
		if len(ts) > 8 || ts[0] != 1 || ts[len(ts)-1] != n || !slices.IsSorted(ts) {
			t.Errorf("xTicks(%d) = %v: want 1 to n ascending, at most 8", n, ts)
		}
	}
}

func TestNumber(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		dec  int
		lang games.Lang
		want string
	}{
		{27.34, 1, games.English, "27.3"},
		{27.34, 1, games.Czech, "27,3"},
		{-1.46, 1, games.English, "−1.5"},
		{-1.46, 1, games.Czech, "−1,5"},
		{-0.04, 1, games.English, "0.0"},
		{math.Copysign(0, -1), 0, games.Czech, "0"},
		{-10, 0, games.English, "−10"},
		{2.5, 1, games.Czech, "2,5"},
	} {
		if got := number(tc.v, tc.dec, tc.lang); got != tc.want {
			t.Errorf("number(%v, %d, %s) = %q, want %q", tc.v, tc.dec, tc.lang, got, tc.want)
		}
	}
}

func TestCovers(t *testing.T) {
	for n, want := range map[int][2]string{
		1:  {"Rating after 1 game", "Hodnocení po 1 partii"},
		3:  {"Rating over the last 3 games", "Hodnocení za poslední 3 partie"},
		5:  {"Rating over the last 5 games", "Hodnocení za posledních 5 partií"},
		50: {"Rating over the last 50 games", "Hodnocení za posledních 50 partií"},
	} {
		got := covers(n)
		if got.EN != want[0] || got.CS != want[1] {
			t.Errorf("covers(%d) = %+v, want %q / %q", n, got, want[0], want[1])
		}
	}
}
