package store

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// runRatingsContract checks the archive and the ratings of the stores open returns.
func runRatingsContract(t *testing.T, open func(t *testing.T) Store) {
	runChecks(t, open, []check{
		{"FinishOnce", testFinishOnce},
		{"FinishConflict", testFinishConflict},
		{"FinishConcurrentRatings", testFinishConcurrent},
		{"FinishAllOrNone", testFinishAllOrNone},
		{"Leaderboard", testLeaderboard},
		{"History", testHistory},
		{"ArchiveKeepsAll", testArchiveKeepsAll},
		{"Solo", testSolo},
		{"PlayerStats", testPlayerStats},
		{"ClearAndRerate", testClearAndRerate},
	})
}

// seatResult is one player's result in a test game: user, score and place.
type seatResult struct {
	user  string
	score int
	place int
}

// rate builds the Final of a game of the players in res, reading their lines from s and
// moving each player's μ by 10/place − 4 (any deterministic change will do: the store does
// not rate).
func rate(t *testing.T, s Store, guild, game, id string, at time.Time, res ...seatResult) Final {
	t.Helper()
	var users []string
	for _, r := range res {
		users = append(users, r.user)
	}
	cur, err := s.Ratings(t.Context(), guild, game, users)
	if err != nil {
		t.Fatalf("Ratings: %v", err)
	}
	f := Final{GameID: id, Guild: guild, Game: game, At: at, Record: fmt.Appendf(nil, `{"game":%q}`, id)}
	for _, r := range res {
		f.Seats = append(f.Seats, Seat{UserID: r.user, Name: "N" + r.user})
		before := cur[r.user]
		after := before
		if after.Games == 0 {
			after.Rating, after.Best = Rating{Mu: 25, Sigma: 25.0 / 3}, r.score
		}
		after.Name = "N" + r.user
		after.Games++
		after.Mu += 10/float64(r.place) - 4
		after.Sigma *= 0.97
		after.ScoreSum += int64(r.score)
		after.Best = max(after.Best, r.score)
		if r.place == 1 {
			after.Wins++
		}
		var opps []string
		for _, o := range res {
			if o.user != r.user {
				opps = append(opps, o.user)
			}
		}
		f.Outcomes = append(f.Outcomes, Outcome{UserID: r.user, Before: before, After: after, Score: r.score,
			Place: r.place, Won: r.place == 1, Opponents: opps})
	}
	return f
}

// mustFinish finishes f and fails the test unless this call finished it.
func mustFinish(t *testing.T, s Store, f Final) {
	t.Helper()
	done, err := s.Finish(t.Context(), f)
	if err != nil || !done {
		t.Fatalf("Finish(%s) = %v, %v; want true", f.GameID, done, err)
	}
}

// line returns user's stored line (zero if none).
func line(t *testing.T, s Store, guild, game, user string) PlayerRating {
	t.Helper()
	m, err := s.Ratings(t.Context(), guild, game, []string{user})
	if err != nil {
		t.Fatalf("Ratings: %v", err)
	}
	return m[user]
}

