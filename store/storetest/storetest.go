// Package storetest opens real stores for the tests of the packages above store: a fresh
// embedded store in a temporary directory, or the test Redis under a prefix of its own whose
// keys are deleted when the test ends (Kinds lists both, for tests that run on each). It also
// starts private Redis servers, a plain one or a cluster, for tests that stop or share them.
package storetest

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/internal/rediscluster"
	"github.com/tablebot/tablebot/store/internal/redistest"
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

// Kind is one of the stores the tests run on: its name, for a subtest, and how to open a
// fresh one.
type Kind struct {
	Name string
	Open func(testing.TB) store.Store
}

// Kinds lists the stores the tests run on: the embedded store (OpenBolt) and the test Redis
// (OpenRedis).
func Kinds() []Kind {
	return []Kind{
		{"bolt", func(t testing.TB) store.Store { return OpenBolt(t) }},
		{"redis", func(t testing.TB) store.Store { return OpenRedis(t) }},
	}
}

// RedisOptions returns options for the Redis at $REDIS_URL, or else 127.0.0.1:6379, under a
// prefix unique to this test and this run.
func RedisOptions(t testing.TB) store.RedisOptions {
	t.Helper()
	o, err := store.ParseRedisURL(redistest.URL())
	if err != nil {
		t.Fatalf("REDIS_URL: %v", err)
	}
	o.Prefix = redistest.Prefix(t, "tbtest")
	return o
}

// OpenRedis connects to the test Redis under a fresh prefix; when the test ends it closes the
// store and deletes every key under the prefix. It fails the test if Redis does not answer.
func OpenRedis(t testing.TB) *store.Redis {
	t.Helper()
	o := RedisOptions(t)
	return redistest.Open(t, o.Prefix, func(ctx context.Context) (*store.Redis, error) { return store.NewRedis(ctx, o) })
}

// DeleteKeys deletes every key under prefix in the test Redis (the one RedisOptions names).
func DeleteKeys(t testing.TB, prefix string) {
	redistest.DeleteKeys(t, prefix)
}

// ClusterAddrs starts a private three-master Redis Cluster (see rediscluster.Start), stopped
// when the test ends, and returns its nodes' host:port, for tests that hand a cluster's seed
// nodes to something else (a bot process's configuration).
func ClusterAddrs(t testing.TB) []string {
	t.Helper()
	return rediscluster.Start(t, 3)
}

// PrivateRedis starts a plain redis-server of the test's own (see rediscluster.Server), never
// the shared test Redis, for tests that stop it (SIGSTOP); it returns the process and address.
func PrivateRedis(t testing.TB) (*exec.Cmd, string) {
	t.Helper()
	return rediscluster.Server(t)
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
