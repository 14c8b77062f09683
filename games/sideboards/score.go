package sideboards

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// Score is one seat's score as its sideboard stands.
type Score struct {
	// Colours and Handles are how often the colour and the handle task are met.
	Colours, Handles int
	// Length is the counted length of the row task (the sum of two runs for a two-run task).
	Length int
	// ColourPoints, HandlePoints and RowPoints are what the three tasks score.
	ColourPoints, HandlePoints, RowPoints int
	// Bonus is the row bonus: by place among the seats, or solo by the length reached.
	Bonus int
	// Exchange is 1 while the exchange card is unused (0 in the variant "4 cards").
	Exchange int
	// Total is the sum.
	Total int
}

// Detail is a seat's score breakdown in the replay output, in points:
// {"colours":n,"handles":n,"rows":n,"bonus":n,"exchange":n}.
type Detail struct {
	Colours  int `json:"colours"`
	Handles  int `json:"handles"`
	Rows     int `json:"rows"`
	Bonus    int `json:"bonus"`
	Exchange int `json:"exchange"`
}

// ScoreBoard scores a sideboard for the tasks (a zero task scores nothing), without the row
// bonus and the exchange card.
func ScoreBoard(board []Placed, tasks [3]Task) Score {
	g := gridOf(board)
	var sc Score
	sc.Colours = g.Fulfilments(tasks[ColourTask])
	sc.Handles = g.Fulfilments(tasks[HandleTask])
	_, sc.Length = g.Counted(tasks[RowTask])
	sc.ColourPoints = sc.Colours * colourPoints
	sc.HandlePoints = sc.Handles * handlePoints
	sc.RowPoints = sc.Length * runPoints
	sc.Total = sc.ColourPoints + sc.HandlePoints + sc.RowPoints
	return sc
}

// RowBonuses returns the row bonus of each seat from the counted lengths of all seats: the
// longest gets the first bonus (2 players +4; 3 players +8, +4; 4–6 players +8, +4, +2), tied
// seats all get the bonus of their place, and the next shorter length takes the next bonus
// (7, 7, 6 → 8, 8, 4). A length of 0 earns nothing. Solo (one length), the bonus goes by the
// length reached (see SoloBonus).
func RowBonuses(lengths []int, rowTask Task) []int {
	out := make([]int, len(lengths))
	if len(lengths) == 1 {
		out[0] = SoloBonus(rowTask, lengths[0])
		return out
	}
	table := rowBonus(len(lengths))
	distinct := slices.Clone(lengths)
	slices.Sort(distinct)
	slices.Reverse(distinct)
	distinct = slices.Compact(distinct)
	for i, l := range lengths {
		place := slices.Index(distinct, l)
		if l > 0 && place < len(table) {
			out[i] = table[place]
		}
	}
	return out
}

// SoloBonus returns the solo row bonus of a counted length: for a one-run task 2 from 4, 4
// from 6, 8 from 8; for a two-run task 2 from 7, 4 from 9, 8 from 11 (only the highest).
func SoloBonus(rowTask Task, length int) int {
	steps := soloOneRun
	if rowTask.TwoRuns() {
		steps = soloTwoRun
	}
	for _, st := range steps {
		if length >= st.least {
			return st.bonus
		}
	}
	return 0
}

// Scores returns every seat's score as the sideboards stand (pending choices not counted):
// the tasks, the row bonus by the current lengths, and +1 while the exchange card is unused.
func (s *State) Scores() []Score {
	out := make([]Score, len(s.seats))
	lengths := make([]int, len(s.seats))
	for i := range s.seats {
		out[i] = ScoreBoard(s.seats[i].board, s.tasks)
		lengths[i] = out[i].Length
	}
	bonus := RowBonuses(lengths, s.tasks[RowTask])
	for i := range out {
		out[i].Bonus = bonus[i]
		if !s.four() && s.seats[i].exchanged == 0 {
			out[i].Exchange = exchangePoints
		}
		out[i].Total += out[i].Bonus + out[i].Exchange
	}
	return out
}

