package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// The keys of the migration (P is the prefix): P:{schema}:version holds the stored layout's
// SchemaVersion (absent: 1), P:{schema}:lock the token of the process migrating. The legacy
// keys it reads are P:{g:G}:history (list of legacy archive entries, newest first) and
// P:{g:G}:lb:N:name (hash user ID → name); it leaves them, and P:{g:G}:lb:*, as they are.

// migrateLockTTL is how long the migration lock outlives a process that died holding it; the
// holder renews it every third of that.
const migrateLockTTL = 30 * time.Second

// migrateWait is how often a process waiting for another's migration looks again.
const migrateWait = 200 * time.Millisecond

// luaMigrate: KEYS archive, order, recent, finished; ARGV[1] HistoryCap, then per legacy game,
// oldest first: GameID, archive entry, summary. It archives the games not archived yet before
// those archived since (renumbering the order), adds their summaries behind the recent ones,
// and returns how many it archived.
const luaMigrate = luaHelpers + `
want(KEYS[1], 'hash') want(KEYS[2], 'zset') want(KEYS[3], 'list') want(KEYS[4], 'set')
local fresh = {}
for i = 2, #ARGV, 3 do
	if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 0 then fresh[#fresh + 1] = i end
end
if #fresh == 0 then return 0 end
local old = redis.call('ZRANGE', KEYS[2], 0, -1)
for j, i in ipairs(fresh) do
	redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
	redis.call('SADD', KEYS[4], ARGV[i])
	redis.call('ZADD', KEYS[2], j, ARGV[i])
end
for j, id in ipairs(old) do redis.call('ZADD', KEYS[2], #fresh + j, id) end
for j = #fresh, 1, -1 do redis.call('RPUSH', KEYS[3], ARGV[fresh[j] + 2]) end
redis.call('LTRIM', KEYS[3], 0, tonumber(ARGV[1]) - 1)
return #fresh
`

// luaRenew: KEYS lock; ARGV token, milliseconds. Extends the lock if the token holds it.
const luaRenew = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`

// luaRelease: KEYS lock; ARGV token. Deletes the lock if the token holds it.
const luaRelease = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`

var migrateScript, renewScript, releaseScript = redis.NewScript(luaMigrate), redis.NewScript(luaRenew), redis.NewScript(luaRelease)

func (r *Redis) schemaKey(name string) string { return r.prefix + ":{schema}:" + name }

// Migrate imports the legacy history into the archive, one script per guild, holding a lock
// that makes every other process's Migrate wait; see Migrator.
func (r *Redis) Migrate(ctx context.Context, then func(context.Context, Migration) error) (Migration, error) {
	tok := make([]byte, 16)
	_, _ = rand.Read(tok)
	token := hex.EncodeToString(tok)
	lock := r.schemaKey("lock")
	for {
		current, err := r.schemaCurrent(ctx)
		if err != nil || current {
			return Migration{}, err
		}
		var got bool
		err = r.call(ctx, "migrate: lock", func(ctx context.Context) error {
			var err error
			got, err = r.client.SetNX(ctx, lock, token, migrateLockTTL).Result()
			return err
		})
		if err != nil {
			return Migration{}, err
		}
		if got {
			break
		}
		select {
		case <-ctx.Done():
			return Migration{}, fmt.Errorf("store: migrate: waiting for another process's migration: %w", ctx.Err())
		case <-time.After(migrateWait):
		}
	}
	stop := make(chan struct{})
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		t := time.NewTicker(migrateLockTTL / 3)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				_ = r.call(context.Background(), "migrate: renew lock", func(ctx context.Context) error {
					return renewScript.Run(ctx, r.client, []string{lock}, token, migrateLockTTL.Milliseconds()).Err()
				})
			}
		}
	}()
	defer func() {
		close(stop)
		<-renewed
		_ = r.call(context.Background(), "migrate: unlock", func(ctx context.Context) error {
			return releaseScript.Run(ctx, r.client, []string{lock}, token).Err()
		})
	}()
	// Another process may have finished between our look and our lock.
	if current, err := r.schemaCurrent(ctx); err != nil || current {
		return Migration{}, err
	}
	m, err := r.migrateLegacy(ctx)
	if err != nil {
		return m, err
	}
	if m.Found > 0 && then != nil {
		if err := then(ctx, m); err != nil {
			return m, fmt.Errorf("store: migrate: %w", err)
		}
	}
	return m, r.call(ctx, "migrate: version", func(ctx context.Context) error {
		return r.client.Set(ctx, r.schemaKey("version"), SchemaVersion, 0).Err()
	})
}

// schemaCurrent reports whether the stored layout is SchemaVersion already.
func (r *Redis) schemaCurrent(ctx context.Context) (bool, error) {
	var current bool
	err := r.call(ctx, "migrate: version", func(ctx context.Context) error {
		v, err := r.client.Get(ctx, r.schemaKey("version")).Result()
		if errors.Is(err, redis.Nil) {
			return nil
		}
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%w: schema version %q", ErrCorrupt, v)
		}
		current = n >= SchemaVersion
		return nil
	})
	return current, err
}

