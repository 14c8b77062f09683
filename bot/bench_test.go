package bot

import (
	"bytes"
	"context"
	"encoding/json"
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
)

// benchGames are the games whose moves are benchmarked, with the players they seat.
var benchGames = []struct {
	name    string
	players int
}{{"ingenious", 2}, {"fits", 2}}

// midGame stores a table of game with Ada and Ben after `moves` AI moves, stopped where Ada
// must decide, and returns the bot, the table and the draft of a good move for Ada.
func midGame(b *testing.B, st store.Store, game string, moves int) (*Bot, *Table, string) {
	b.Helper()
	fake := fakediscord.Start(b, fakediscord.Config{})
	session, _ := discordgo.New("Bot " + fake.Token())
	session.Client = restproxy.Client(fake.URL(), 5*time.Second)
	bt, err := New(catalog.Kits(), st, session, Options{ApplicationID: fake.ApplicationID(), Seed: 1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	kit, ok := bt.kit(game)
	if !ok {
		b.Fatalf("no game %s", game)
	}
	rec, err := games.Start(kit.Game, []string{"Ada", "Ben"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for played := 0; ; {
		act := rec.State.ToAct()
		if played >= moves && len(act) > 0 && act[0] == 0 {
			break
		}
		seat := act[len(act)-1] // Ben before Ada in simultaneous steps, so Ada is left to decide
		a := rec.State.SampleChance(r)
		if seat != games.Chance {
			a, played = rec.State.Hint(seat), played+1
		}
		if _, err := rec.Apply(seat, a); err != nil {
			b.Fatal(err)
		}
	}
	t := &Table{ID: "bench-" + game, Game: game, Guild: testGuild, Channel: testChannel, Creator: ada.ID, Status: StatusPlaying,
		Seats: []SeatInfo{{User: ada.ID, Name: "Ada"}, {User: ben.ID, Name: "Ben"}}, Record: &rec.Record}
	refreshSince(t, nil, nil)
	if err := bt.saveTable(context.Background(), t); err != nil {
		b.Fatal(err)
	}
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
	return bt, t, draft
}

// naiveRender measures the naive baseline: the game's table drawn through gg into RGBA and
// encoded with png.Encode's defaults. It returns ns per picture.
func naiveRender(b *testing.B, game string) float64 {
	var ns float64
	b.Run("naive-render", func(b *testing.B) {
		bt, t, _ := midGame(b, openBolt(b), game, 30)
		st, err := bt.state(t)
		if err != nil {
			b.Fatal(err)
		}
		kit, _ := bt.kit(game)
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
	bt, start, draft := midGame(b, st, game, 30)
	snapshot, _ := json.Marshal(start)
	fake := fakediscord.Start(b, fakediscord.Config{})
	ctx := context.Background()
	rev := start.rev
	var elapsed time.Duration
	n := 0
	for b.Loop() {
		b.StopTimer()
		var err error
		if rev, err = bt.store.Save(ctx, testChannel, snapshot, rev); err != nil {
			b.Fatal(err)
		}
		raw := fake.Click(actor(ada), buildID(game, rev, verbCommit, draft)).Raw
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
		res, err := bt.commit(ctx, testChannel, i.Member.User.ID, id)
		if err != nil || res.stale || res.refusal != nil {
			b.Fatalf("commit: %v %+v", err, res)
		}
		rev = res.table.rev
		state, err := bt.state(res.table)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := bt.boardMessage(res.table, state, res.steps, games.English); err != nil {
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
			bt, _, draft := midGame(b, openBolt(b), g.name, 30)
			c := &call{ctx: context.Background(), lang: games.English}
			ctx := context.Background()
			for b.Loop() {
				t, err := bt.loadTable(ctx, testChannel)
				if err != nil {
					b.Fatal(err)
				}
				st, err := bt.state(t)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := bt.panelMessage(c, t, st, 0, draft, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
