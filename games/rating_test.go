package games

import (
	"math"
	"testing"
)

func TestRanksOf(t *testing.T) {
	scale := Ranks{{30, Say("good", "dobré")}, {10, Say("fair", "ucházející")}}
	for _, tc := range []struct {
		total int
		want  string
		ok    bool
	}{{45, "good", true}, {30, "good", true}, {29, "fair", true}, {10, "fair", true}, {9, "", false}} {
		r, ok := scale.Of(tc.total)
		if ok != tc.ok || r.Name.EN != tc.want {
			t.Errorf("Of(%d) = %v, %v; want %q, %v", tc.total, r, ok, tc.want, tc.ok)
		}
	}
	all := append(scale, Rank{math.MinInt, Say("any", "jakékoli")})
	if r, ok := all.Of(math.MinInt); !ok || r.Name.EN != "any" {
		t.Errorf("a scale ending at math.MinInt rated %v, %v", r, ok)
	}
}
