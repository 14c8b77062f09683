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

// midGame stores a two-player Ingenious table 30 moves in, seat to place, and returns the bot,
// the table and the draft of a legal placement.
func midGame(b *testing.B, st store.Store) (*Bot, *Table, string) {
	b.Helper()
	fake := fakediscord.Start(b, fakediscord.Config{})
	session, _ := discordgo.New("Bot " + fake.Token())
	session.Client = restproxy.Client(fake.URL(), 5*time.Second)
	bt, err := New(catalog.Kits(), st, session, Options{ApplicationID: fake.ApplicationID(), Seed: 1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	kit, _ := bt.kit("ingenious")
	rec, err := games.Start(kit.Game, []string{"Ada", "Ben"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for players := 0; players < 30 || rec.State.ToAct()[0] == games.Chance; {
		seat := rec.State.ToAct()[0]
		a := rec.State.SampleChance(r)
		if seat != games.Chance {
			a, players = rec.State.Hint(seat), players+1
		}
		if _, err := rec.Apply(seat, a); err != nil {
			b.Fatal(err)
		}
	}
	t := &Table{ID: "bench", Game: "ingenious", Guild: testGuild, Channel: testChannel, Creator: ada.ID, Status: StatusPlaying,
		Seats: []SeatInfo{{User: ada.ID, Name: "Ada"}, {User: ben.ID, Name: "Ben"}}, Record: &rec.Record}
	refreshSince(t, nil, nil)
	if err := bt.saveTable(context.Background(), t); err != nil {
		b.Fatal(err)
	}
	seat := rec.State.ToAct()[0]
	panel, err := rec.State.(games.Composer).Compose(seat, "")
	if err != nil {
		b.Fatal(err)
	}
	suggest := panel.Controls[len(panel.Controls)-1].Next
	if t.Seats[seat].User != ada.ID {
		t.Seats[0], t.Seats[1] = t.Seats[1], t.Seats[0]
	}
	return bt, t, suggest
}

// BenchmarkMove measures a whole move as the bot makes it — decode the interaction, load the
// table, replay, apply, let chance draw, compare-and-set, draw and encode the new board — on the
// embedded store and on Redis, beside the naive render baseline (the same board drawn through
// gg into RGBA and encoded with png.Encode's defaults) measured in the same run. Each store
// reports x-naive-render: how many times faster the whole move is than that render alone.
func BenchmarkMove(b *testing.B) {
	var naiveNs float64
	b.Run("naive-render", func(b *testing.B) {
		bt, t, _ := midGame(b, openBolt(b))
		st, err := bt.state(t)
		if err != nil {
			b.Fatal(err)
		}
		kit, _ := bt.kit("ingenious")
		base := kit.Art.(images.Baseline)
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
		naiveNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	for _, tc := range []struct {
		name string
		open func(testing.TB) store.Store
	}{{"bolt", openBolt}, {"redis", openRedis}} {
		b.Run(tc.name, func(b *testing.B) {
			bt, start, draft := midGame(b, tc.open(b))
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
				raw := fake.Click(actor(ada), buildID("ingenious", rev, verbCommit, draft)).Raw
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
				st, err := bt.state(res.table)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := bt.boardMessage(res.table, st, res.steps, games.English); err != nil {
					b.Fatal(err)
				}
				elapsed += time.Since(began)
				n++
			}
			if naiveNs > 0 && n > 0 {
				b.ReportMetric(naiveNs/(float64(elapsed.Nanoseconds())/float64(n)), "x-naive-render")
			}
		})
	}
}
