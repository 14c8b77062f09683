package bot

import (
	"context"
	"image"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// BenchmarkViewerStep measures a step of the replay viewer (◀ ▶: read the archived record
// from the store, replay it to the move, draw and encode the table) against drawing and
// encoding the same picture alone, and against that picture plus reading and decoding the
// record once, one after the other in each iteration, and reports the ratios as x-picture and
// x-picture+read: the issue wants a step to cost no more than drawing one move's picture and
// reading one record (x-picture+read ≤ 1, give or take the noise of a shared machine). The steps go back and forth between the last two moves, the
// longest replays (from the start, a step would replay the whole game; see Bot.replayed). The
// picture alone is drawn from a state replayed apart, untimed, so that neither side finds
// the state already drawn.
func BenchmarkViewerStep(b *testing.B) {
	for _, g := range benchGames {
		b.Run(g.name, func(b *testing.B) {
			st := openBolt(b)
			bt, err := New(catalog.Kits(), newTables(b, st), nil, Options{ApplicationID: "1",
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), PictureCache: -1})
			if err != nil {
				b.Fatal(err)
			}
			seats := make([]store.Seat, g.players)
			for i := range seats {
				seats[i] = store.Seat{UserID: benchPlayers[i] + "-id", Name: benchPlayers[i]}
			}
			arch := newArchiver(b, st).finish(g.name, seats, time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
			ctx := context.Background()
			r, err := bt.replayTo(ctx, testGuild, arch.GameID, -1)
			if err != nil {
				b.Fatal(err)
			}
			move := r.total - 1
			// Warm up: fonts loaded and the board's fixed layers drawn once, for both sides.
			if _, err := bt.viewerMessage(ctx, testGuild, "spectator", arch.GameID, move, games.English); err != nil {
				b.Fatal(err)
			}
			var step, picture, read time.Duration
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				// ◀ ▶ ◀ ▶…: each step from the move shown before.
				at := move - i%2
				t0 := time.Now()
				if _, err := bt.viewerMessage(ctx, testGuild, "spectator", arch.GameID, at, games.English); err != nil {
					b.Fatal(err)
				}
				// A state of its own, as a move's picture draws a new position (the games' art
				// may remember what it drew of a state it has seen).
				shown, err := bt.replayTo(ctx, testGuild, arch.GameID, at)
				if err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				if _, err := bt.encode(shown.kit, "replay", false, func() (image.Image, error) {
					return shown.kit.Art.Table(shown.st.View(games.NoSeat), games.English)
				}); err != nil {
					b.Fatal(err)
				}
				t2 := time.Now()
				a, err := bt.tables.ArchivedGame(ctx, testGuild, arch.GameID)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := games.DecodeRecord(a.Record); err != nil {
					b.Fatal(err)
				}
				step, picture, read = step+t1.Sub(t0), picture+t2.Sub(t1), read+time.Since(t2)
			}
			b.ReportMetric(float64(step)/float64(picture), "x-picture")
			b.ReportMetric(float64(step)/float64(picture+read), "x-picture+read")
		})
	}
}
