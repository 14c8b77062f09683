package search

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// Rank orders moves — some of seat's legal moves in st, best first by the game's own quick
// judgement — by a search among them alone within cfg's budget: the search of Search, whose
// root offers only these moves (in this order, so the first is the policy's move the duel
// defends). It is how a panel's menu of moves is ranked by the search AI rather than by the
// game's greedy valuation.
//
// The order is the order in which the search itself would pick the moves:
//  1. the search's choice (Choice.Action: the policy's move unless another beat it in the
//     duel);
//  2. the moves tried at least half as often as the most tried one (those the search picks
//     its move among), by mean reward, then the more tried;
//  3. the other moves it tried, the more tried first (UCB sends more iterations to the moves
//     that look better), then by mean;
//  4. the moves it never tried, in the order given.
//
// Moves equal in all of that keep the order given. The result holds every move given, once
// (duplicates are dropped). Rank is deterministic under the same conditions as Search, and
// fails as Search does, and with an error when a move given is not legal for seat.
func Rank(ctx context.Context, st games.State, seat games.Seat, moves []games.Action, cfg Config, seed uint64) ([]games.Action, error) {
	if len(moves) == 0 {
		return nil, nil
	}
	c, err := searchAmong(ctx, st, seat, cfg, seed, moves)
	if err != nil {
		return nil, err
	}
	return rankOf(moves, c), nil
}

// rankOf orders moves by what the search among them saw (c); see Rank.
func rankOf(moves []games.Action, c Choice) []games.Action {
	given, _ := among(moves, moves) // without duplicates
	stats := map[any]MoveStat{}
	most := 0
	for _, m := range c.Moves {
		stats[keyOf(m.Action)] = m
		most = max(most, m.Visits)
	}
	chosen := keyOf(c.Action)
	group := func(m MoveStat, tried bool) int {
		switch {
		case !tried:
			return 3
		case 2*m.Visits >= most:
			return 1
		}
		return 2
	}
	out := slices.Clone(given)
	slices.SortStableFunc(out, func(a, b games.Action) int {
		ka, kb := keyOf(a), keyOf(b)
		if ka == chosen || kb == chosen {
			if ka == kb {
				return 0
			}
			if ka == chosen {
				return -1
			}
			return 1
		}
		ma, ta := stats[ka]
		mb, tb := stats[kb]
		ga, gb := group(ma, ta), group(mb, tb)
		switch {
		case ga != gb:
			return cmp.Compare(ga, gb)
		case ga == 1:
			return cmp.Or(cmp.Compare(mb.Mean, ma.Mean), cmp.Compare(mb.Visits, ma.Visits))
		case ga == 2:
			return cmp.Or(cmp.Compare(mb.Visits, ma.Visits), cmp.Compare(mb.Mean, ma.Mean))
		}
		return 0
	})
	return out
}

// among returns the moves of only that legal lists, in the order of only and each once; it
// fails when one is not in legal.
func among(legal, only []games.Action) ([]games.Action, error) {
	in := make(map[any]bool, len(legal))
	for _, a := range legal {
		in[keyOf(a)] = true
	}
	seen := make(map[any]bool, len(only))
	out := make([]games.Action, 0, len(only))
	for _, a := range only {
		k := keyOf(a)
		if !in[k] {
			return nil, fmt.Errorf("%w: %v is not a legal move", ErrBadMoves, a)
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	return out, nil
}
