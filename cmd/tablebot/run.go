package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/restproxy"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// shutdownTimeout bounds the graceful stop: in-flight interactions, the HTTP server, the store.
const shutdownTimeout = 15 * time.Second

// schedulerInterval is how often the bot claims due work (deadlines, reminders, owed board
// messages) from the store.
const schedulerInterval = 5 * time.Second

// schedulerGrace is how long a stop lets the due tasks under way finish (their saves are
// detached from the stop) before the scheduler hands the rest back to the queue, due again at
// once for another process or the next start. It leaves room, within shutdownTimeout and a
// container's usual 10 s before SIGKILL, for the hand-back and the store's close.
const schedulerGrace = 8 * time.Second

// runBot runs the bot until ctx is cancelled (SIGINT or SIGTERM), then stops gracefully.
// ready, when not nil, receives the HTTP server's address once everything is up (tests).
func runBot(ctx context.Context, kits []catalog.Kit, args []string, stderr io.Writer, getenv func(string) string, ready func(addr string)) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("config", "", "the TOML configuration file (default: tablebot.toml if present)")
	if err := fs.Parse(args); err != nil {
		return flagError(err)
	}
	cfg, err := loadConfig(*path, getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg.Log, stderr)
	slog.SetDefault(log)
	redis.SetLogger(redisLogger{log}) // go-redis has only a process-wide logger

	st, where, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := migrateStore(ctx, st, mustRegistry(kits), log); err != nil {
		return err
	}
	log.Info("store ready", "store", where)

	r := &botRun{cfg: cfg, log: log}
	if err := r.build(kits, st); err != nil {
		return err
	}
	if err := r.registerCommands(ctx); err != nil {
		return err
	}
	return r.serve(ctx, ready)
}

// botRun is the bot that runBot runs, from its building to its stop.
type botRun struct {
	cfg     Config
	log     *slog.Logger
	session *discordgo.Session
	metrics *prometheus.Registry
	bot     *bot.Bot
	srv     *http.Server
}

// build makes the Discord session, the metrics registry, the tables over st and the bot.
func (r *botRun) build(kits []catalog.Kit, st store.Store) error {
	cfg := r.cfg
	session, err := newSession(cfg.Discord)
	if err != nil {
		return err
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	takeover, suggest, err := cfg.AI.options()
	if err != nil {
		return err
	}
	lease, _ := cfg.Async.lease()       // checked with the configuration
	stepDown, _ := cfg.Async.stepDown() // checked with the configuration
	paces, _ := cfg.Async.paces()       // checked with the configuration
	if len(paces) == 0 {
		paces = bot.DefaultPaces()
	}
	// A server's /settings may choose its default pace among the paces /start offers.
	tables, err := table.New(st, catalog.Games(kits), table.Options{Logger: r.log, Takeover: takeover, Suggest: suggest, TaskLease: lease,
		StepDown: stepDown, Paces: paces})
	if err != nil {
		return err
	}
	b, err := bot.New(kits, tables, session, bot.Options{ApplicationID: cfg.Discord.ApplicationID, Logger: r.log, Metrics: reg, Paces: paces,
		TaskWorkers: cfg.Async.Workers, StopGrace: schedulerGrace, Tables: cfg.Discord.Tables})
	if err != nil {
		return err
	}
	r.session, r.metrics, r.bot = session, reg, b
	return nil
}

// registerCommands registers the slash commands, when the configuration asks for it.
func (r *botRun) registerCommands(ctx context.Context) error {
	if !*r.cfg.Discord.RegisterCommands {
		return nil
	}
	rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	err := r.bot.RegisterCommands(rctx, r.cfg.Discord.GuildID)
	cancel()
	if err != nil {
		return err
	}
	r.log.Info("slash commands registered", "guild", r.cfg.Discord.GuildID)
	return nil
}

// serve starts the HTTP server, the gateway (in gateway mode) and the scheduler, calls ready
// with the server's address, and runs until ctx ends (then stops gracefully) or the server
// fails.
func (r *botRun) serve(ctx context.Context, ready func(addr string)) error {
	ln, err := r.listen()
	if err != nil {
		return err
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- r.srv.Serve(ln) }()
	r.log.Info("http server listening", "addr", ln.Addr().String(), "mode", r.cfg.Discord.Mode)

	if r.cfg.Discord.Mode == "gateway" {
		if err := r.bot.Gateway(ctx, r.session); err != nil {
			_ = r.srv.Close()
			return err
		}
		r.log.Info("gateway connected")
	}
	// The scheduler stops claiming at the stop signal; the tasks it holds run on, detached from
	// it, for up to schedulerGrace, and what is left is handed back before the store closes.
	schedCtx, stopScheduler := context.WithCancel(ctx)
	defer stopScheduler()
	schedDone := make(chan struct{})
	go func() { defer close(schedDone); r.bot.RunScheduler(schedCtx, schedulerInterval) }()
	if ready != nil {
		ready(ln.Addr().String())
	}

	select {
	case <-ctx.Done():
		r.log.Info("stopping")
	case err := <-serveErr:
		return fmt.Errorf("http server: %w", err)
	}
	r.stop(func() { stopScheduler(); <-schedDone })
	return nil
}

// listen makes the HTTP server (health, metrics, and interactions in http mode) and its
// listener.
func (r *botRun) listen() (net.Listener, error) {
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", r.bot.Healthz())
	mux.Handle("GET /metrics", promhttp.HandlerFor(r.metrics, promhttp.HandlerOpts{Registry: r.metrics}))
	if r.cfg.Discord.Mode == "http" {
		key, err := hex.DecodeString(r.cfg.Discord.PublicKey)
		if err != nil || len(key) != ed25519.PublicKeySize {
			return nil, fmt.Errorf("config: discord.public_key must be the application's 64-hex-digit public key")
		}
		mux.Handle("/interactions", r.bot.Interactions(ed25519.PublicKey(key)))
	}
	ln, err := net.Listen("tcp", r.cfg.HTTP.Listen)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", r.cfg.HTTP.Listen, err)
	}
	r.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	return ln, nil
}

