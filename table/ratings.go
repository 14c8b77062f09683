package table

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table/rating"
)

// How games are rated (OpenSkill's Plackett–Luce model, package rating, with openskill.js 5's
// defaults):
//
//   - A game of 2–6 seats is rated from its Result's ranking: seats sharing a place share it
//     in the rating too. In a team game (a State with Teams() true: Ingenious pairs seats 0 & 2
//     against 1 & 3) each team is rated as one side.
//   - AI seats take part with a fixed rating that never moves: easy μ 20, normal μ 25, strong
//     μ 30, each with σ 2 ([AIRating]).
//   - A person's seat the AI played for most of the game (more than half of its moves are
//     marked by the AI in the record: away, kicked, deadlines) is not rated, gains no game and
//     no win; it takes part with the strong AI's fixed rating, the level that takes over.
//   - A solo game (one seat, even against Shelfie Stacker's Shem Bot) is never rated; its
//     score goes to the server's solo records, with the game's end line (the rulebook's rating
//     tier, e.g. "Rating: architect (27 points).") as its tier.
//   - A game where one person holds two seats is not rated for them.
//
// RateGame is the one function that rates a game: the live finish and `tablebot ratings`
// (rebuild and replay) both use it, so their numbers cannot drift.

// aiRatings are the fixed ratings of the AI levels.
var aiRatings = map[search.Level]rating.Rating{
	search.Easy:   {Mu: 20, Sigma: 2},
	search.Normal: {Mu: 25, Sigma: 2},
	search.Strong: {Mu: 30, Sigma: 2},
}

// AIRating returns the fixed rating of an AI seat of level l (easy μ 20, normal μ 25, strong
// μ 30, σ 2 each; an unknown level counts as easy).
func AIRating(l search.Level) rating.Rating {
	if r, ok := aiRatings[l]; ok {
		return r
	}
	return aiRatings[search.Easy]
}

// The store's types of the ratings and the archive, for the bot (which does not import the
// store); see package store for their fields.
type (
	// Standing is a player's place and line on a leaderboard.
	Standing = store.Standing
	// Board is a page of a leaderboard with the number of players on it.
	Board = store.Board
	// PlayerLine is a player's rating, games, wins, best score and score sum in one game.
	PlayerLine = store.PlayerRating
	// SoloRecord is a player's best solo game of a game, with its tier.
	SoloRecord = store.SoloRecord
	// PlayerStats is a player's record on a server, for /stats.
	PlayerStats = store.PlayerStats
	// GameStats is a player's record in one game, one part of PlayerStats.
	GameStats = store.GameStats
	// RatingPoint is a player's rating after one game, for the /stats chart.
	RatingPoint = store.RatingPoint
	// GameSummary is a finished game in the recent-games list.
	GameSummary = store.GameSummary
	// ArchivedGame is a finished game as archived: seats, rating changes, solo score, record.
	ArchivedGame = store.Archived
)

// RatingChange is a rated player's change in one game: before and after, place, score.
// Delta is the change of the ordinal (μ − 3σ), the number leaderboards show.
type RatingChange = store.RatingChange

// ChangeLine writes a change for the end message: "Ada 27.1 → 28.4, +1.3" (the ordinal, one
// decimal; Czech with decimal commas: "Ada 27,1 → 28,4, +1,3").
func ChangeLine(c RatingChange) games.Text {
	d := c.Delta()
	sign := "+"
	if math.Round(d*10) < 0 {
		sign, d = "−", -d
	}
	en := fmt.Sprintf("%s %.1f → %.1f, %s%.1f", c.Name, c.Before.Ordinal(), c.After.Ordinal(), sign, d)
	cs := fmt.Sprintf("%s %s → %s, %s%s", c.Name, comma(c.Before.Ordinal()), comma(c.After.Ordinal()), sign, comma(d))
	return games.Text{EN: en, CS: cs}
}

// comma writes x with one decimal and a decimal comma.
func comma(x float64) string { return strings.Replace(fmt.Sprintf("%.1f", x), ".", ",", 1) }

