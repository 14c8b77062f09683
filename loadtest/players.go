// Package loadtest drives the bot as Discord would, many games at once, and measures it: the
// bot runs in HTTP mode behind its real signed-interactions handler, against the fake Discord
// (bot/fakediscord) with a configurable REST latency, and every game is played by two
// simulated people clicking through the real panels (Your turn → 💡 Suggest → Place, the menu
// and confirmations where they come). It reports acknowledgement and completion latencies,
// moves per second, CPU per move and peak memory, checks that every move a player saw applied
// is in the stored record, and optionally fires a storm of identical clicks at one panel.
package loadtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/bot/restproxy"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// Config is one load test. Zero fields take the documented defaults.
type Config struct {
	// Store keeps the games (required); the caller opens and closes it.
	Store store.Store
	// Games is how many games are played at once; 0 means 50.
	Games int
	// Duration is how long the games are played; 0 means 20 s.
	Duration time.Duration
	// RESTLatency delays every answer of the fake Discord's REST API; 0 means none.
	RESTLatency time.Duration
	// Storm, when positive, ends the run with that many identical clicks of one Place button
	// at once; exactly one may apply.
	Storm int
	// SuggestSearch lets the players' 💡 Suggest clicks run the search AI as the bot does by
	// default (about a second of CPU each); false keeps the game's own quick suggestion, so
	// that the test measures the platform — storage, pictures, Discord — rather than the AI.
	SuggestSearch bool
	// Workers bounds the bot's concurrent handlers (bot.Options.Workers); 0 means its default.
	Workers int
	// DrawSlots bounds the pictures the bot draws at once (bot.Options.DrawSlots); 0 means its
	// default.
	DrawSlots int
	// Logger receives the bot's logs; nil discards them.
	Logger *slog.Logger
	// HeapProfile, when set, receives a heap profile of the process taken when the games
	// stop, before the storm: what the bot, the fake Discord and the players hold then.
	HeapProfile io.Writer
}

// Report is what a load test measured. Latencies are of interactions of every kind.
type Report struct {
	Games    int
	Duration time.Duration
	// Interactions is how many were sent; Acks over 3 s those whose answer took longer than
	// Discord waits ("This interaction failed").
	Interactions int
	AcksOver3s   int
	AckP50       time.Duration
	AckP99       time.Duration
	AckMax       time.Duration
	// DoneP50 and DoneP99 are from sending a Place click until the bot finished with it: the
	// move stored, the panel updated and the next board posted (what the players see).
	DoneP50 time.Duration
	DoneP99 time.Duration
	// PanelP50 and PanelP99 are from sending a click that opens or drafts a panel (Your turn,
	// 💡 Suggest, a menu) until the bot has shown the panel.
	PanelP50 time.Duration
	PanelP99 time.Duration
	// Moves is how many moves the players saw applied; MovesPerSecond their rate.
	Moves          int
	MovesPerSecond float64
	// CPUPerMove is the process's CPU time per applied move, in milliseconds — the bot, the
	// fake Discord and the simulated players together.
	CPUPerMove float64
	// PeakRSSMB is the process's peak resident memory.
	PeakRSSMB float64
	// Lost counts applied moves missing from the stored records (must be 0); Errors counts
	// interactions the bot answered with an error.
	Lost   int
	Errors int
	// BandsReused is the share of picture bands whose compression the encoder found cached.
	BandsReused float64
	// StormClicks, StormApplied and StormAckP99 describe the storm of identical clicks.
	StormClicks  int
	StormApplied int
	StormAckP99  time.Duration
}

