package bot

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/restproxy"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/internal/testlog"
	"github.com/tablebot/tablebot/table"
)

// addStrongBot starts a bot over the HTTP endpoint whose referee's takeover AI is strong,
// logging into logs.
func addStrongBot(h *harness, logs io.Writer) *instance {
	h.t.Helper()
	tables, err := table.New(h.store, catalog.Games(catalog.Kits()), table.Options{Seed: 42, Now: h.clock.Now, Suggest: -1,
		Takeover: search.Strong, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		h.t.Fatal(err)
	}
	session, err := discordgo.New("Bot " + h.fake.Token())
	if err != nil {
		h.t.Fatal(err)
	}
	session.Client = restproxy.Client(h.fake.URL(), 10*time.Second)
	session.LogLevel = -1
	o := h.opts
	o.ApplicationID, o.Logger, o.Now = h.fake.ApplicationID(), slog.New(slog.NewTextHandler(io.Discard, nil)), h.clock.Now
	o.Handled = func(i *discordgo.Interaction, err error) { h.finished(i.ID, err) }
	b, err := New(catalog.Kits(), tables, session, o)
	if err != nil {
		h.t.Fatal(err)
	}
	srv := httptest.NewServer(b.Interactions(h.fake.PublicKey()))
	h.t.Cleanup(srv.Close)
	in := &instance{bot: b, session: session, endpoint: srv.URL + "/interactions"}
	if err := b.RegisterCommands(context.Background(), testGuild); err != nil {
		h.t.Fatal(err)
	}
	h.bots = append(h.bots, in)
	return in
}

// TestLateDeadlineStepsDown: Ben's deadline worked 11 s after its time (the bot was behind)
// is played by the takeover AI at easy instead of strong, and the log says so with the
// lateness; the board reads as any deadline's. Ada's deadline, worked on time, is played
// strong.
func TestLateDeadlineStepsDown(t *testing.T) {
	t.Parallel()
	h := asyncHarness(t, openBolt)
	logs := &testlog.Buffer{}
	in := addStrongBot(h, logs)
	bensTurn(t, h, in)
	before := len(h.fake.ChannelMessages(testChannel))
	due := h.table().Due[1]
	h.clock.Add(due.Sub(h.clock.Now()) + 11*time.Second)
	h.tickAll()
	msgs := h.fake.ChannelMessages(testChannel)[before:]
	if len(msgs) != 1 || !strings.Contains(msgs[0].Content, "Ben's time ran out — the AI decided for Ben") {
		t.Fatalf("at Ben's late deadline: %q", contents(msgs))
	}
	if n := aiMovesFor(h, 1); n != 1 {
		t.Fatalf("%d AI moves for Ben, want 1", n)
	}
	log := logs.String()
	if !strings.Contains(log, "the takeover AI steps down") || !strings.Contains(log, "late=11s level=easy takeover=strong") {
		t.Fatalf("the step down is not logged with its lateness:\n%s", log)
	}
	// Ada's deadline, worked on time: strong, no step down.
	tb := h.table()
	if tb.Due[0].IsZero() {
		t.Fatalf("Ada has no deadline: %+v", tb.Due)
	}
	h.clock.Add(tb.Due[0].Sub(h.clock.Now()))
	h.tickAll()
	if n := aiMovesFor(h, 0); n != 1 {
		t.Fatalf("%d AI moves for Ada, want 1", n)
	}
	log = logs.String()
	if strings.Count(log, "steps down") != 1 || !strings.Contains(log, "the AI decided at a deadline") ||
		!strings.Contains(log, "level=strong late=0s") {
		t.Fatalf("Ada's deadline on time is not played strong:\n%s", log)
	}
}
