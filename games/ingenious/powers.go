package ingenious

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

// RankMoves returns up to n of seat's legal moves (all when n <= 0), best first by the greedy
// player's valuation (see Hint), the first in Legal order among equals; nil when seat need
// not act. It is the search AI's search.Ranker.
func (s *State) RankMoves(seat games.Seat, n int) []games.Action {
	if seat == games.Chance || !games.IsToAct(s, seat) {
		return nil
	}
	if s.phase == PhaseSwap {
		if _, swap := s.Hint(seat).(Swap); swap {
			return []games.Action{Swap{}, Keep{}}
		}
		return []games.Action{Keep{}, Swap{}}
	}
	places := s.LegalPlaces(seat)
	type rated struct {
		p Place
		v int
	}
	rs := make([]rated, len(places))
	for i, p := range places {
		v, _ := s.evaluate(seat, p)
		rs[i] = rated{p, v}
	}
	slices.SortStableFunc(rs, func(a, b rated) int { return b.v - a.v })
	if n > 0 && len(rs) > n {
		rs = rs[:n]
	}
	out := make([]games.Action, len(rs))
	for i, r := range rs {
		out[i] = r.p
	}
	return out
}