// String renders the report as a few aligned lines.
func (r Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "games at once        %d for %s\n", r.Games, r.Duration.Round(time.Millisecond))
	fmt.Fprintf(&b, "interactions         %d (%d answered after 3 s, %d errors)\n", r.Interactions, r.AcksOver3s, r.Errors)
	fmt.Fprintf(&b, "acknowledgement      p50 %s · p99 %s · max %s\n", ms(r.AckP50), ms(r.AckP99), ms(r.AckMax))
	fmt.Fprintf(&b, "move visible         p50 %s · p99 %s\n", ms(r.DoneP50), ms(r.DoneP99))
	fmt.Fprintf(&b, "panel shown          p50 %s · p99 %s\n", ms(r.PanelP50), ms(r.PanelP99))
	fmt.Fprintf(&b, "moves                %d applied, %.1f/s, %.1f ms CPU each, %d lost\n", r.Moves, r.MovesPerSecond, r.CPUPerMove, r.Lost)
	fmt.Fprintf(&b, "peak RSS             %.0f MB\n", r.PeakRSSMB)
	fmt.Fprintf(&b, "picture bands reused %.0f %%\n", 100*r.BandsReused)
	if r.StormClicks > 0 {
		fmt.Fprintf(&b, "storm                %d identical clicks: %d applied, acknowledgement p99 %s\n", r.StormClicks, r.StormApplied, ms(r.StormAckP99))
	}
	return b.String()
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64) + " ms"
}

// run is one load test in progress.
type run struct {
	cfg      Config
	fake     *fakediscord.Server
	tables   *table.Service
	endpoint string

	mu      sync.Mutex
	done    map[string]chan error // interaction ID → its completion
	acks    []time.Duration
	dones   []time.Duration
	panels  []time.Duration
	over3   int
	errs    int
	applied map[string]int // channel → moves seen applied
	moves   atomic.Int64
}

// Run plays cfg.Games games of Ingenious for cfg.Duration and reports what it measured.
func Run(ctx context.Context, cfg Config) (Report, error) {
	if cfg.Store == nil {
		return Report{}, errors.New("loadtest: no store")
	}
	if cfg.Games <= 0 {
		cfg.Games = 50
	}
	if cfg.Duration <= 0 {
		cfg.Duration = 20 * time.Second
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	fake, err := fakediscord.New(fakediscord.Config{RESTLatency: cfg.RESTLatency, ReplyTimeout: 30 * time.Second, Lean: true})
	if err != nil {
		return Report{}, fmt.Errorf("loadtest: fake Discord: %w", err)
	}
	defer fake.Close()
	kits := catalog.Kits()
	suggest := time.Duration(-1)
	if cfg.SuggestSearch {
		suggest = 0 // the referee's default
	}
	tables, err := table.New(cfg.Store, catalog.Games(kits), table.Options{Logger: log, Takeover: search.Strong, Suggest: suggest})
	if err != nil {
		return Report{}, fmt.Errorf("loadtest: %w", err)
	}
	session, err := discordgo.New("Bot " + fake.Token())
	if err != nil {
		return Report{}, fmt.Errorf("loadtest: session: %w", err)
	}
	session.Client = restproxy.Client(fake.URL(), 20*time.Second)
	session.LogLevel = -1
	r := &run{cfg: cfg, fake: fake, tables: tables, done: map[string]chan error{}, applied: map[string]int{}}
	b, err := bot.New(kits, tables, session, bot.Options{
		ApplicationID: fake.ApplicationID(), Logger: log, Workers: cfg.Workers, DrawSlots: cfg.DrawSlots,
		Handled: func(i *discordgo.Interaction, err error) { r.finished(i.ID, err) },
	})
	if err != nil {
		return Report{}, fmt.Errorf("loadtest: bot: %w", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return Report{}, fmt.Errorf("loadtest: listen: %w", err)
	}
	srv := &http.Server{Handler: botLabelled(b.Interactions(fake.PublicKey())), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	r.endpoint = "http://" + ln.Addr().String() + "/interactions"
	if err := b.RegisterCommands(ctx, guildID); err != nil {
		return Report{}, fmt.Errorf("loadtest: register commands: %w", err)
	}

	var peak atomic.Int64
	sample := func() {
		if kb := rssKB(); kb > peak.Load() {
			peak.Store(kb)
		}
	}
	stopSampling := make(chan struct{})
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stopSampling:
				return
			case <-t.C:
				sample()
			}
		}
	}()

	// Open every game first, then play them all for the duration.
	for g := range cfg.Games {
		if err := r.open(ctx, g); err != nil {
			close(stopSampling)
			return Report{}, err
		}
	}
	r.mu.Lock()
	r.acks, r.dones, r.panels = nil, nil, nil
	r.mu.Unlock()
	cpu0 := cpuTime()
	start := time.Now()
	playCtx, cancel := context.WithTimeout(ctx, cfg.Duration)
	var wg sync.WaitGroup
	for g := range cfg.Games {
		wg.Go(func() { r.play(playCtx, g) })
	}
	wg.Wait()
	cancel()
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0
	if cfg.HeapProfile != nil {
		runtime.GC() // the profile shows what is live after a collection
		if err := pprof.WriteHeapProfile(cfg.HeapProfile); err != nil {
			log.Warn("loadtest: heap profile", "err", err)
		}
	}

	rep := Report{Games: cfg.Games, Duration: elapsed}
	r.mu.Lock()
	rep.Interactions, rep.AcksOver3s, rep.Errors = len(r.acks), r.over3, r.errs
	rep.AckP50, rep.AckP99, rep.AckMax = quantile(r.acks, 0.5), quantile(r.acks, 0.99), quantile(r.acks, 1)
	rep.DoneP50, rep.DoneP99 = quantile(r.dones, 0.5), quantile(r.dones, 0.99)
	rep.PanelP50, rep.PanelP99 = quantile(r.panels, 0.5), quantile(r.panels, 0.99)
	r.mu.Unlock()
	if ps := b.PictureStats(); ps.Hits+ps.Misses > 0 {
		rep.BandsReused = float64(ps.Hits) / float64(ps.Hits+ps.Misses)
	}
	rep.Moves = int(r.moves.Load())
	rep.MovesPerSecond = float64(rep.Moves) / elapsed.Seconds()
	if rep.Moves > 0 {
		rep.CPUPerMove = float64(cpu) / float64(time.Millisecond) / float64(rep.Moves)
	}
	// Let the last handlers finish before reading the records.
	if err := b.Wait(ctx); err != nil {
		log.Warn("loadtest: waiting for the bot", "err", err)
	}
	lost, err := r.verify(ctx)
	if err != nil {
		close(stopSampling)
		return rep, err
	}
	rep.Lost = lost
	if cfg.Storm > 0 {
		clicks, applied, p99, err := r.storm(ctx, cfg.Storm)
		if err != nil {
			close(stopSampling)
			return rep, err
		}
		rep.StormClicks, rep.StormApplied, rep.StormAckP99 = clicks, applied, p99
	}
	close(stopSampling)
	sample()
	rep.PeakRSSMB = float64(peak.Load()) / 1024
	return rep, nil
}

