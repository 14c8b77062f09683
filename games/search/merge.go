package search

import (
	"cmp"
	"math"

	"github.com/tablebot/tablebot/games"
)

// rootStats sums the root statistics of the trees, in the order of legal; moves no tree tried
// are left out.
func rootStats(legal []games.Action, trees []*tree) []MoveStat {
	var out []MoveStat
	for _, a := range legal {
		key := keyOf(a)
		m := MoveStat{Action: a}
		sum := 0.0
		for _, t := range trees {
			if ch := t.root.child(key); ch != nil {
				m.Visits += ch.visits
				sum += ch.sum
			}
		}
		if m.Visits == 0 {
			continue
		}
		m.Mean = sum / float64(m.Visits)
		out = append(out, m)
	}
	return out
}

// best returns the index in stats of the search's best move, or -1 for none: among the moves
// tried at least half as often as the most tried one, the one with the best mean reward, then
// the more tried, then the first. (UCB sends most iterations to the best moves, but with small
// budgets and close moves the counts alone are noisy, while the common random numbers make
// the means comparable.)
func best(stats []MoveStat) int {
	most := 0
	for _, m := range stats {
		most = max(most, m.Visits)
	}
	b := -1
	for i, m := range stats {
		if 2*m.Visits < most {
			continue
		}
		if b < 0 || cmp.Or(cmp.Compare(m.Mean, stats[b].Mean), cmp.Compare(m.Visits, stats[b].Visits)) > 0 {
			b = i
		}
	}
	return b
}

// significant reports whether the paired differences diffs are above 0 by more than
// confidence standard errors of their mean (and more than 0); never for fewer than two.
func significant(diffs []float64, confidence float64) bool {
	n := len(diffs)
	if n < 2 {
		return false
	}
	sum, sq := 0.0, 0.0
	for _, d := range diffs {
		sum += d
		sq += d * d
	}
	mean := sum / float64(n)
	variance := max(sq/float64(n)-mean*mean, 0) * float64(n) / float64(n-1)
	return mean > 0 && mean > confidence*math.Sqrt(variance/float64(n))
}
