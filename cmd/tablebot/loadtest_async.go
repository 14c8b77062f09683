package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/loadtest"
	"github.com/tablebot/tablebot/store"
)

// asyncFlags are the flags of `tablebot loadtest --async N`.
type asyncFlags struct {
	tables    int
	dueRate   float64
	processes int
	live      int
	drain     time.Duration
	json      bool
	// taskWorkers, stepDownNormal and stepDownEasy are the bot's async.workers,
	// async.step_down_normal and async.step_down_easy (0 and "" keep its defaults).
	taskWorkers                  int
	stepDownNormal, stepDownEasy string
}

// configure sets the bot's scheduler as the flags say.
func (a *asyncFlags) configure(c *Config) {
	c.Async.Workers = a.taskWorkers
	c.Async.StepDownNormal, c.Async.StepDownEasy = a.stepDownNormal, a.stepDownEasy
}

func (a *asyncFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&a.tables, "async", 0, "instead of live games, open this many async tables (seeded straight through the referee, not clicked open), their players away, and measure the deadlines and reminders falling due at --due-rate per second for --duration (default 60s then) on the bot's real clock: each table's pace is N/rate seconds and its decision seeded as begun in the past, so the due work comes steadily")
	fs.Float64Var(&a.dueRate, "due-rate", 3, "with --async: deadlines falling due per second (as many reminders besides)")
	fs.IntVar(&a.processes, "processes", 1, "with --async: bot processes sharing the store and its due work (2 needs --redis or --redis-cluster)")
	fs.IntVar(&a.live, "live", 4, "with --async: live games played through the panels meanwhile, for the acknowledgement during the burst (0: none)")
	fs.DurationVar(&a.drain, "drain", 30*time.Second, "with --async: how long to wait after --duration for due work still owed")
	fs.IntVar(&a.taskWorkers, "task-workers", 0, "with --async: the bot's async.workers, its due tasks worked at once (0: its default, one per CPU)")
	fs.StringVar(&a.stepDownNormal, "step-down-normal", "", "with --async: the bot's async.step_down_normal (empty: its default)")
	fs.StringVar(&a.stepDownEasy, "step-down-easy", "", "with --async: the bot's async.step_down_easy (empty: its default)")
	fs.BoolVar(&a.json, "json", false, "with --async: print the report as one JSON object")
}

// run runs the async load test with the bot process(es) of proc, with lf's --duration when fs
// was given it (else 60 s: its default is the live games') and lf's --latency.
func (a *asyncFlags) run(ctx context.Context, fs *flag.FlagSet, stdout io.Writer, lf *loadtestFlags, proc *loadtest.Process, redisOpts *store.RedisOptions, dir string) error {
	if a.processes > 1 && redisOpts == nil {
		return usageError("--processes 2 shares the store between bot processes: add --redis or --redis-cluster (the embedded store is one process's)")
	}
	duration := time.Minute
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "duration" {
			duration = lf.duration
		}
	})
	live := a.live
	if live == 0 {
		live = -1
	}
	cfg := loadtest.AsyncConfig{Kits: catalog.Kits(), Process: proc, Processes: a.processes, Tables: a.tables, DueRate: a.dueRate, Duration: duration,
		Drain: a.drain, Live: live, RESTLatency: lf.latency, StoreBytes: storeSize(dir, redisOpts)}
	if !a.json {
		fmt.Fprintf(stdout, "Seeding %d async tables, then %.2f deadlines/s and as many reminders for %s, %d bot process(es), %d live games meanwhile…\n", a.tables, a.dueRate, duration, a.processes, max(live, 0))
	}
	rep, err := loadtest.RunAsync(ctx, cfg)
	if redisOpts != nil {
		// Ten thousand tables' keys are not left in a shared Redis.
		// One DEL per key: on a cluster a DEL of many keys must keep to one slot.
		dctx := context.WithoutCancel(ctx)
		if derr := redisKeys(dctx, *redisOpts, func(c *redis.Client, keys []string) error {
			_, err := c.Pipelined(dctx, func(p redis.Pipeliner) error {
				for _, k := range keys {
					p.Del(dctx, k)
				}
				return nil
			})
			return err
		}); derr != nil && err == nil {
			err = derr
		}
	}
	if err != nil {
		return err
	}
	if a.json {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(rep); err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
	} else {
		fmt.Fprint(stdout, rep)
	}
	if rep.Lost > 0 || rep.WorkedTwice > 0 || rep.RemindersPerTurnMax > 1 || rep.DeadlineBoardsPerTurnMax > 1 {
		return fmt.Errorf("loadtest: due work not exactly once: %d lost, %d worked twice, up to %d reminders and %d deadline boards per turn", rep.Lost, rep.WorkedTwice, rep.RemindersPerTurnMax, rep.DeadlineBoardsPerTurnMax)
	}
	return nil
}

