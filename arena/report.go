package arena

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/tablebot/tablebot/games"
)

// Game is the outcome of one game of a run.
type Game struct {
	// Index is the game's number in the run, from 0.
	Index int `json:"index"`
	// Seed is the game's own seed, derived from the run's.
	Seed uint64 `json:"seed"`
	// Moves is the number of moves made, chance's included.
	Moves int `json:"moves"`
	// Seats holds one entry per seat, in seat order.
	Seats []SeatOutcome `json:"seats"`
	// Summary is the game's end line (Result.Summary, English).
	Summary string `json:"summary,omitempty"`
	// Tier is the rating tier of a solo game, "" when the game gives none.
	Tier string `json:"tier,omitempty"`
	// BeatOpponent tells, in a solo game against a built-in opponent (Shelfie's Shem Bot),
	// whether A finished alone in first place; nil in other games. OpponentScore is the
	// opponent's score.
	BeatOpponent  *bool `json:"beat_opponent,omitempty"`
	OpponentScore int   `json:"opponent_score,omitempty"`
}

// SeatOutcome is how one seat fared.
type SeatOutcome struct {
	// Side is "A" or "B".
	Side string `json:"side"`
	// Score is the seat's headline score.
	Score int `json:"score"`
	// Place is the seat's 1-based place (shared places are equal).
	Place int `json:"place"`
	// Detail is the game's breakdown of the score, as a replay prints it (Ingenious: the six
	// colours; Shelfie: columns, tops, cards and shame), so that a run can be studied beyond
	// its headline scores.
	Detail any `json:"detail,omitempty"`
	// Decisions are the times the seat's AI took for each of its moves.
	Decisions []time.Duration `json:"-"`
}

// best returns the best place and the mean score of side's seats in g, or false when side
// has no seat.
func (g Game) best(side string) (place int, score float64, ok bool) {
	n := 0
	for _, s := range g.Seats {
		if s.Side != side {
			continue
		}
		if n == 0 || s.Place < place {
			place = s.Place
		}
		score += float64(s.Score)
		n++
	}
	if n == 0 {
		return 0, 0, false
	}
	return place, score / float64(n), true
}

// Report is the outcome of a run. Its JSON form has the keys named in the field tags; times
// are in milliseconds.
type Report struct {
	Game  string `json:"game"`
	Games int    `json:"games"`
	Seats int    `json:"seats"`
	Seed  uint64 `json:"seed"`
	// A and B name the sides (B is "" in a solo run).
	A    string `json:"a"`
	B    string `json:"b,omitempty"`
	Solo bool   `json:"solo"`

	// WinsA counts the games in which A's best seat placed above B's, WinsB the reverse, Draws
	// the rest. WinRateA counts a draw as half a win; WinRateLow and WinRateHigh are its 95%
	// Wilson interval. All are zero in a solo run.
	WinsA       int     `json:"wins_a"`
	WinsB       int     `json:"wins_b"`
	Draws       int     `json:"draws"`
	WinRateA    float64 `json:"win_rate_a"`
	WinRateLow  float64 `json:"win_rate_a_low"`
	WinRateHigh float64 `json:"win_rate_a_high"`

	// Scores: per game, the mean score of a side's seats.
	ScoreMeanA   float64 `json:"score_mean_a"`
	ScoreMedianA float64 `json:"score_median_a"`
	ScoreMinA    float64 `json:"score_min_a"`
	ScoreMaxA    float64 `json:"score_max_a"`
	ScoreMeanB   float64 `json:"score_mean_b"`
	ScoreMedianB float64 `json:"score_median_b"`

	// TiersA is the share of solo games per rating tier (see Config.Tier); nil otherwise.
	TiersA map[string]float64 `json:"tiers_a,omitempty"`
	// OpponentGames counts the solo games against a built-in opponent (Shelfie's Shem Bot),
	// BeatOpponentA is the share of them A won, with its 95% Wilson interval, and
	// OpponentScoreMedian the opponent's median score.
	OpponentGames       int     `json:"opponent_games,omitempty"`
	BeatOpponentA       float64 `json:"beat_opponent_a,omitempty"`
	BeatOpponentLow     float64 `json:"beat_opponent_low,omitempty"`
	BeatOpponentHigh    float64 `json:"beat_opponent_high,omitempty"`
	OpponentScoreMedian float64 `json:"opponent_score_median,omitempty"`

	// Decision times of A's and B's moves, in milliseconds.
	DecisionMsP50  float64 `json:"decision_ms_p50"`
	DecisionMsP99  float64 `json:"decision_ms_p99"`
	DecisionMsMax  float64 `json:"decision_ms_max"`
	DecisionMsP50B float64 `json:"decision_ms_p50_b"`
	DecisionMsP99B float64 `json:"decision_ms_p99_b"`

	// Results holds every game, in index order.
	Results []Game `json:"results"`
}