const guildID = "800000000000000001"

// channelOf and the two players of game g.
func channelOf(g int) string { return strconv.Itoa(810000000000000000 + g) }

func playersOf(g int) [2]fakediscord.User {
	a := strconv.Itoa(820000000000000000 + 2*g)
	b := strconv.Itoa(820000000000000000 + 2*g + 1)
	return [2]fakediscord.User{
		{ID: a, Username: "a" + a, GlobalName: "Ada " + strconv.Itoa(g), Locale: "en-US"},
		{ID: b, Username: "b" + b, GlobalName: "Ben " + strconv.Itoa(g), Locale: "cs"},
	}
}

func actor(g int, u fakediscord.User) fakediscord.Actor {
	return fakediscord.Actor{User: u, GuildID: guildID, ChannelID: channelOf(g)}
}

// finished notes that interaction id has been completely handled.
func (r *run) finished(id string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		r.errs++
	}
	ch, ok := r.done[id]
	if !ok {
		ch = make(chan error, 1)
		r.done[id] = ch
	}
	ch <- err
}

// send posts ix to the bot's endpoint, records how long the answer took, and waits until the
// bot has finished with it. It returns the time from sending to finishing.
func (r *run) send(ctx context.Context, ix *fakediscord.Interaction) (time.Duration, error) {
	signed, err := r.fake.Sign(r.endpoint, ix)
	if err != nil {
		return 0, fmt.Errorf("loadtest: sign interaction: %w", err)
	}
	return r.sendSigned(ctx, ix.ID, signed)
}

