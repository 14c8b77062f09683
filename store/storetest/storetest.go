// Package storetest opens real stores for the tests of the packages above store: a fresh
// embedded store in a temporary directory, or the test Redis under a prefix of its own whose
// keys are deleted when the test ends.
package storetest

import (
	"context"
	"crypto/rand"
	"os"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/internal/rediscluster"
)

// OpenBolt opens a fresh embedded store in a temporary directory, closed at the test's end.
func OpenBolt(t testing.TB) *store.Bolt {
	t.Helper()
	s, err := store.OpenBolt(t.TempDir()+"/t.db", store.BoltOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// RedisOptions returns options for the Redis at $REDIS_URL, or else 127.0.0.1:6379, under a
// prefix unique to this test and this run.
func RedisOptions(t testing.TB) store.RedisOptions {
	t.Helper()
	o := store.RedisOptions{Addr: "127.0.0.1:6379"}
	if u := os.Getenv("REDIS_URL"); u != "" {
		var err error
		if o, err = store.ParseRedisURL(u); err != nil {
			t.Fatalf("REDIS_URL: %v", err)
		}
	}
	name := regexp.MustCompile(`[^A-Za-z0-9_-]+`).ReplaceAllString(t.Name(), "_")
	o.Prefix = "tbtest:" + name + ":" + rand.Text()[:10]
	return o
}

// OpenRedis connects to the test Redis under a fresh prefix; when the test ends it closes the
// store and deletes every key under the prefix. It fails the test if Redis does not answer.
func OpenRedis(t testing.TB) *store.Redis {
	t.Helper()
	o := RedisOptions(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, err := store.NewRedis(ctx, o)
	if err != nil {
		t.Fatalf("%v\nThe Redis tests need a real Redis: start one with `redis-server` "+
			"(listening on 127.0.0.1:6379) or point REDIS_URL at one (redis://host:port/db).", err)
	}
	t.Cleanup(func() {
		_ = r.Close()
		DeleteKeys(t, o)
	})
	return r
}

// DeleteKeys deletes every key under o.Prefix.
func DeleteKeys(t testing.TB, o store.RedisOptions) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := redis.NewClient(&redis.Options{Addr: o.Addr, Username: o.Username, Password: o.Password,
		DB: o.DB, TLSConfig: o.TLSConfig})
	defer c.Close()
	iter := c.Scan(ctx, 0, o.Prefix+":*", 1000).Iterator()
	var keys []string
	for iter.Next(ctx) {
		keys = append(keys, iter.Val())
	}
	if err := iter.Err(); err != nil {
		t.Errorf("cleaning up %s: %v", o.Prefix, err)
		return
	}
	for chunk := range slices.Chunk(keys, 500) {
		if err := c.Del(ctx, chunk...).Err(); err != nil {
			t.Errorf("cleaning up %s: %v", o.Prefix, err)
			return
		}
	}
}

// ClusterAddrs starts a private three-master Redis Cluster (see rediscluster.Start), stopped
// when the test ends, and returns its nodes' host:port, for tests that hand a cluster's seed
// nodes to something else (a bot process's configuration).
func ClusterAddrs(t testing.TB) []string {
	t.Helper()
	return rediscluster.Start(t, 3)
}

// OpenClusterPair starts a private three-master Redis Cluster (see rediscluster.Start) and
// opens two stores on it under one fresh prefix — two processes sharing the cluster — closed
// when the test ends.
func OpenClusterPair(t testing.TB) (*store.Redis, *store.Redis) {
	t.Helper()
	addrs := ClusterAddrs(t)
	o := RedisOptions(t)
	o.Addr, o.Addrs, o.Cluster, o.DB = "", addrs, true, 0
	open := func() *store.Redis {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r, err := store.NewRedis(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = r.Close() })
		return r
	}
	return open(), open()
}