// RatingInput is one finished game to rate.
type RatingInput struct {
	// Seats are the game's seats in order: a person (UserID, Name) or an AI player (AI is its
	// level's name).
	Seats []store.Seat
	// Moves are the record's moves; their By marks show the seats the AI played.
	Moves []games.Move
	// State is the game's final state: its Result ranks the seats, and a State with
	// Teams() true plays in teams.
	State games.State
	// Current are the stored lines of the seats' people (missing: none yet).
	Current map[string]store.PlayerRating
}

// RatedGame is what rating a game gives: the outcomes and solo score to store.
type RatedGame struct {
	Outcomes []store.Outcome
	Solo     *store.SoloScore
}

// Changes are the rating changes of the game's outcomes, to show.
func (r RatedGame) Changes() []RatingChange { return store.Changes(r.Outcomes) }

// teamer is the power of a State that may play in teams: Ingenious's, whose teams pair seats
// 0 & 2 against 1 & 3.
type teamer interface{ Teams() bool }

// sides returns the seats of each side of st's game: one per seat, or the teams.
func sides(st games.State, n int) [][]games.Seat {
	if tm, ok := st.(teamer); ok && tm.Teams() && n == 4 {
		return [][]games.Seat{{0, 2}, {1, 3}}
	}
	out := make([][]games.Seat, n)
	for i := range out {
		out[i] = []games.Seat{games.Seat(i)}
	}
	return out
}

// aiPlayed reports, per seat, whether the AI made more than half of the seat's moves.
func aiPlayed(moves []games.Move, n int) []bool {
	by, all := make([]int, n), make([]int, n)
	for _, m := range moves {
		if m.Seat < 0 || int(m.Seat) >= n {
			continue
		}
		all[m.Seat]++
		if m.By == games.ByAI {
			by[m.Seat]++
		}
	}
	out := make([]bool, n)
	for i := range out {
		out[i] = 2*by[i] > all[i]
	}
	return out
}

// RateGame rates one finished game; see the rules above. It is pure: the same input gives the
// same output, bit for bit.
func RateGame(in RatingInput) (RatedGame, error) {
	g := newGameRating(in)
	if len(in.Seats) == 1 {
		return g.solo(), nil
	}
	if !g.anyRated() {
		return RatedGame{}, nil
	}
	groups := sides(in.State, len(in.Seats))
	teams, ranks := g.sideRatings(groups)
	after, err := rating.Model{}.Rate(teams, ranks)
	if err != nil {
		return RatedGame{}, fmt.Errorf("rate game: %w", err)
	}
	var out RatedGame
	for gi, grp := range groups {
		for j, seat := range grp {
			if !g.rated(int(seat)) {
				continue
			}
			out.Outcomes = append(out.Outcomes, g.outcome(seat, int(ranks[gi]), after[gi][j]))
		}
	}
	return out, nil
}

// gameRating is one game being rated by [RateGame]: its input and what is read off it once.
type gameRating struct {
	in    RatingInput
	res   games.Result
	auto  []bool         // per seat, whether the AI played it (see aiPlayed)
	users map[string]int // how many seats each person holds
}

// newGameRating reads the result, the seats the AI played and the people's seats off in.
func newGameRating(in RatingInput) *gameRating {
	users := map[string]int{}
	for _, s := range in.Seats {
		if s.AI == "" && s.UserID != "" {
			users[s.UserID]++
		}
	}
	return &gameRating{in: in, res: in.State.Result(), auto: aiPlayed(in.Moves, len(in.Seats)), users: users}
}

// score is seat's score in the result (0 when the result does not list it).
func (g *gameRating) score(seat games.Seat) int {
	for _, r := range g.res.Seats {
		if r.Seat == seat {
			return r.Score
		}
	}
	return 0
}

// rated reports whether seat i is rated: a person who played it themselves and held no other
// seat.
func (g *gameRating) rated(i int) bool {
	s := g.in.Seats[i]
	return s.AI == "" && s.UserID != "" && !g.auto[i] && g.users[s.UserID] == 1
}