// sendSigned is send for an interaction signed beforehand. The acknowledgement is timed as
// Discord times it, from sending the request to reading the reply.
func (r *run) sendSigned(ctx context.Context, id string, signed *fakediscord.Signed) (time.Duration, error) {
	r.mu.Lock()
	ch, ok := r.done[id]
	if !ok {
		ch = make(chan error, 1)
		r.done[id] = ch
	}
	r.mu.Unlock()
	t0 := time.Now()
	reply, err := r.fake.Send(ctx, signed)
	if err != nil {
		return 0, fmt.Errorf("loadtest: post interaction: %w", err)
	}
	ack := reply.Took
	r.mu.Lock()
	r.acks = append(r.acks, ack)
	if ack > 3*time.Second {
		r.over3++
	}
	r.mu.Unlock()
	if reply.Status != http.StatusOK {
		return 0, fmt.Errorf("loadtest: the endpoint answered %d: %s", reply.Status, reply.Body)
	}
	select {
	case <-ch:
	case <-time.After(60 * time.Second):
		return 0, fmt.Errorf("loadtest: interaction %s not handled within 60 s", id)
	}
	r.mu.Lock()
	delete(r.done, id)
	r.mu.Unlock()
	return time.Since(t0), nil
}

// seen is what the sender of ix sees as its answer: the last follow-up, or the response.
func (r *run) seen(ix *fakediscord.Interaction) fakediscord.Message {
	if fu := r.fake.Followups(ix.Token); len(fu) > 0 {
		return fu[len(fu)-1]
	}
	m, _ := r.fake.Original(ix.Token)
	return m
}

// open seats both players of game g at Ingenious and starts it.
func (r *run) open(ctx context.Context, g int) error {
	r.fake.SetChannel(fakediscord.Channel{ID: channelOf(g), GuildID: guildID, Name: "table-" + strconv.Itoa(g)})
	p := playersOf(g)
	ix := r.fake.SlashCommand(actor(g, p[0]), "start", fakediscord.SubCommand("ingenious"))
	if _, err := r.send(ctx, ix); err != nil {
		return err
	}
	lobby := r.seen(ix)
	join, ok := find(lobby, "join", "")
	if !ok {
		return fmt.Errorf("loadtest: game %d: no Join on the lobby: %s", g, lobby.Content)
	}
	ix = r.fake.Click(actor(g, p[1]).On(lobby), join.CustomID)
	if _, err := r.send(ctx, ix); err != nil {
		return err
	}
	lobby = r.seen(ix)
	start, ok := find(lobby, "start", "")
	if !ok {
		return fmt.Errorf("loadtest: game %d: no Start on the lobby: %s", g, lobby.Content)
	}
	ix = r.fake.Click(actor(g, p[0]).On(lobby), start.CustomID)
	_, err := r.send(ctx, ix)
	return err
}

// play makes game g's moves until ctx ends or the game is over.
func (r *run) play(ctx context.Context, g int) {
	for ctx.Err() == nil {
		ok, err := r.turn(ctx, g)
		if err != nil || !ok {
			return
		}
	}
}

