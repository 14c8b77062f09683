package fits

import (
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// RoundScore is the score of one board: what is visible at the end of its round (or now, for
// the board being played), and the total. Only the 72 cells of the 12×6 grid count; squares
// in the overhang never score.
type RoundScore struct {
	// Board is the board's number, 1–4.
	Board int
	// Dots is the number of visible plain dots (−1 each).
	Dots int
	// Rows is the number of complete rows on board 1 (+1 each); 0 on the other boards.
	Rows int
	// Values is the sum of the visible numbered cells (board 2) and white cells (board 3).
	Values int
	// Blacks is the number of visible black cells of board 3 (−5 each).
	Blacks int
	// PairsBoth and PairsOne count board 4's symbols with both cells visible (+3 each) and
	// with exactly one visible (−3 each).
	PairsBoth, PairsOne int
	// Total is the board's score.
	Total int
}

// ScoreGrid scores grid g as board number board (1–4) would be scored at the end of its
// round: −1 per visible plain dot; board 1 +1 per complete row; board 2 visible numbers;
// board 3 visible white values and −5 per visible black cell; board 4 +3 for a symbol with
// both cells visible, −3 for one with exactly one.
func ScoreGrid(board int, g *Grid) RoundScore {
	rs := RoundScore{Board: board}
	var symbolsSeen [symbolCount + 1]int
	for row := range GridRows {
		full := true
		for col := range Cols {
			c := Cell{Col: col, Row: row}
			if g.Occupied(c) {
				continue
			}
			full = false
			sp := MarkAt(board, c)
			switch sp.Mark {
			case Dot:
				rs.Dots++
			case Number, White:
				rs.Values += sp.Value
			case Black:
				rs.Blacks++
			case SymbolMark:
				symbolsSeen[sp.Symbol]++
			}
		}
		if full && board == 1 {
			rs.Rows++
		}
	}
	if board == 4 {
		for _, n := range symbolsSeen[1:] {
			switch n {
			case 2:
				rs.PairsBoth++
			case 1:
				rs.PairsOne++
			}
		}
	}
	rs.Total = dotValue*rs.Dots + rowValue*rs.Rows + rs.Values + blackValue*rs.Blacks + pairBoth*rs.PairsBoth + pairOne*rs.PairsOne
	return rs
}

// Breakdown says how the score came about: "board 2: 5 dots −5, numbers +4 = −1".
func (rs RoundScore) Breakdown() games.Text {
	parts := []games.Text{withValue(count(rs.Dots, "dot", "dots", "tečka", "tečky", "teček"), dotValue*rs.Dots)}
	switch rs.Board {
	case 1:
		parts = append(parts, withValue(count(rs.Rows, "row", "rows", "řada", "řady", "řad"), rowValue*rs.Rows))
	case 2:
		parts = append(parts, withValue(games.Text{EN: "numbers", CS: "čísla"}, rs.Values))
	case 3:
		parts = append(parts, withValue(games.Text{EN: "white", CS: "bílá"}, rs.Values),
			withValue(count(rs.Blacks, "black", "black", "černé", "černá", "černých"), blackValue*rs.Blacks))
	case 4:
		parts = append(parts, withValue(count(rs.PairsBoth, "pair", "pairs", "pár", "páry", "párů"), pairBoth*rs.PairsBoth),
			withValue(count(rs.PairsOne, "broken pair", "broken pairs", "neúplný pár", "neúplné páry", "neúplných párů"), pairOne*rs.PairsOne))
	}
	t := games.Join(parts, ", ")
	return games.Text{
		EN: fmt.Sprintf("board %d: %s = %d", rs.Board, t.EN, rs.Total),
		CS: fmt.Sprintf("deska %d: %s = %d", rs.Board, t.CS, rs.Total),
	}
}

// withValue appends a signed value: "5 dots −5".
func withValue(t games.Text, v int) games.Text {
	return games.Text{EN: fmt.Sprintf("%s %+d", t.EN, v), CS: fmt.Sprintf("%s %+d", t.CS, v)}
}

// count writes "n thing" in both languages with the right plural: English one/many, Czech
// one (1), few (2–4) and many (0, 5 and more).
func count(n int, en1, enN, cs1, cs2, cs5 string) games.Text {
	en, cs := enN, cs5
	switch a := max(n, -n); {
	case a == 1:
		en, cs = en1, cs1
	case a >= 2 && a <= 4:
		cs = cs2
	}
	return games.Text{EN: fmt.Sprintf("%d %s", n, en), CS: fmt.Sprintf("%d %s", n, cs)}
}

// scoreRound scores every board on the table and moves to the next round's deal or the end.
func (s *State) scoreRound() []games.Event {
	var parts []games.Text
	for i := range s.seats {
		st := &s.seats[i]
		rs := ScoreGrid(s.Board(), &st.board.grid)
		st.rounds = append(st.rounds, rs)
		parts = append(parts, games.Say("%s %d (total %d)", "%s %d (celkem %d)", s.Names[i], rs.Total, s.total(games.Seat(i))))
	}
	all := games.Join(parts, ", ")
	events := []games.Event{{Seat: games.Chance, Milestone: true, Text: games.Text{
		EN: fmt.Sprintf("Board %d scored: %s.", s.Board(), all.EN),
		CS: fmt.Sprintf("Deska %d sečtena: %s.", s.Board(), all.CS),
	}}}
	if s.round+1 < len(s.Opts.Boards) {
		s.phase = PhaseDeal
		return events
	}
	s.phase = PhaseOver
	for i := range s.seats {
		s.seats[i].waiting = false
	}
	return events // the result's summary (a solo rating) is the end message's, not an event
}

// total returns seat's total over the scored rounds.
func (s *State) total(seat games.Seat) int {
	t := 0
	for _, rs := range s.seats[seat].rounds {
		t += rs.Total
	}
	return t
}

// Detail is a seat's score breakdown in the replay output: the round totals of the scored
// rounds in play order, {"boards":[n,...]}.
type Detail struct {
	// Boards are the round totals, never nil.
	Boards []int `json:"boards"`
}

// Result returns each seat's total so far with the totals of its scored rounds, and the
// ranking by total, equal totals sharing a place. At the end, Summary names the winners, or
// in a solo game over all four boards gives the rating of the total.
func (s *State) Result() games.Result {
	res := games.Result{Over: s.phase == PhaseOver}
	for i, st := range s.seats {
		seat := games.Seat(i)
		d := Detail{Boards: []int{}}
		var parts []games.Text
		for _, rs := range st.rounds {
			d.Boards = append(d.Boards, rs.Total)
			parts = append(parts, games.Say("board %d: %d", "deska %d: %d", rs.Board, rs.Total))
		}
		bd := games.Say("no board scored yet", "zatím žádná deska nesečtena")
		if len(parts) > 0 {
			bd = games.Join(parts, " · ")
		}
		res.Seats = append(res.Seats, games.SeatResult{Seat: seat, Score: s.total(seat), Detail: d, Breakdown: bd})
	}
	res.Ranking = games.Places(games.PlayerSeats(len(s.Names)), func(a, b games.Seat) int { return s.total(b) - s.total(a) })
	if res.Over {
		res.Summary = s.summary(res.Ranking[0])
	}
	return res
}

// summary is the end line: the solo rating, or who won.
func (s *State) summary(winners []games.Seat) games.Text {
	if s.Solo() {
		if len(s.Opts.Boards) < 4 {
			return games.Text{}
		}
		t := s.total(0)
		r := Rating(t)
		return games.Text{
			EN: fmt.Sprintf("Rating: %s (%d %s).", r.EN, t, points(t).EN),
			CS: fmt.Sprintf("Hodnocení: %s (%d %s).", r.CS, t, points(t).CS),
		}
	}
	var names []string
	for _, w := range winners {
		names = append(names, s.Names[w])
	}
	t := s.total(winners[0])
	if len(names) == 1 {
		return games.Text{
			EN: fmt.Sprintf("%s wins with %d %s.", names[0], t, points(t).EN),
			CS: fmt.Sprintf("%s vyhrává s %d %s.", names[0], t, pointsWith(t)),
		}
	}
	all := games.And(names)
	return games.Text{
		EN: fmt.Sprintf("%s share the win with %d %s.", all.EN, t, points(t).EN),
		CS: fmt.Sprintf("%s se dělí o vítězství s %d %s.", all.CS, t, pointsWith(t)),
	}
}

// Rating returns the solo rating of a total over all four boards: 31+ master builder,
// 26–30 architect, 21–25 bricklayer, 16–20 labourer, 11–15 gardener, 6–10 novice, 5 or less
// clean-up crew.
func Rating(total int) games.Text {
	r, _ := ratingTable.Of(total)
	return r.Name
}

// points is the word after a number of points: "point"/"points", Czech "bod"/"body"/"bodů".
func points(n int) games.Text {
	c := count(n, "point", "points", "bod", "body", "bodů")
	_, en, _ := strings.Cut(c.EN, " ")
	_, cs, _ := strings.Cut(c.CS, " ")
	return games.Text{EN: en, CS: cs}
}

// pointsWith is the Czech instrumental after "s n": "s 1 bodem", "s 5 body".
func pointsWith(n int) string {
	if max(n, -n) == 1 {
		return "bodem"
	}
	return "body"
}

// String is for debugging: "board 2: −1".
func (rs RoundScore) String() string { return fmt.Sprintf("board %d: %d", rs.Board, rs.Total) }

// ScoreAfter is what board n's grid g would score once placement pl lies on it (squares of pl
// off the board are ignored).
func ScoreAfter(n int, g Grid, pl Placed) int {
	for _, c := range pl.Cells {
		if c.onBoard() {
			g[c.Row][c.Col] = 1
		}
	}
	return ScoreGrid(n, &g).Total
}
