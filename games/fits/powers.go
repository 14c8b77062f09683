package fits

import (
	"math/rand/v2"

	"github.com/tablebot/tablebot/games"
)

// The search AI's optional powers (see games/search): a rollout policy, an ordering of the
// candidate moves and an estimate of the final scores, all from the static evaluation of
// eval.go.

// The looks at the next piece (see lookahead): how many of the best moves by the static
// evaluation are re-valued, over how many of the shapes to come.
const (
	// rankLook: RankMoves where the search decides (and outside the search), over every
	// shape to come. Played alone on 200 seeded solo games, the ranking's first move scores a
	// mean of 27.8 with the looks of 6, then 3 × 3 (21.5 % of games over 30), 28.0 with
	// these (25 %), and 28.0 with 16, then 10 × 8 (25.5 %) at twice the cost.
	rankLook = 10
	// deepLook and deepShapes: RankMoves deeper in the search's tree, over shapes spread
	// evenly among those to come.
	deepLook, deepShapes = 3, 4
	// twiceLook and twiceOptions: of those, how many RankMoves re-values by a look two pieces
	// ahead, and over how many placements of each next shape (see lookTwice).
	twiceLook, twiceOptions = 6, 5
	// rolloutLook and rolloutShapes: RolloutMove, over shapes drawn at random.
	rolloutLook, rolloutShapes = 3, 5
)

// RolloutMove is the search AI's rollout policy (search.RolloutPolicy): the best few moves by
// the static evaluation of the board after each (the expected end-of-round score given the
// squares still to come; setting a building card aside keeps the board as it is) are
// re-valued by the best value reachable with the next piece, averaged over a few of the
// shapes still to come drawn with r (all of them when r is nil); the highest wins, the first
// in Legal order among equals. In a copy drawn by Determinize, past the round the search's
// decision belongs to, it sets every building card aside and lays a start piece in its first
// legal place, thinking no more: those rounds do not depend on the decision, and Estimate
// scores them as played so. It returns nil when seat need not act.
func (s *State) RolloutMove(seat games.Seat, r *rand.Rand) games.Action {
	if s.settled() {
		if places := s.LegalPlaces(seat); s.phase == PhaseStart && len(places) > 0 {
			return places[0]
		}
		if piece := s.Piece(seat); piece != NoShape {
			return Aside{Piece: piece}
		}
		return nil
	}
	w := tuned(s.Board())
	moves := s.evalMoves(seat, &w)
	if len(moves) == 0 {
		return nil
	}
	next := s.coming(seat)
	if r != nil {
		next = sample(next, rolloutShapes, r)
	}
	return s.lookahead(seat, moves, rolloutLook, next, &w)[0].action()
}

// RankMoves orders seat's legal moves best first (search.Ranker) and returns the first n (all
// when n <= 0); nil when seat need not act. The best ten by the static evaluation of the board
// after each are re-valued by the best value reachable with the next piece, averaged over
// every shape still to come, and the best six of those by a look two pieces ahead (lookTwice,
// over the five most promising placements of each next piece); the rest follow in the order
// of their own value, equal values in Legal order.
// Deeper in the search's tree (in a copy drawn by Determinize, moves later than the decision
// it was drawn for) it looks at the best three over four of the shapes to come, to save time.
func (s *State) RankMoves(seat games.Seat, n int) []games.Action {
	w := tuned(s.Board())
	moves := s.evalMoves(seat, &w)
	if len(moves) == 0 {
		return nil
	}
	if s.focus > 0 && s.step() != s.focusStep {
		moves = s.lookahead(seat, moves, deepLook, spread(s.coming(seat), deepShapes), &w)
	} else {
		moves = s.lookahead(seat, moves, rankLook, s.coming(seat), &w)
		moves = s.lookTwice(seat, moves, twiceLook, twiceOptions, &w)
	}
	if n <= 0 || n > len(moves) {
		n = len(moves)
	}
	out := make([]games.Action, n)
	for i := range out {
		out[i] = moves[i].action()
	}
	return out
}

