package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
	"github.com/tablebot/tablebot/table/rating"
)

// resultState is a finished State whose Result is res (RateGame reads nothing else of it).
type resultState struct {
	games.State
	res   games.Result
	teams bool
}

func (s resultState) Result() games.Result { return s.res }
func (s resultState) Teams() bool          { return s.teams }

// ranked is a finished result of n seats ranked as groups, seat i scoring 10·i.
func ranked(n int, groups ...[]games.Seat) resultState {
	res := games.Result{Over: true, Ranking: groups}
	for i := range n {
		res.Seats = append(res.Seats, games.SeatResult{Seat: games.Seat(i), Score: 10 * i})
	}
	return resultState{res: res}
}

func people(names ...string) []store.Seat {
	var out []store.Seat
	for _, n := range names {
		if n == "easy" || n == "normal" || n == "strong" {
			out = append(out, store.Seat{Name: "AI", AI: n})
			continue
		}
		out = append(out, store.Seat{UserID: n, Name: "N" + n})
	}
	return out
}

// wantRated fails unless r's outcomes are, for the listed users in order, the ratings rate
// gives teams at ranks (users[i] is in teams at position idx[i]).
func wantRated(t *testing.T, r RatedGame, teams [][]rating.Rating, ranks []float64, users []string, idx [][2]int) {
	t.Helper()
	want, err := rating.Model{}.Rate(teams, ranks)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Outcomes) != len(users) {
		t.Fatalf("%d outcomes, want %d: %+v", len(r.Outcomes), len(users), r.Outcomes)
	}
	for i, u := range users {
		o := r.Outcomes[i]
		w := want[idx[i][0]][idx[i][1]]
		if o.UserID != u || o.After.Mu != w.Mu || o.After.Sigma != w.Sigma || o.After.Games != o.Before.Games+1 {
			t.Errorf("outcome %d = %s μ %v σ %v, want %s μ %v σ %v", i, o.UserID, o.After.Mu, o.After.Sigma, u, w.Mu, w.Sigma)
		}
		c := r.Changes()[i]
		if c.UserID != u || c.After != o.After.Rating || c.Place != o.Place || c.Won != (o.Place == 1) {
			t.Errorf("change %d = %+v, want the outcome's %+v", i, c, o)
		}
	}
}

