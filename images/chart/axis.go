package chart

import (
	"math"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// minSpan is the smallest rating span the y axis shows, so that a flat series is drawn in the
// middle of the plot and not along an edge.
const minSpan = 4

// yAxis is the rating axis: from lo to hi, with a tick every step (decimals digits after the
// point in its labels).
type yAxis struct {
	lo, hi, step float64
	decimals     int
}

// newYAxis returns the axis of nice numbers that encloses every rating of lines: four to
// seven ticks, 1, 2 or 5 × 10ᵏ apart.
func newYAxis(lines []line) yAxis {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, l := range lines {
		for _, v := range l.ratings {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if math.IsInf(lo, 0) {
		lo, hi = 0, 0
	}
	if hi-lo < minSpan {
		mid := (lo + hi) / 2
		lo, hi = mid-minSpan/2, mid+minSpan/2
	}
	step := bestStep(lo, hi)
	a := yAxis{lo: math.Floor(lo/step) * step, hi: math.Ceil(hi/step) * step, step: step}
	if a.hi-a.lo < step/2 { // ratings so large that the floats round away the span
		a.hi = a.lo + step
	}
	if step < 1 {
		a.decimals = int(math.Ceil(-math.Log10(step) - 1e-9))
	}
	return a
}

// bestStep returns the tick step, 1, 2 or 5 × 10ᵏ, whose ticks enclose lo…hi in three to
// seven intervals with the least room to spare (the larger step on a tie).
func bestStep(lo, hi float64) float64 {
	span := hi - lo
	if !(span > 0) || math.IsInf(span, 0) {
		return 1
	}
	best, bestSpan := 0.0, math.Inf(1)
	k0 := math.Floor(math.Log10(span / 7))
	for k := k0 - 1; k <= k0+1; k++ {
		for _, m := range []float64{1, 2, 5} {
			step := m * math.Pow(10, k)
			a, b := math.Floor(lo/step)*step, math.Ceil(hi/step)*step
			n := math.Round((b - a) / step)
			if n < 3 || n > 7 {
				continue
			}
			if s := b - a; s < bestSpan*(1-1e-9) || (s <= bestSpan*(1+1e-9) && step > best) {
				best, bestSpan = step, s
			}
		}
	}
	if best == 0 {
		return niceStep(span / 4)
	}
	return best
}

// niceStep returns the smallest of 1, 2 and 5 × 10ᵏ that is at least raw.
func niceStep(raw float64) float64 {
	if !(raw > 0) || math.IsInf(raw, 0) {
		return 1
	}
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// ticks returns the ratings the axis marks, lo to hi.
func (a yAxis) ticks() []float64 {
	var out []float64
	n := int(math.Round((a.hi - a.lo) / a.step))
	for i := 0; i <= n && i <= 20; i++ {
		out = append(out, a.lo+float64(i)*a.step)
	}
	return out
}

// xTicks returns the games the x axis labels among 1…n: every one up to eight games, else 1,
// every step-th (the smallest of 2, 5, 10, 20, 25 that gives at most seven labels) and n,
// leaving out a multiple no more than half a step from 1 or n.
func xTicks(n int) []int {
	if n <= 1 {
		return []int{1}
	}
	if n <= 8 {
		out := make([]int, n)
		for i := range out {
			out[i] = i + 1
		}
		return out
	}
	step := 25
	for _, s := range []int{2, 5, 10, 20, 25} {
		if n/s+1 <= 7 {
			step = s
			break
		}
	}
	out := []int{1}
	for g := step; g < n; g += step {
		if 2*(g-1) > step && 2*(n-g) > step {
			out = append(out, g)
		}
	}
	return append(out, n)
}

// number writes v with decimals digits after the decimal point, in lang: a decimal comma in
// Czech, a true minus sign, and no "−0".
func number(v float64, decimals int, lang games.Lang) string {
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if strings.Trim(s, "-0.") == "" {
		s = strings.TrimPrefix(s, "-")
	}
	if lang == games.Czech {
		s = strings.Replace(s, ".", ",", 1)
	}
	return strings.Replace(s, "-", "−", 1)
}