// Estimate returns every seat's expected final score as the search sees it
// (search.Evaluator): its total over the scored rounds plus, while a round is in play, the
// static evaluation of its board (its best move's board when it still has a piece to place
// or set aside; a hidden choice already made counts as laid). Rounds not begun add nothing:
// they do not depend on anything decided so far. In a copy drawn by Determinize, a round
// after the one the search's decision belongs to counts what it will score as RolloutMove
// plays it (every card set aside), so that a rollout cut there and one played to the end of
// the game agree. It does not change the state.
func (s *State) Estimate() []float64 {
	out := make([]float64, len(s.seats))
	inPlay := !s.roundOver() && s.phase != PhaseOver
	w := tuned(s.Board())
	for i := range s.seats {
		seat := games.Seat(i)
		out[i] = float64(s.total(seat))
		switch {
		case inPlay && s.settled():
			out[i] += float64(s.settledScore(seat))
		case inPlay:
			out[i] += s.boardEstimate(seat, &w)
		}
	}
	return out
}

// laidSurface returns seat's board with its hidden choice of the current step, if it made
// one and placed a piece, laid on it.
func (s *State) laidSurface(seat games.Seat) surface {
	sf := s.surfaceOf(seat)
	if ch := s.seats[seat].pending; ch.made && ch.aside == NoShape {
		for _, c := range ch.placed.Cells {
			if c.onBoard() {
				sf.occ[c.Row] |= 1 << c.Col
				sf.h[c.Col] = max(sf.h[c.Col], c.Row+1)
			}
		}
	}
	return sf
}

// settledScore is what seat's board in play will score when RolloutMove plays the rest of a
// settled round: the board as it is, with the start piece laid in its first legal place if it
// is still to come, every building card set aside.
func (s *State) settledScore(seat games.Seat) int {
	sf := s.laidSurface(seat)
	if s.phase == PhaseStart && s.Piece(seat) != NoShape {
		if places := s.LegalPlaces(seat); len(places) > 0 {
			p := places[0]
			sf, _ = sf.drop(orientOf(p.Piece, p.Rot, p.Flip), p.Col)
		}
	}
	var g Grid
	for row := range Rows {
		for col := range Cols {
			if sf.occ[row]&(1<<col) != 0 {
				g[row][col] = 1
			}
		}
	}
	return ScoreGrid(s.Board(), &g).Total
}

// boardEstimate is the static evaluation of seat's board in the round in play.
func (s *State) boardEstimate(seat games.Seat, w *weights) float64 {
	l := &layouts[s.Board()]
	if moves := s.evalMoves(seat, w); len(moves) > 0 {
		best := moves[0].value
		for _, m := range moves[1:] {
			best = max(best, m.value)
		}
		return best
	}
	sf := s.laidSurface(seat)
	return l.value(&sf, s.comingSquares(seat), w)
}

// roundIndex returns the index in the board order of the round that the next placements
// belong to: the round on the table, or the next one once it has been scored.
func (s *State) roundIndex() int {
	if s.roundOver() {
		return s.round + 1
	}
	return s.round
}

// settled reports whether s is a copy drawn for the search past the end of the round its
// decision belongs to (see State.focus).
func (s *State) settled() bool { return s.focus > 0 && s.roundIndex() >= s.focus }

// step numbers the steps of a game: different numbers for different steps (rounds, cards
// turned, phase).
func (s *State) step() int { return s.roundIndex()*64 + 2*len(s.turned) + int(s.phase) }

// TrustRanking tells the search AI to play RankMoves' first move as it is, without a tree
// (search.RankingTrust): that move already comes from an expectimax two pieces ahead over
// every piece to come, which the search's rollouts (one piece ahead over a few) cannot judge
// without a bias; see the package documentation for the measurements.
func (s *State) TrustRanking() bool { return true }