// Result returns each seat's total so far with its breakdown, and the ranking by total, equal
// totals sharing a place. At the end, Summary names the winners, or solo gives the rating.
func (s *State) Result() games.Result {
	res := games.Result{Over: s.phase == PhaseOver}
	scores := s.Scores()
	for i, sc := range scores {
		res.Seats = append(res.Seats, games.SeatResult{
			Seat:      games.Seat(i),
			Score:     sc.Total,
			Detail:    Detail{Colours: sc.ColourPoints, Handles: sc.HandlePoints, Rows: sc.RowPoints, Bonus: sc.Bonus, Exchange: sc.Exchange},
			Breakdown: breakdown(sc),
		})
	}
	res.Ranking = games.Places(games.PlayerSeats(len(scores)), func(a, b games.Seat) int { return scores[b].Total - scores[a].Total })
	if res.Over {
		res.Summary = s.summary(res.Ranking[0], scores)
	}
	return res
}

// breakdown writes a score for people: "colours 3× = 12 · handles 5× = 15 · run 5 = 10 ·
// bonus 0 · exchange card +1".
func breakdown(sc Score) games.Text {
	en := []string{
		fmt.Sprintf("colours %d× = %d", sc.Colours, sc.ColourPoints),
		fmt.Sprintf("handles %d× = %d", sc.Handles, sc.HandlePoints),
		fmt.Sprintf("rows %d = %d", sc.Length, sc.RowPoints),
		fmt.Sprintf("bonus %d", sc.Bonus),
	}
	cs := []string{
		fmt.Sprintf("barvy %d× = %d", sc.Colours, sc.ColourPoints),
		fmt.Sprintf("úchytky %d× = %d", sc.Handles, sc.HandlePoints),
		fmt.Sprintf("řady %d = %d", sc.Length, sc.RowPoints),
		fmt.Sprintf("bonus %d", sc.Bonus),
	}
	if sc.Exchange > 0 {
		en = append(en, fmt.Sprintf("exchange card +%d", sc.Exchange))
		cs = append(cs, fmt.Sprintf("výměnná karta +%d", sc.Exchange))
	}
	return games.Text{EN: strings.Join(en, " · "), CS: strings.Join(cs, " · ")}
}

// summary is the end line: the solo rating, or who won.
func (s *State) summary(winners []games.Seat, scores []Score) games.Text {
	t := scores[winners[0]].Total
	if s.Solo() {
		r := Rating(t)
		return games.Text{
			EN: fmt.Sprintf("Rating: %s (%s).", r.EN, points(t).EN),
			CS: fmt.Sprintf("Hodnocení: %s (%s).", r.CS, points(t).CS),
		}
	}
	var names []string
	for _, w := range winners {
		names = append(names, s.Names[w])
	}
	if len(names) == 1 {
		return games.Text{
			EN: fmt.Sprintf("%s wins with %s.", names[0], points(t).EN),
			CS: fmt.Sprintf("%s vyhrává s %d %s.", names[0], t, pointsWith(t)),
		}
	}
	all := games.And(names)
	return games.Text{
		EN: fmt.Sprintf("%s share the win with %s.", all.EN, points(t).EN),
		CS: fmt.Sprintf("%s se dělí o vítězství s %d %s.", all.CS, t, pointsWith(t)),
	}
}

// Rating returns the solo rating of a total: 55+ sideboard dragon, 45–54 pulled out all the
// stops, 35–44 neatly sorted, 25–34 good idea, now open up, 24 or less hide it in a drawer.
func Rating(total int) games.Text {
	r, _ := ratingTable.Of(total)
	return r.Name
}

// points writes a number of points: "1 point", "5 points"; "1 bod", "2 body", "5 bodů".
func points(n int) games.Text { return games.Count(n, "point", "points", "bod", "body", "bodů") }

// pointsWith is the Czech instrumental after "s n": "s 1 bodem", "s 5 body".
func pointsWith(n int) string {
	if n == 1 || n == -1 {
		return "bodem"
	}
	return "body"
}
