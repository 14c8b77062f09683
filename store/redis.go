package store

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// RedisOptions says how to reach Redis. The zero value talks to an unauthenticated server at
// 127.0.0.1:6379 over plain TCP, database 0, with keys under "tablebot".
type RedisOptions struct {
	// Addr is the server's host:port. Empty means "127.0.0.1:6379" (or, with Cluster, the
	// first of Addrs).
	Addr string
	// Cluster connects to a Redis Cluster: Addrs (or Addr) are seed nodes, and each command
	// goes to the node that holds its key's hash slot. Every operation's keys share a hash
	// tag, so each script and each call stays within one slot. False means one server.
	Cluster bool
	// Addrs are the cluster's seed nodes (host:port); empty means Addr alone. Ignored
	// without Cluster.
	Addrs []string
	// Username and Password authenticate with AUTH. An empty Username means the default user;
	// an empty Password means no AUTH at all.
	Username, Password string
	// DB selects the database. Zero is database 0, the only one Redis Cluster has.
	DB int
	// TLS turns on TLS with the system's root certificates, checking the certificate against
	// Addr's host. False means plain TCP unless TLSConfig is set.
	TLS bool
	// TLSConfig, if not nil, turns on TLS with this configuration (TLS need not be set). Nil
	// means the configuration described under TLS.
	TLSConfig *tls.Config
	// Prefix starts every key, so that several bots (or tests) can share one server. Empty
	// means "tablebot". It must not contain '{' or '}', which would break the hash tags.
	Prefix string
	// Timeout bounds every call — connecting, waiting for a pooled connection, writing the
	// command and reading the answer — also when the caller's context has no deadline, so that
	// a hung server makes a call fail with ErrUnavailable well inside Discord's 3 seconds.
	// Zero means 1.5 s.
	Timeout time.Duration
}

// ParseRedisURL turns a URL such as redis://user:secret@host:6379/0 or rediss://host (TLS)
// into options with the default Prefix. It fails if the URL is malformed or its scheme is not
// redis or rediss.
func ParseRedisURL(s string) (RedisOptions, error) {
	if !strings.HasPrefix(s, "redis://") && !strings.HasPrefix(s, "rediss://") {
		return RedisOptions{}, fmt.Errorf("store: redis URL %q: scheme must be redis:// or rediss://", s)
	}
	o, err := redis.ParseURL(s)
	if err != nil {
		return RedisOptions{}, fmt.Errorf("store: redis URL: %w", err)
	}
	return RedisOptions{
		Addr: o.Addr, Username: o.Username, Password: o.Password, DB: o.DB, TLSConfig: o.TLSConfig,
	}, nil
}

// Redis is the Store kept in Redis; several bot processes may share it.
//
// Key layout (P is the prefix; {…} are hash tags, so it works on Redis Cluster):
//
//	P:{ch:C}:table          hash {rev, data}: channel C's table
//	P:{g:G}:finished        set of the GameIDs guild G has finished
//	P:{g:G}:archive         hash GameID → archive entry (JSON): every game, never trimmed
//	P:{g:G}:order           sorted set GameID scored 1, 2, 3… in the order finished
//	P:{g:G}:recent          list of game summaries (JSON), newest first, at most HistoryCap
//	P:{g:G}:names           hash user ID → latest display name
//	P:{g:G}:settings        hash {rev, data}: the server's /settings (see Settings)
//	P:{g:G}:keys            set of every rating key below (ClearRatings deletes them)
//	P:{g:G}:r:N:p           hash user ID → the player's line (PlayerRating as JSON) in game N
//	P:{g:G}:r:N:board       sorted set user ID scored −ordinal: the leaderboard
//	P:{g:G}:r:N:h:U         list of user U's rating points (JSON), newest first, at most 50
//	P:{g:G}:r:N:o:U         sorted set opponent → games with U in game N
//	P:{g:G}:o:U             sorted set opponent → games with U in all games
//	P:{g:G}:s:N             sorted set user ID scored −(best solo score) of game N
//	P:{g:G}:s:N:rec         hash user ID → that best solo game (SoloRecord as JSON)
//	P:{guilds}              set of the guilds that archived a game
//	P:{due}                 sorted set of due-task keys scored by deadline in unix milliseconds
//	P:{due}:lease           sorted set of claimed task keys scored by their lease's end (ms)
//	P:{due}:token           hash task key → its lease's token
//	P:{due}:seq             the last token handed out
//
// C, G, N and U are escaped so that '%', ':', '{' and '}' in them cannot break the layout.
// Every key of a guild carries the guild's hash tag, so each guild lives in one hash slot of a
// Redis Cluster and every method on it is one script (or command) in that slot. The board's
// scores are −ordinal, so ZRANGE lists it best first, equal ordinals by user ID.
// Table writes, Finish, the ratings reads and ClaimDue are Lua scripts, each in one hash slot.
type Redis struct {
	client  redis.UniversalClient
	timeout time.Duration
	addr    string
	prefix  string
	closed  atomic.Bool

	save, finish, board, standing, solo, stats, scan, claim, lease *redis.Script
}

