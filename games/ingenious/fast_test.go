package ingenious

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// slowBest is the greedy placement as the rules compute it: every legal placement rated by
// evaluate (lines walked by lineGains), the first in Legal order among equals.
func slowBest(s *State, seat games.Seat) (Place, bool) {
	best, bestV, found := Place{}, 0, false
	for _, p := range s.LegalPlaces(seat) {
		v, _ := s.evaluate(seat, p)
		if !found || v > bestV {
			best, bestV, found = p, v, true
		}
	}
	return best, found
}

// randomPositions plays random games of every table kind and calls f at every placement
// decision.
func randomPositions(t *testing.T, games_ int, f func(s *State, seat games.Seat)) {
	t.Helper()
	kinds := []struct {
		n int
		o Options
	}{{1, Options{}}, {2, Options{}}, {3, Options{}}, {4, Options{}}, {4, Options{Teams: true}}}
	for k, kind := range kinds {
		for g := range games_ {
			r := rand.New(rand.NewPCG(uint64(k), uint64(g)))
			s, err := NewState(names[:kind.n], kind.o)
			if err != nil {
				t.Fatal(err)
			}
			for s.phase != PhaseOver {
				seat := s.ToAct()[0]
				if seat != games.Chance && s.phase == PhasePlace {
					f(s, seat)
				}
				var a games.Action
				switch {
				case seat == games.Chance:
					a = s.SampleChance(r)
				case r.IntN(3) == 0:
					a = s.Hint(seat)
				default:
					legal := s.Legal(seat)
					a = legal[r.IntN(len(legal))]
				}
				if _, err := s.Apply(seat, a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestGainTableMatchesLines checks the gain table against lineGains for every legal placement,
// and the fast greedy choice and ranking against the ones rated placement by placement.
func TestGainTableMatchesLines(t *testing.T) {
	checked := 0
	randomPositions(t, 3, func(s *State, seat games.Seat) {
		var g gainTable
		s.fillGains(&g)
		var fast []Place
		s.forEachPlace(seat, distinctTiles(s.racks[seat]), &g, func(p Place, gains [2]int) {
			if want := s.lineGains(p); gains != want {
				t.Fatalf("%v: table gains %v, lines %v", p, gains, want)
			}
			fast = append(fast, p)
		})
		if !slices.Equal(fast, s.LegalPlaces(seat)) {
			t.Fatalf("forEachPlace lists %d places, Legal %d", len(fast), len(s.LegalPlaces(seat)))
		}
		want, _ := slowBest(s, seat)
		if got := s.Hint(seat); got != want {
			t.Fatalf("hint %v, want %v", got, want)
		}
		r := s.newRater(seat)
		for _, p := range fast {
			ia, ib := int16(cellIndex(p.Cells[0])), int16(cellIndex(p.Cells[1]))
			want, _ := s.evaluate(seat, p)
			if got := r.value(p, ia, ib); got != want {
				t.Fatalf("%v: rated %d, want %d", p, got, want)
			}
		}
		slow := s.LegalPlaces(seat)
		vals := map[Place]int{}
		for _, p := range slow {
			vals[p], _ = s.evaluate(seat, p)
		}
		slices.SortStableFunc(slow, func(a, b Place) int { return vals[b] - vals[a] })
		ranked := s.RankMoves(seat, 0)
		if len(ranked) != len(slow) {
			t.Fatalf("RankMoves lists %d moves, want %d", len(ranked), len(slow))
		}
		// The look-ahead reorders the first lookMoves only.
		k := min(lookMoves, len(slow))
		for i, a := range ranked {
			if i < k && !slices.Contains(slow[:k], a.(Place)) {
				t.Fatalf("RankMoves[%d] = %v, not among the %d best %v", i, a, k, slow[:k])
			}
			if i >= k && a != slow[i] {
				t.Fatalf("RankMoves[%d] = %v, want %v", i, a, slow[i])
			}
		}
		checked++
	})
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestSortRated checks both sorts of rated placements against a stable sort by value.
func TestSortRated(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, top := range []int{5, 1000, 1 << 30} {
		rs := make([]rated, 300)
		for i := range rs {
			rs[i] = rated{Place{Cells: [2]Cell{{i, 0}, {i + 1, 0}}}, r.IntN(top + 1)}
		}
		want := slices.Clone(rs)
		slices.SortStableFunc(want, func(a, b rated) int { return b.v - a.v })
		for _, sort := range []func([]rated){sortRated, sortRatedByKey} {
			got := slices.Clone(rs)
			sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("values up to %d: sorted wrongly", top)
			}
		}
	}
}