func TestRateGame(t *testing.T) {
	d := rating.Default()
	ai := func(l search.Level) rating.Rating { return AIRating(l) }
	t.Run("three players, shared second place", func(t *testing.T) {
		r, err := RateGame(RatingInput{Seats: people("a", "b", "c"), State: ranked(3, []games.Seat{2}, []games.Seat{0, 1})})
		if err != nil {
			t.Fatal(err)
		}
		wantRated(t, r, [][]rating.Rating{{d}, {d}, {d}}, []float64{2, 2, 1}, []string{"a", "b", "c"}, [][2]int{{0, 0}, {1, 0}, {2, 0}})
		if r.Outcomes[2].Place != 1 || !r.Outcomes[2].Won || r.Outcomes[0].Place != 2 || r.Outcomes[0].Won || r.Outcomes[2].After.Wins != 1 {
			t.Errorf("places: %+v", r.Outcomes)
		}
		if !slices.Equal(r.Outcomes[0].Opponents, []string{"b", "c"}) || r.Outcomes[1].Score != 10 || r.Outcomes[1].After.ScoreSum != 10 {
			t.Errorf("outcome of a: %+v", r.Outcomes[0])
		}
	})
	t.Run("stored ratings are the starting point", func(t *testing.T) {
		cur := map[string]store.PlayerRating{"a": {Name: "old", Rating: store.Rating{Mu: 30, Sigma: 3}, Games: 4, Wins: 3, Best: 50, ScoreSum: 100}}
		r, err := RateGame(RatingInput{Seats: people("a", "b"), State: ranked(2, []games.Seat{1}, []games.Seat{0}), Current: cur})
		if err != nil {
			t.Fatal(err)
		}
		wantRated(t, r, [][]rating.Rating{{{Mu: 30, Sigma: 3}}, {d}}, []float64{2, 1}, []string{"a", "b"}, [][2]int{{0, 0}, {1, 0}})
		a := r.Outcomes[0]
		if a.Before != cur["a"] || a.After.Games != 5 || a.After.Wins != 3 || a.After.Best != 50 || a.After.ScoreSum != 100 || a.After.Name != "Na" {
			t.Errorf("a's line: %+v → %+v", a.Before, a.After)
		}
		if b := r.Changes()[1]; b.Before != (store.Rating{Mu: 25, Sigma: 25.0 / 3}) {
			t.Errorf("a new player's change starts at %+v", b.Before)
		}
	})
	t.Run("AI seats have fixed ratings", func(t *testing.T) {
		r, err := RateGame(RatingInput{Seats: people("a", "strong", "easy"), State: ranked(3, []games.Seat{1}, []games.Seat{0}, []games.Seat{2})})
		if err != nil {
			t.Fatal(err)
		}
		wantRated(t, r, [][]rating.Rating{{d}, {ai(search.Strong)}, {ai(search.Easy)}}, []float64{2, 1, 3}, []string{"a"}, [][2]int{{0, 0}})
		if !slices.Equal(r.Outcomes[0].Opponents, nil) {
			t.Errorf("AI seats counted as opponents: %v", r.Outcomes[0].Opponents)
		}
	})
	t.Run("a seat the AI played for most of the game is not rated", func(t *testing.T) {
		moves := []games.Move{{Seat: 0}, {Seat: 1, By: games.ByAI}, {Seat: 0}, {Seat: 1, By: games.ByAI}, {Seat: 1}, {Seat: -1}, {Seat: 2}, {Seat: 2, By: games.ByAI}}
		r, err := RateGame(RatingInput{Seats: people("a", "b", "c"), Moves: moves, State: ranked(3, []games.Seat{1}, []games.Seat{0}, []games.Seat{2})})
		if err != nil {
			t.Fatal(err)
		}
		// b (2 of 3 moves by the AI) wins but is not rated; c (1 of 2) is.
		wantRated(t, r, [][]rating.Rating{{d}, {ai(search.Strong)}, {d}}, []float64{2, 1, 3}, []string{"a", "c"}, [][2]int{{0, 0}, {2, 0}})
		if !slices.Contains(r.Outcomes[0].Opponents, "b") {
			t.Errorf("b is still a's opponent: %v", r.Outcomes[0].Opponents)
		}
	})
	t.Run("teams are rated as teams", func(t *testing.T) {
		st := ranked(4, []games.Seat{1, 3}, []games.Seat{0, 2})
		st.teams = true
		r, err := RateGame(RatingInput{Seats: people("a", "b", "normal", "d"), State: st})
		if err != nil {
			t.Fatal(err)
		}
		wantRated(t, r, [][]rating.Rating{{d, ai(search.Normal)}, {d, d}}, []float64{2, 1}, []string{"a", "b", "d"}, [][2]int{{0, 0}, {1, 0}, {1, 1}})
		if !r.Outcomes[1].Won || !r.Outcomes[2].Won || r.Outcomes[0].Won {
			t.Errorf("team wins: %+v", r.Outcomes)
		}
	})
	t.Run("solo games go to the solo records", func(t *testing.T) {
		st := ranked(2, []games.Seat{1}, []games.Seat{0}) // a solo player beaten by the game's bot
		st.res.Summary = games.Say("Rating: architect.", "Hodnocení: architekt.")
		r, err := RateGame(RatingInput{Seats: people("a"), State: st})
		if err != nil {
			t.Fatal(err)
		}
		want := &store.SoloScore{UserID: "a", Name: "Na", Score: 0, Tier: store.Label{EN: "Rating: architect.", CS: "Hodnocení: architekt."}}
		if len(r.Outcomes) != 0 || !reflect.DeepEqual(r.Solo, want) {
			t.Errorf("solo: %+v, want %+v", r, want)
		}
		r, _ = RateGame(RatingInput{Seats: people("a"), State: st, Moves: []games.Move{{Seat: 0, By: games.ByAI}}})
		if r.Solo != nil {
			t.Errorf("a solo game the AI played is a record: %+v", r.Solo)
		}
	})
	t.Run("one person in two seats is not rated", func(t *testing.T) {
		r, err := RateGame(RatingInput{Seats: people("a", "a", "b"), State: ranked(3, []games.Seat{0}, []games.Seat{1}, []games.Seat{2})})
		if err != nil {
			t.Fatal(err)
		}
		wantRated(t, r, [][]rating.Rating{{ai(search.Strong)}, {ai(search.Strong)}, {d}}, []float64{1, 2, 3}, []string{"b"}, [][2]int{{2, 0}})
	})
	t.Run("AI seats alone rate nobody", func(t *testing.T) {
		r, err := RateGame(RatingInput{Seats: people("easy", "strong"), State: ranked(2, []games.Seat{0}, []games.Seat{1})})
		if err != nil || len(r.Outcomes) != 0 || r.Solo != nil {
			t.Errorf("AI game: %+v, %v", r, err)
		}
	})
}