// summarise builds the report of a run from its games.
func summarise(game games.Game, cfg Config, outs []Game) Report {
	rep := Report{Game: game.Name(), Games: len(outs), Seats: cfg.Seats, Seed: cfg.Seed, A: cfg.A.String(), Solo: cfg.Solo, Results: outs}
	if !cfg.Solo {
		rep.B = cfg.B.String()
	}
	var scoresA, scoresB, msA, msB, opponent []float64
	tiers := map[string]int{}
	for _, g := range outs {
		pa, sa, _ := g.best("A")
		scoresA = append(scoresA, sa)
		switch {
		case cfg.Solo && g.BeatOpponent != nil:
			rep.OpponentGames++
			if *g.BeatOpponent {
				rep.BeatOpponentA++
			}
			opponent = append(opponent, float64(g.OpponentScore))
		case cfg.Solo:
			tiers[g.Tier]++
		default:
			pb, sb, _ := g.best("B")
			scoresB = append(scoresB, sb)
			switch {
			case pa < pb:
				rep.WinsA++
			case pb < pa:
				rep.WinsB++
			default:
				rep.Draws++
			}
		}
		for _, s := range g.Seats {
			for _, d := range s.Decisions {
				ms := float64(d) / float64(time.Millisecond)
				if s.Side == "A" {
					msA = append(msA, ms)
				} else {
					msB = append(msB, ms)
				}
			}
		}
	}
	if !cfg.Solo {
		rep.WinRateA = (float64(rep.WinsA) + float64(rep.Draws)/2) / float64(len(outs))
		rep.WinRateLow, rep.WinRateHigh = Wilson(rep.WinRateA, len(outs))
		rep.ScoreMeanB, rep.ScoreMedianB = mean(scoresB), median(scoresB)
	} else if len(tiers) > 0 {
		rep.TiersA = map[string]float64{}
		for t, n := range tiers {
			rep.TiersA[t] = float64(n) / float64(len(outs))
		}
	}
	if rep.OpponentGames > 0 {
		rep.BeatOpponentA /= float64(rep.OpponentGames)
		rep.BeatOpponentLow, rep.BeatOpponentHigh = Wilson(rep.BeatOpponentA, rep.OpponentGames)
		rep.OpponentScoreMedian = median(opponent)
	}
	rep.ScoreMeanA, rep.ScoreMedianA = mean(scoresA), median(scoresA)
	rep.ScoreMinA, rep.ScoreMaxA = slices.Min(scoresA), slices.Max(scoresA)
	rep.DecisionMsP50, rep.DecisionMsP99, rep.DecisionMsMax = percentile(msA, 50), percentile(msA, 99), percentile(msA, 100)
	rep.DecisionMsP50B, rep.DecisionMsP99B = percentile(msB, 50), percentile(msB, 99)
	return rep
}

// WriteJSON writes the report as one indented JSON object.
func (r Report) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("arena: encode report: %w", err)
	}
	b = append(b, '\n')
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("arena: write report: %w", err)
	}
	return nil
}

// WriteText writes the report for people: a few lines of figures, without the games.
func (r Report) WriteText(w io.Writer) error {
	var b strings.Builder
	if r.Solo {
		fmt.Fprintf(&b, "%s solo: %s, %d games, seed %d\n", r.Game, r.A, r.Games, r.Seed)
	} else {
		fmt.Fprintf(&b, "%s, %d seats: A = %s against B = %s, %d games, seed %d\n", r.Game, r.Seats, r.A, r.B, r.Games, r.Seed)
		fmt.Fprintf(&b, "A wins %d, B wins %d, draws %d: A's win rate %.1f%% (95%% CI %.1f–%.1f%%)\n",
			r.WinsA, r.WinsB, r.Draws, 100*r.WinRateA, 100*r.WinRateLow, 100*r.WinRateHigh)
	}
	fmt.Fprintf(&b, "A's score: median %.1f, mean %.2f, range %.0f–%.0f\n", r.ScoreMedianA, r.ScoreMeanA, r.ScoreMinA, r.ScoreMaxA)
	if !r.Solo {
		fmt.Fprintf(&b, "B's score: median %.1f, mean %.2f\n", r.ScoreMedianB, r.ScoreMeanB)
	}
	if len(r.TiersA) > 0 {
		names := make([]string, 0, len(r.TiersA))
		for t := range r.TiersA {
			names = append(names, t)
		}
		slices.SortFunc(names, func(x, y string) int {
			return cmp.Or(cmp.Compare(r.TiersA[y], r.TiersA[x]), strings.Compare(x, y))
		})
		b.WriteString("A's tiers:")
		for _, t := range names {
			name := t
			if name == "" {
				name = "(none)"
			}
			fmt.Fprintf(&b, " %s %.0f%%;", name, 100*r.TiersA[t])
		}
		b.WriteString("\n")
	}
	if r.OpponentGames > 0 {
		fmt.Fprintf(&b, "A beat the built-in opponent in %.0f of %d games: %.1f%% (95%% CI %.1f–%.1f%%); its median score %.1f\n",
			r.BeatOpponentA*float64(r.OpponentGames), r.OpponentGames, 100*r.BeatOpponentA, 100*r.BeatOpponentLow, 100*r.BeatOpponentHigh, r.OpponentScoreMedian)
	}
	fmt.Fprintf(&b, "A's time per decision: p50 %.1f ms, p99 %.1f ms, max %.1f ms", r.DecisionMsP50, r.DecisionMsP99, r.DecisionMsMax)
	if !r.Solo {
		fmt.Fprintf(&b, "; B's: p50 %.1f ms, p99 %.1f ms", r.DecisionMsP50B, r.DecisionMsP99B)
	}
	b.WriteString("\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("arena: write report: %w", err)
	}
	return nil
}
