package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"text/tabwriter"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// errRatingsDiffer marks a dry-run rebuild that found stored ratings differing from the
// archive's: the differences were printed, exit 1.
var errRatingsDiffer = errors.New("the stored ratings differ from the archive's")

const ratingsUsage = "usage: tablebot ratings rebuild [--config FILE] [--dry-run] | tablebot ratings replay RECORD.json... [--json]"

// runRatings runs `tablebot ratings rebuild` or `tablebot ratings replay`.
func runRatings(ctx context.Context, kits []catalog.Kit, args []string, out, stderr io.Writer, getenv func(string) string) error {
	if len(args) == 0 {
		return usageError(ratingsUsage)
	}
	switch args[0] {
	case "rebuild":
		return runRatingsRebuild(ctx, kits, args[1:], out, stderr, getenv)
	case "replay":
		return runRatingsReplay(mustRegistry(kits), args[1:], out)
	}
	return usageError(fmt.Sprintf("unknown ratings command %q\n%s", args[0], ratingsUsage))
}

// runRatingsRebuild recomputes every server's ratings, leaderboards and solo records from
// the archive in the configured store, prints every difference from the stored ones and,
// without --dry-run, writes the recomputed ones. A dry run that finds differences returns
// errRatingsDiffer.
func runRatingsRebuild(ctx context.Context, kits []catalog.Kit, args []string, out, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("ratings rebuild", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("config", "", "the TOML configuration file (default: tablebot.toml if present)")
	dry := fs.Bool("dry-run", false, "only compare: write nothing")
	if err := fs.Parse(args); err != nil {
		return flagError(err)
	}
	if fs.NArg() > 0 {
		return usageError(ratingsUsage)
	}
	// The rebuild needs only the store: Discord's settings may be missing.
	cfg, err := loadConfig(*path, func(k string) string {
		switch v := getenv(k); {
		case v != "":
			return v
		case k == "DISCORD_TOKEN":
			return "unused-by-ratings"
		case k == "DISCORD_APPLICATION_ID":
			return "1" // any ID: unused
		}
		return ""
	})
	if err != nil {
		return err
	}
	st, where, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	reg := mustRegistry(kits)
	if !*dry { // a dry run writes nothing: it sees a store of an older tablebot as it is
		if err := migrateStore(ctx, st, reg, slog.New(slog.NewTextHandler(stderr, nil))); err != nil {
			return err
		}
	}
	return rebuildRatings(ctx, st, where, reg, *dry, out)
}

// rebuildRatings is the rebuild on an open store, reporting to out.
func rebuildRatings(ctx context.Context, st store.Store, where string, reg *games.Registry, dry bool, out io.Writer) error {
	rep, err := table.Rebuild(ctx, st, reg, !dry)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: %d servers, %d archived games\n", where, rep.Guilds, rep.Games)
	for _, s := range rep.Skipped {
		fmt.Fprintln(out, "skipped (not replayable):", s)
	}
	for _, d := range rep.Diffs {
		fmt.Fprintln(out, "differs:", d)
	}
	switch {
	case len(rep.Diffs) == 0:
		fmt.Fprintln(out, "every stored rating, leaderboard and solo record equals the archive's")
	case dry:
		fmt.Fprintf(out, "%d differences; dry run: nothing written\n", len(rep.Diffs))
		return errRatingsDiffer
	default:
		fmt.Fprintf(out, "%d differences\n", len(rep.Diffs))
	}
	if !dry {
		fmt.Fprintln(out, "the ratings were rewritten from the archive")
	}
	return nil
}

// replayLine is one player's rating in `tablebot ratings replay --json`.
type replayLine struct {
	Mu      float64 `json:"mu"`
	Sigma   float64 `json:"sigma"`
	Ordinal float64 `json:"ordinal"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
}

// runRatingsReplay rates the given records in order, each player's name standing for a
// person (a seat whose every move the AI made is an easy AI player), and prints the ratings:
// {game: {name: {"mu", "sigma", "ordinal", "games", "wins"}}} with --json, else a table.
func runRatingsReplay(reg *games.Registry, args []string, out io.Writer) error {
	asJSON := false
	var paths []string
	for _, a := range args {
		switch a {
		case "--json", "-json":
			asJSON = true
		default:
			paths = append(paths, a)
		}
	}
	if len(paths) == 0 {
		return usageError(ratingsUsage)
	}
	led := table.NewLedger()
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("read record: %w", err)
		}
		rec, err := games.DecodeRecord(data)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if _, err := led.Apply(reg, "", store.Archived{GameID: p, Game: rec.Game, Record: data}); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	res := map[string]map[string]replayLine{}
	for game, lines := range led.Lines {
		res[game] = map[string]replayLine{}
		for name, l := range lines {
			res[game][name] = replayLine{Mu: l.Mu, Sigma: l.Sigma, Ordinal: l.Ordinal(), Games: l.Games, Wins: l.Wins}
		}
	}
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "game\tplayer\tordinal\tμ\tσ\tgames\twins")
	for _, game := range sortedNames(res) {
		lines := res[game]
		names := sortedNames(lines)
		slices.SortStableFunc(names, func(a, b string) int {
			switch {
			case lines[a].Ordinal > lines[b].Ordinal:
				return -1
			case lines[a].Ordinal < lines[b].Ordinal:
				return 1
			}
			return 0
		})
		for _, n := range names {
			l := lines[n]
			fmt.Fprintf(w, "%s\t%s\t%.2f\t%.4f\t%.4f\t%d\t%d\n", game, n, l.Ordinal, l.Mu, l.Sigma, l.Games, l.Wins)
		}
	}
	return w.Flush()
}

func sortedNames[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
