// Package loadtest drives the bot as Discord would, many games at once, and measures it: the
// bot runs in HTTP mode behind its real signed-interactions handler, against the fake Discord
// (bot/fakediscord) with a configurable REST latency, and every game is played by two
// simulated people clicking through the real panels (Your turn → 💡 Suggest → Place, the menu
// and confirmations where they come). It reports acknowledgement and completion latencies,
// moves per second, CPU per move and peak memory, checks that every move a player saw applied
// is in the stored record, and optionally fires a storm of identical clicks at one panel.
//
// The bot runs either inside the load test (Config.Store), where a CPU profile can tell its
// work from the fake's and the players', or in a process of its own (Config.Process), started
// as in production: then CPU per move and peak memory are the bot's alone, and the load test
// follows it only through Discord's wire format and its debug log (bot.HandledLog).
//
// RunAsync measures async play instead: many open tables whose players are away, their
// deadlines and reminders falling due at a steady rate, in one or two bot processes (see
// AsyncConfig and docs/performance-async.md).
package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// Config is one load test. Zero fields take the documented defaults. Exactly one of Store and
// Process says where the bot runs.
type Config struct {
	// Kits are the games the bot plays, each with its art (cmd passes the catalog's); empty
	// fails.
	Kits []images.GameArt
	// Store keeps the games of a bot run inside the load test; the caller opens and closes it.
	Store store.Store
	// Process runs the bot in a process of its own instead (see Process).
	Process *Process
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
	// Only for a bot run inside the load test.
	Workers int
	// DrawSlots bounds the pictures the bot draws at once (bot.Options.DrawSlots); 0 means its
	// default. Only for a bot run inside the load test.
	DrawSlots int
	// Logger receives the bot's logs (inside the load test) and the load test's warnings; nil
	// discards them.
	Logger *slog.Logger
	// HeapProfile, when set, receives a heap profile of the load test's process taken when
	// the games stop, before the storm: what the bot, the fake Discord and the players hold
	// then. Only for a bot run inside the load test.
	HeapProfile io.Writer
}

// Process starts the bot in a process of its own, as `tablebot run` in HTTP mode.
type Process struct {
	// Command returns the command that runs the bot against the fake Discord that d
	// describes: in HTTP mode, listening on a free loopback port, writing JSON logs at debug
	// level to its standard error (the load test reads its address and each handled
	// interaction from them), and stopping gracefully on SIGTERM. The load test sets the
	// command's standard error and starts it.
	Command func(d Discord) (*exec.Cmd, error)
	// Store opens the bot's store once the process has stopped, for the check of the records;
	// the load test closes it.
	Store func(ctx context.Context) (store.Store, error)
}

// Discord is what a bot process needs to know to play against the load test's fake Discord.
type Discord struct {
	// RESTBaseURL is the fake's REST API (discord.rest_base_url).
	RESTBaseURL string
	// Token, ApplicationID and PublicKey (hex) are the fake application's.
	Token, ApplicationID, PublicKey string
	// GuildID is the one server of the games, where the slash commands are registered.
	GuildID string
	// SuggestSearch is Config.SuggestSearch: when false the bot's 💡 Suggest must not search
	// (ai.suggest = "0s").
	SuggestSearch bool
}

// Report is what a load test measured. Latencies are of interactions of every kind.
type Report struct {
	Games    int
	Duration time.Duration
	// Process is true when the bot ran in a process of its own: CPU and memory are then the
	// bot's alone.
	Process bool
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
	// CPUPerMove is the CPU time per applied move, in milliseconds, while the games were
	// played: the bot process's, or (inside the load test) the whole process's — the bot, the
	// fake Discord and the simulated players together.
	CPUPerMove float64
	// PeakRSSMB is the peak resident memory of the bot process, or of the load test's process
	// when the bot runs inside it.
	PeakRSSMB float64
	// Lost counts applied moves missing from the stored records (must be 0); Errors counts
	// interactions the bot answered with an error.
	Lost   int
	Errors int
	// BandsReused is the share of picture bands whose compression the encoder found cached.
	BandsReused float64
	// StormClicks, StormApplied, StormAckP50 and StormAckP99 describe the storm of identical
	// clicks.
	StormClicks  int
	StormApplied int
	StormAckP50  time.Duration
	StormAckP99  time.Duration
}