// anyRated reports whether some seat is rated.
func (g *gameRating) anyRated() bool {
	for i := range g.in.Seats {
		if g.rated(i) {
			return true
		}
	}
	return false
}

// solo is the rating of a one-seat game: the person's solo score, or nothing when the seat
// is an AI's, nobody's or played by the AI.
func (g *gameRating) solo() RatedGame {
	s := g.in.Seats[0]
	if s.AI != "" || s.UserID == "" || g.auto[0] {
		return RatedGame{}
	}
	return RatedGame{Solo: &store.SoloScore{UserID: s.UserID, Name: s.Name, Score: g.score(0),
		Tier: store.Label{EN: g.res.Summary.EN, CS: g.res.Summary.CS}}}
}

// sideRatings returns each side's ratings before the game (a rated person's stored or default
// rating, an AI's by its level, an unrated seat's as the strong AI's) and its place (the
// places after the ranking for sides without one).
func (g *gameRating) sideRatings(groups [][]games.Seat) (teams [][]rating.Rating, ranks []float64) {
	for _, grp := range groups {
		var team []rating.Rating
		for _, seat := range grp {
			s := g.in.Seats[seat]
			switch {
			case g.rated(int(seat)):
				r := rating.Default()
				if p := g.in.Current[s.UserID]; p.Games > 0 {
					r = rating.Rating{Mu: p.Mu, Sigma: p.Sigma}
				}
				team = append(team, r)
			case s.AI != "":
				l, _ := search.ParseLevel(s.AI)
				team = append(team, AIRating(l))
			default:
				team = append(team, AIRating(search.Strong))
			}
		}
		place := g.res.PlaceOf(grp[0])
		if place == 0 {
			place = len(g.res.Ranking) + 1
		}
		teams, ranks = append(teams, team), append(ranks, float64(place))
	}
	return teams, ranks
}

// outcome is the outcome of rated seat's person, who took place and whose rating is now
// after: the stored line before and after the game.
func (g *gameRating) outcome(seat games.Seat, place int, after rating.Rating) store.Outcome {
	s := g.in.Seats[seat]
	before := g.in.Current[s.UserID]
	if before.Games == 0 {
		// A new player: nothing stored, starting from the default rating.
		before = store.PlayerRating{Rating: store.Rating{Mu: rating.DefaultMu, Sigma: rating.DefaultSigma}}
	}
	sc := g.score(seat)
	p := before
	if p.Games == 0 {
		p.Best = sc
	}
	p.Name = s.Name
	p.Mu, p.Sigma = after.Mu, after.Sigma
	p.Games++
	if place == 1 {
		p.Wins++
	}
	p.Best = max(p.Best, sc)
	p.ScoreSum += int64(sc)
	var opps []string
	for _, o := range g.in.Seats {
		if o.AI == "" && o.UserID != "" && o.UserID != s.UserID && !slices.Contains(opps, o.UserID) {
			opps = append(opps, o.UserID)
		}
	}
	return store.Outcome{UserID: s.UserID, Before: before, After: p, Score: sc, Place: place, Won: place == 1, Opponents: opps}
}

// seatsOf are t's seats as archived.
func seatsOf(t *Table) []store.Seat {
	out := make([]store.Seat, len(t.Seats))
	for i, s := range t.Seats {
		out[i] = store.Seat{UserID: s.User, Name: s.Name}
		if s.AI {
			out[i] = store.Seat{Name: s.Name, AI: s.Level.String()}
		}
	}
	return out
}

// Ledger keeps ratings in memory as the store would: the lines and solo records of one
// server, by game and player. `tablebot ratings` rebuilds and replays with it.
type Ledger struct {
	// Lines are the players' lines by game, then user (or name).
	Lines map[string]map[string]store.PlayerRating
	// Solo are the best solo games by game, then user.
	Solo map[string]map[string]store.SoloRecord
}

// NewLedger returns an empty ledger.
func NewLedger() *Ledger {
	return &Ledger{Lines: map[string]map[string]store.PlayerRating{}, Solo: map[string]map[string]store.SoloRecord{}}
}

