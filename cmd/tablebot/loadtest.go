package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/loadtest"
	"github.com/tablebot/tablebot/store"
)

// self is how the load test starts the bot in a process of its own: this program, with this
// environment.
type self struct {
	path string
	env  []string
}

// runLoadtest plays many Ingenious games at once through the bot's signed-interactions
// endpoint against the built-in fake Discord and prints what it measured.
func runLoadtest(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("loadtest: find this program: %w", err)
	}
	return loadtestWith(ctx, args, stdout, stderr, self{path: exe, env: os.Environ()})
}

// loadtestWith is runLoadtest, starting the bot process (unless --process=false) as me says.
func loadtestWith(ctx context.Context, args []string, stdout, stderr io.Writer, me self) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var lf loadtestFlags
	lf.register(fs)
	var async asyncFlags
	async.register(fs)
	if err := fs.Parse(args); err != nil {
		return flagError(err)
	}
	if err := lf.check(fs); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "tablebot-loadtest-")
	if err != nil {
		return fmt.Errorf("loadtest: %w", err)
	}
	defer os.RemoveAll(dir)
	redisOpts, err := lf.redisOptions()
	if err != nil {
		return err
	}
	if async.tables > 0 {
		return async.run(ctx, fs, stdout, &lf, botProcess(me, dir, redisOpts, async.configure), redisOpts, dir)
	}
	cfg := loadtest.Config{Kits: catalog.Kits(), Games: lf.games, Duration: lf.duration, RESTLatency: lf.latency, Storm: lf.storm, Workers: lf.workers, DrawSlots: lf.drawSlots, SuggestSearch: lf.suggest}
	if lf.process {
		cfg.Process = botProcess(me, dir, redisOpts, nil)
		// This process plays Discord and the players; on the bot's machine, its collector
		// would only take CPU from the bot being measured. It collects less often instead
		// (its memory is not what the test measures).
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	} else {
		st, err := openLoadStore(ctx, dir, redisOpts)
		if err != nil {
			return err
		}
		defer st.Close()
		cfg.Store = st
	}
	stopProfiles, err := lf.profiles(&cfg)
	defer stopProfiles()
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, lf.announce())
	rep, err := loadtest.Run(ctx, cfg)
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, rep)
	if rep.Lost > 0 {
		return fmt.Errorf("loadtest: %d applied moves are missing from the records", rep.Lost)
	}
	return nil
}

// loadtestFlags are the flags of `tablebot loadtest` but for --async's (see asyncFlags).
type loadtestFlags struct {
	games                  int
	duration, latency      time.Duration
	storm                  int
	process                bool
	workers, drawSlots     int
	suggest                bool
	cpuProfile, memProfile string
	redisURL               string
	redisCluster           string
}

// register defines the flags on fs.
func (f *loadtestFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&f.games, "games", 200, "games played at once")
	fs.DurationVar(&f.duration, "duration", 30*time.Second, "how long to play")
	fs.DurationVar(&f.latency, "latency", 100*time.Millisecond, "the fake Discord's REST latency")
	fs.IntVar(&f.storm, "storm", 1000, "identical clicks fired at one Place button at the end (0: none)")
	fs.BoolVar(&f.process, "process", true, "run the bot in a process of its own, as `tablebot run` in http mode, so that CPU and memory are the bot's alone; false runs it inside the load test (for --cpuprofile, --memprofile, --workers, --draw-slots)")
	fs.IntVar(&f.workers, "workers", 0, "the bot's concurrent handlers (0: its default; needs --process=false)")
	fs.IntVar(&f.drawSlots, "draw-slots", 0, "the pictures the bot draws at once (0: its default, one CPU fewer than the machine has; needs --process=false)")
	fs.BoolVar(&f.suggest, "suggest-search", false, "let the players' 💡 Suggest clicks run the search AI (about a second of CPU each) instead of the game's quick suggestion")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile of the whole run (bot, fake Discord and players) to this file (needs --process=false)")
	fs.StringVar(&f.memProfile, "memprofile", "", "write a heap profile of the process, taken when the games stop, to this file (needs --process=false)")
	fs.StringVar(&f.redisURL, "redis", "", "a Redis URL (redis://host:port/db) to play on, under a fresh key prefix tablebot-loadtest:<time> (its keys are left there, but for --async's, deleted at the end); empty means a fresh embedded store")
	fs.StringVar(&f.redisCluster, "redis-cluster", "", "a Redis Cluster's seed nodes (host:port,host:port,...) to play on instead, the same way as --redis")
}

// check fails with a usage error on arguments besides the flags, or on flags measuring a bot
// inside the load test when it runs in a process of its own.
func (f *loadtestFlags) check(fs *flag.FlagSet) error {
	if fs.NArg() > 0 {
		return usageError(fmt.Sprintf("loadtest takes no arguments, only flags (got %q)", fs.Arg(0)))
	}
	if f.process && (f.workers != 0 || f.drawSlots != 0 || f.cpuProfile != "" || f.memProfile != "") {
		return usageError("--workers, --draw-slots, --cpuprofile and --memprofile measure a bot run inside the load test: add --process=false")
	}
	return nil
}

