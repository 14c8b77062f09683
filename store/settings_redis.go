package store

import (
	"context"
	"fmt"
	"strconv"
)

// LoadSettings returns guild's settings document. It fails with ErrNotFound if there is none,
// ErrCorrupt if it is unreadable, ErrClosed after Close, or the error of ctx or the server.
func (r *Redis) LoadSettings(ctx context.Context, guild string) (Table, error) {
	return r.loadRevisioned(ctx, "load settings of "+strconv.Quote(guild), r.guildKey(guild, "settings"))
}

// SaveSettings writes guild's settings document with compare-and-set on its revision (the
// table's script, in the guild's hash slot). It fails with ErrConflict (writing nothing) if
// the revision differs, ErrCorrupt if the stored document is unreadable, ErrClosed after
// Close, or the error of ctx or the server.
func (r *Redis) SaveSettings(ctx context.Context, guild string, data []byte, expect Revision) (Revision, error) {
	return r.saveRevisioned(ctx, "save settings of "+strconv.Quote(guild), r.guildKey(guild, "settings"), data, expect)
}

// loadRevisioned reads the revisioned hash {rev, data} at key (a table, a server's settings):
// ErrNotFound when there is none.
func (r *Redis) loadRevisioned(ctx context.Context, op, key string) (Table, error) {
	var t Table
	err := r.call(ctx, op, func(ctx context.Context) error {
		vals, err := r.client.HMGet(ctx, key, "rev", "data").Result()
		if err != nil {
			return err
		}
		var found bool
		t, found, err = tableOf(vals)
		if err == nil && !found {
			return ErrNotFound
		}
		return err
	})
	return t, err
}

// saveRevisioned writes data as the revisioned hash at key if its revision is still expect
// (one script) and returns the new revision.
func (r *Redis) saveRevisioned(ctx context.Context, op, key string, data []byte, expect Revision) (Revision, error) {
	var rev Revision
	err := r.call(ctx, op, func(ctx context.Context) error {
		n, err := r.save.Run(ctx, r.client, []string{key}, uint64(expect), data).Int64()
		switch {
		case err != nil:
			return err
		case n == -1:
			return fmt.Errorf("at revision %d: %w", expect, ErrConflict)
		case n < 1:
			return fmt.Errorf("%w: script returned %d", ErrCorrupt, n)
		}
		rev = Revision(n)
		return nil
	})
	return rev, err
}