// stop stops gracefully, within shutdownTimeout: the gateway, the HTTP server, then the
// scheduler (stopScheduler returns once it has stopped), then the interactions under way.
func (r *botRun) stop(stopScheduler func()) {
	stopCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if r.cfg.Discord.Mode == "gateway" {
		if err := r.session.Close(); err != nil {
			r.log.Warn("closing the gateway", "err", err)
		}
	}
	if err := r.srv.Shutdown(stopCtx); err != nil {
		r.log.Warn("stopping the http server", "err", err)
	}
	stopScheduler()
	if err := r.bot.Wait(stopCtx); err != nil {
		r.log.Warn("interactions still running at shutdown", "err", err)
	}
	r.log.Info("stopped")
}

// newLogger builds the slog logger the configuration asks for.
func newLogger(c LogConfig, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(c.Level))
	opts := &slog.HandlerOptions{Level: level}
	if c.Format == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

// openStore opens Redis when an address is configured, else the embedded store.
func openStore(ctx context.Context, cfg Config) (store.Store, string, error) {
	if cfg.Redis.Addr == "" && len(cfg.Redis.Addrs) == 0 {
		s, err := store.OpenBolt(cfg.Store.Path, store.BoltOptions{})
		if err != nil {
			return nil, "", fmt.Errorf("open embedded store: %w", err)
		}
		return s, "embedded " + cfg.Store.Path, nil
	}
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	s, err := store.NewRedis(rctx, store.RedisOptions{Addr: cfg.Redis.Addr, Addrs: cfg.Redis.Addrs,
		Cluster: cfg.Redis.Cluster, Username: cfg.Redis.Username,
		Password: cfg.Redis.Password, DB: cfg.Redis.DB, TLS: cfg.Redis.TLS, Prefix: cfg.Redis.Prefix})
	if err != nil {
		return nil, "", fmt.Errorf("open redis store: %w", err)
	}
	if cfg.Redis.Cluster {
		return s, "redis cluster " + strings.Join(append([]string{cfg.Redis.Addr}, cfg.Redis.Addrs...), ","), nil
	}
	return s, "redis " + cfg.Redis.Addr, nil
}

// newSession builds the discordgo session used for REST and, in gateway mode, the gateway.
func newSession(c DiscordConfig) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + c.Token)
	if err != nil {
		return nil, fmt.Errorf("discord session: %w", err)
	}
	base, err := url.Parse(c.RESTBaseURL)
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, fmt.Errorf("config: discord.rest_base_url %q is not an absolute URL", c.RESTBaseURL)
	}
	if base.Host != "discord.com" {
		s.Client = restproxy.Client(base, 20*time.Second)
	} else {
		s.Client = restproxy.Client(nil, 20*time.Second)
	}
	s.UserAgent = "DiscordBot (https://github.com/tablebot/tablebot, " + version + ")"
	s.ShardID, s.ShardCount = c.ShardID, c.ShardCount
	return s, nil
}
