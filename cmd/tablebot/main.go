// Command tablebot runs the tablebot Discord bot and its tools.
//
//	tablebot [run] [--config FILE]       run the bot (the default; without a token: the local table)
//	tablebot play [--addr A]             play in a browser, without Discord
//	tablebot replay FILE                 apply and validate a record, print the result as JSON
//	tablebot render FILE [--move N] [--seat S] -o out.png
//	tablebot selfplay GAME [--players N] [--seed S]   play an AI game, print its record
//	tablebot invite [--config FILE]      print the URL that adds the bot to a server
//	tablebot loadtest [--games N] ...    measure the bot under many games at once
//	tablebot arena GAME --a L [--b L]    play AI levels against each other
//	tablebot ratings rebuild|replay ...  recompute ratings from the archive, or rate records
//	tablebot version
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// run executes one command line and returns the process exit code: 0 success, 1 a replay
// stopped at an illegal move or the bot failed, 2 bad usage or unreadable input.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	cmd := "run"
	switch {
	case len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help"):
		cmd, args = "help", nil
	case len(args) > 0 && args[0] != "" && args[0][0] != '-':
		cmd, args = args[0], args[1:]
	}
	kits := catalog.Kits()
	var err error
	switch cmd {
	case "run":
		if localOnly(args, getenv) {
			fmt.Fprintln(stdout, "No Discord token is configured (DISCORD_TOKEN or tablebot.toml): starting the local table instead.")
			var local []string
			if addr := getenv("TABLEBOT_LISTEN"); addr != "" {
				local = []string{"--addr", addr}
			}
			err = runPlay(ctx, local, stdout, stderr, nil)
			break
		}
		err = runBot(ctx, kits, args, stderr, getenv, nil)
	case "play":
		err = runPlay(ctx, args, stdout, stderr, nil)
	case "replay":
		if len(args) != 1 {
			err = usageError("usage: tablebot replay FILE")
			break
		}
		err = runReplay(mustRegistry(kits), args[0], stdout)
	case "render":
		var a renderArgs
		if a, err = parseRenderArgs(args, stderr); err == nil {
			err = runRender(kits, a)
		} else {
			err = flagError(err)
		}
	case "selfplay":
		err = runSelfplay(kits, args, stdout, stderr)
	case "invite":
		err = runInvite(args, stdout, stderr, getenv)
	case "loadtest":
		err = runLoadtest(ctx, args, stdout, stderr)
	case "arena":
		err = runArena(ctx, kits, args, stdout, stderr)
	case "ratings":
		err = runRatings(ctx, kits, args, stdout, stderr, getenv)
	case "version":
		fmt.Fprintln(stdout, "tablebot", version)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, helpText)
	default:
		err = usageError(fmt.Sprintf("unknown command %q\n\n%s", cmd, helpText))
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0 // a subcommand's -h printed its flags
	case errors.Is(err, errMoveFailed), errors.Is(err, errRatingsDiffer):
		return 1
	}
	fmt.Fprintln(stderr, "tablebot:", err)
	var u usageError
	if errors.As(err, &u) || cmd != "run" {
		return 2
	}
	return 1
}

// localOnly reports whether `tablebot run` has nothing to connect to Discord with: no
// arguments, no DISCORD_TOKEN and no tablebot.toml. It then plays locally instead.
func localOnly(args []string, getenv func(string) string) bool {
	if len(args) > 0 || getenv("DISCORD_TOKEN") != "" {
		return false
	}
	_, err := os.Stat("tablebot.toml")
	return err != nil
}

// usageError is a command line that could not be understood.
type usageError string

func (u usageError) Error() string { return string(u) }

// flagError turns a flag parsing error into a usageError, keeping flag.ErrHelp (a -h that
// printed the flags, which is no error) as it is.
func flagError(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	return usageError(err.Error())
}

func mustRegistry(kits []catalog.Kit) *games.Registry {
	reg, err := catalog.Registry(kits)
	if err != nil {
		panic(err) // the catalog is a fixed list; a duplicate name is a programming error
	}
	return reg
}

const helpText = `tablebot — a Discord bot that referees tabletop games: Ingenious, FITS, Sideboards and Shelfie Stacker.

Commands:
  tablebot [run] [--config FILE]                    run the bot (default config: tablebot.toml if present);
                                                    with no Discord token configured, the local table
  tablebot play [--addr 127.0.0.1:8080]             every game in a browser, without Discord
  tablebot replay FILE                              apply and validate a record, print the result as JSON
  tablebot render FILE [--move N] [--seat S] [--lang en|cs] -o out.png
                                                    draw the table after move N as seat S sees it
  tablebot selfplay GAME [--players N] [--seed S] [--options JSON]
                                                    play a game between AI players, print its record
  tablebot invite [--config FILE]                   print the URL that adds the bot to a server
  tablebot arena GAME --a strong [--b easy] [--games N] [--seed S] [--json]
                                                    play AI levels against each other (alone without --b),
                                                    print win rates, scores, tiers and time per decision
  tablebot loadtest [--games 200] [--duration 30s] [--latency 100ms] [--storm 1000] [--redis URL]
                                                    play many games at once against the built-in
                                                    fake Discord; print latencies, moves/s, CPU, memory
  tablebot ratings rebuild [--config FILE] [--dry-run]
                                                    recompute every rating, leaderboard and solo record
                                                    from the archive, report differences, write them
  tablebot ratings replay RECORD.json... [--json]   rate the records in order (names stand for people)
  tablebot version                                  print the version
  tablebot help                                     this text

Each command takes -h for its own flags. Configuration: config.example.toml.
`
