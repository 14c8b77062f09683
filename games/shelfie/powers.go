package shelfie

import (
	"cmp"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// The search AI's optional powers (see package search). Its rollouts stop after a number of
// the searching seat's decisions; Estimate then stands in for the final scores.

// Estimate returns the expected final score of every seat of the result, in the order of
// Result.Seats: each player's position as the greedy player values it (see position: the
// columns by their expected worth at the end, the shipment placed greedily), corrected by the
// mean error of that value with as many boxes still to take; Shem Bot's score as it stands
// plus the mean gain of its boxes still to come. The corrections were measured over 300 solo
// games of the greedy player in each mode (TestEstimate checks them). It does not change the
// state.
func (s *State) Estimate() []float64 {
	if s.phase == PhaseOver {
		res := s.Result()
		out := make([]float64, len(res.Seats))
		for i, sr := range res.Seats {
			out[i] = float64(sr.Score)
		}
		return out
	}
	seats := s.scoring()
	out := make([]float64, len(seats))
	for i, seat := range seats {
		togo := s.boxesToCome(seat)
		if s.solo() && seat == Opponent {
			out[i] = float64(s.Score(seat).Total()) + botGain[togo]
			continue
		}
		var ship []Die
		if s.phase == PhaseTurn && s.current() == seat {
			ship = s.shipment
		}
		bias := playerBias[togo]
		if s.bot() {
			bias = playerBiasBot[togo]
		}
		out[i] = s.position(seat, ship) + bias
	}
	return out
}

// boxesToCome is how many more boxes seat will take: one for every round after this one, and
// one for this round unless seat has taken its box already (all seven before the first fill).
func (s *State) boxesToCome(seat games.Seat) int {
	if s.round == 0 {
		return Rounds
	}
	n := Rounds - s.round
	for _, b := range s.boxes {
		if b.taker == seat {
			return n
		}
	}
	return n + 1
}

// Corrections of Estimate, indexed by the boxes still to come (0–7): the mean final score
// less the greedy player's value of its position ("beat your score", and Shem Bot games,
// where the value counts progress towards the sidekick and the contest), and Shem Bot's mean
// gain from its score as it stands.
var (
	playerBias    = [Rounds + 1]float64{1.43, 5.53, 6.34, 6.40, 6.93, 6.73, 7.02, 8.56}
	playerBiasBot = [Rounds + 1]float64{0.67, 2.13, 1.39, 0.53, 1.45, 2.67, 4.20, 6.88}
	botGain       = [Rounds + 1]float64{0, 2.71, 8.93, 15.57, 21.19, 25.79, 31.91, 39.71}
)

// RankMoves returns up to n of seat's legal moves (all when n <= 0), best first: Hint's move,
// then the others by the greedy player's value of each (see Hint), Legal's order among
// equals; nil when seat need not act. The search widens its tree in this order. It does not
// change the state.
func (s *State) RankMoves(seat games.Seat, n int) []games.Action {
	if seat == games.Chance || !games.IsToAct(s, seat) {
		return nil
	}
	var legal []games.Action
	var values []float64
	switch {
	case s.phase == PhaseChoose:
		legal, values = s.chooseValues(seat)
	case !s.taken && !s.setNext:
		legal, values = s.takeValues(seat)
	default:
		legal, values = s.turnValues(seat)
	}
	first := bestIndex(values)
	idx := make([]int, 0, len(legal))
	for i := range legal {
		if i != first {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(values[b], values[a]) })
	if first >= 0 {
		idx = append([]int{first}, idx...)
	}
	if n > 0 && n < len(idx) {
		idx = idx[:n]
	}
	out := make([]games.Action, len(idx))
	for k, i := range idx {
		out[k] = legal[i]
	}
	return out
}
