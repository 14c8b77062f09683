package store

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// BenchmarkSave measures a Load and a Save of one table, the bot's round trip for a move.
func BenchmarkSave(b *testing.B) {
	b.Run("redis", func(b *testing.B) { benchmarkSave(b, openRedis(b)) })
	b.Run("bolt", func(b *testing.B) { benchmarkSave(b, openBolt(b)) })
}

func benchmarkSave(b *testing.B, s Store) {
	ctx := context.Background()
	data := make([]byte, 2048) // about a game's JSON
	if _, err := s.Save(ctx, "bench", data, 0); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		t, err := s.Load(ctx, "bench")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Save(ctx, "bench", t.Data, t.Revision); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveConcurrent measures moves of 64 games at once, each a Load and a Save of its
// own table, on the embedded store: "alone" commits (and fsyncs) every Save by itself, the
// baseline; "batched" lets Saves made at the same time share a commit. x-faster is the ratio
// of their times per move in the run.
func BenchmarkSaveConcurrent(b *testing.B) {
	var aloneNs float64
	for _, tc := range []struct {
		name      string
		unbatched bool
	}{{"alone", true}, {"batched", false}} {
		b.Run(tc.name, func(b *testing.B) {
			s := openBolt(b)
			s.unbatched = tc.unbatched
			ctx := context.Background()
			data := make([]byte, 2048)
			var next atomic.Int64
			b.SetParallelism(32) // 64 goroutines on 2 cores
			b.RunParallel(func(pb *testing.PB) {
				channel := "bench-" + strconv.FormatInt(next.Add(1), 10)
				if _, err := s.Save(ctx, channel, data, 0); err != nil {
					b.Error(err)
					return
				}
				for pb.Next() {
					t, err := s.Load(ctx, channel)
					if err != nil {
						b.Error(err)
						return
					}
					if _, err := s.Save(ctx, channel, t.Data, t.Revision); err != nil {
						b.Error(err)
						return
					}
				}
			})
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if tc.unbatched {
				aloneNs = ns
			} else if aloneNs > 0 {
				b.ReportMetric(aloneNs/ns, "x-faster")
			}
		})
	}
}

// seedBoard finishes games games of 5 players each on guild "g", game "x", drawn from
// players players (the first players/5 games seat each player once), each with a record of
// about 1 kB, so that the archive grows with games and the board holds players players. The
// embedded store takes them in one transaction (the same writes as Finish), Redis one Finish
// each.
func seedBoard(b *testing.B, s Store, games, players int) {
	b.Helper()
	ctx := context.Background()
	record := []byte(`{"moves":"` + strings.Repeat("x", 1000) + `"}`)
	lines := map[string]PlayerRating{}
	finals := make([]Final, 0, games)
	for i := range games {
		f := Final{GameID: fmt.Sprint("game-", i), Guild: "g", Game: "x", Record: record, At: time.Unix(int64(i), 0)}
		for j := range 5 {
			u := fmt.Sprint("user-", (i*5+j)%players)
			if i*5 >= players {
				u = fmt.Sprint("user-", (i*7+j*101)%players)
			}
			before := lines[u]
			after := before
			after.Name, after.Games = "Name "+u, after.Games+1
			after.Mu, after.Sigma = 25+float64((i*31+j*17)%200)/10, 8/math.Sqrt(float64(after.Games))
			f.Seats = append(f.Seats, Seat{UserID: u, Name: after.Name})
			f.Outcomes = append(f.Outcomes, Outcome{UserID: u, Before: before, After: after, Place: j + 1, Won: j == 0})
			lines[u] = after
		}
		for j := range f.Outcomes {
			for k, o := range f.Outcomes {
				if k != j {
					f.Outcomes[j].Opponents = append(f.Outcomes[j].Opponents, o.UserID)
				}
			}
		}
		finals = append(finals, f)
	}
	switch s := s.(type) {
	case *Bolt:
		err := s.db.Update(func(tx *bolt.Tx) error {
			for _, f := range finals {
				entry, err := encodeArchived(f)
				if err != nil {
					return err
				}
				if done, _, err := finishTx(tx, f, entry); err != nil || !done {
					return fmt.Errorf("seed %s: %v %w", f.GameID, done, err)
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	default:
		for _, f := range finals {
			if done, err := s.Finish(ctx, f); err != nil || !done {
				b.Fatalf("seed %s: %v %v", f.GameID, done, err)
			}
		}
	}
	if board, err := s.Leaderboard(ctx, "g", "x", 0, 1); err != nil || board.Total != players {
		b.Fatalf("seeded board of %d players, %v; want %d", board.Total, err, players)
	}
}

// BenchmarkLeaderboardPage measures one page of ten (places 251–260) of a server with 500
// players, after 100 and after 10,000 archived games: one round
// trip each (one script on Redis, one read transaction on bbolt) whose size is the page's.
// x-of-100-games is the ratio of the time per page to the 100-game server's in the same run:
// about 1, since nothing read grows with the archive.
func BenchmarkLeaderboardPage(b *testing.B) {
	for _, kind := range []string{"redis", "bolt"} {
		var base float64
		for _, games := range []int{100, 10000} {
			b.Run(fmt.Sprintf("%s/games=%d", kind, games), func(b *testing.B) {
				var s Store
				if kind == "redis" {
					s = openRedis(b)
				} else {
					s = openBolt(b)
				}
				seedBoard(b, s, games, 500)
				ctx := context.Background()
				for b.Loop() {
					page, err := s.Leaderboard(ctx, "g", "x", 250, 10)
					if err != nil || len(page.Standings) != 10 {
						b.Fatalf("page: %d standings, %v", len(page.Standings), err)
					}
				}
				ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
				if games == 100 {
					base = ns
				} else if base > 0 {
					b.ReportMetric(ns/base, "x-of-100-games")
				}
			})
		}
	}
}
