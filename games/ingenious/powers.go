package ingenious

import (
	"math/rand/v2"

	"github.com/tablebot/tablebot/games"
)

// RankMoves returns up to n of seat's legal moves (all when n <= 0), best first by the greedy
// player's valuation (see Hint), the first in Legal order among equals, the best few
// reordered by a look-ahead at the next placement of the rest of the rack (see lookAhead);
// nil when seat need not act. It is the search AI's search.Ranker.
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
	tiles := distinctTiles(s.racks[seat])
	var r rater
	s.initRater(&r, seat, rackColours(tiles), greedy)
	rs := r.all(tiles)
	sortRated(rs)
	s.lookAhead(seat, &r, rs)
	if n > 0 && len(rs) > n {
		rs = rs[:n]
	}
	out := make([]games.Action, len(rs))
	for i, r := range rs {
		out[i] = r.p
	}
	return out
}

// RolloutMove returns seat's move for the search AI's rollouts, and for the other seats inside
// its tree: the greedy player's (Hint's) move, found without the allocations of the general
// path. It is the search AI's search.RolloutPolicy; it draws nothing from r, returns nil when
// seat need not act, and does not change s.
func (s *State) RolloutMove(seat games.Seat, r *rand.Rand) games.Action {
	if seat != s.turn {
		return nil
	}
	switch s.phase {
	case PhaseSwap:
		if sortedScores(s.scores[s.side(seat)])[0] < s.top() {
			return Swap{}
		}
		return Keep{}
	case PhasePlace:
		if p, ok := s.bestPlace(seat); ok {
			return p
		}
	}
	return nil
}

// estimateRate is how many points a placement adds to a side's weakest colours, on average
// over a game of greedy players (two-player self-play of Hint: about 20 placements a seat
// for a lowest colour near 9).
const estimateRate = 1.5

// Estimate returns each seat's expected final lowest colour if the game were played on: its
// track with the points of its remaining placements poured into its weakest colours, like
// water into a basin (estimateRate points a placement; each side expects an equal share of
// the placements that fit on the empty cells). A balanced track therefore expects more than
// a lopsided one with the same lowest colour. Over, it returns the final scores. It is the
// search AI's search.Evaluator and does not change s.
func (s *State) Estimate() []float64 {
	out := make([]float64, len(s.Names))
	if s.phase == PhaseOver {
		for seat := range out {
			out[seat] = float64(sortedScores(s.scores[s.side(games.Seat(seat))])[0])
		}
		return out
	}
	empty := 0
	for _, i := range s.tables().cells {
		if s.board[i] == 0 {
			empty++
		}
	}
	budget := estimateRate * float64(empty) / 2 / float64(s.sides())
	for seat := range out {
		out[seat] = waterLevel(sortedScores(s.scores[s.side(games.Seat(seat))]), budget, s.top())
	}
	return out
}

// waterLevel returns the lowest value of the sorted track after budget points are added one
// by one to its lowest colour, never past top (fractional points spread evenly).
func waterLevel(sorted [6]int, budget float64, top int) float64 {
	level := float64(sorted[0])
	for i := 1; i <= len(sorted); i++ {
		next := float64(top)
		if i < len(sorted) {
			next = min(float64(sorted[i]), next)
		}
		cost := (next - level) * float64(i)
		if cost >= budget {
			return level + budget/float64(i)
		}
		budget -= cost
		level = next
	}
	return min(level, float64(top))
}

// ambitionShare is the share of the search AI's reward that a seat's own lowest colour decides
// (the rest is its place and margin; see State.Ambition).
const ambitionShare = 0.85

// Ambition makes the search AI play for its own lowest colour as well as for its place:
// ambitionShare of its reward is the lowest colour over the top of the track (18; 36 for
// teams). Playing only to win, two strong players blocked each other and ended lower than two
// greedy ones; with it they build, as good players do. It is the search AI's search.Ambition
// and does not change s; solo games are scored by their lowest colour anyway.
func (s *State) Ambition() (share, full float64) { return ambitionShare, float64(s.top()) }