func testFinishOnce(t *testing.T, s Store) {
	ctx := t.Context()
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	f := rate(t, s, "g", "chess", "game-1", at, seatResult{"u1", 3, 1}, seatResult{"u2", 1, 2})
	mustFinish(t, s, f)
	if done, err := s.Finish(ctx, f); err != nil || done {
		t.Errorf("second Finish = %v, %v; want false, nil", done, err)
	}
	if p := line(t, s, "g", "chess", "u1"); p.Games != 1 || p.Wins != 1 || p.Mu != 31 {
		t.Errorf("after finishing one game twice, u1 = %+v; want 1 game, 1 win, μ 31", p)
	}

	// 30 finishes of one game at once: one finishes it, the others find it finished.
	f2 := rate(t, s, "g", "chess", "game-2", at, seatResult{"u1", 3, 2}, seatResult{"u2", 1, 1})
	var wg sync.WaitGroup
	var finished atomic.Int32
	for range 30 {
		wg.Go(func() {
			done, err := s.Finish(ctx, f2)
			if err != nil {
				t.Errorf("concurrent Finish: %v", err)
			}
			if done {
				finished.Add(1)
			}
		})
	}
	wg.Wait()
	if finished.Load() != 1 {
		t.Errorf("30 concurrent Finishes of one game: %d finished it, want 1", finished.Load())
	}
	if p := line(t, s, "g", "chess", "u1"); p.Games != 2 || p.Wins != 1 {
		t.Errorf("u1 after two games = %+v", p)
	}
	// A GameID is counted once per guild: another guild rates it afresh.
	mustFinish(t, s, rate(t, s, "other", "chess", "game-2", at, seatResult{"u1", 3, 2}, seatResult{"u2", 1, 1}))
	if p := line(t, s, "other", "chess", "u1"); p.Games != 1 {
		t.Errorf("u1 in the other guild = %+v, want 1 game", p)
	}
	if h, err := s.History(ctx, "g", 10); err != nil || len(h) != 2 || h[0].GameID != "game-2" {
		t.Errorf("History = %+v, %v; want game-2, game-1", h, err)
	}
	// The archive keeps the rating changes: a retried finish can show them.
	a, err := s.ArchivedGame(ctx, "g", "game-1")
	want := []RatingChange{
		{UserID: "u1", Name: "Nu1", Before: Rating{}, After: Rating{Mu: 31, Sigma: 25.0 / 3 * 0.97}, Place: 1, Score: 3, Won: true},
		{UserID: "u2", Name: "Nu2", Before: Rating{}, After: Rating{Mu: 26, Sigma: 25.0 / 3 * 0.97}, Place: 2, Score: 1},
	}
	if err != nil || !reflect.DeepEqual(a.Ratings, want) || !a.At.Equal(at) || string(a.Record) != `{"game":"game-1"}` ||
		len(a.Seats) != 2 || a.Seats[1].UserID != "u2" {
		t.Errorf("ArchivedGame = %+v, %v; want the ratings %+v", a, err, want)
	}
	if _, err := s.ArchivedGame(ctx, "g", "nothing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("ArchivedGame of no game: %v, want ErrNotFound", err)
	}
}

// testFinishConflict: a Finish computed from lines that changed since fails with ErrConflict
// and writes nothing; recomputed from fresh lines it succeeds.
func testFinishConflict(t *testing.T, s Store) {
	ctx := t.Context()
	at := time.Now()
	mustFinish(t, s, rate(t, s, "g", "go", "a", at, seatResult{"u1", 5, 1}, seatResult{"u2", 4, 2}))
	stale := rate(t, s, "g", "go", "b", at, seatResult{"u1", 5, 2}, seatResult{"u2", 4, 1})
	mustFinish(t, s, rate(t, s, "g", "go", "c", at, seatResult{"u2", 5, 1}, seatResult{"u3", 4, 2}))
	u2 := line(t, s, "g", "go", "u2")
	done, err := s.Finish(ctx, stale)
	wantErr(t, "Finish with stale lines", err, ErrConflict)
	if done {
		t.Error("a conflicting Finish says it finished the game")
	}
	if _, err := s.ArchivedGame(ctx, "g", "b"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a conflicting Finish archived the game: %v", err)
	}
	if got := line(t, s, "g", "go", "u2"); !reflect.DeepEqual(got, u2) || line(t, s, "g", "go", "u1").Games != 1 {
		t.Errorf("a conflicting Finish changed the lines: u2 %+v, want %+v", got, u2)
	}
	if h, _ := s.History(ctx, "g", 10); len(h) != 2 {
		t.Errorf("History after a conflict = %d games, want 2", len(h))
	}
	// A new player's zero Before conflicts with a line stored since.
	fresh := rate(t, s, "g", "go", "d", at, seatResult{"u9", 1, 1}, seatResult{"u8", 0, 2})
	mustFinish(t, s, rate(t, s, "g", "go", "e", at, seatResult{"u9", 1, 1}, seatResult{"u7", 0, 2}))
	_, err = s.Finish(ctx, fresh)
	wantErr(t, "Finish of a new player rated since", err, ErrConflict)
	// Recomputed, it goes through.
	mustFinish(t, s, rate(t, s, "g", "go", "b", at, seatResult{"u1", 5, 2}, seatResult{"u2", 4, 1}))
	if got := line(t, s, "g", "go", "u2"); got.Games != 3 || got.Wins != 2 {
		t.Errorf("u2 after the retried game = %+v, want 3 games, 2 wins", got)
	}
}