// turn makes one decision sequence of the player to act in game g, through the panel. It
// returns false when nobody must act (the game is over) or ctx ended.
func (r *run) turn(ctx context.Context, g int) (bool, error) {
	t, err := r.tables.Load(ctx, channelOf(g))
	if err != nil {
		return false, err
	}
	st, err := r.tables.State(t)
	if err != nil || games.Over(st) {
		return false, err
	}
	toAct := st.ToAct()
	if len(toAct) == 0 || toAct[0] < 0 || int(toAct[0]) >= len(t.Seats) {
		return false, nil
	}
	var who fakediscord.User
	for _, u := range playersOf(g) {
		if u.ID == t.Seats[toAct[0]].User {
			who = u
		}
	}
	board, ok := r.fake.LastChannelMessage(channelOf(g))
	if !ok {
		return false, fmt.Errorf("loadtest: game %d has no board", g)
	}
	yourTurn, ok := find(board, "turn", "")
	if !ok {
		return false, nil
	}
	ix := r.fake.Click(actor(g, who).On(board), yourTurn.CustomID)
	if err := r.sendPanel(ctx, ix); err != nil {
		return false, err
	}
	panel := r.seen(ix)
	for step := 0; step < 12 && ctx.Err() == nil; step++ {
		if c, ok := find(panel, "commit", ""); ok {
			ix = r.fake.Click(actor(g, who).On(panel), c.CustomID)
			took, err := r.send(ctx, ix)
			if err != nil {
				return false, err
			}
			answer := r.seen(ix)
			if strings.HasPrefix(answer.Content, "✅") {
				r.moves.Add(1)
				r.mu.Lock()
				r.applied[channelOf(g)]++
				r.dones = append(r.dones, took)
				r.mu.Unlock()
			}
			panel = answer
			if _, more := find(panel, "commit", ""); !more {
				if _, more = find(panel, "draft", ""); !more {
					return true, nil
				}
			}
			continue
		}
		next, menu, ok := choose(panel)
		if !ok {
			return true, nil
		}
		if menu {
			ix = r.fake.Select(actor(g, who).On(panel), next.CustomID, next.Options[0].Value)
		} else {
			ix = r.fake.Click(actor(g, who).On(panel), next.CustomID)
		}
		if err := r.sendPanel(ctx, ix); err != nil {
			return false, err
		}
		panel = r.seen(ix)
	}
	return true, nil
}

// sendPanel sends a click that opens or drafts a panel and records how long it took to show.
func (r *run) sendPanel(ctx context.Context, ix *fakediscord.Interaction) error {
	took, err := r.send(ctx, ix)
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.panels = append(r.panels, took)
	r.mu.Unlock()
	return nil
}

// choose picks a panel's next step as a hurried player would: 💡 Suggest, else the menu's
// first row, else the first button that moves on (not back, not undo).
func choose(panel fakediscord.Message) (component, bool, bool) {
	for _, v := range []string{"suggest", "draft"} {
		if c, ok := find(panel, v, "💡"); ok {
			return c, false, true
		}
	}
	if c, ok := find(panel, "menu", ""); ok && len(c.Options) > 0 {
		return c, true, true
	}
	for _, c := range components(panel) {
		if verbOf(c.CustomID) == "draft" && !c.Disabled && !strings.HasPrefix(c.Label, "◀") {
			return c, false, true
		}
	}
	return component{}, false, false
}

// verify counts, per game, the moves the players saw applied that are missing from its stored
// record.
func (r *run) verify(ctx context.Context) (int, error) {
	lost := 0
	r.mu.Lock()
	applied := maps(r.applied)
	r.mu.Unlock()
	for channel, n := range applied {
		t, err := r.tables.Load(ctx, channel)
		if err != nil {
			return 0, fmt.Errorf("loadtest: verify %s: %w", channel, err)
		}
		stored := 0
		if t.Record != nil {
			for _, m := range t.Record.Moves {
				if m.Seat != games.Chance && m.By == "" {
					stored++
				}
			}
		}
		if stored < n {
			lost += n - stored
		}
	}
	return lost, nil
}

