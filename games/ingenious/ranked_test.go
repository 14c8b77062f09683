package ingenious

import (
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// rankedAll is Ranked the plain way: every candidate collected, sorted stably by value, the
// first maxMenu kept. Ranked keeps only the best as it goes and must list the same.
func rankedAll(s *State, seat games.Seat, tile Tile) []Candidate {
	before := s.scores[s.side(seat)]
	var all []rankedCandidate
	type same struct {
		cells [2]Cell
		gains [6]int
	}
	seen := map[same]bool{}
	var g gainTable
	s.fillGains(&g)
	s.forEachPlace(seat, []Tile{tile}, &g, func(p Place, halves [2]int) {
		v, after := s.evaluateGains(seat, p, halves)
		var gains [6]int
		for c := range gains {
			gains[c] = after[c] - before[c]
		}
		if p.First == p.Second {
			k := same{p.Canonical().Cells, gains}
			if seen[k] {
				return
			}
			seen[k] = true
		}
		all = append(all, rankedCandidate{Candidate{p, gains}, v})
	})
	slices.SortStableFunc(all, func(a, b rankedCandidate) int { return b.v - a.v })
	out := make([]Candidate, 0, maxMenu)
	for _, r := range all[:min(len(all), maxMenu)] {
		out = append(out, r.c)
	}
	return out
}

// TestRankedKeepsTheStableBest checks at every placement decision of random games of every
// kind, for every tile of the rack, that Ranked lists exactly what sorting every candidate
// stably would: the same places, in the same order, ties in the order Legal lists them.
func TestRankedKeepsTheStableBest(t *testing.T) {
	checked, full := 0, 0
	randomPositions(t, 2, func(s *State, seat games.Seat) {
		for _, tile := range s.racks[seat] {
			got, want := s.Ranked(seat, tile), rankedAll(s, seat, tile)
			if !slices.Equal(got, want) {
				t.Fatalf("Ranked(%v, %v):\n got  %v\n want %v", seat, tile, got, want)
			}
			checked++
			if len(want) == maxMenu {
				full++
			}
		}
	})
	if full == 0 || full == checked {
		t.Fatalf("%d of %d menus were full: the test must see both short and cut lists", full, checked)
	}
}

// BenchmarkRanked measures ranking a rack tile's places in a four-player game 40 placements in,
// against rankedAll (every candidate kept and sorted) in the same run.
func BenchmarkRanked(b *testing.B) {
	s := benchState(b)
	seat := s.ToAct()[0]
	tile := s.racks[seat][0]
	b.Run("best-kept", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.Ranked(seat, tile)
		}
	})
	b.Run("baseline-all-sorted", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rankedAll(s, seat, tile)
		}
	})
}