// Apply rates the archived game a (replaying its record with reg) against the ledger's lines,
// applies it, and returns it as a Final for store.Rerate.
func (l *Ledger) Apply(reg *games.Registry, guild string, a store.Archived) (store.Final, error) {
	rec, err := games.DecodeRecord(a.Record)
	if err != nil {
		return store.Final{}, fmt.Errorf("game %s: %w", a.GameID, err)
	}
	st, _, err := reg.Replay(rec)
	if err != nil {
		return store.Final{}, fmt.Errorf("game %s: %w", a.GameID, err)
	}
	seats := a.Seats
	if len(seats) == 0 {
		seats = recordSeats(rec)
	}
	lines := l.Lines[a.Game]
	if lines == nil {
		lines = map[string]store.PlayerRating{}
		l.Lines[a.Game] = lines
	}
	r, err := RateGame(RatingInput{Seats: seats, Moves: rec.Moves, State: st, Current: lines})
	if err != nil {
		return store.Final{}, fmt.Errorf("game %s: %w", a.GameID, err)
	}
	f := store.Final{GameID: a.GameID, Guild: guild, Game: a.Game, At: a.At, Seats: seats, Outcomes: r.Outcomes, Solo: r.Solo}
	for _, o := range r.Outcomes {
		lines[o.UserID] = o.After
	}
	if r.Solo != nil {
		solo := l.Solo[a.Game]
		if solo == nil {
			solo = map[string]store.SoloRecord{}
			l.Solo[a.Game] = solo
		}
		if old, ok := solo[r.Solo.UserID]; !ok || r.Solo.Score > old.Score {
			solo[r.Solo.UserID] = store.SoloRecord{SoloScore: *r.Solo, GameID: a.GameID, At: a.At.UTC()}
		}
	}
	return f, nil
}

// recordSeats are the seats of a record alone: each player's name stands for a person, and a
// seat whose every move the AI made is an easy AI player.
func recordSeats(rec games.Record) []store.Seat {
	n := len(rec.Players)
	by, all := make([]int, n), make([]int, n)
	for _, m := range rec.Moves {
		if m.Seat >= 0 && int(m.Seat) < n {
			all[m.Seat]++
			if m.By == games.ByAI {
				by[m.Seat]++
			}
		}
	}
	out := make([]store.Seat, n)
	for i, name := range rec.Players {
		out[i] = store.Seat{UserID: name, Name: name}
		if all[i] > 0 && by[i] == all[i] {
			out[i] = store.Seat{Name: name, AI: search.Easy.String()}
		}
	}
	return out
}

// RebuildReport is what Rebuild found: how much it read, and every difference between the
// stored ratings and those recomputed from the archive.
type RebuildReport struct {
	Guilds, Games int
	// Skipped are the archived games that could not be replayed (with why); they rate nobody.
	Skipped []string
	// Diffs describe each stored line or solo record that differs from the recomputed one.
	Diffs []string
}

// Rebuild recomputes every guild's ratings, leaderboards and solo records from its archive,
// in the order the games were finished, compares them with the stored ones, and, with write,
// replaces the stored ones with them (store.ClearRatings, then store.Rerate for each game;
// run it while the bot is stopped, or no game finishes meanwhile).
func Rebuild(ctx context.Context, st store.Store, reg *games.Registry, write bool) (RebuildReport, error) {
	var rep RebuildReport
	guilds, err := st.Guilds(ctx)
	if err != nil {
		return rep, fmt.Errorf("rebuild: %w", err)
	}
	slices.Sort(guilds)
	for _, guild := range guilds {
		rep.Guilds++
		led := NewLedger()
		var finals []store.Final
		for cur := store.ArchiveCursor(0); ; {
			page, next, err := st.ArchiveScan(ctx, guild, cur, store.MaxPage)
			if err != nil {
				return rep, fmt.Errorf("rebuild guild %s: %w", guild, err)
			}
			for _, a := range page {
				rep.Games++
				f, err := led.Apply(reg, guild, a)
				if err != nil {
					rep.Skipped = append(rep.Skipped, fmt.Sprintf("guild %s: %v", guild, err))
					continue
				}
				finals = append(finals, f)
			}
			if len(page) < store.MaxPage {
				break
			}
			cur = next
		}
		diffs, err := compareStored(ctx, st, reg, guild, led)
		if err != nil {
			return rep, err
		}
		rep.Diffs = append(rep.Diffs, diffs...)
		if !write {
			continue
		}
		if err := st.ClearRatings(ctx, guild); err != nil {
			return rep, fmt.Errorf("rebuild guild %s: %w", guild, err)
		}
		for _, f := range finals {
			if len(f.Outcomes) == 0 && f.Solo == nil {
				continue
			}
			if err := st.Rerate(ctx, f); err != nil {
				return rep, fmt.Errorf("rebuild guild %s: %w", guild, err)
			}
		}
	}
	return rep, nil
}

