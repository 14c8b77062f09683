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
	tables, err := table.New(st, catalog.Games(kits), table.Options{Logger: log, Takeover: takeover, Suggest: suggest, TaskLease: lease,
		StepDown: stepDown, Paces: paces})
	if err != nil {
		return err
	}
	b, err := bot.New(kits, tables, session, bot.Options{ApplicationID: cfg.Discord.ApplicationID, Logger: log, Metrics: reg, Paces: paces,
		TaskWorkers: cfg.Async.Workers, StopGrace: schedulerGrace, Tables: cfg.Discord.Tables})
	if err != nil {
		return err
	}
	if *cfg.Discord.RegisterCommands {
		rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err := b.RegisterCommands(rctx, cfg.Discord.GuildID)
		cancel()
		if err != nil {
			return err
		}
		log.Info("slash commands registered", "guild", cfg.Discord.GuildID)
	}

	mux := http.NewServeMux()
	mux.Handle("GET /healthz", b.Healthz())
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	if cfg.Discord.Mode == "http" {
		key, err := hex.DecodeString(cfg.Discord.PublicKey)
		if err != nil || len(key) != ed25519.PublicKeySize {
			return fmt.Errorf("config: discord.public_key must be the application's 64-hex-digit public key")
		}
		mux.Handle("/interactions", b.Interactions(ed25519.PublicKey(key)))
	}
	ln, err := net.Listen("tcp", cfg.HTTP.Listen)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.HTTP.Listen, err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	log.Info("http server listening", "addr", ln.Addr().String(), "mode", cfg.Discord.Mode)

	if cfg.Discord.Mode == "gateway" {
		if err := b.Gateway(ctx, session); err != nil {
			_ = srv.Close()
			return err
		}
		log.Info("gateway connected")
	}
	// The scheduler stops claiming at the stop signal; the tasks it holds run on, detached from
	// it, for up to schedulerGrace, and what is left is handed back before the store closes.
	schedCtx, stopScheduler := context.WithCancel(ctx)
	defer stopScheduler()
	schedDone := make(chan struct{})
	go func() { defer close(schedDone); b.RunScheduler(schedCtx, schedulerInterval) }()
	if ready != nil {
		ready(ln.Addr().String())
	}

	select {
	case <-ctx.Done():
		log.Info("stopping")
	case err := <-serveErr:
		return fmt.Errorf("http server: %w", err)
	}
	stopCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if cfg.Discord.Mode == "gateway" {
		if err := session.Close(); err != nil {
			log.Warn("closing the gateway", "err", err)
		}
	}
	if err := srv.Shutdown(stopCtx); err != nil {
		log.Warn("stopping the http server", "err", err)
	}
	stopScheduler()
	<-schedDone
	if err := b.Wait(stopCtx); err != nil {
		log.Warn("interactions still running at shutdown", "err", err)
	}
	log.Info("stopped")
	return nil
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