// redisOptions are the options of --redis or --redis-cluster, under a fresh key prefix, or nil
// without either; a bad URL, an empty seed node or both flags at once is a usage error.
func (f *loadtestFlags) redisOptions() (*store.RedisOptions, error) {
	var o store.RedisOptions
	switch {
	case f.redisURL != "" && f.redisCluster != "":
		return nil, usageError("--redis and --redis-cluster are two stores: give one of them")
	case f.redisCluster != "":
		o.Cluster = true
		for _, a := range strings.Split(f.redisCluster, ",") {
			if a = strings.TrimSpace(a); a == "" {
				return nil, usageError(fmt.Sprintf("--redis-cluster %q: an empty seed node (want host:port,host:port,...)", f.redisCluster))
			}
			o.Addrs = append(o.Addrs, a)
		}
	case f.redisURL != "":
		var err error
		if o, err = store.ParseRedisURL(f.redisURL); err != nil {
			return nil, usageError(err.Error())
		}
	default:
		return nil, nil
	}
	o.Prefix = fmt.Sprintf("tablebot-loadtest:%d", time.Now().UnixNano())
	return &o, nil
}

// profiles starts the CPU profile and creates the heap profile's file (cfg.HeapProfile) that
// the flags ask for. stop stops the CPU profile and closes the files; call it also after an
// error, which undoes what was started.
func (f *loadtestFlags) profiles(cfg *loadtest.Config) (stop func(), err error) {
	var undo []func()
	stop = func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
	if f.cpuProfile != "" {
		file, err := os.Create(f.cpuProfile)
		if err != nil {
			return stop, fmt.Errorf("loadtest: %w", err)
		}
		undo = append(undo, func() { _ = file.Close() })
		if err := pprof.StartCPUProfile(file); err != nil {
			return stop, fmt.Errorf("loadtest: cpu profile: %w", err)
		}
		undo = append(undo, pprof.StopCPUProfile)
	}
	if f.memProfile != "" {
		file, err := os.Create(f.memProfile)
		if err != nil {
			return stop, fmt.Errorf("loadtest: %w", err)
		}
		undo = append(undo, func() { _ = file.Close() })
		cfg.HeapProfile = file
	}
	return stop, nil
}

// announce is the line saying what the load test is about to play.
func (f *loadtestFlags) announce() string {
	hint, where := "the game's quick suggestion", "inside the load test"
	if f.suggest {
		hint = "the search AI"
	}
	if f.process {
		where = "in a process of its own"
	}
	return fmt.Sprintf("Playing %d Ingenious games for %s, the bot %s, Discord's REST answering in %s, 💡 Suggest by %s…\n", f.games, f.duration, where, f.latency, hint)
}

// openLoadStore opens the load test's store: Redis when o is set, else a fresh embedded
// store in dir.
func openLoadStore(ctx context.Context, dir string, o *store.RedisOptions) (store.Store, error) {
	if o != nil {
		r, err := store.NewRedis(ctx, *o)
		if err != nil {
			return nil, fmt.Errorf("loadtest: %w", err)
		}
		return r, nil
	}
	b, err := store.OpenBolt(filepath.Join(dir, "load.db"), store.BoltOptions{})
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	return b, nil
}

// botProcess runs `tablebot run` with a configuration written into dir: http mode against the
// load test's fake Discord, on a free loopback port, debug JSON logs, the store in dir or on
// Redis; configure, when set, changes the rest. The environment's Discord, Redis and tablebot
// variables are left out, since they would win over the file. The bot runs one table per
// channel (tables = "channel"), where the load test follows its games.
func botProcess(me self, dir string, redisOpts *store.RedisOptions, configure func(*Config)) *loadtest.Process {
	return &loadtest.Process{
		Command: func(d loadtest.Discord) (*exec.Cmd, error) {
			register := true
			c := Config{
				Discord: DiscordConfig{Token: d.Token, ApplicationID: d.ApplicationID, PublicKey: d.PublicKey, Mode: "http", Tables: "channel",
					RESTBaseURL: d.RESTBaseURL, GuildID: d.GuildID, RegisterCommands: &register},
				HTTP:  HTTPConfig{Listen: "127.0.0.1:0"},
				Store: StoreConfig{Path: filepath.Join(dir, "load.db")},
				Log:   LogConfig{Level: "debug", Format: "json"},
				AI:    AIConfig{Takeover: "strong", Suggest: "0s"},
			}
			if d.SuggestSearch {
				c.AI.Suggest = "1s"
			}
			if configure != nil {
				configure(&c)
			}
			if o := redisOpts; o != nil {
				c.Redis = RedisConfig{Addr: o.Addr, Addrs: o.Addrs, Cluster: o.Cluster, Username: o.Username, Password: o.Password,
					DB: o.DB, TLS: o.TLSConfig != nil, Prefix: o.Prefix}
			}
			var buf bytes.Buffer
			if err := toml.NewEncoder(&buf).Encode(c); err != nil {
				return nil, fmt.Errorf("write the bot's configuration: %w", err)
			}
			path := filepath.Join(dir, "bot.toml")
			if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
				return nil, fmt.Errorf("write the bot's configuration: %w", err)
			}
			cmd := exec.Command(me.path, "run", "--config", path)
			cmd.Env = withoutConfigEnv(me.env)
			return cmd, nil
		},
		Store: func(ctx context.Context) (store.Store, error) { return openLoadStore(ctx, dir, redisOpts) },
	}
}

// withoutConfigEnv is env without the Discord, Redis and tablebot variables (applyEnv's),
// which would win over a configuration file given to `tablebot run`.
func withoutConfigEnv(env []string) []string {
	var out []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "DISCORD_") && !strings.HasPrefix(name, "REDIS_") && !strings.HasPrefix(name, "TABLEBOT_") {
			out = append(out, kv)
		}
	}
	return out
}