// testFinishConcurrent: 12 games of the same players finished at once, each re-reading and
// recomputing after a conflict, are all counted once each, in some order.
func testFinishConcurrent(t *testing.T, s Store) {
	const n = 12
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			for try := 0; try < 1000; try++ {
				f := rate(t, s, "g", "go", fmt.Sprint("game-", i), time.Now(), seatResult{"a", i, 1 + i%2}, seatResult{"b", i, 2 - i%2})
				_, err := s.Finish(t.Context(), f)
				if err == nil {
					return
				}
				if !errors.Is(err, ErrConflict) {
					t.Errorf("Finish: %v", err)
					return
				}
				time.Sleep(time.Duration(try%5) * time.Millisecond)
			}
			t.Errorf("game %d: no end to conflicts", i)
		})
	}
	wg.Wait()
	a, b := line(t, s, "g", "go", "a"), line(t, s, "g", "go", "b")
	// Every game moved μ by +6 for the winner, +1 for the loser: the sum shows every game
	// counted once whatever the order.
	if a.Games != n || b.Games != n || a.Wins+b.Wins != n || a.Mu+b.Mu != 50+7*n || a.ScoreSum != n*(n-1)/2 {
		t.Errorf("after %d concurrent games: a %+v, b %+v", n, a, b)
	}
}

// testFinishAllOrNone: a Finish that fails part-way (one player's data unreadable) leaves
// nothing of the game: no archive entry, no recent game, no line, no board.
func testFinishAllOrNone(t *testing.T, s Store) {
	ctx := t.Context()
	f := rate(t, s, badGuild, badGame, "doomed", time.Now(), seatResult{"good", 3, 1}, seatResult{badUser, 1, 2})
	plant(t, s, garbageOpponents)
	_, err := s.Finish(ctx, f)
	wantErr(t, "Finish with the second player's data unreadable", err, ErrCorrupt)
	if _, err := s.ArchivedGame(ctx, badGuild, "doomed"); !errors.Is(err, ErrNotFound) {
		t.Errorf("ArchivedGame after a failed Finish: %v, want ErrNotFound", err)
	}
	if h, err := s.History(ctx, badGuild, 10); err != nil || len(h) != 0 {
		t.Errorf("History after a failed Finish = %v, %v", h, err)
	}
	if b, err := s.Leaderboard(ctx, badGuild, badGame, 0, 10); err != nil || b.Total != 0 {
		t.Errorf("Leaderboard after a failed Finish = %+v, %v", b, err)
	}
	if p := line(t, s, badGuild, badGame, "good"); p.Games != 0 {
		t.Errorf("first player's line after a failed Finish = %+v", p)
	}
	if a, _, err := s.ArchiveScan(ctx, badGuild, 0, 10); err != nil || len(a) != 0 {
		t.Errorf("ArchiveScan after a failed Finish = %v, %v", a, err)
	}
	// A game of others is fine meanwhile.
	mustFinish(t, s, rate(t, s, badGuild, badGame, "other", time.Now(), seatResult{"good", 3, 1}, seatResult{"fine", 1, 2}))
}