// String renders the report as a few aligned lines.
func (r Report) String() string {
	var b strings.Builder
	whose := "the whole process: bot, fake Discord, players"
	if r.Process {
		whose = "the bot's process"
	}
	fmt.Fprintf(&b, "games at once        %d for %s\n", r.Games, r.Duration.Round(time.Millisecond))
	fmt.Fprintf(&b, "interactions         %d (%d answered after 3 s, %d errors)\n", r.Interactions, r.AcksOver3s, r.Errors)
	fmt.Fprintf(&b, "acknowledgement      p50 %s · p99 %s · max %s\n", ms(r.AckP50), ms(r.AckP99), ms(r.AckMax))
	fmt.Fprintf(&b, "move visible         p50 %s · p99 %s\n", ms(r.DoneP50), ms(r.DoneP99))
	fmt.Fprintf(&b, "panel shown          p50 %s · p99 %s\n", ms(r.PanelP50), ms(r.PanelP99))
	fmt.Fprintf(&b, "moves                %d applied, %.1f/s, %.1f ms CPU each (%s), %d lost\n", r.Moves, r.MovesPerSecond, r.CPUPerMove, whose, r.Lost)
	fmt.Fprintf(&b, "peak RSS             %.0f MB (%s)\n", r.PeakRSSMB, whose)
	fmt.Fprintf(&b, "picture bands reused %.0f %%\n", 100*r.BandsReused)
	if r.StormClicks > 0 {
		fmt.Fprintf(&b, "storm                %d identical clicks: %d applied, acknowledgement p50 %s · p99 %s\n", r.StormClicks, r.StormApplied, ms(r.StormAckP50), ms(r.StormAckP99))
	}
	return b.String()
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64) + " ms"
}

// subject is the bot under test, wherever it runs.
type subject interface {
	// endpoint is the URL of its signed-interactions endpoint.
	endpoint() string
	// cpu is the CPU time it has used so far.
	cpu() time.Duration
	// peakRSSKB is its peak resident memory so far, in kB.
	peakRSSKB() int64
	// heapProfile writes Config.HeapProfile, where there is one to write.
	heapProfile()
	// bandsReused is the share of picture bands its encoder found cached.
	bandsReused(ctx context.Context) float64
	// stop waits for the bot's work in flight, then stops it; it returns a table service on
	// its store, for the check of the records, and a function that closes what it opened.
	stop(ctx context.Context) (*table.Service, func(), error)
}

// run is one load test in progress.
type run struct {
	cfg      Config
	log      *slog.Logger
	fake     *fakediscord.Server
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
	// async follows the bots' due work in an async load test (nil otherwise).
	async *asyncRun
}

