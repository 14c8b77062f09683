// Package redistest is what the store's own tests and storetest share about the test Redis:
// where it is, a key prefix of each test's own, and opening a client whose keys are deleted
// when the test ends. It does not import store, whose own tests import it; the caller opens
// its store itself.
package redistest

import (
	"context"
	"crypto/rand"
	"io"
	"os"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// URL returns the address of the test Redis: $REDIS_URL, or else redis://127.0.0.1:6379.
func URL() string {
	if u := os.Getenv("REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379"
}

// Prefix returns a key prefix under base unique to the test t and this run.
func Prefix(t testing.TB, base string) string {
	name := regexp.MustCompile(`[^A-Za-z0-9_-]+`).ReplaceAllString(t.Name(), "_")
	return base + ":" + name + ":" + rand.Text()[:10]
}

// Open opens a client of the test Redis with open, whose context ends after 5 s; when the test
// ends it closes the client and deletes every key under prefix. It fails the test, saying how
// to get a Redis, if open fails.
func Open[C io.Closer](t testing.TB, prefix string, open func(context.Context) (C, error)) C {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := open(ctx)
	if err != nil {
		t.Fatalf("%v\nThe Redis tests need a real Redis: start one with `redis-server` "+
			"(listening on 127.0.0.1:6379) or point REDIS_URL at one (redis://host:port/db).", err)
	}
	t.Cleanup(func() {
		_ = c.Close()
		DeleteKeys(t, prefix)
	})
	return c
}

// DeleteKeys deletes every key under prefix in the test Redis.
func DeleteKeys(t testing.TB, prefix string) {
	o, err := redis.ParseURL(URL())
	if err != nil {
		t.Errorf("cleaning up %s: REDIS_URL: %v", prefix, err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := redis.NewClient(o)
	defer c.Close()
	iter := c.Scan(ctx, 0, prefix+":*", 1000).Iterator()
	var keys []string
	for iter.Next(ctx) {
		keys = append(keys, iter.Val())
	}
	if err := iter.Err(); err != nil {
		t.Errorf("cleaning up %s: %v", prefix, err)
		return
	}
	for chunk := range slices.Chunk(keys, 500) {
		if err := c.Del(ctx, chunk...).Err(); err != nil {
			t.Errorf("cleaning up %s: %v", prefix, err)
			return
		}
	}
}