// NewRedis connects to Redis and checks the connection with PING. It fails if the options
// are invalid or the server does not answer the ping (in time for ctx).
func NewRedis(ctx context.Context, o RedisOptions) (*Redis, error) {
	if o.Addr == "" && len(o.Addrs) > 0 {
		o.Addr = o.Addrs[0]
	}
	if o.Addr == "" {
		o.Addr = "127.0.0.1:6379"
	}
	if len(o.Addrs) == 0 {
		o.Addrs = []string{o.Addr}
	}
	if o.Prefix == "" {
		o.Prefix = "tablebot"
	}
	if strings.ContainsAny(o.Prefix, "{}") {
		return nil, fmt.Errorf("store: redis key prefix %q contains '{' or '}'", o.Prefix)
	}
	tc := o.TLSConfig
	if tc == nil && o.TLS {
		host, _, err := net.SplitHostPort(o.Addr)
		if err != nil {
			return nil, fmt.Errorf("store: redis at %s: %w", o.Addr, err)
		}
		tc = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	}
	if o.Timeout <= 0 {
		o.Timeout = 1500 * time.Millisecond
	}
	var c redis.UniversalClient
	if o.Cluster {
		if o.DB != 0 {
			return nil, fmt.Errorf("store: redis cluster at %s: database %d (a cluster has only database 0)", o.Addr, o.DB)
		}
		c = redis.NewClusterClient(&redis.ClusterOptions{
			Addrs: o.Addrs, Username: o.Username, Password: o.Password, TLSConfig: tc,
			DialTimeout: o.Timeout, ReadTimeout: o.Timeout, WriteTimeout: o.Timeout, PoolTimeout: o.Timeout,
			ContextTimeoutEnabled: true,
		})
	} else {
		c = redis.NewClient(&redis.Options{
			Addr: o.Addr, Username: o.Username, Password: o.Password, DB: o.DB, TLSConfig: tc,
			DialTimeout: o.Timeout, ReadTimeout: o.Timeout, WriteTimeout: o.Timeout, PoolTimeout: o.Timeout,
			ContextTimeoutEnabled: true, // a caller's deadline ends a call, not go-redis's 5 s
		})
	}
	if err := c.Ping(ctx).Err(); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("store: redis at %s: %w", o.Addr, err)
	}
	return &Redis{
		client:   c,
		timeout:  o.Timeout,
		addr:     o.Addr,
		prefix:   o.Prefix,
		save:     redis.NewScript(luaSave),
		finish:   redis.NewScript(luaFinish),
		board:    redis.NewScript(luaBoard),
		standing: redis.NewScript(luaStanding),
		solo:     redis.NewScript(luaSolo),
		stats:    redis.NewScript(luaStats),
		scan:     redis.NewScript(luaScan),
		claim:    redis.NewScript(luaClaim),
		lease:    redis.NewScript(luaLease),
	}, nil
}