func testLeaderboard(t *testing.T, s Store) {
	ctx := t.Context()
	// Players p00…p24: p(i) plays i games against "base", winning them all when i is even.
	for i := range 25 {
		for j := range i {
			place := 1 + i%2
			mustFinish(t, s, rate(t, s, "g", "chess", fmt.Sprintf("g-%d-%d", i, j), time.Now(),
				seatResult{fmt.Sprintf("p%02d", i), j, place}, seatResult{"base", 0, 3 - place}))
		}
	}
	// Two players with equal lines: ordered by user ID.
	mustFinish(t, s, rate(t, s, "g", "chess", "tie", time.Now(), seatResult{"tie-b", 1, 1}, seatResult{"tie-a", 1, 1}))
	mustFinish(t, s, rate(t, s, "g", "go", "x", time.Now(), seatResult{"z", 1, 1}, seatResult{"y", 1, 2}))

	all, err := s.Leaderboard(ctx, "g", "chess", 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if all.Total != 27 || len(all.Standings) != 27 {
		t.Fatalf("Leaderboard = %d of %d players, want 27 of 27", len(all.Standings), all.Total)
	}
	for i, st := range all.Standings {
		if st.Rank != i+1 {
			t.Errorf("standing %d has rank %d", i, st.Rank)
		}
		if i > 0 {
			prev := all.Standings[i-1]
			if prev.Ordinal() < st.Ordinal() || prev.Ordinal() == st.Ordinal() && prev.UserID > st.UserID {
				t.Errorf("%s (%v) before %s (%v)", prev.UserID, prev.Ordinal(), st.UserID, st.Ordinal())
			}
		}
		if want := line(t, s, "g", "chess", st.UserID); !reflect.DeepEqual(st.PlayerRating, want) {
			t.Errorf("standing of %s = %+v, want its line %+v", st.UserID, st.PlayerRating, want)
		}
		// Standing agrees with the board.
		if got, ok, err := s.Standing(ctx, "g", "chess", st.UserID); err != nil || !ok || !reflect.DeepEqual(got, st) {
			t.Errorf("Standing(%s) = %+v, %v, %v; want %+v", st.UserID, got, ok, err, st)
		}
	}
	if i, j := slices.IndexFunc(all.Standings, func(s Standing) bool { return s.UserID == "tie-a" }),
		slices.IndexFunc(all.Standings, func(s Standing) bool { return s.UserID == "tie-b" }); j != i+1 {
		t.Errorf("tied players at %d and %d, want tie-a just before tie-b", i, j)
	}
	// Pages.
	for _, pg := range [][2]int{{0, 10}, {10, 10}, {20, 10}, {26, 5}, {27, 5}, {40, 5}, {3, 0}, {3, -1}} {
		b, err := s.Leaderboard(ctx, "g", "chess", pg[0], pg[1])
		want := all.Standings[min(pg[0], 27):min(pg[0]+max(pg[1], 0), 27)]
		if err != nil || b.Total != 27 || len(b.Standings) != len(want) || len(want) > 0 && !reflect.DeepEqual(b.Standings, want) {
			t.Errorf("Leaderboard(%d, %d) = %+v, %v; want %d standings of 27", pg[0], pg[1], b, err, len(want))
		}
	}
	if _, ok, err := s.Standing(ctx, "g", "chess", "nobody"); ok || err != nil {
		t.Errorf("Standing of nobody = %v, %v", ok, err)
	}
	if b, err := s.Leaderboard(ctx, "g", "go", 0, 10); err != nil || b.Total != 2 || b.Standings[0].UserID != "z" {
		t.Errorf("Leaderboard of go = %+v, %v; want z first of 2", b, err)
	}
	if b, err := s.Leaderboard(ctx, "h", "chess", 0, 10); err != nil || b.Total != 0 || len(b.Standings) != 0 {
		t.Errorf("Leaderboard of another guild = %+v, %v; want nothing", b, err)
	}
	// MaxPage bounds a page.
	for i := range MaxPage + 5 {
		mustFinish(t, s, rate(t, s, "big", "x", fmt.Sprint(i), time.Now(), seatResult{fmt.Sprint("a", i), 1, 1}, seatResult{fmt.Sprint("b", i), 1, 2}))
	}
	if b, err := s.Leaderboard(ctx, "big", "x", 0, 1000); err != nil || b.Total != 2*(MaxPage+5) || len(b.Standings) != MaxPage {
		t.Errorf("Leaderboard with a large limit = %d of %d, %v; want %d of %d", len(b.Standings), b.Total, err, MaxPage, 2*(MaxPage+5))
	}
	// Scores beyond ±MaxScore are refused.
	f := rate(t, s, "g", "x", "over", time.Now(), seatResult{"hi", MaxScore + 1, 1}, seatResult{"lo", 0, 2})
	if _, err := s.Finish(ctx, f); err == nil {
		t.Error("Finish with a score beyond MaxScore succeeded")
	}
	f = rate(t, s, "g", "x", "twice", time.Now(), seatResult{"hi", 1, 1}, seatResult{"hi", 0, 2})
	if _, err := s.Finish(ctx, f); err == nil {
		t.Error("Finish with a user twice succeeded")
	}
}

func testHistory(t *testing.T, s Store) {
	ctx := t.Context()
	base := time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.FixedZone("X", 3600))
	records := [][]byte{
		[]byte(`{"moves":[1,2,3]}`),
		[]byte(`{ "spaced" : [ 1 ,2 ] }`),
		[]byte(" {} "),
		[]byte("not json at all \xff"),
		nil,
		[]byte("null"),
		[]byte(`"<&>"`),
	}
	for i, rec := range records {
		f := Final{GameID: fmt.Sprint("h", i), Guild: "g", Game: fmt.Sprint("game", i%2), Record: rec,
			Seats: []Seat{{UserID: "u", Name: "Ada"}, {Name: "AI 1", AI: "easy"}},
			At:    base.Add(-time.Duration(i) * time.Hour)} // finished in another order than At's
		mustFinish(t, s, f)
	}
	mustFinish(t, s, Final{GameID: "elsewhere", Guild: "h", At: base})
	got, err := s.History(ctx, "g", 100)
	if err != nil || len(got) != len(records) {
		t.Fatalf("History = %d games, %v; want %d", len(got), err, len(records))
	}
	for j, g := range got {
		i := len(records) - 1 - j
		at := base.Add(-time.Duration(i) * time.Hour)
		if g.GameID != fmt.Sprint("h", i) || g.Game != fmt.Sprint("game", i%2) || !g.At.Equal(at) ||
			len(g.Seats) != 2 || g.Seats[1].AI != "easy" || g.Seats[0].Name != "Ada" {
			t.Errorf("History[%d] = %+v, want h%d", j, g, i)
		}
		a, err := s.ArchivedGame(ctx, "g", g.GameID)
		if err != nil || !bytes.Equal(a.Record, records[i]) || !a.At.Equal(at) || a.Game != g.Game {
			t.Errorf("ArchivedGame(%s) = %+v, %v; want record %q", g.GameID, a, err, records[i])
		}
	}
	for _, limit := range []int{3, 1} {
		if short, err := s.History(ctx, "g", limit); err != nil || !reflect.DeepEqual(short, got[:limit]) {
			t.Errorf("History(%d) = %v, %v; want the newest %d", limit, short, err, limit)
		}
	}
	for _, limit := range []int{0, -5} {
		if h, err := s.History(ctx, "g", limit); err != nil || len(h) != 0 {
			t.Errorf("History(%d) = %v, %v; want nothing", limit, h, err)
		}
	}
	if h, err := s.History(ctx, "nobody", 10); err != nil || len(h) != 0 {
		t.Errorf("History of an unknown guild = %v, %v; want nothing", h, err)
	}
	guilds, err := s.Guilds(ctx)
	slices.Sort(guilds)
	if err != nil || !slices.Equal(guilds, []string{"g", "h"}) {
		t.Errorf("Guilds = %v, %v; want g, h", guilds, err)
	}
}

