package bot

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/bot/restproxy"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
	"github.com/tablebot/tablebot/table"
)

const (
	testGuild   = "900000000000000001"
	testChannel = "900000000000000002"
)

var (
	ada = fakediscord.User{ID: "100000000000000001", Username: "ada", GlobalName: "Ada", Locale: "en-US"}
	ben = fakediscord.User{ID: "100000000000000002", Username: "ben", GlobalName: "Ben", Locale: "cs"}
	cid = fakediscord.User{ID: "100000000000000003", Username: "cid", GlobalName: "Cid", Locale: "en-GB"}
	dan = fakediscord.User{ID: "100000000000000004", Username: "dan", GlobalName: "Dan", Locale: "cs"}
)

// harness is a fake Discord with one or more bot instances on a shared store, over the gateway
// or the HTTP interactions endpoint.
type harness struct {
	t     *testing.T
	fake  *fakediscord.Server
	store store.Store
	bots  []*instance
	// lease is the referee's lease on an owed board (zero: the default); opts are the bots';
	// clock, when set, is the referees' clock.
	lease time.Duration
	opts  Options
	clock *testClock
	// suggest is the referees' 💡 search budget (zero: no search, the game's quick
	// suggestion, so that games clicked through on every move stay quick under -race).
	suggest time.Duration
	// taskLease is the referees' lease on a claimed due task (zero: the default).
	taskLease time.Duration

	mu   sync.Mutex
	done map[string]chan error // interaction ID → handled
}

// instance is one bot process: its own session, Bot and (in HTTP mode) endpoint.
type instance struct {
	bot      *Bot
	session  *discordgo.Session
	endpoint string // HTTP mode only
}

// openBolt opens a fresh embedded store for a test.
func openBolt(t testing.TB) store.Store { return storetest.OpenBolt(t) }

// openRedis opens the test Redis under a prefix of its own, deleted at the test's end.
func openRedis(t testing.TB) store.Store { return storetest.OpenRedis(t) }

// testClock is a settable clock shared by a harness's processes.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// newTables is one process's referee on st, of refereeOptions.
func newTables(t testing.TB, st store.Store) *table.Service {
	return newReferee(t, st, refereeOptions())
}

// refereeOptions are a test referee's: deterministic chance, no 💡 search (the game's quick
// suggestion), no log, and the defaults for the rest.
func refereeOptions() table.Options {
	return table.Options{Seed: 42, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Suggest: -1}
}

// newReferee is a referee of every game of the catalog on st, with options o.
func newReferee(t testing.TB, st store.Store, o table.Options) *table.Service {
	t.Helper()
	tables, err := table.New(st, catalog.Games(catalog.Kits()), o)
	if err != nil {
		t.Fatal(err)
	}
	return tables
}

// referee is the options of the harness's referees: refereeOptions on the harness's clock
// (when set), with its 💡 budget (when set), lease and task lease.
func (h *harness) referee() table.Options {
	o := refereeOptions()
	if h.clock != nil {
		o.Now = h.clock.Now
	}
	if h.suggest != 0 {
		o.Suggest = h.suggest
	}
	o.Lease, o.TaskLease = h.lease, h.taskLease
	return o
}

func newHarness(t *testing.T, st store.Store) *harness {
	t.Helper()
	h := &harness{t: t, fake: fakediscord.Start(t, fakediscord.Config{}), store: st, done: map[string]chan error{}}
	h.fake.SetGuild(fakediscord.Guild{ID: testGuild, Name: "Board gamers", PreferredLocale: "en-US"})
	h.fake.SetChannel(fakediscord.Channel{ID: testChannel, GuildID: testGuild, Name: "games"})
	return h
}

// addBot starts one more bot instance on the shared store: "gateway" or "http".
func (h *harness) addBot(transport string) *instance {
	h.t.Helper()
	return h.addBotWith(transport, h.referee())
}

// addBotWith is addBot with a referee of options ref.
func (h *harness) addBotWith(transport string, ref table.Options) *instance {
	h.t.Helper()
	session, err := discordgo.New("Bot " + h.fake.Token())
	if err != nil {
		h.t.Fatal(err)
	}
	session.Client = restproxy.Client(h.fake.URL(), 10*time.Second)
	session.LogLevel = -1
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	o := h.opts
	o.ApplicationID, o.Logger = h.fake.ApplicationID(), logger
	o.Handled = func(i *discordgo.Interaction, err error) { h.finished(i.ID, err) }
	if h.clock != nil {
		o.Now = h.clock.Now
	}
	b, err := New(catalog.Kits(), newReferee(h.t, h.store, ref), session, o)
	if err != nil {
		h.t.Fatal(err)
	}
	in := &instance{bot: b, session: session}
	ctx := context.Background()
	switch transport {
	case "gateway":
		if err := b.Gateway(ctx, session); err != nil {
			h.t.Fatal(err)
		}
		h.t.Cleanup(func() { session.Close() })
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if err := h.fake.WaitConnected(wctx); err != nil {
			h.t.Fatal(err)
		}
	case "http":
		srv := httptest.NewServer(b.Interactions(h.fake.PublicKey()))
		h.t.Cleanup(srv.Close)
		in.endpoint = srv.URL + "/interactions"
	}
	if err := b.RegisterCommands(ctx, testGuild); err != nil {
		h.t.Fatal(err)
	}
	h.bots = append(h.bots, in)
	return in
}