func maps(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// storm opens a fresh game, brings its first player to the Place button, and clicks it n
// times at once. It returns how many moves the clicks applied (one is right) and the p99 of
// their acknowledgements.
func (r *run) storm(ctx context.Context, n int) (int, int, time.Duration, error) {
	g := r.cfg.Games // a game of its own, after the measured ones
	if err := r.open(ctx, g); err != nil {
		return 0, 0, 0, err
	}
	t, err := r.tables.Load(ctx, channelOf(g))
	if err != nil {
		return 0, 0, 0, err
	}
	st, err := r.tables.State(t)
	if err != nil {
		return 0, 0, 0, err
	}
	before := len(t.Record.Moves)
	var who fakediscord.User
	for _, u := range playersOf(g) {
		if u.ID == t.Seats[st.ToAct()[0]].User {
			who = u
		}
	}
	board, _ := r.fake.LastChannelMessage(channelOf(g))
	yourTurn, _ := find(board, "turn", "")
	ix := r.fake.Click(actor(g, who).On(board), yourTurn.CustomID)
	if _, err := r.send(ctx, ix); err != nil {
		return 0, 0, 0, err
	}
	panel := r.seen(ix)
	for range 6 {
		if _, ok := find(panel, "commit", ""); ok {
			break
		}
		next, menu, ok := choose(panel)
		if !ok {
			return 0, 0, 0, errors.New("loadtest: storm: the panel offers no way to a move")
		}
		if menu {
			ix = r.fake.Select(actor(g, who).On(panel), next.CustomID, next.Options[0].Value)
		} else {
			ix = r.fake.Click(actor(g, who).On(panel), next.CustomID)
		}
		if _, err := r.send(ctx, ix); err != nil {
			return 0, 0, 0, err
		}
		panel = r.seen(ix)
	}
	commit, ok := find(panel, "commit", "")
	if !ok {
		return 0, 0, 0, errors.New("loadtest: storm: no Place button")
	}
	r.mu.Lock()
	mark := len(r.acks)
	r.mu.Unlock()
	// Discord builds and signs each click before it sends it: all are signed first, then
	// fired at once.
	clicks := make([]*fakediscord.Interaction, n)
	signed := make([]*fakediscord.Signed, n)
	for i := range clicks {
		clicks[i] = r.fake.Click(actor(g, who).On(panel), commit.CustomID)
		if signed[i], err = r.fake.Sign(r.endpoint, clicks[i]); err != nil {
			return 0, 0, 0, fmt.Errorf("loadtest: storm: %w", err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			if _, err := r.sendSigned(ctx, clicks[i].ID, signed[i]); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return 0, 0, 0, err
	}
	r.mu.Lock()
	acks := slices.Clone(r.acks[mark:])
	r.mu.Unlock()
	t, err = r.tables.Load(ctx, channelOf(g))
	if err != nil {
		return 0, 0, 0, err
	}
	applied := 0
	for _, m := range t.Record.Moves[before:] {
		if m.Seat != games.Chance && m.By == "" {
			applied++
		}
	}
	return n, applied, quantile(acks, 0.99), nil
}

// component is one button or select of a message, flattened.
type component struct {
	CustomID string `json:"custom_id"`
	Label    string `json:"label"`
	Disabled bool   `json:"disabled"`
	Options  []struct {
		Value string `json:"value"`
	} `json:"options"`
}

func components(m fakediscord.Message) []component {
	var rows []struct {
		Components []component `json:"components"`
	}
	if len(m.Components) > 0 {
		_ = json.Unmarshal(m.Components, &rows)
	}
	var out []component
	for _, row := range rows {
		out = append(out, row.Components...)
	}
	return out
}

// verbOf reads the verb of a custom ID with the bot's own parser ("" when it is not one).
func verbOf(id string) string {
	parsed, err := bot.ParseID(id)
	if err != nil {
		return ""
	}
	return parsed.Verb
}

// find returns the first enabled component with verb v whose label starts with label.
func find(m fakediscord.Message, v, label string) (component, bool) {
	for _, c := range components(m) {
		if verbOf(c.CustomID) == v && !c.Disabled && strings.HasPrefix(c.Label, label) {
			return c, true
		}
	}
	return component{}, false
}

// quantile returns the q-quantile of ds (0 for none).
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(q * float64(len(s)-1))
	return s[i]
}

// cpuTime returns the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// rssKB returns the process's resident memory in kB, from /proc (0 where there is none).
func rssKB() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return n
		}
	}
	return 0
}

// botLabelled runs h with the profiler label side=bot, which the goroutines it starts (the
// work after each acknowledgement, the connections of its REST client) inherit: in a CPU
// profile of the run, `go tool pprof -tags` then tells the bot's share from the fake Discord's
// and the players' (unlabelled, as is the collector's background work).
func botLabelled(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pprof.Do(r.Context(), pprof.Labels("side", "bot"), func(ctx context.Context) {
			h.ServeHTTP(w, r.WithContext(ctx))
		})
	})
}