func TestChangeLine(t *testing.T) {
	c := RatingChange{Name: "Ada", Before: store.Rating{Mu: 33.1, Sigma: 2}, After: store.Rating{Mu: 34.4, Sigma: 2}}
	if got := ChangeLine(c); got.EN != "Ada 27.1 → 28.4, +1.3" || got.CS != "Ada 27,1 → 28,4, +1,3" {
		t.Errorf("ChangeLine = %+v", got)
	}
	c.After.Mu = 32.6
	if got := ChangeLine(c); got.EN != "Ada 27.1 → 26.6, −0.5" || got.CS != "Ada 27,1 → 26,6, −0,5" {
		t.Errorf("ChangeLine of a loss = %+v", got)
	}
}

// allGames are the catalog's four games.
func allGames() []games.Game {
	return []games.Game{ingenious.Game{}, fits.Game{}, sideboards.Game{}, shelfie.Game{}}
}

// randomFinished plays a random game to its end with the games' easy AI (Hint) for every
// seat, marking the moves of AI seats and away seats as the AI's, and returns it as a table.
func randomFinished(t *testing.T, r *rand.Rand, id, guild string, pool []string) (*Table, games.State) {
	t.Helper()
	g := allGames()[r.IntN(4)]
	_, hi := g.Seats()
	n := 2 + r.IntN(min(hi, 4)-1)
	if r.IntN(5) == 0 {
		n = 1
	}
	var opts json.RawMessage
	switch g.Name() {
	case "fits":
		opts = json.RawMessage(`{"boards":[1]}`)
	case "ingenious":
		if n == 4 && r.IntN(2) == 0 {
			opts = json.RawMessage(`{"teams":true}`)
		}
	}
	people := slices.Clone(pool)
	r.Shuffle(len(people), func(i, j int) { people[i], people[j] = people[j], people[i] })
	tb := &Table{ID: id, Guild: guild, Game: g.Name(), Status: StatusOver}
	away := make([]int, n) // the move count after which the seat is away (-1: never)
	var names []string
	for i := range n {
		away[i] = -1
		switch {
		case n > 1 && (r.IntN(4) == 0 || i >= len(people)):
			tb.Seats = append(tb.Seats, SeatInfo{Name: fmt.Sprint("AI ", i+1), AI: true, Level: search.Levels()[r.IntN(3)]})
		default:
			u := people[i]
			tb.Seats = append(tb.Seats, SeatInfo{User: u, Name: "Name of " + u})
			if r.IntN(6) == 0 {
				away[i] = r.IntN(30)
			}
		}
		names = append(names, tb.Seats[i].Name)
	}
	rec, err := games.Start(g, names, opts)
	if err != nil {
		t.Fatalf("%s with %d: %v", g.Name(), n, err)
	}
	moved := make([]int, n)
	for steps := 0; !games.Over(rec.State); steps++ {
		if steps > 5000 {
			t.Fatalf("%s: no end", g.Name())
		}
		act := rec.State.ToAct()
		if len(act) == 1 && act[0] == games.Chance {
			if _, err := rec.Apply(games.Chance, rec.State.SampleChance(r)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := act[0]
		by := games.ByPlayer
		if tb.Seats[seat].AI || away[seat] >= 0 && moved[seat] >= away[seat] {
			by = games.ByAI
		}
		moved[seat]++
		if _, err := rec.ApplyBy(seat, rec.State.Hint(seat), by); err != nil {
			t.Fatal(err)
		}
	}
	tb.Record = &rec.Record
	tb.Options = rec.State.Options()
	return tb, rec.State
}

// ratingSnapshot is everything the store says about the ratings of guilds.
func ratingSnapshot(t *testing.T, s *Service, guilds, users []string) []any {
	t.Helper()
	ctx := t.Context()
	var out []any
	for _, g := range guilds {
		for _, game := range s.games.Names() {
			for off := 0; ; off += store.MaxPage {
				b, err := s.Leaderboard(ctx, g, game, off, store.MaxPage)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, b)
				if off+store.MaxPage >= b.Total {
					break
				}
			}
			recs, err := s.SoloRecords(ctx, g, game, store.MaxPage)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, recs)
		}
		for _, u := range users {
			ps, err := s.PlayerStats(ctx, g, u, "")
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, ps)
		}
	}
	return out
}

