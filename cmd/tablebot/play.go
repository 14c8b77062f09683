package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"

	"github.com/tablebot/tablebot/bot/localtable"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// runPlay runs the local table: the bot against the built-in fake Discord, on the embedded
// store, with a web page that looks and behaves like one Discord channel. It serves until ctx
// ends.
func runPlay(ctx context.Context, args []string, stdout, stderr io.Writer, ready func(url string)) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "where to serve the page (loopback by default)")
	path := fs.String("store", "tablebot-local.db", "the embedded store of the local table's games")
	if err := fs.Parse(args); err != nil {
		return flagError(err)
	}
	st, err := store.OpenBolt(*path, store.BoltOptions{})
	if err != nil {
		return fmt.Errorf("open the local store: %w", err)
	}
	defer st.Close()
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	kits := catalog.Kits()
	if err := migrateStore(ctx, st, mustRegistry(kits), log); err != nil {
		return err
	}
	tables, err := table.New(st, catalog.Games(kits), table.Options{Logger: log, Takeover: search.Strong})
	if err != nil {
		return fmt.Errorf("the local table: %w", err)
	}
	srv, err := localtable.Start(ctx, localtable.Options{Addr: *addr, Games: kits, Tables: tables, Logger: log})
	if err != nil {
		return err
	}
	host, _, _ := net.SplitHostPort(*addr)
	where := "only this computer can open it"
	if !strings.HasPrefix(host, "127.") && host != "localhost" && host != "::1" {
		where = "it is served on " + host + ", beyond this computer"
	}
	fmt.Fprintf(stdout, "The local table is at %s (%s). Open it in a browser; Ctrl-C stops it.\n", srv.URL(), where)
	if ready != nil {
		ready(srv.URL())
	}
	<-ctx.Done()
	return srv.Close()
}
