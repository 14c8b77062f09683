package store

import (
	"bytes"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"
)

// result is one player's result in a test game.
type result struct {
	won   bool
	score int
}

func testFinishOnce(t *testing.T, s Store) {
	ctx := t.Context()
	f := Final{GameID: "game-1", Guild: "g", Game: "chess", Record: []byte(`{"moves":[]}`), At: time.Now(),
		Outcomes: []Outcome{{UserID: "u1", Name: "One", Won: true, Score: 3}, {UserID: "u2", Name: "Two", Score: 1}}}
	for range 2 {
		wantErr(t, "Finish", s.Finish(ctx, f), nil)
	}
	wantPlayed := func(what string, guild string, n int) {
		t.Helper()
		h, err := s.History(ctx, guild, 100)
		if err != nil || len(h) != n {
			t.Errorf("%s: History = %d games, %v; want %d", what, len(h), err, n)
		}
		b, err := s.Leaderboard(ctx, guild, "chess", 10)
		if err != nil || len(b) != 2 || b[0].Played != n || b[1].Played != n || b[0].Wins != n {
			t.Errorf("%s: Leaderboard = %+v, %v; want both players with %d games", what, b, err, n)
		}
	}
	wantPlayed("after finishing one game twice", "g", 1)

	f.GameID = "game-2"
	var wg sync.WaitGroup
	for range 30 {
		wg.Go(func() { wantErr(t, "concurrent Finish", s.Finish(ctx, f), nil) })
	}
	wg.Wait()
	wantPlayed("after finishing another game 30 times at once", "g", 2)

	// A GameID is counted once per guild.
	f.Guild = "other"
	wantErr(t, "Finish in another guild", s.Finish(ctx, f), nil)
	wantPlayed("other guild", "other", 1)
	wantPlayed("first guild again", "g", 2)

	// A game without outcomes (a solo game: the referee ranks none) is archived, once, and
	// changes no leaderboard.
	solo := Final{GameID: "game-solo", Guild: "g", Game: "chess", Record: []byte(`{"solo":1}`), At: time.Now()}
	for range 2 {
		wantErr(t, "Finish without outcomes", s.Finish(ctx, solo), nil)
	}
	if h, err := s.History(ctx, "g", 100); err != nil || len(h) != 3 || h[0].GameID != "game-solo" || string(h[0].Record) != `{"solo":1}` {
		t.Errorf("History after a game without outcomes = %+v, %v; want it newest of 3", h, err)
	}
	b, err := s.Leaderboard(ctx, "g", "chess", 10)
	if err != nil || len(b) != 2 || b[0].Played != 2 || b[1].Played != 2 || b[0].Wins != 2 {
		t.Errorf("Leaderboard after a game without outcomes = %+v, %v; want both players with 2 games", b, err)
	}
}

