package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	"github.com/tablebot/tablebot/loadtest"
	"github.com/tablebot/tablebot/store"
)

// runLoadtest plays many Ingenious games at once through the bot's signed-interactions
// endpoint against the built-in fake Discord and prints what it measured.
func runLoadtest(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gamesN := fs.Int("games", 200, "games played at once")
	duration := fs.Duration("duration", 30*time.Second, "how long to play")
	latency := fs.Duration("latency", 100*time.Millisecond, "the fake Discord's REST latency")
	storm := fs.Int("storm", 1000, "identical clicks fired at one Place button at the end (0: none)")
	workers := fs.Int("workers", 0, "the bot's concurrent handlers (0: its default)")
	drawSlots := fs.Int("draw-slots", 0, "the pictures the bot draws at once (0: its default, one CPU fewer than the machine has)")
	suggest := fs.Bool("suggest-search", false, "let the players' 💡 Suggest clicks run the search AI (about a second of CPU each) instead of the game's quick suggestion")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole run (bot, fake Discord and players) to this file")
	memProfile := fs.String("memprofile", "", "write a heap profile of the process, taken when the games stop, to this file")
	redisURL := fs.String("redis", "", "a Redis URL (redis://host:port/db) to play on, under a fresh key prefix tablebot-loadtest:<time> (its keys are left there); empty means a fresh embedded store")
	if err := fs.Parse(args); err != nil {
		return flagError(err)
	}
	var st store.Store
	if *redisURL != "" {
		o, err := store.ParseRedisURL(*redisURL)
		if err != nil {
			return usageError(err.Error())
		}
		o.Prefix = fmt.Sprintf("tablebot-loadtest:%d", time.Now().UnixNano())
		r, err := store.NewRedis(ctx, o)
		if err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		defer r.Close()
		st = r
	} else {
		dir, err := os.MkdirTemp("", "tablebot-loadtest-")
		if err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		defer os.RemoveAll(dir)
		b, err := store.OpenBolt(dir+"/load.db", store.BoltOptions{})
		if err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		defer b.Close()
		st = b
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("loadtest: cpu profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	hint := "the game's quick suggestion"
	if *suggest {
		hint = "the search AI"
	}
	fmt.Fprintf(stdout, "Playing %d Ingenious games for %s, Discord's REST answering in %s, 💡 Suggest by %s…\n", *gamesN, *duration, *latency, hint)
	cfg := loadtest.Config{Store: st, Games: *gamesN, Duration: *duration, RESTLatency: *latency, Storm: *storm, Workers: *workers, DrawSlots: *drawSlots, SuggestSearch: *suggest}
	if *memProfile != "" {
		f, err := os.Create(*memProfile)
		if err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		defer f.Close()
		cfg.HeapProfile = f
	}
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