// testArchiveKeepsAll: the recent list keeps HistoryCap games; the archive keeps every game,
// listed in order by ArchiveScan page by page.
func testArchiveKeepsAll(t *testing.T, s Store) {
	ctx := t.Context()
	const games = HistoryCap + 5
	for i := range games {
		mustFinish(t, s, Final{GameID: fmt.Sprintf("%04d", games-i), Guild: "g", Game: "x", Record: fmt.Appendf(nil, "%d", i)})
	}
	h, err := s.History(ctx, "g", 2*games)
	if err != nil || len(h) != MaxPage || h[0].GameID != "0001" {
		t.Fatalf("History = %d games, %v; want the newest %d", len(h), err, MaxPage)
	}
	var all []Archived
	var cur ArchiveCursor
	for pages := 0; ; pages++ {
		page, next, err := s.ArchiveScan(ctx, "g", cur, 37)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page...)
		if len(page) < 37 {
			break
		}
		if next == cur || pages > games {
			t.Fatalf("ArchiveScan does not advance: %d → %d", cur, next)
		}
		cur = next
	}
	if len(all) != games {
		t.Fatalf("ArchiveScan listed %d games, want %d", len(all), games)
	}
	for i, a := range all {
		if a.GameID != fmt.Sprintf("%04d", games-i) || string(a.Record) != fmt.Sprint(i) {
			t.Fatalf("ArchiveScan[%d] = %s %q, want game %04d", i, a.GameID, a.Record, games-i)
		}
	}
	if _, err := s.ArchivedGame(ctx, "g", fmt.Sprintf("%04d", games)); err != nil {
		t.Errorf("the first game is no longer archived: %v", err)
	}
}

