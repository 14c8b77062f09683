package shelfie

import (
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// Score is one seat's score, as the replay's detail names it. The total is their sum.
type Score struct {
	// Columns are the bonuses of columns of exactly 5 (6), 4 (3) and 3 (1) dice.
	Columns int `json:"columns"`
	// Tops are the pips of every column's top die (hard Shem Bot: its highest die).
	Tops int `json:"tops"`
	// Sidekick, Contest and Endgame are the reward cards' points.
	Sidekick int `json:"sidekick"`
	Contest  int `json:"contest"`
	Endgame  int `json:"endgame"`
	// Shame is −2 per die on the shame shelf (zero or negative).
	Shame int `json:"shame"`
}

// Total returns the score's total.
func (sc Score) Total() int {
	return sc.Columns + sc.Tops + sc.Sidekick + sc.Contest + sc.Endgame + sc.Shame
}

// ScoreShelf scores a shelf with a number of shame dice for the given end-game cards: the
// column bonuses, the top dice (the highest die of each column when highest is set), the
// end-game cards and the shame shelf. Rewards held are added by the caller.
func ScoreShelf(sh *Shelf, shame int, endgame []int, highest bool) Score {
	var sc Score
	for col := range Columns {
		c := sh.Column(col)
		if len(c) == 0 {
			continue
		}
		sc.Columns += heightBonus[len(c)]
		if highest {
			best := int8(0)
			for _, d := range c {
				best = max(best, d.Value)
			}
			sc.Tops += int(best)
		} else {
			sc.Tops += int(c[len(c)-1].Value)
		}
	}
	for _, e := range endgame {
		sc.Endgame += endgameTable[e].score(sh, shame)
	}
	sc.Shame = -ShamePenalty * shame
	return sc
}

// Score returns seat's score as if the game ended now.
func (s *State) Score(seat games.Seat) Score {
	st := &s.seats[seat]
	highest := s.Opts.Hard && s.solo() && seat == Opponent
	sc := ScoreShelf(&st.shelf, len(st.shame), s.endgame, highest)
	if s.sidekickHolder == seat && s.sidekick != 0 {
		sc.Sidekick = SidekickPoints
	}
	if s.contestHolder == seat && s.contest != 0 {
		sc.Contest = ContestPoints(s.contest)
	}
	return sc
}

// lowestInHand returns the lowest card number seat holds (17 for an empty hand): the
// tie-break of the ranking.
func (s *State) lowestInHand(seat games.Seat) int {
	low := NumCards + 1
	for _, c := range s.seats[seat].hand {
		low = min(low, int(c.Number))
	}
	return low
}

// Result returns the scores and the ranking so far: every place ordered by total, then by
// the lower card left in hand; seats equal in both share the place. Shem Bot is listed as
// seat 1; in "beat your score" only the player is.
func (s *State) Result() games.Result {
	res := games.Result{Over: s.phase == PhaseOver}
	seats := s.scoring()
	totals := map[games.Seat]int{}
	for _, seat := range seats {
		sc := s.Score(seat)
		totals[seat] = sc.Total()
		res.Seats = append(res.Seats, games.SeatResult{Seat: seat, Score: sc.Total(), Detail: sc, Breakdown: breakdown(sc)})
	}
	res.Ranking = games.Places(seats, func(a, b games.Seat) int {
		if totals[a] != totals[b] {
			return totals[b] - totals[a]
		}
		return s.lowestInHand(a) - s.lowestInHand(b)
	})
	if res.Over {
		res.Summary = s.summary(res.Ranking[0], totals)
	}
	return res
}

// breakdown is the score for people: "columns 11 · tops 28 · contest 4 · end-game 8 · shame −8".
func breakdown(sc Score) games.Text {
	var en, cs []string
	add := func(n int, e, c string) {
		if n != 0 {
			en = append(en, fmt.Sprintf("%s %d", e, n))
			cs = append(cs, fmt.Sprintf("%s %d", c, n))
		}
	}
	add(sc.Columns, "columns", "sloupce")
	add(sc.Tops, "tops", "vršky")
	add(sc.Sidekick, "sidekick", "parťák")
	add(sc.Contest, "contest", "soutěž")
	add(sc.Endgame, "end-game", "závěrečné karty")
	add(sc.Shame, "shame", "hanba")
	if len(en) == 0 {
		return games.Say("nothing yet", "zatím nic")
	}
	return games.Text{EN: strings.Join(en, " · "), CS: strings.Join(cs, " · ")}
}

// summary is the end line: the solo rating, the result against Shem Bot, or the winners.
func (s *State) summary(winners []games.Seat, totals map[games.Seat]int) games.Text {
	switch s.Opts.SoloMode() {
	case SoloBeat:
		return Rating(totals[0])
	case SoloBot:
		me, bot := totals[0], totals[Opponent]
		if len(winners) == 2 {
			return games.Say("A draw with Shem Bot, %[1]d all.", "Remíza se Shem Botem, %d : %d.", me, bot)
		}
		if winners[0] == 0 {
			return games.Say("You beat Shem Bot %d to %d!", "Porazil(a) jsi Shem Bota %d : %d!", me, bot)
		}
		return games.Say("Shem Bot wins %d to %d.", "Shem Bot vyhrává %d : %d.", bot, me)
	}
	var names []string
	for _, w := range winners {
		names = append(names, s.name(w))
	}
	t := totals[winners[0]]
	if len(names) == 1 {
		return games.Say("%s wins with %d points.", "%s vyhrává s %d body.", names[0], t)
	}
	all := games.And(names)
	return games.Text{
		EN: fmt.Sprintf("%s share the win with %d points.", all.EN, t),
		CS: fmt.Sprintf("%s se dělí o vítězství s %d body.", all.CS, t),
	}
}

// Rating returns the solo "beat your score" rating line for a total: 30, 40, 50, 60 and 70
// points earn the five ratings; below 30 there is none.
func Rating(total int) games.Text {
	pts := games.Count(total, "point", "points", "bod", "body", "bodů")
	if r, ok := ratingTable.Of(total); ok {
		return games.Text{
			EN: fmt.Sprintf("%s: %s (%d+).", pts.EN, r.Name.EN, r.Least),
			CS: fmt.Sprintf("%s: %s (%d+).", pts.CS, r.Name.CS, r.Least),
		}
	}
	return games.Text{
		EN: pts.EN + ": no rating yet — 30 points earn the first.",
		CS: pts.CS + ": zatím bez hodnocení — první přijde za 30 bodů.",
	}
}
