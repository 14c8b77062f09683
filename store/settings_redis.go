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
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.enter(ctx); err != nil {
		return Table{}, r.fail(op, err)
	}
	vals, err := r.client.HMGet(ctx, key, "rev", "data").Result()
	if err != nil {
		return Table{}, r.fail(op, err)
	}
	t, found, err := tableOf(vals)
	switch {
	case err != nil:
		return Table{}, fmt.Errorf("store: %s: %w", op, err)
	case !found:
		return Table{}, fmt.Errorf("store: %s: %w", op, ErrNotFound)
	}
	return t, nil
}

// saveRevisioned writes data as the revisioned hash at key if its revision is still expect
// (one script) and returns the new revision.
func (r *Redis) saveRevisioned(ctx context.Context, op, key string, data []byte, expect Revision) (Revision, error) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.enter(ctx); err != nil {
		return 0, r.fail(op, err)
	}
	n, err := r.save.Run(ctx, r.client, []string{key}, uint64(expect), data).Int64()
	switch {
	case err != nil:
		return 0, r.fail(op, err)
	case n == -1:
		return 0, fmt.Errorf("store: %s at revision %d: %w", op, expect, ErrConflict)
	case n < 1:
		return 0, fmt.Errorf("store: %s: %w: script returned %d", op, ErrCorrupt, n)
	}
	return Revision(n), nil
}