// handled is the channel on which interaction id's end is told, made by whichever of the bot
// and the test comes first.
func (h *harness) handled(id string) chan error {
	h.mu.Lock()
	defer h.mu.Unlock()
	ch, ok := h.done[id]
	if !ok {
		ch = make(chan error, 1)
		h.done[id] = ch
	}
	return ch
}

func (h *harness) finished(id string, err error) { h.handled(id) <- err }

func (h *harness) waitHandled(id string) error {
	select {
	case err := <-h.handled(id):
		return err
	case <-time.After(20 * time.Second):
		h.t.Fatalf("interaction %s was not handled within 20 s", id)
		return nil
	}
}

// send delivers an interaction through instance in's transport and waits until it has been
// completely handled. It returns the error the user was told about (nil when all went well).
func (h *harness) send(in *instance, ix *fakediscord.Interaction) error {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if in.endpoint != "" {
		reply, err := h.fake.PostInteraction(ctx, in.endpoint, ix)
		if err != nil {
			h.t.Fatalf("post interaction: %v", err)
		}
		if reply.Status != 200 {
			h.t.Fatalf("interaction endpoint answered %d: %s", reply.Status, reply.Body)
		}
	} else if err := h.fake.DispatchInteraction(ctx, ix); err != nil {
		h.t.Fatalf("dispatch interaction: %v", err)
	}
	return h.waitHandled(ix.ID)
}

func actor(u fakediscord.User) fakediscord.Actor {
	return fakediscord.Actor{User: u, GuildID: testGuild, ChannelID: testChannel}
}

// seen is what the user who sent ix sees as the interaction's response.
func (h *harness) seen(ix *fakediscord.Interaction) fakediscord.Message {
	h.t.Helper()
	m, ok := h.fake.Original(ix.Token)
	if !ok {
		h.t.Fatalf("no response to interaction %s", ix.ID)
	}
	if fu := h.fake.Followups(ix.Token); len(fu) > 0 {
		return fu[len(fu)-1]
	}
	return m
}

// lastBoard returns the channel's newest message.
func (h *harness) lastBoard() fakediscord.Message {
	h.t.Helper()
	msgs := h.fake.ChannelMessages(testChannel)
	if len(msgs) == 0 {
		h.t.Fatal("no channel messages")
	}
	return msgs[len(msgs)-1]
}

// component is one button or select of a message, flattened.
type component struct {
	Type     int    `json:"type"`
	CustomID string `json:"custom_id"`
	Label    string `json:"label"`
	Disabled bool   `json:"disabled"`
	Style    int    `json:"style"`
	Options  []struct {
		Label string `json:"label"`
		Value string `json:"value"`
	} `json:"options"`
}

func components(t *testing.T, m fakediscord.Message) []component {
	t.Helper()
	var rows []struct {
		Components []component `json:"components"`
	}
	if len(m.Components) > 0 {
		if err := json.Unmarshal(m.Components, &rows); err != nil {
			t.Fatalf("components %s: %v", m.Components, err)
		}
	}
	var out []component
	for _, r := range rows {
		out = append(out, r.Components...)
	}
	return out
}

// find returns the component whose custom_id has verb v (and, if label is set, that label).
func find(t *testing.T, m fakediscord.Message, v verb, label string) (component, bool) {
	for _, c := range components(t, m) {
		id, err := ParseID(c.CustomID)
		if err == nil && id.Verb == string(v) && (label == "" || c.Label == label) {
			return c, true
		}
	}
	return component{}, false
}

func mustFind(t *testing.T, m fakediscord.Message, v verb, label string) component {
	t.Helper()
	c, ok := find(t, m, v, label)
	if !ok {
		t.Fatalf("message has no %q component %q:\n%s\n%s", v, label, m.Content, m.Components)
	}
	return c
}

// current is the channel's table, read straight from the store, and its game replayed.
func (h *harness) current() (*table.Table, games.State) {
	h.t.Helper()
	tb := h.table()
	st, err := h.bots[0].bot.tables.State(tb)
	if err != nil {
		h.t.Fatal(err)
	}
	return tb, st
}

// table reads the channel's table straight from the store.
func (h *harness) table() *table.Table {
	h.t.Helper()
	t, err := h.bots[0].bot.tables.Load(context.Background(), testChannel)
	if err != nil {
		h.t.Fatal(err)
	}
	return t
}
