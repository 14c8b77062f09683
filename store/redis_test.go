package store

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store/internal/redistest"
)

// redisTestOptions returns options for the test Redis (see redistest.URL) with a prefix unique
// to this test (and this run).
func redisTestOptions(t testing.TB) RedisOptions {
	t.Helper()
	o, err := ParseRedisURL(redistest.URL())
	if err != nil {
		t.Fatalf("REDIS_URL: %v", err)
	}
	o.Prefix = redistest.Prefix(t, "tablebot-test")
	return o
}

// openRedis connects to the test Redis under a fresh prefix and deletes the prefix's keys at
// the end of the test. It fails the test if Redis does not answer.
func openRedis(t testing.TB) *Redis {
	t.Helper()
	o := redisTestOptions(t)
	return redistest.Open(t, o.Prefix, func(ctx context.Context) (*Redis, error) { return NewRedis(ctx, o) })
}

func TestRedisContract(t *testing.T) {
	runContract(t, func(t *testing.T) Store { return openRedis(t) })
}

func TestRedisSimulation(t *testing.T) {
	runSimulation(t, func(t *testing.T) Store { return openRedis(t) })
}

// plantRedis writes garbage g into r's keys (see garbage).
func plantRedis(t *testing.T, r *Redis, g garbage) {
	ctx := t.Context()
	var err error
	switch g {
	case garbageTableType:
		err = r.client.Set(ctx, r.tableKey(badChannel), "not a hash", 0).Err()
	case garbageTableRev:
		err = r.client.HSet(ctx, r.tableKey(badChannel), "rev", "seven", "data", "x").Err()
	case garbageTableNoRev:
		err = r.client.HSet(ctx, r.tableKey(badChannel), "data", "x").Err()
	case garbageHistory:
		err = r.client.LPush(ctx, r.guildKey(badGuild, "recent"), "not json").Err()
	case garbageBoard:
		err = r.client.HSet(ctx, r.gameKey(badGuild, badGame, "p"), badUser, "many").Err()
	case garbageOpponents:
		err = r.client.Set(ctx, r.gameKey(badGuild, badGame, "o:"+escapeKey(badUser)), "not a sorted set", 0).Err()
	case garbageDue:
		err = r.client.Set(ctx, r.dueKey(), "not a sorted set", 0).Err()
	}
	if err != nil {
		t.Fatalf("planting %v: %v", g, err)
	}
}

// finishKeys are the keys a Finish of game x in guild g by users u and v writes.
func finishKeys(r *Redis) []string {
	keys := []string{r.guildKey("g", "finished"), r.guildKey("g", "archive"), r.guildKey("g", "order"),
		r.guildKey("g", "recent"), r.guildKey("g", "names"), r.guildKey("g", "keys"),
		r.gameKey("g", "x", "p"), r.gameKey("g", "x", "board")}
	for _, u := range []string{"u", "v"} {
		keys = append(keys, r.gameKey("g", "x", "h:"+u), r.gameKey("g", "x", "o:"+u), r.guildKey("g", "o:"+u))
	}
	return keys
}

// TestRedisWrongTypes checks that a key of the wrong type anywhere under a guild makes Finish
// fail with ErrCorrupt before it writes anything.
func TestRedisWrongTypes(t *testing.T) {
	r := openRedis(t)
	ctx := t.Context()
	f := rate(t, r, "g", "x", "g1", time.Now(), seatResult{"u", 1, 1}, seatResult{"v", 0, 2})
	keys := append(finishKeys(r), r.soloKey("g", "x", ""), r.soloKey("g", "x", ":rec"))
	for _, key := range keys {
		if err := r.client.Set(ctx, key, "wrong", 0).Err(); err != nil {
			t.Fatal(err)
		}
		_, err := r.Finish(ctx, f)
		wantErr(t, "Finish with "+key+" a string", err, ErrCorrupt)
		n, err := r.client.Exists(ctx, keys...).Result()
		if err != nil || n != 1 {
			t.Errorf("after a failed Finish %d keys exist, %v; want just the planted one", n, err)
		}
		r.client.Del(ctx, key)
	}
	mustFinish(t, r, f)
	if err := r.client.Set(ctx, r.dueKey(), "wrong", 0).Err(); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "Schedule", r.Schedule(ctx, "c", time.Now()), ErrCorrupt)
	wantErr(t, "Unschedule", r.Unschedule(ctx, "c"), ErrCorrupt)
}