// escapeKey escapes s for use inside a key: '%', ':', '{' and '}' become %XX.
func escapeKey(s string) string {
	if !strings.ContainsAny(s, "%:{}") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '%', ':', '{', '}':
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (r *Redis) tableKey(channel string) string {
	return r.prefix + ":{ch:" + escapeKey(channel) + "}:table"
}

func (r *Redis) guildKey(guild, name string) string {
	return r.prefix + ":{g:" + escapeKey(guild) + "}:" + name
}

func (r *Redis) dueKey() string { return r.prefix + ":{due}" }

// leaseKeys are the keys of the due queue's scripts: the due set, the lease set, the lease
// tokens and the token counter, all in the due queue's hash slot.
func (r *Redis) leaseKeys() []string {
	d := r.dueKey()
	return []string{d, d + ":lease", d + ":token", d + ":seq"}
}

// enter returns an error if the store is closed or ctx is done.
func (r *Redis) enter(ctx context.Context) error {
	if r.closed.Load() {
		return ErrClosed
	}
	return ctx.Err()
}

// fail wraps err from operation op, translating go-redis's and the scripts' errors into the
// package's.
func (r *Redis) fail(op string, err error) error {
	var netErr net.Error
	switch {
	case errors.Is(err, ErrClosed) || errors.Is(err, redis.ErrClosed):
		return fmt.Errorf("store: redis %s: %w", op, ErrClosed)
	case redis.HasErrorPrefix(err, "WRONGTYPE") || redis.HasErrorPrefix(err, "CORRUPT"):
		return fmt.Errorf("store: redis at %s: %s: %w: %w", r.addr, op, ErrCorrupt, err)
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, redis.ErrPoolTimeout) || errors.As(err, &netErr):
		return fmt.Errorf("store: redis at %s: %s: %w: %w", r.addr, op, ErrUnavailable, err)
	}
	return fmt.Errorf("store: redis at %s: %s: %w", r.addr, op, err)
}

// Load returns the channel's table. It fails with ErrNotFound if there is none, ErrCorrupt if
// the stored table is unreadable, ErrClosed after Close, or the error of ctx or the server.
func (r *Redis) Load(ctx context.Context, channel string) (Table, error) {
	return r.loadRevisioned(ctx, "load "+strconv.Quote(channel), r.tableKey(channel))
}

// Save writes data as the channel's table if its revision is still expect and returns the new
// revision. It fails with ErrConflict (writing nothing) if the revision differs, ErrCorrupt if
// the stored table is unreadable, ErrClosed after Close, or the error of ctx or the server.
func (r *Redis) Save(ctx context.Context, channel string, data []byte, expect Revision) (Revision, error) {
	return r.saveRevisioned(ctx, "save "+strconv.Quote(channel), r.tableKey(channel), data, expect)
}

// Schedule sets the channel's deadline to at, kept to the millisecond. It fails with
// ErrCorrupt if the due queue's key holds another type, ErrClosed after Close, or the error of
// ctx or the server.
func (r *Redis) Schedule(ctx context.Context, channel string, at time.Time) error {
	op := "schedule " + strconv.Quote(channel)
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.enter(ctx); err != nil {
		return r.fail(op, err)
	}
	z := redis.Z{Score: float64(at.UnixMilli()), Member: channel}
	if err := r.client.ZAdd(ctx, r.dueKey(), z).Err(); err != nil {
		return r.fail(op, err)
	}
	return nil
}

// Unschedule removes the channel's deadline, if any. It fails with ErrCorrupt if the due
// queue's key holds another type, ErrClosed after Close, or the error of ctx or the server.
func (r *Redis) Unschedule(ctx context.Context, channel string) error {
	op := "unschedule " + strconv.Quote(channel)
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.enter(ctx); err != nil {
		return r.fail(op, err)
	}
	if err := r.client.ZRem(ctx, r.dueKey(), channel).Err(); err != nil {
		return r.fail(op, err)
	}
	return nil
}