// migrateLegacy imports every guild's legacy history.
func (r *Redis) migrateLegacy(ctx context.Context) (Migration, error) {
	var m Migration
	guilds, err := r.legacyGuilds(ctx)
	if err != nil {
		return m, err
	}
	for _, g := range guilds {
		gm, err := r.migrateGuild(ctx, g)
		m.add(gm)
		if err != nil {
			return m, err
		}
	}
	return m, nil
}

// legacyGuilds finds the guilds with a legacy history by SCAN (on every master of a cluster).
func (r *Redis) legacyGuilds(ctx context.Context) ([]string, error) {
	head, tail := r.prefix+":{g:", "}:history"
	pattern := globEscape(head) + "*" + globEscape(tail)
	set := map[string]bool{}
	var bad error
	var mu sync.Mutex // ForEachMaster scans the masters at once
	scan := func(ctx context.Context, c redis.Cmdable) error {
		it := c.Scan(ctx, 0, pattern, 1000).Iterator()
		for it.Next(ctx) {
			mid, ok1 := strings.CutPrefix(it.Val(), head)
			mid, ok2 := strings.CutSuffix(mid, tail)
			if !ok1 || !ok2 || strings.ContainsAny(mid, "{}") {
				continue // another key that the pattern happens to match
			}
			g, err := unescapeKey(mid)
			mu.Lock()
			if err != nil {
				bad = err
			} else {
				set[g] = true
			}
			mu.Unlock()
		}
		return it.Err()
	}
	// SCAN walks the whole key space in many calls: give it the time of a migration, not of
	// one call.
	var err error
	if cc, ok := r.client.(*redis.ClusterClient); ok {
		err = cc.ForEachMaster(ctx, func(ctx context.Context, c *redis.Client) error { return scan(ctx, c) })
	} else {
		err = scan(ctx, r.client)
	}
	if err != nil {
		return nil, r.fail("migrate: scan", err)
	}
	if bad != nil {
		return nil, fmt.Errorf("store: migrate: %w", bad)
	}
	out := make([]string, 0, len(set))
	for g := range set {
		out = append(out, g)
	}
	slices.Sort(out)
	return out, nil
}

// migrateGuild imports one guild's legacy history and returns what it did.
func (r *Redis) migrateGuild(ctx context.Context, guild string) (Migration, error) {
	var raws []string
	err := r.call(ctx, "migrate: read history "+strconv.Quote(guild), func(ctx context.Context) error {
		var err error
		raws, err = r.client.LRange(ctx, r.guildKey(guild, "history"), 0, -1).Result()
		return err
	})
	m := Migration{Found: len(raws)}
	if err != nil || len(raws) == 0 {
		return m, err
	}
	names := map[string]map[string]string{}
	var nameErr error
	lookup := func(game string) map[string]string {
		if got, ok := names[game]; ok {
			return got
		}
		var byUser map[string]string
		err := r.call(ctx, "migrate: read names "+strconv.Quote(guild), func(ctx context.Context) error {
			var err error
			byUser, err = r.client.HGetAll(ctx, r.guildKey(guild, "lb:"+escapeKey(game)+":name")).Result()
			return err
		})
		if nameErr == nil {
			nameErr = err
		}
		names[game] = uniqueNames(byUser)
		return names[game]
	}
	args := []any{HistoryCap}
	seen := map[string]bool{}
	for i := len(raws) - 1; i >= 0; i-- { // the legacy list is newest first
		e, err := legacyFinal(guild, []byte(raws[i]), lookup)
		if nameErr != nil {
			return m, nameErr
		}
		if err != nil {
			m.Unreadable++
			continue
		}
		if !seen[e.id] {
			seen[e.id] = true
			args = append(args, e.id, e.entry, e.summary)
		}
	}
	if len(args) == 1 {
		return m, nil
	}
	err = r.call(ctx, "migrate guild "+strconv.Quote(guild), func(ctx context.Context) error {
		// Listed first, as Finish does, so that a guild with an archived game is always listed.
		if err := r.client.SAdd(ctx, r.guildsKey(), guild).Err(); err != nil {
			return err
		}
		keys := []string{r.guildKey(guild, "archive"), r.guildKey(guild, "order"), r.guildKey(guild, "recent"), r.guildKey(guild, "finished")}
		var err error
		m.Imported, err = migrateScript.Run(ctx, r.client, keys, args...).Int()
		return err
	})
	return m, err
}

// globEscape escapes s for a SCAN MATCH pattern.
func globEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[]\^`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// unescapeKey undoes escapeKey.
func unescapeKey(s string) (string, error) {
	if !strings.Contains(s, "%") {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", fmt.Errorf("%w: escaped key part %q", ErrCorrupt, s)
		}
		n, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", fmt.Errorf("%w: escaped key part %q", ErrCorrupt, s)
		}
		b.WriteByte(byte(n))
		i += 2
	}
	return b.String(), nil
}