// TestRedisKeys checks the key layout: every key carries the hash tag of its channel or guild,
// or the due queue's, so that each script's keys share one Cluster slot.
func TestRedisKeys(t *testing.T) {
	r := openRedis(t)
	ctx := t.Context()
	mustSave(t, r, "chan:{1}", "x", 0)
	mustFinish(t, r, rate(t, r, "guild}{", "go:x", "g1", time.Now(), seatResult{"u:1", 1, 1}, seatResult{"v", 0, 2}))
	mustFinish(t, r, Final{GameID: "g2", Guild: "guild}{", Game: "go:x", Solo: &SoloScore{UserID: "v", Score: 3}})
	wantErr(t, "Schedule", r.Schedule(ctx, "chan:{1}", time.Now()), nil)
	keys, err := r.client.Keys(ctx, r.prefix+":*").Result()
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(keys)
	want := []string{
		"{ch:chan%3A%7B1%7D}:table",
		"{due}",
		"{g:guild%7D%7B}:archive",
		"{g:guild%7D%7B}:finished",
		"{g:guild%7D%7B}:keys",
		"{g:guild%7D%7B}:names",
		"{g:guild%7D%7B}:o:u%3A1",
		"{g:guild%7D%7B}:o:v",
		"{g:guild%7D%7B}:order",
		"{g:guild%7D%7B}:r:go%3Ax:board",
		"{g:guild%7D%7B}:r:go%3Ax:h:u%3A1",
		"{g:guild%7D%7B}:r:go%3Ax:h:v",
		"{g:guild%7D%7B}:r:go%3Ax:o:u%3A1",
		"{g:guild%7D%7B}:r:go%3Ax:o:v",
		"{g:guild%7D%7B}:r:go%3Ax:p",
		"{g:guild%7D%7B}:recent",
		"{g:guild%7D%7B}:s:go%3Ax",
		"{g:guild%7D%7B}:s:go%3Ax:rec",
		"{guilds}",
	}
	for i := range want {
		want[i] = r.prefix + ":" + want[i]
	}
	if !slices.Equal(keys, want) {
		t.Errorf("keys:\n%s\nwant:\n%s", strings.Join(keys, "\n"), strings.Join(want, "\n"))
	}
}

func TestNewRedisErrors(t *testing.T) {
	ctx := t.Context()
	if _, err := NewRedis(ctx, RedisOptions{Prefix: "a{b"}); err == nil {
		t.Error("NewRedis accepted a prefix with '{'")
	}
	// Nothing listens on port 1.
	_, err := NewRedis(ctx, RedisOptions{Addr: "127.0.0.1:1"})
	if err == nil || !strings.Contains(err.Error(), "redis at 127.0.0.1:1") {
		t.Errorf("NewRedis of a dead address: %v; want an error naming the address", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := NewRedis(ctx, redisTestOptions(t)); !errors.Is(err, context.Canceled) {
		t.Errorf("NewRedis with a cancelled context: %v", err)
	}
}

func TestParseRedisURL(t *testing.T) {
	o, err := ParseRedisURL("rediss://user:secret@example.com:6380/3")
	if err != nil {
		t.Fatal(err)
	}
	if o.Addr != "example.com:6380" || o.Username != "user" || o.Password != "secret" || o.DB != 3 ||
		o.TLSConfig == nil || o.TLSConfig.ServerName != "example.com" || o.Prefix != "" {
		t.Errorf("ParseRedisURL = %+v", o)
	}
	o, err = ParseRedisURL("redis://localhost")
	if err != nil || o.Addr != "localhost:6379" || o.TLSConfig != nil {
		t.Errorf("ParseRedisURL = %+v, %v", o, err)
	}
	for _, bad := range []string{"http://localhost", "localhost:6379", "redis://h/x"} {
		if _, err := ParseRedisURL(bad); err == nil {
			t.Errorf("ParseRedisURL(%q) succeeded", bad)
		}
	}
}

func TestEscapeKey(t *testing.T) {
	for in, want := range map[string]string{"": "", "123": "123", "a:b{c}%": "a%3Ab%7Bc%7D%25"} {
		if got := escapeKey(in); got != want {
			t.Errorf("escapeKey(%q) = %q, want %q", in, got, want)
		}
	}
}
