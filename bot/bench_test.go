package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/bot/restproxy"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// benchGames are the games whose moves are benchmarked: every game of the catalog, each with
// its most players (the most crowded table, the costliest picture).
var benchGames = func() []benchGame {
	var list []benchGame
	for _, k := range catalog.Kits() {
		_, most := k.Game.Seats()
		list = append(list, benchGame{name: k.Game.Name(), players: min(most, len(benchPlayers))})
	}
	return list
}()

// benchGame is a game benchmarked, with the players it seats.
type benchGame struct {
	name    string
	players int
}

// benchPlayers are the names of the benchmarks' players, Ada first.
var benchPlayers = []string{"Ada", "Ben", "Cid", "Dana", "Eva", "Filip"}

// midGame sets up a table of game with players people (Ada, Ben, …) after `moves` AI moves,
// stopped where Ada must decide, and returns the bot, the record and the draft of a good move
// for Ada.
func midGame(b *testing.B, st store.Store, game string, players, moves int) (*Bot, games.Record, string) {
	b.Helper()
	fake := fakediscord.Start(b, fakediscord.Config{})
	session, _ := discordgo.New("Bot " + fake.Token())
	session.Client = restproxy.Client(fake.URL(), 5*time.Second)
	// No cache of compressed picture rows: every iteration repeats one move, and a real move
	// is a new position whose changed rows must be compressed (the load test measures the
	// cache's part).
	bt, err := New(catalog.Kits(), newTables(b, st), session, Options{ApplicationID: fake.ApplicationID(),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), PictureCache: -1})
	if err != nil {
		b.Fatal(err)
	}
	kit, ok := bt.kit(game)
	if !ok {
		b.Fatalf("no game %s", game)
	}
	rec, err := games.Start(kit.Game, benchPlayers[:players], nil)
	if err != nil {
		b.Fatal(err)
	}
	played := 0
	// The others move before Ada in simultaneous steps, so that Ada is left to decide.
	benFirst := func(st games.State, seat games.Seat) games.Action {
		act := st.ToAct()
		if played >= moves && len(act) > 0 && act[0] == 0 {
			return nil
		}
		if seat != act[len(act)-1] {
			return nil
		}
		played++
		return st.Hint(seat)
	}
	if _, err := games.Advance(rec, rand.New(rand.NewPCG(3, 4)), benFirst); err != nil {
		b.Fatal(err)
	}
	importGame(b, bt, rec.Record)
	panel, err := rec.State.(games.Composer).Compose(0, "")
	if err != nil {
		b.Fatal(err)
	}
	draft := panel.Draft
	for _, c := range panel.Controls {
		if c.Emoji == "💡" {
			draft = c.Next
		}
	}
	return bt, rec.Record, draft
}

// importGame abandons the channel's table, if any, and sets up rec there with its players
// (Ada and Ben, then more people).
func importGame(b *testing.B, bt *Bot, rec games.Record) *table.Table {
	b.Helper()
	ctx := context.Background()
	host := table.Click{Guild: testGuild, Channel: testChannel, User: ada.ID, Name: "Ada", Manager: true}
	if t, err := bt.tables.Load(ctx, testChannel); err == nil && t.Status != table.StatusOver {
		if _, err := bt.tables.Abandon(ctx, host, t.ID); err != nil {
			b.Fatal(err)
		}
	}
	seats := []table.SeatInfo{{User: ada.ID, Name: "Ada"}, {User: ben.ID, Name: "Ben"}}
	for i := 2; i < len(rec.Players); i++ {
		seats = append(seats, table.SeatInfo{User: fmt.Sprintf("10000000000000010%d", i), Name: rec.Players[i]})
	}
	t, err := bt.tables.Import(ctx, host, seats, rec)
	if err != nil {
		b.Fatal(err)
	}
	return t
}

// playersOf returns how many players game is benchmarked with.
func playersOf(game string) int {
	for _, g := range benchGames {
		if g.name == game {
			return g.players
		}
	}
	return 2
}