// Run plays cfg.Games games of Ingenious for cfg.Duration and reports what it measured.
func Run(ctx context.Context, cfg Config) (Report, error) {
	if (cfg.Store == nil) == (cfg.Process == nil) {
		return Report{}, errors.New("loadtest: set either Store (the bot runs inside the load test) or Process")
	}
	if len(cfg.Kits) == 0 {
		return Report{}, errors.New("loadtest: no games: set Kits")
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
	r := &run{cfg: cfg, log: log, fake: fake, done: map[string]chan error{}, applied: map[string]int{}}
	var bot subject
	if cfg.Process != nil {
		bot, err = startProcess(ctx, r)
	} else {
		bot, err = startInside(ctx, r)
	}
	if err != nil {
		return Report{}, err
	}
	stopped := false
	defer func() {
		if !stopped {
			if _, closeStore, err := bot.stop(context.WithoutCancel(ctx)); err == nil {
				closeStore()
			}
		}
	}()
	r.endpoint = bot.endpoint()

	// Open every game first, then play them all for the duration.
	for g := range cfg.Games {
		if err := r.open(ctx, g); err != nil {
			return Report{}, err
		}
	}
	r.mu.Lock()
	r.acks, r.dones, r.panels = nil, nil, nil
	r.mu.Unlock()
	cpu0 := bot.cpu()
	start := time.Now()
	playCtx, cancel := context.WithTimeout(ctx, cfg.Duration)
	var wg sync.WaitGroup
	for g := range cfg.Games {
		wg.Go(func() { r.play(playCtx, g) })
	}
	wg.Wait()
	cancel()
	elapsed := time.Since(start)
	cpu := bot.cpu() - cpu0
	bot.heapProfile()

	rep := Report{Games: cfg.Games, Duration: elapsed, Process: cfg.Process != nil}
	r.mu.Lock()
	rep.Interactions, rep.AcksOver3s = len(r.acks), r.over3
	rep.AckP50, rep.AckP99, rep.AckMax = quantile(r.acks, 0.5), quantile(r.acks, 0.99), quantile(r.acks, 1)
	rep.DoneP50, rep.DoneP99 = quantile(r.dones, 0.5), quantile(r.dones, 0.99)
	rep.PanelP50, rep.PanelP99 = quantile(r.panels, 0.5), quantile(r.panels, 0.99)
	r.mu.Unlock()
	rep.BandsReused = bot.bandsReused(ctx)
	rep.Moves = int(r.moves.Load())
	rep.MovesPerSecond = float64(rep.Moves) / elapsed.Seconds()
	if rep.Moves > 0 {
		rep.CPUPerMove = float64(cpu) / float64(time.Millisecond) / float64(rep.Moves)
	}
	storm := -1 // the storm's game, when there is one
	if cfg.Storm > 0 {
		storm = cfg.Games
		acks, err := r.storm(ctx, storm, cfg.Storm)
		if err != nil {
			return rep, err
		}
		rep.StormClicks, rep.StormAckP50, rep.StormAckP99 = len(acks), quantile(acks, 0.5), quantile(acks, 0.99)
	}
	rep.PeakRSSMB = float64(bot.peakRSSKB()) / 1024
	r.mu.Lock()
	rep.Errors = r.errs
	r.mu.Unlock()

	// Stop the bot once its work is done, then read the records.
	stopped = true
	tables, closeStore, err := bot.stop(ctx)
	if err != nil {
		return rep, err
	}
	defer closeStore()
	if rep.Lost, err = r.verify(ctx, tables); err != nil {
		return rep, err
	}
	if storm >= 0 {
		if rep.StormApplied, err = playerMoves(ctx, tables, channelOf(storm)); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// verify counts, per game, the moves the players saw applied that are missing from its stored
// record.
func (r *run) verify(ctx context.Context, tables *table.Service) (int, error) {
	lost := 0
	r.mu.Lock()
	applied := make(map[string]int, len(r.applied))
	for k, v := range r.applied {
		applied[k] = v
	}
	r.mu.Unlock()
	for channel, n := range applied {
		stored, err := playerMoves(ctx, tables, channel)
		if err != nil {
			return 0, err
		}
		if stored < n {
			lost += n - stored
		}
	}
	return lost, nil
}

// playerMoves counts the moves the players made themselves in channel's stored record.
func playerMoves(ctx context.Context, tables *table.Service, channel string) (int, error) {
	t, err := tables.Load(ctx, channel)
	if err != nil {
		return 0, fmt.Errorf("loadtest: read the record of %s: %w", channel, err)
	}
	n := 0
	if t.Record != nil {
		for _, m := range t.Record.Moves {
			if m.Seat != games.Chance && m.By == "" {
				n++
			}
		}
	}
	return n, nil
}

// newTables is the referee the load test reads the records with.
func newTables(list []images.GameArt, st store.Store, log *slog.Logger) (*table.Service, error) {
	tables, err := table.New(st, images.GamesOf(list), table.Options{Logger: log})
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	return tables, nil
}
