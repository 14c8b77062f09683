package search

import (
	"cmp"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// marginWeight is the share of a multiplayer reward that the score margin decides; the rest is
// decided by the place. It is small so that the search plays to win first and by much second.
const marginWeight = 0.1

// rewardOf returns the searching seat's raw reward for st: the score itself in a solo game
// (normalised later by the range seen in the tree), else a value made of the place (1 alone
// in first, 0 alone in last, shared places averaged), a small term for the margin to the best
// seat not sharing the place and, when st has the Ambition power, a share for the seat's own
// score (see ambitionOf). When estimate is true and st is an Evaluator, its estimates stand in
// for the scores and the ranking; otherwise st's Result gives them.
func rewardOf(st games.State, seat games.Seat, estimate bool) float64 {
	amb := ambitionOf(st)
	if e, ok := st.(Evaluator); ok && estimate {
		if est := e.Estimate(); len(est) > int(seat) && seat >= 0 {
			return amb.reward(est, rankingOf(est), seat)
		}
	}
	res := st.Result()
	scores := make([]float64, len(res.Seats))
	for i, sr := range res.Seats {
		scores[i] = float64(sr.Score)
	}
	return amb.reward(scores, res.Ranking, seat)
}

// ambition is a game's Ambition, checked: share in [0, 1), full > 0.
type ambition struct{ share, full float64 }

// ambitionOf returns st's Ambition, or none (share 0) when st has no such power or gives a
// share outside [0, 1) or a full score that is not above 0.
func ambitionOf(st games.State) ambition {
	a, ok := st.(Ambition)
	if !ok {
		return ambition{full: 1}
	}
	share, full := a.Ambition()
	if !(share > 0 && share < 1 && full > 0) {
		return ambition{full: 1}
	}
	return ambition{share, full}
}

// reward is rewardFrom with the ambition's share given to the seat's own score over its full
// score, in a game of several seats: (1-share)·rewardFrom + share·score/full.
func (a ambition) reward(scores []float64, ranking [][]games.Seat, seat games.Seat) float64 {
	v := rewardFrom(scores, ranking, seat)
	if a.share == 0 || len(scores) < 2 || int(seat) >= len(scores) || seat < 0 {
		return v
	}
	return (1-a.share)*v + a.share*scores[seat]/a.full
}

// rankingOf ranks seats by score, highest first, equal scores sharing a place.
func rankingOf(scores []float64) [][]games.Seat {
	return games.Places(games.PlayerSeats(len(scores)), func(a, b games.Seat) int { return cmp.Compare(scores[b], scores[a]) })
}

// rewardFrom is rewardOf given the scores and ranking of every seat.
func rewardFrom(scores []float64, ranking [][]games.Seat, seat games.Seat) float64 {
	n := len(scores)
	if int(seat) >= n || seat < 0 {
		return 0
	}
	if n == 1 {
		return scores[0]
	}
	// Place: the average 0-based position of seat's group.
	pos, place := 0, -1.0
	var mates []games.Seat
	for _, group := range ranking {
		if slices.Contains(group, seat) {
			place = float64(pos) + float64(len(group)-1)/2
			mates = group
			break
		}
		pos += len(group)
	}
	if place < 0 { // not ranked: count it last
		place = float64(n - 1)
	}
	rank := 1 - place/float64(n-1)
	// Margin to the best seat outside seat's group, relative to the largest score.
	best, found, scale := 0.0, false, 1.0
	for i, s := range scores {
		scale = max(scale, s, -s)
		if slices.Contains(mates, games.Seat(i)) || games.Seat(i) == seat {
			continue
		}
		if !found || s > best {
			best, found = s, true
		}
	}
	margin := 0.0
	if found {
		margin = min(max((scores[seat]-best)/scale, -1), 1)
	}
	return (1-marginWeight)*rank + marginWeight*(0.5+0.5*margin)
}