// storeSize measures the load test's store: the embedded store's file, or the memory Redis
// reports for the keys under the load test's prefix (MEMORY USAGE of each).
func storeSize(dir string, o *store.RedisOptions) func(ctx context.Context) (int64, error) {
	if o == nil {
		return func(context.Context) (int64, error) {
			fi, err := os.Stat(filepath.Join(dir, "load.db"))
			if err != nil {
				return 0, fmt.Errorf("loadtest: %w", err)
			}
			return fi.Size(), nil
		}
	}
	return func(ctx context.Context) (int64, error) {
		var sum atomic.Int64 // a cluster's masters are measured at once
		err := redisKeys(ctx, *o, func(c *redis.Client, keys []string) error {
			cmds, err := c.Pipelined(ctx, func(p redis.Pipeliner) error {
				for _, k := range keys {
					p.MemoryUsage(ctx, k)
				}
				return nil
			})
			if err != nil && err != redis.Nil {
				return fmt.Errorf("loadtest: the store's memory: %w", err)
			}
			for _, cmd := range cmds {
				n, _ := cmd.(*redis.IntCmd).Result()
				sum.Add(n)
			}
			return nil
		})
		return sum.Load(), err
	}
}

// redisKeys calls do with the keys under o's prefix, a thousand at a time, and the client of
// the server holding them: on a Redis Cluster, each master's keys with that master's client
// (masters at once, each key alone in its slot: do sends single-key commands).
func redisKeys(ctx context.Context, o store.RedisOptions, do func(c *redis.Client, keys []string) error) error {
	if !o.Cluster {
		c := redis.NewClient(&redis.Options{Addr: o.Addr, Username: o.Username, Password: o.Password, DB: o.DB, TLSConfig: o.TLSConfig})
		defer c.Close()
		return serverKeys(ctx, c, o.Prefix, do)
	}
	c := redis.NewClusterClient(&redis.ClusterOptions{Addrs: o.Addrs, Username: o.Username, Password: o.Password, TLSConfig: o.TLSConfig})
	defer c.Close()
	return c.ForEachMaster(ctx, func(ctx context.Context, c *redis.Client) error {
		return serverKeys(ctx, c, o.Prefix, do)
	})
}

// serverKeys calls do with the keys under prefix on the one server c talks to, a thousand at
// a time.
func serverKeys(ctx context.Context, c *redis.Client, prefix string, do func(c *redis.Client, keys []string) error) error {
	var keys []string
	iter := c.Scan(ctx, 0, prefix+":*", 1000).Iterator()
	for iter.Next(ctx) {
		keys = append(keys, iter.Val())
	}
	if err := iter.Err(); err != nil {
		return fmt.Errorf("loadtest: list the store's keys on %s: %w", c.Options().Addr, err)
	}
	for chunk := range slices.Chunk(keys, 1000) {
		if err := do(c, chunk); err != nil {
			return err
		}
	}
	return nil
}
