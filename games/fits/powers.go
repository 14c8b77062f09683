package fits

import (
	"math/rand/v2"

	"github.com/tablebot/tablebot/games"
)

// RolloutMove is the search AI's fast rollout policy (search.RolloutPolicy): the greedy
// player's valuation of the placements of seat's piece without the look at the shapes to
// come, the best one, the first in Legal order among equals; Aside when even the best loses
// more than four points of value. It returns nil when seat need not act; r is not used.
func (s *State) RolloutMove(seat games.Seat, _ *rand.Rand) games.Action {
	piece := s.Piece(seat)
	if piece == NoShape {
		return nil
	}
	places := s.rate(seat, s.newEvaluator(seat))
	best := -1
	for i := range places {
		if best < 0 || places[i].value > places[best].value {
			best = i
		}
	}
	if best < 0 || (s.phase == PhaseBuild && places[best].value < asideBelow) {
		if s.phase == PhaseStart {
			return nil
		}
		return Aside{Piece: piece}
	}
	return places[best].place
}