// naiveRender measures the naive baseline: the game's table drawn through gg into RGBA and
// encoded with png.Encode's defaults. It returns ns per picture.
func naiveRender(b *testing.B, game string) float64 {
	var ns float64
	b.Run("naive-render", func(b *testing.B) {
		bt, rec, _ := midGame(b, openBolt(b), game, playersOf(game), 30)
		kit, _ := bt.kit(game)
		st, _, err := games.Replay(kit.Game, rec)
		if err != nil {
			b.Fatal(err)
		}
		base, ok := kit.Art.(images.Baseline)
		if !ok {
			b.Fatalf("%s has no naive baseline (images.Baseline)", game)
		}
		var buf bytes.Buffer
		for b.Loop() {
			img, err := base.NaiveTable(st.View(games.NoSeat), games.English)
			if err != nil {
				b.Fatal(err)
			}
			buf.Reset()
			if err := png.Encode(&buf, img); err != nil {
				b.Fatal(err)
			}
		}
		ns = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	return ns
}

// BenchmarkMove measures a whole move as the bot makes it — decode the interaction, load the
// table, replay, apply, let chance and the table move on, compare-and-set, draw and encode the
// new board — on the embedded store and on Redis, beside the naive render baseline measured
// in the same run. x-naive-render is how many times faster the whole move is than that
// render alone.
func BenchmarkMove(b *testing.B) {
	for _, g := range benchGames {
		b.Run(g.name, func(b *testing.B) {
			naiveNs := naiveRender(b, g.name)
			for _, tc := range []struct {
				name string
				open func(testing.TB) store.Store
			}{{"bolt", openBolt}, {"redis", openRedis}} {
				b.Run(tc.name, func(b *testing.B) { benchMove(b, g.name, tc.open(b), naiveNs) })
			}
		})
	}
}

func benchMove(b *testing.B, game string, st store.Store, naiveNs float64) {
	bt, rec, draft := midGame(b, st, game, playersOf(game), 30)
	fake := fakediscord.Start(b, fakediscord.Config{})
	ctx := context.Background()
	var elapsed time.Duration
	n := 0
	for b.Loop() {
		b.StopTimer()
		t := importGame(b, bt, rec)
		raw := fake.Click(actor(ada), buildID(game, t.Rev(), verbCommit, draft)).Raw
		b.StartTimer()
		began := time.Now()
		var i discordgo.Interaction
		if err := json.Unmarshal(raw, &i); err != nil {
			b.Fatal(err)
		}
		id, err := ParseID(i.MessageComponentData().CustomID)
		if err != nil {
			b.Fatal(err)
		}
		c := &call{ctx: ctx, i: &i, user: i.Member.User.ID, lang: games.English}
		out, err := bt.tables.Commit(ctx, c.click(id), id.Arg)
		if err != nil {
			b.Fatalf("commit: %v", err)
		}
		if _, err := bt.boardMessage(out.Table, out.State, out.Steps, games.English, ""); err != nil {
			b.Fatal(err)
		}
		elapsed += time.Since(began)
		n++
	}
	if naiveNs > 0 && n > 0 {
		b.ReportMetric(naiveNs/(float64(elapsed.Nanoseconds())/float64(n)), "x-naive-render")
	}
}

// BenchmarkPanelClick measures a click that only moves the panel (◀ ▶ ⟳ in FITS, a tile or a
// place in Ingenious): load, replay, compose, draw the private preview and encode it. This is
// what must feel instant.
func BenchmarkPanelClick(b *testing.B) {
	for _, g := range benchGames {
		b.Run(g.name, func(b *testing.B) {
			bt, _, draft := midGame(b, openBolt(b), g.name, g.players, 30)
			ctx := context.Background()
			c := &call{ctx: ctx, lang: games.English}
			click := table.Click{Guild: testGuild, Channel: testChannel, User: ada.ID, Game: g.name}
			for b.Loop() {
				p, err := bt.tables.Seated(ctx, click)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := bt.panelMessage(c, p, draft, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