// compareStored describes every difference between guild's stored lines and solo records and
// the ledger's.
func compareStored(ctx context.Context, st store.Store, reg *games.Registry, guild string, led *Ledger) ([]string, error) {
	var diffs []string
	for _, game := range reg.Names() {
		stored := map[string]store.PlayerRating{}
		for off := 0; ; off += store.MaxPage {
			b, err := st.Leaderboard(ctx, guild, game, off, store.MaxPage)
			if err != nil {
				return nil, fmt.Errorf("rebuild guild %s: %w", guild, err)
			}
			for _, s := range b.Standings {
				stored[s.UserID] = s.PlayerRating
			}
			if off+store.MaxPage >= b.Total {
				break
			}
		}
		want := led.Lines[game]
		for _, u := range sortedKeys(stored, want) {
			s, w := stored[u], want[u]
			if s != w {
				diffs = append(diffs, fmt.Sprintf("guild %s, %s, player %s: stored %s, recomputed %s", guild, game, u, describeLine(s), describeLine(w)))
			}
		}
		recs, err := st.SoloRecords(ctx, guild, game, store.MaxPage)
		if err != nil {
			return nil, fmt.Errorf("rebuild guild %s: %w", guild, err)
		}
		storedSolo := map[string]store.SoloRecord{}
		for _, r := range recs {
			storedSolo[r.UserID] = r
		}
		wantSolo := led.Solo[game]
		if len(wantSolo) > store.MaxPage {
			wantSolo = nil // only the best MaxPage are listed: compare those
			for _, r := range topSolo(led.Solo[game]) {
				if wantSolo == nil {
					wantSolo = map[string]store.SoloRecord{}
				}
				wantSolo[r.UserID] = r
			}
		}
		for _, u := range sortedKeys(storedSolo, wantSolo) {
			s, w := storedSolo[u], wantSolo[u]
			if s.Score != w.Score || s.GameID != w.GameID || s.Tier != w.Tier {
				diffs = append(diffs, fmt.Sprintf("guild %s, %s, solo record of %s: stored %d (game %q), recomputed %d (game %q)",
					guild, game, u, s.Score, s.GameID, w.Score, w.GameID))
			}
		}
	}
	return diffs, nil
}

// topSolo returns the best MaxPage records in the store's order.
func topSolo(m map[string]store.SoloRecord) []store.SoloRecord {
	var out []store.SoloRecord
	for _, r := range m {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b store.SoloRecord) int {
		if a.Score != b.Score {
			return b.Score - a.Score
		}
		return strings.Compare(a.UserID, b.UserID)
	})
	return out[:min(len(out), store.MaxPage)]
}

func sortedKeys[V any](a, b map[string]V) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

func describeLine(p store.PlayerRating) string {
	if p.Games == 0 {
		return "nothing"
	}
	return fmt.Sprintf("μ %v σ %v, %d games, %d wins, best %d, sum %d", p.Mu, p.Sigma, p.Games, p.Wins, p.Best, p.ScoreSum)
}

// errTooManyConflicts is returned when a finish keeps losing compare-and-set races.
var errTooManyConflicts = errors.New("the players' ratings kept changing")