func testLeaderboard(t *testing.T, s Store) {
	ctx := t.Context()
	results := map[string][]result{
		"C": {{true, 12}, {true, 1}, {false, 0}, {false, 0}, {false, 0}}, // 2 wins, best 12
		"B": {{true, 10}, {true, 5}},                                     // 2 wins, best 10, 2 played
		"E": {{true, 10}, {true, 10}},                                    // as B; B's ID is smaller
		"A": {{true, 10}, {true, 0}, {false, -5}},                        // as B but 3 played
		"D": {{true, 100}},                                               // 1 win
		"G": {{false, -1}, {false, -2}},                                  // no wins, best -1
		"F": {{false, -3}},                                               // no wins, best -3
	}
	for game := range 5 {
		f := Final{GameID: fmt.Sprint("lb-", game), Guild: "g", Game: "chess", Record: []byte("{}")}
		for _, user := range []string{"A", "B", "C", "D", "E", "F", "G"} {
			if game < len(results[user]) {
				r := results[user][game]
				f.Outcomes = append(f.Outcomes, Outcome{UserID: user, Name: fmt.Sprint(user, game), Won: r.won, Score: r.score})
			}
		}
		wantErr(t, "Finish", s.Finish(ctx, f), nil)
	}
	// Another game and another guild are boards of their own.
	wantErr(t, "Finish", s.Finish(ctx, Final{GameID: "x", Guild: "g", Game: "go",
		Outcomes: []Outcome{{UserID: "Z", Won: true, Score: 1000}}}), nil)
	wantErr(t, "Finish", s.Finish(ctx, Final{GameID: "y", Guild: "h", Game: "chess",
		Outcomes: []Outcome{{UserID: "Z", Won: true, Score: 1000}}}), nil)

	want := []Standing{
		{UserID: "C", Name: "C4", Wins: 2, Played: 5, Best: 12},
		{UserID: "B", Name: "B1", Wins: 2, Played: 2, Best: 10},
		{UserID: "E", Name: "E1", Wins: 2, Played: 2, Best: 10},
		{UserID: "A", Name: "A2", Wins: 2, Played: 3, Best: 10},
		{UserID: "D", Name: "D0", Wins: 1, Played: 1, Best: 100},
		{UserID: "G", Name: "G1", Wins: 0, Played: 2, Best: -1},
		{UserID: "F", Name: "F0", Wins: 0, Played: 1, Best: -3},
	}
	for _, limit := range []int{100, 7, 3, 1} {
		got, err := s.Leaderboard(ctx, "g", "chess", limit)
		if err != nil {
			t.Fatalf("Leaderboard(%d): %v", limit, err)
		}
		if w := want[:min(limit, len(want))]; !reflect.DeepEqual(got, w) {
			t.Errorf("Leaderboard(%d) =\n%+v\nwant\n%+v", limit, got, w)
		}
	}
	for _, limit := range []int{0, -1} {
		if got, err := s.Leaderboard(ctx, "g", "chess", limit); err != nil || len(got) != 0 {
			t.Errorf("Leaderboard(%d) = %v, %v; want nothing", limit, got, err)
		}
	}
	if got, err := s.Leaderboard(ctx, "g", "nothing", 10); err != nil || len(got) != 0 {
		t.Errorf("Leaderboard of a game never played = %v, %v; want nothing", got, err)
	}
	if got, err := s.Leaderboard(ctx, "h", "chess", 10); err != nil || len(got) != 1 || got[0].UserID != "Z" {
		t.Errorf("Leaderboard of guild h = %v, %v; want Z alone", got, err)
	}

	// Scores at the bounds count; beyond them Finish fails and writes nothing.
	wantErr(t, "Finish at the bounds", s.Finish(ctx, Final{GameID: "bounds", Guild: "b", Game: "x",
		Outcomes: []Outcome{{UserID: "hi", Score: MaxScore}, {UserID: "lo", Score: -MaxScore}}}), nil)
	got, err := s.Leaderboard(ctx, "b", "x", 10)
	if err != nil || len(got) != 2 || got[0].Best != MaxScore || got[1].Best != -MaxScore {
		t.Errorf("Leaderboard of extreme scores = %+v, %v", got, err)
	}
	if err := s.Finish(ctx, Final{GameID: "over", Guild: "b", Game: "x",
		Outcomes: []Outcome{{UserID: "hi", Score: MaxScore + 1}}}); err == nil {
		t.Errorf("Finish with score MaxScore+1 succeeded")
	}
	if h, err := s.History(ctx, "b", 10); err != nil || len(h) != 1 {
		t.Errorf("History after a rejected Finish = %d games, %v; want 1", len(h), err)
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
			At: base.Add(-time.Duration(i) * time.Hour)} // finished in another order than At's
		wantErr(t, "Finish", s.Finish(ctx, f), nil)
	}
	wantErr(t, "Finish", s.Finish(ctx, Final{GameID: "elsewhere", Guild: "h", At: base}), nil)

	got, err := s.History(ctx, "g", 100)
	if err != nil {
		t.Fatalf("History: %v", err)
	}
	if len(got) != len(records) {
		t.Fatalf("History = %d games, want %d", len(got), len(records))
	}
	for j, a := range got {
		i := len(records) - 1 - j
		at := base.Add(-time.Duration(i) * time.Hour)
		if a.GameID != fmt.Sprint("h", i) || a.Game != fmt.Sprint("game", i%2) || !a.At.Equal(at) ||
			!bytes.Equal(a.Record, records[i]) {
			t.Errorf("History[%d] = %s %s %v %q, want h%d game%d %v %q", j, a.GameID, a.Game, a.At, a.Record,
				i, i%2, at, records[i])
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
	if h, err := s.History(ctx, "h", 10); err != nil || len(h) != 1 || h[0].GameID != "elsewhere" {
		t.Errorf("History of guild h = %v, %v; want game elsewhere", h, err)
	}
}

func testHistoryCap(t *testing.T, s Store) {
	ctx := t.Context()
	const games = HistoryCap + 5
	for i := range games {
		f := Final{GameID: fmt.Sprint(i), Guild: "g", Game: "x", Record: []byte("{}"),
			Outcomes: []Outcome{{UserID: "u", Won: i%2 == 0, Score: i}}}
		if err := s.Finish(ctx, f); err != nil {
			t.Fatalf("Finish %d: %v", i, err)
		}
	}
	h, err := s.History(ctx, "g", 2*games)
	if err != nil || len(h) != HistoryCap {
		t.Fatalf("History = %d games, %v; want %d", len(h), err, HistoryCap)
	}
	for j, a := range h {
		if want := fmt.Sprint(games - 1 - j); a.GameID != want {
			t.Fatalf("History[%d] = game %s, want %s", j, a.GameID, want)
		}
	}
	// The leaderboard counts every game, also those dropped from the history.
	b, err := s.Leaderboard(ctx, "g", "x", 1)
	want := []Standing{{UserID: "u", Wins: games/2 + 1, Played: games, Best: games - 1}}
	if err != nil || !reflect.DeepEqual(b, want) {
		t.Errorf("Leaderboard = %+v, %v; want %+v", b, err, want)
	}
}