// ClaimDue hands the caller up to limit keys (none if limit <= 0) that are due at now,
// compared to the millisecond, earliest first, each under a lease until now+lease (see
// Store.ClaimDue). One script claims them, so each is handed out once across all processes.
// It fails with ErrCorrupt if a due queue's key holds another type, ErrClosed after Close, or
// the error of ctx or the server.
func (r *Redis) ClaimDue(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Claim, error) {
	op := "claim due"
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.enter(ctx); err != nil {
		return nil, r.fail(op, err)
	}
	if limit <= 0 {
		return nil, nil
	}
	vals, err := r.claim.Run(ctx, r.client, r.leaseKeys(), now.UnixMilli(), limit, lease.Milliseconds()).StringSlice()
	if err != nil {
		return nil, r.fail(op, err)
	}
	out := make([]Claim, 0, len(vals)/2)
	for i := 0; i+1 < len(vals); i += 2 {
		tok, err := strconv.ParseUint(vals[i+1], 10, 64)
		if err != nil || tok == 0 {
			return nil, fmt.Errorf("store: redis at %s: %s: %w: token %q", r.addr, op, ErrCorrupt, vals[i+1])
		}
		out = append(out, Claim{Key: vals[i], Token: tok})
	}
	return out, nil
}

// leaseOp runs luaLease's operation op on c's lease with at (unix milliseconds).
func (r *Redis) leaseOp(ctx context.Context, op string, c Claim, at time.Time) error {
	what := op + " " + strconv.Quote(c.Key)
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.enter(ctx); err != nil {
		return r.fail(what, err)
	}
	n, err := r.lease.Run(ctx, r.client, r.leaseKeys()[:3], c.Key, strconv.FormatUint(c.Token, 10), op, at.UnixMilli()).Int64()
	if err != nil {
		return r.fail(what, err)
	}
	if n == 0 {
		return fmt.Errorf("store: redis %s: %w", what, ErrLeaseLost)
	}
	return nil
}

// Renew moves the end of c's lease to until (kept to the millisecond). It fails with
// ErrLeaseLost if c does not hold the lease, ErrClosed after Close, or the error of ctx or
// the server.
func (r *Redis) Renew(ctx context.Context, c Claim, until time.Time) error {
	return r.leaseOp(ctx, "renew", c, until)
}

// Ack ends c's lease. It fails with ErrLeaseLost if c does not hold it, ErrClosed after
// Close, or the error of ctx or the server.
func (r *Redis) Ack(ctx context.Context, c Claim) error {
	return r.leaseOp(ctx, "ack", c, time.Time{})
}

// Release ends c's lease and makes its key due at at, unless it is due earlier. It fails with
// ErrLeaseLost if c does not hold the lease, ErrCorrupt if the due queue's key holds another
// type, ErrClosed after Close, or the error of ctx or the server.
func (r *Redis) Release(ctx context.Context, c Claim, at time.Time) error {
	return r.leaseOp(ctx, "release", c, at)
}

// Close closes the connections to Redis. Later calls, Close included, return ErrClosed.
func (r *Redis) Close() error {
	if r.closed.Swap(true) {
		return fmt.Errorf("store: redis close: %w", ErrClosed)
	}
	if err := r.client.Close(); err != nil {
		return fmt.Errorf("store: redis at %s: close: %w", r.addr, err)
	}
	return nil
}

var _ Store = (*Redis)(nil)

// Ping sends PING. It fails after Close (ErrClosed) or with the error of ctx or the server.
func (r *Redis) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.enter(ctx); err != nil {
		return r.fail("ping", err)
	}
	if err := r.client.Ping(ctx).Err(); err != nil {
		return r.fail("ping", err)
	}
	return nil
}
