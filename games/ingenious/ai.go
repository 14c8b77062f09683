package ingenious

import (
	"github.com/tablebot/tablebot/games"
)

// bonusWorth is what the greedy player values an earned bonus placement at, in utility units
// (a point on a colour at 0 is worth Cap or TeamCap units; see pointWorth).
const bonusWorth = 12

// utility values a score track: the sum over colours of the worth of every point reached,
// where raising a colour from v-1 to v is worth top+1-v. Points on weak colours are worth more
// than points on strong ones, so the player lifts its weakest colours first.
func utility(track [6]int, top int) int {
	u := 0
	for _, x := range track {
		// Σ_{v=1..x} (top+1-v) = x*(top+1) - x(x+1)/2
		u += x*(top+1) - x*(x+1)/2
	}
	return u
}

// evaluate returns the greedy player's value of placing p for seat, and the track after it.
func (s *State) evaluate(seat games.Seat, p Place) (int, [6]int) {
	return s.evaluateGains(seat, p, s.lineGains(p))
}

// evaluateGains is evaluate given the points each half of p scores (see lineGains).
func (s *State) evaluateGains(seat games.Seat, p Place, gains [2]int) (int, [6]int) {
	before := s.scores[s.side(seat)]
	after, earned := addGains(before, p, gains, s.twoTracks())
	if allAt(after, s.top()) {
		return 1 << 30, after
	}
	v := utility(after, s.top()) - utility(before, s.top())
	if !s.Solo() {
		v += earned * bonusWorth
	}
	return v, after
}

// bestPlace returns seat's highest-valued legal placement; the first in Legal order wins ties,
// so equal states give equal choices.
func (s *State) bestPlace(seat games.Seat) (Place, bool) {
	if s.phase != PhasePlace || seat != s.turn {
		return Place{}, false
	}
	tiles := distinctTiles(s.racks[seat])
	var r rater
	s.initRater(&r, seat, rackColours(tiles), greedy)
	best, _, found := r.best(tiles)
	return best, found
}

// Hint returns the greedy player's move for seat: the placement that adds the most points to
// its weakest colours (weighted, bonuses counted), or the swap whenever one is offered and the
// lowest colour has not topped out. It returns nil when seat need not act.
func (s *State) Hint(seat games.Seat) games.Action {
	if seat == games.Chance || !games.IsToAct(s, seat) {
		return nil
	}
	if s.phase == PhaseSwap {
		if sortedScores(s.scores[s.side(seat)])[0] < s.top() {
			return Swap{}
		}
		return Keep{}
	}
	p, ok := s.bestPlace(seat)
	if !ok {
		return nil
	}
	return p
}
