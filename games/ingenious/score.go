package ingenious

import (
	"fmt"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// lineGains returns the points each half of p scores on the current board: for the half on
// Cells[i], the unbroken lines of its colour in the five directions other than towards its
// partner, up to an empty cell, another colour or the edge of the area. p's own cells need not
// be empty yet; they are never counted.
func (s *State) lineGains(p Place) [2]int {
	var gains [2]int
	for i := range 2 {
		from := p.Cells[i]
		want := int8(p.colourAt(i)) + 1
		toPartner, _ := from.DirectionTo(p.Cells[1-i])
		for d := range Direction(6) {
			if d == toPartner {
				continue
			}
			for c := from.Step(d); s.inArea(c) && s.board[cellIndex(c)] == want; c = c.Step(d) {
				gains[i]++
			}
		}
	}
	return gains
}

// addGains adds the gains of p's halves to a score track and returns the new track and the
// number of bonus placements earned.
//
// Single players: a colour stops at 18; every colour that reaches 18 with this placement earns
// one bonus. Teams and solo: halves are added in the order laid; a half that reaches 18 stops
// there (the rest of its points are lost) and earns a bonus; reaching 36 earns another and caps.
func addGains(track [6]int, p Place, gains [2]int, twoTracks bool) ([6]int, int) {
	before := track
	bonus := 0
	for i := range 2 {
		c := p.colourAt(i)
		v := track[c] + gains[i]
		switch {
		case !twoTracks:
			v = min(v, Cap)
		case track[c] < Cap && v >= Cap:
			v = Cap
			bonus++
		case track[c] < TeamCap && v >= TeamCap:
			v = TeamCap
			bonus++
		case v > TeamCap:
			v = TeamCap // already at the top: the points are lost
		}
		track[c] = v
	}
	if !twoTracks {
		for _, c := range Colours {
			if before[c] < Cap && track[c] == Cap {
				bonus++
			}
		}
	}
	return track, bonus
}

// hasEmptyPair reports whether two adjacent empty cells remain in the active area.
func (s *State) hasEmptyPair() bool {
	for _, c := range s.areaCells() {
		if s.board[cellIndex(c)] != 0 {
			continue
		}
		for _, d := range forward {
			if s.empty(c.Step(d)) {
				return true
			}
		}
	}
	return false
}

// forward are the directions that lead from a cell to a later cell in (r, q) order, so that
// every pair of neighbours is visited once.
var forward = [3]Direction{East, SouthWest, SouthEast}

// allAt reports whether every colour of track has reached v.
func allAt(track [6]int, v int) bool {
	for _, x := range track {
		if x < v {
			return false
		}
	}
	return true
}

// sortedScores returns a track's values in ascending order: the ranking key.
func sortedScores(track [6]int) [6]int {
	s := track
	slices.Sort(s[:])
	return s
}

// compareTracks orders two tracks by the ranking rule: the higher lowest colour is better,
// then the second lowest, and so on. It returns >0 when a is better.
func compareTracks(a, b [6]int) int {
	sa, sb := sortedScores(a), sortedScores(b)
	for i := range sa {
		if sa[i] != sb[i] {
			return sa[i] - sb[i]
		}
	}
	return 0
}

// ScoreDetail is a seat's six colour scores in record order; it encodes as
// {"R":n,"G":n,"B":n,"O":n,"Y":n,"P":n}.
type ScoreDetail struct {
	R int `json:"R"`
	G int `json:"G"`
	B int `json:"B"`
	O int `json:"O"`
	Y int `json:"Y"`
	P int `json:"P"`
}

func detailOf(t [6]int) ScoreDetail {
	return ScoreDetail{t[Red], t[Green], t[Blue], t[Orange], t[Yellow], t[Purple]}
}

// Result returns each seat's lowest colour and breakdown, and the ranking: an instant winner
// first, then the others by lowest colour, second lowest and so on; equal tracks share a place
// (partners always do).
func (s *State) Result() games.Result {
	n := len(s.Names)
	res := games.Result{Over: s.phase == PhaseOver}
	for seat := range n {
		t := s.scores[s.side(games.Seat(seat))]
		res.Seats = append(res.Seats, games.SeatResult{
			Seat: games.Seat(seat), Score: sortedScores(t)[0], Detail: detailOf(t), Breakdown: breakdown(t),
		})
	}
	better := func(a, b int) int {
		if s.winner != games.NoSeat {
			w := s.side(s.winner)
			if a == w && b != w {
				return 1
			}
			if b == w && a != w {
				return -1
			}
		}
		return compareTracks(s.scores[a], s.scores[b])
	}
	sides := make([]int, s.sides())
	for i := range sides {
		sides[i] = i
	}
	for _, place := range games.Places(sides, func(a, b int) int { return better(b, a) }) {
		var seats []games.Seat
		for _, seat := range games.PlayerSeats(n) {
			if slices.Contains(place, s.side(seat)) {
				seats = append(seats, seat)
			}
		}
		res.Ranking = append(res.Ranking, seats)
	}
	if s.winner != games.NoSeat {
		res.Summary = s.reachedAll(s.winner, false)
	}
	return res
}

// breakdown writes a track as "R 5 · G 7 · …" ("Č 5 · Z 7 · …": the pictures' initials).
func breakdown(t [6]int) games.Text {
	parts := make([]games.Text, 0, len(Colours))
	for _, c := range Colours {
		parts = append(parts, games.Say("%s %d", "%s %d", c.Initial(), t[c]))
	}
	return games.Join(parts, " · ")
}

// sideName names a seat, or both partners in a team game ("Ada and Cyril", "Ada a Cyril").
func (s *State) sideName(seat games.Seat) games.Text {
	if s.Opts.Teams {
		a, b := int(seat)%2, int(seat)%2+2
		return games.And([]string{s.Names[a], s.Names[b]})
	}
	return games.Text{EN: s.Names[seat], CS: s.Names[seat]}
}

// reachedAll says that seat's side reached the top in all six colours, with the verb agreeing
// with one player or a team of two.
func (s *State) reachedAll(seat games.Seat, wins bool) games.Text {
	name := s.sideName(seat)
	switch {
	case s.Opts.Teams && wins:
		return games.Text{EN: fmt.Sprintf("%s reached %d in all six colours and win!", name.EN, s.top()), CS: fmt.Sprintf("%s dosáhli %d ve všech šesti barvách a vyhrávají!", name.CS, s.top())}
	case s.Opts.Teams:
		return games.Text{EN: fmt.Sprintf("%s reached the top in all six colours!", name.EN), CS: fmt.Sprintf("%s dosáhli vrcholu ve všech šesti barvách!", name.CS)}
	case wins:
		return games.Text{EN: fmt.Sprintf("%s reached %d in all six colours and wins!", name.EN, s.top()), CS: fmt.Sprintf("%s dosáhl(a) %d ve všech šesti barvách a vyhrává!", name.CS, s.top())}
	}
	return games.Text{EN: fmt.Sprintf("%s reached the top in all six colours!", name.EN), CS: fmt.Sprintf("%s dosáhl(a) vrcholu ve všech šesti barvách!", name.CS)}
}
