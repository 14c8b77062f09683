package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/tablebot/tablebot/arena"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games/search"
)

// arenaUsage is the arena command line.
const arenaUsage = "usage: tablebot arena GAME --a LEVEL [--b LEVEL] [--games N] [--seed S] [--seats N] [--nodes N] [--nodes-b N] [--options JSON] [--parallel N] [--json]"

// runArena plays AI levels against each other (or one alone when --b is left out) and prints
// the report: win rate with its 95% interval, scores, solo tiers and time per decision.
func runArena(ctx context.Context, kits []catalog.Kit, args []string, out, stderr io.Writer) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	a := fs.String("a", "strong", "level of the AI under test: easy, normal or strong")
	b := fs.String("b", "", "level of its opponent; empty: A plays alone (solo)")
	n := fs.Int("games", 20, "number of games")
	seed := fs.Uint64("seed", 1, "random seed of the run")
	seats := fs.Int("seats", 2, "players per game when --b is given; seats alternate between A and B")
	nodes := fs.Int("nodes", 0, "node budget of A's search instead of its level's (0: the level's)")
	nodesB := fs.Int("nodes-b", 0, "node budget of B's search instead of its level's (0: the level's)")
	seconds := fs.Float64("time", 0, "time budget of each search in seconds instead of the level's (0: the level's); makes the run machine-dependent")
	options := fs.String("options", "{}", "the game's options as a JSON object")
	parallel := fs.Int("parallel", 0, "games played at once (0: one per core)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return flagError(err)
	}
	if len(pos) != 1 {
		return usageError(arenaUsage)
	}
	kit, ok := catalog.Find(kits, pos[0])
	if !ok {
		return usageError(fmt.Sprintf("unknown game %q", pos[0]))
	}
	cfg := arena.Config{Games: *n, Seed: *seed, Seats: *seats, Options: json.RawMessage(*options), Parallel: *parallel}
	if cfg.A, err = arenaSide(*a, *nodes, *seconds); err != nil {
		return usageError(err.Error())
	}
	if *b == "" {
		cfg.Solo = true
	} else if cfg.B, err = arenaSide(*b, *nodesB, *seconds); err != nil {
		return usageError(err.Error())
	}
	rep, err := arena.Run(ctx, kit.Game, cfg)
	if err != nil {
		return err
	}
	if *asJSON {
		return rep.WriteJSON(out)
	}
	return rep.WriteText(out)
}

// arenaSide reads one side of an arena run: a level and optional budgets.
func arenaSide(level string, nodes int, seconds float64) (arena.Side, error) {
	l, err := search.ParseLevel(level)
	if err != nil {
		return arena.Side{}, err
	}
	if nodes < 0 || seconds < 0 {
		return arena.Side{}, fmt.Errorf("negative budget")
	}
	return arena.Side{Level: l, Budget: search.Budget{Nodes: nodes, Time: time.Duration(seconds * float64(time.Second))}}, nil
}
