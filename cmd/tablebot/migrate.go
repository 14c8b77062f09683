package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// migrateStore brings a store written by an older tablebot forward before anything reads it
// (store.Migrator: once per store, however many processes start together). When the store had
// legacy history, it imports it into the archive and then rebuilds every rating, leaderboard
// and solo record from the archive (table.Rebuild), which the store cannot do itself; other
// processes wait for both. A failed rebuild fails the start, and the next start tries again.
func migrateStore(ctx context.Context, st store.Store, reg *games.Registry, log *slog.Logger) error {
	m, ok := st.(store.Migrator)
	if !ok {
		return nil
	}
	mig, err := m.Migrate(ctx, func(ctx context.Context, mig store.Migration) error {
		log.Info("legacy history imported into the archive; rebuilding the ratings from it",
			"servers", mig.Guilds, "games", mig.Found, "imported", mig.Imported)
		rep, err := table.Rebuild(ctx, st, reg, true)
		if err != nil {
			return err
		}
		for _, s := range rep.Skipped {
			log.Warn("archived game not rated: it cannot be replayed", "game", s)
		}
		log.Info("ratings rebuilt from the archive", "servers", rep.Guilds, "games", rep.Games, "skipped", len(rep.Skipped))
		return nil
	})
	if err != nil {
		return fmt.Errorf("migrate the store to schema %d: %w", store.SchemaVersion, err)
	}
	if mig.Found > 0 {
		log.Info("store migrated", "schema", store.SchemaVersion, "servers", mig.Guilds, "games", mig.Found)
	}
	if mig.Unreadable > 0 {
		log.Warn("legacy history entries could not be read: they stay in the old history, not archived", "entries", mig.Unreadable)
	}
	return nil
}
