package shelfie

import (
	"fmt"

	"github.com/tablebot/tablebot/games"
)

// ContestPattern returns the pattern of contest card k (1–12).
func ContestPattern(k int) Pattern {
	if k < 1 || k > NumContests {
		return nil
	}
	return parsePattern(contestTable[k].pattern)
}

// contestPatterns holds the parsed pattern of every contest card (entry 0 unused), computed
// once and never changed: the checks after every turn and the AI read them, not a fresh parse.
var contestPatterns = func() (out [NumContests + 1]Pattern) {
	for k := 1; k <= NumContests; k++ {
		out[k] = parsePattern(contestTable[k].pattern)
	}
	return out
}()

// contestPattern is ContestPattern without the parse; the caller must not change it.
func contestPattern(k int) Pattern {
	if k < 1 || k > NumContests {
		return nil
	}
	return contestPatterns[k]
}

// ContestPoints returns what contest card k (1–12) scores.
func ContestPoints(k int) int {
	if k < 1 || k > NumContests {
		return 0
	}
	return contestTable[k].points
}

// checkRewards runs the checks at the end of seat's turn: the sidekick and the contest.
//
// Sidekick: an unclaimed sidekick goes to seat if it has at least 3 shelf dice of its
// colour. A claimed one moves to the seat with the most shelf dice of that colour, if that
// number is at least 3 and strictly more than the holder's current count; among equal
// challengers, the earlier in this round's turn order.
//
// Contest: an unclaimed contest goes to seat if its shelf shows the pattern; it is kept.
func (s *State) checkRewards(seat games.Seat) []games.Event {
	var events []games.Event
	if s.sidekick != 0 {
		c := SidekickColour(s.sidekick)
		count := func(x games.Seat) int { return s.seats[x].shelf.Count(c) }
		if s.sidekickHolder == games.NoSeat {
			if count(seat) >= 3 {
				s.sidekickHolder = seat
				events = append(events, s.sidekickEvent(seat, count(seat)))
			}
		} else {
			best, to := count(s.sidekickHolder), games.NoSeat
			for _, x := range s.order {
				if x != s.sidekickHolder && count(x) >= 3 && count(x) > best {
					best, to = count(x), x
				}
			}
			if to != games.NoSeat {
				s.sidekickHolder = to
				events = append(events, s.sidekickEvent(to, best))
			}
		}
	}
	if s.contest != 0 && s.contestHolder == games.NoSeat && s.seats[seat].shelf.Shows(contestPattern(s.contest)) {
		s.contestHolder = seat
		events = append(events, games.Event{Seat: seat, Milestone: true, Text: games.Say(
			"%s completes contest K%d: +%d.", "%s plní soutěž K%d: +%d.", s.name(seat), s.contest, ContestPoints(s.contest))})
	}
	return events
}

// sidekickEvent says that seat now holds the sidekick with n dice of its colour.
func (s *State) sidekickEvent(seat games.Seat, n int) games.Event {
	c := SidekickColour(s.sidekick)
	return games.Event{Seat: seat, Milestone: true, Text: games.Text{
		EN: fmt.Sprintf("%s takes sidekick S%d with %d %s dice: +%d.", s.name(seat), s.sidekick, n, c.Name().EN, SidekickPoints),
		CS: fmt.Sprintf("%s získává parťáka S%d s %d kostkami barvy %s: +%d.", s.name(seat), s.sidekick, n, c.Name().CS, SidekickPoints),
	}}
}