func testSolo(t *testing.T, s Store) {
	ctx := t.Context()
	solo := func(id, user string, score int) {
		t.Helper()
		mustFinish(t, s, Final{GameID: id, Guild: "g", Game: "fits", At: time.Unix(int64(len(id)), 0),
			Seats: []Seat{{UserID: user, Name: "N" + user}},
			Solo:  &SoloScore{UserID: user, Name: "N" + user, Score: score, Tier: Label{EN: fmt.Sprint("tier ", score), CS: fmt.Sprint("úroveň ", score)}}})
	}
	solo("a1", "a", 10)
	solo("b1", "b", 12)
	solo("a2", "a", 15)
	solo("a3", "a", 15) // equal to the best: the first game keeps the record
	solo("c1", "c", 12)
	solo("b2", "b", 11)
	solo("d1", "d", -3)
	got, err := s.SoloRecords(ctx, "g", "fits", 10)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, r := range got {
		rows = append(rows, fmt.Sprintf("%s %s %d %s %s", r.UserID, r.Name, r.Score, r.GameID, r.Tier.CS))
	}
	want := []string{"a Na 15 a2 úroveň 15", "b Nb 12 b1 úroveň 12", "c Nc 12 c1 úroveň 12", "d Nd -3 d1 úroveň -3"}
	if !slices.Equal(rows, want) {
		t.Errorf("SoloRecords =\n%s\nwant\n%s", rows, want)
	}
	if got, _ := s.SoloRecords(ctx, "g", "fits", 2); len(got) != 2 {
		t.Errorf("SoloRecords(2) = %d records", len(got))
	}
	if b, err := s.Leaderboard(ctx, "g", "fits", 0, 10); err != nil || b.Total != 0 {
		t.Errorf("solo games made a leaderboard: %+v, %v", b, err)
	}
	if got, err := s.SoloRecords(ctx, "g", "other", 10); err != nil || len(got) != 0 {
		t.Errorf("SoloRecords of another game = %v, %v", got, err)
	}
}