func TestRebuildEqualsIncrementalBolt(t *testing.T)  { testRebuild(t, storetest.OpenBolt(t)) }
func TestRebuildEqualsIncrementalRedis(t *testing.T) { testRebuild(t, storetest.OpenRedis(t)) }

// testRebuild finishes 200 random games (solo ones, AI seats, away players, teams, two
// servers) the live way, then checks that rebuilding from the archive finds exactly the
// stored ratings, finds a tampered one, and restores it.
func testRebuild(t *testing.T, st store.Store) {
	ctx := t.Context()
	clk := newClock()
	s, err := New(st, allGames(), Options{Seed: 7, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(28, 28))
	pool := []string{"u1", "u2", "u3", "u4", "u5", "u6"}
	guilds := []string{"g1", "g2"}
	rated, solo := 0, 0
	for i := range 200 {
		clk.Add(37 * time.Minute)
		tb, state := randomFinished(t, r, fmt.Sprint("game-", i), guilds[r.IntN(2)], pool)
		changes, err := s.finish(ctx, tb, state)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if len(changes) > 0 {
			rated++
		}
		if len(tb.Seats) == 1 {
			solo++
		}
		if i%10 == 0 { // a retried finish rates the game once, and shows the same changes
			again, err := s.finish(ctx, tb, state)
			if err != nil || !reflect.DeepEqual(again, changes) {
				t.Fatalf("game %d finished again: %+v, %v; want %+v", i, again, err, changes)
			}
		}
	}
	t.Logf("200 games: %d rated, %d solo", rated, solo)
	if rated < 100 || solo < 20 {
		t.Fatalf("too few rated (%d) or solo (%d) games for the test to mean much", rated, solo)
	}
	want := ratingSnapshot(t, s, guilds, pool)

	rep, err := Rebuild(ctx, st, s.games, false)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 200 || rep.Guilds != 2 || len(rep.Diffs) != 0 || len(rep.Skipped) != 0 {
		t.Fatalf("dry rebuild: %d games of %d guilds, differences %q, skipped %q", rep.Games, rep.Guilds, rep.Diffs, rep.Skipped)
	}
	// Tamper with a line: the dry run reports it, the rebuild restores every rating.
	cur, err := st.Ratings(ctx, "g1", "fits", []string{"u1"})
	if err != nil || cur["u1"].Games == 0 {
		t.Fatalf("u1 has no FITS rating on g1 (%v): pick another player", err)
	}
	p := cur["u1"]
	p.Mu += 1e-9
	p.Games++
	err = st.Rerate(ctx, store.Final{GameID: "tamper", Guild: "g1", Game: "fits", Outcomes: []store.Outcome{{UserID: "u1", Before: cur["u1"], After: p, Place: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if rep, err := Rebuild(ctx, st, s.games, false); err != nil || len(rep.Diffs) != 1 {
		t.Fatalf("dry rebuild after tampering: %q, %v; want one difference", rep.Diffs, err)
	}
	if _, err := Rebuild(ctx, st, s.games, true); err != nil {
		t.Fatal(err)
	}
	if got := ratingSnapshot(t, s, guilds, pool); !reflect.DeepEqual(got, want) {
		t.Errorf("after the rebuild the ratings differ from the incremental ones:\n%+v\nwant\n%+v", got, want)
	}
	if rep, err := Rebuild(ctx, st, s.games, false); err != nil || len(rep.Diffs) != 0 {
		t.Errorf("dry rebuild after the rebuild: %q, %v", rep.Diffs, err)
	}
}

// raceStore finishes another game of the same players just before the first Finish it is
// asked for, as a concurrent process would.
type raceStore struct {
	store.Store
	other func()
}

func (r *raceStore) Finish(ctx context.Context, f store.Final) (bool, error) {
	if o := r.other; o != nil {
		r.other = nil
		o()
	}
	return r.Store.Finish(ctx, f)
}

// TestFinishRetriesConflict: a game finished while another of the same players was being
// finished is rated again from the new ratings, never shown stale, never lost.
func TestFinishRetriesConflict(t *testing.T) {
	ctx := t.Context()
	race := &raceStore{Store: storetest.OpenBolt(t)}
	s := newService(t, race, newClock())
	r := rand.New(rand.NewPCG(3, 4))
	var first *Table
	var firstState games.State
	for first == nil {
		tb, st := randomFinished(t, r, "a", guild, []string{ada, ben})
		if tb.Game == "fits" || tb.Game == "ingenious" {
			if len(tb.Seats) == 2 && !tb.Seats[0].AI && !tb.Seats[1].AI && len(aiPlayedSeats(tb)) == 0 {
				first, firstState = tb, st
			}
		}
	}
	second, secondState := *first, firstState
	second.ID = "b"
	race.other = func() {
		if _, err := s.finish(ctx, &second, secondState); err != nil {
			t.Errorf("the other game: %v", err)
		}
	}
	changes, err := s.finish(ctx, first, firstState)
	if err != nil {
		t.Fatal(err)
	}
	if s.conflicts.Load() != 1 {
		t.Errorf("%d conflicts, want 1", s.conflicts.Load())
	}
	lines, err := race.Ratings(ctx, guild, first.Game, []string{ada, ben})
	if err != nil || lines[ada].Games != 2 || lines[ben].Games != 2 {
		t.Fatalf("after two games: %+v, %v", lines, err)
	}
	// The change shown starts from the rating after the other game.
	a, err := race.ArchivedGame(ctx, guild, "b")
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range changes {
		if c.Before != a.Ratings[i].After || c.After != lines[c.UserID].Rating {
			t.Errorf("change %+v does not follow the other game's %+v", c, a.Ratings[i])
		}
	}
	if errors.Is(err, store.ErrConflict) {
		t.Error("a conflict was shown")
	}
}

// aiPlayedSeats lists the seats of tb the AI played for most of the game.
func aiPlayedSeats(tb *Table) []int {
	var out []int
	for i, b := range aiPlayed(tb.Record.Moves, len(tb.Seats)) {
		if b {
			out = append(out, i)
		}
	}
	return out
}