func testPlayerStats(t *testing.T, s Store) {
	ctx := t.Context()
	base := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	for i := range RatingHistoryCap + 5 {
		other := []string{"b", "c", "b"}[i%3]
		mustFinish(t, s, rate(t, s, "g", "chess", fmt.Sprint("c", i), base.Add(time.Duration(i)*time.Minute),
			seatResult{"a", i, 1 + i%2}, seatResult{other, 0, 2 - i%2}))
	}
	mustFinish(t, s, rate(t, s, "g", "go", "go1", base, seatResult{"a", 7, 1}, seatResult{"d", 0, 2}, seatResult{"c", 0, 3}))
	mustFinish(t, s, Final{GameID: "s1", Guild: "g", Game: "solo", Solo: &SoloScore{UserID: "a", Name: "Na", Score: 9}})

	ps, err := s.PlayerStats(ctx, "g", "a", []string{"chess", "go", "never", "solo"})
	if err != nil {
		t.Fatal(err)
	}
	if ps.Name != "Na" || len(ps.Games) != 3 {
		t.Fatalf("PlayerStats = %+v; want Na with 3 games", ps)
	}
	chess := ps.Games[0]
	a := line(t, s, "g", "chess", "a")
	if chess.Game != "chess" || !reflect.DeepEqual(chess.Standing.PlayerRating, a) || chess.Total != 3 || chess.Standing.Rank < 1 {
		t.Errorf("chess stats = %+v; want a's line %+v of 3 players", chess.Standing, a)
	}
	if len(chess.History) != RatingHistoryCap || chess.History[0].GameID != "c5" ||
		chess.History[RatingHistoryCap-1].GameID != fmt.Sprint("c", RatingHistoryCap+4) ||
		chess.History[RatingHistoryCap-1].Rating != a.Rating || !chess.History[0].At.Equal(base.Add(5*time.Minute)) {
		t.Errorf("chess history: %d points from %+v to %+v", len(chess.History), chess.History[0], chess.History[len(chess.History)-1])
	}
	wantOpp := []Opponent{{UserID: "b", Name: "Nb", Games: 37}, {UserID: "c", Name: "Nc", Games: 18}}
	if !reflect.DeepEqual(chess.Opponents, wantOpp) {
		t.Errorf("chess opponents = %+v, want %+v", chess.Opponents, wantOpp)
	}
	wantAll := []Opponent{{UserID: "b", Name: "Nb", Games: 37}, {UserID: "c", Name: "Nc", Games: 19}, {UserID: "d", Name: "Nd", Games: 1}}
	if !reflect.DeepEqual(ps.Opponents, wantAll) {
		t.Errorf("all opponents = %+v, want %+v", ps.Opponents, wantAll)
	}
	if g := ps.Games[1]; g.Game != "go" || g.Standing.Rank != 1 || g.Standing.Games != 1 || len(g.History) != 1 || g.History[0].Place != 1 || g.History[0].Score != 7 {
		t.Errorf("go stats = %+v", g)
	}
	if g := ps.Games[2]; g.Game != "solo" || g.Solo == nil || g.Solo.Score != 9 || g.Standing.Rank != 0 {
		t.Errorf("solo stats = %+v", g)
	}
	if ps, err := s.PlayerStats(ctx, "g", "nobody", []string{"chess"}); err != nil || len(ps.Games) != 0 || len(ps.Opponents) != 0 {
		t.Errorf("PlayerStats of nobody = %+v, %v", ps, err)
	}
}

// testClearAndRerate: clearing a guild's ratings and rerating its archive in order restores
// exactly the same boards, lines and solo records, and leaves the archive alone.
func testClearAndRerate(t *testing.T, s Store) {
	ctx := t.Context()
	var finals []Final
	for i := range 30 {
		f := rate(t, s, "g", []string{"x", "y"}[i%2], fmt.Sprint(i), time.Unix(int64(i), 0).UTC(),
			seatResult{fmt.Sprint("u", i%4), i, 1}, seatResult{fmt.Sprint("u", (i+1)%4), 0, 2})
		if i%5 == 0 {
			f = Final{GameID: fmt.Sprint(i), Guild: "g", Game: "x", Solo: &SoloScore{UserID: "u1", Name: "Nu1", Score: i}}
		}
		mustFinish(t, s, f)
		finals = append(finals, f)
	}
	snapshot := func() []any {
		var out []any
		for _, game := range []string{"x", "y"} {
			b, err := s.Leaderboard(ctx, "g", game, 0, 100)
			if err != nil {
				t.Fatal(err)
			}
			solo, err := s.SoloRecords(ctx, "g", game, 100)
			if err != nil {
				t.Fatal(err)
			}
			ps, err := s.PlayerStats(ctx, "g", "u1", []string{game})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b, solo, ps)
		}
		return out
	}
	before := snapshot()
	wantErr(t, "ClearRatings", s.ClearRatings(ctx, "g"), nil)
	if b, err := s.Leaderboard(ctx, "g", "x", 0, 10); err != nil || b.Total != 0 {
		t.Errorf("Leaderboard after ClearRatings = %+v, %v", b, err)
	}
	if a, _, err := s.ArchiveScan(ctx, "g", 0, 100); err != nil || len(a) != 30 {
		t.Errorf("ArchiveScan after ClearRatings = %d games, %v; want 30", len(a), err)
	}
	for _, f := range finals {
		wantErr(t, "Rerate", s.Rerate(ctx, f), nil)
	}
	if after := snapshot(); !reflect.DeepEqual(after, before) {
		t.Errorf("after ClearRatings and Rerate:\n%+v\nwant\n%+v", after, before)
	}
	if h, _ := s.History(ctx, "g", 100); len(h) != 30 {
		t.Errorf("Rerate changed the recent games: %d", len(h))
	}
}
