package images

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// TestCacheBuildsEachKeyOnce: many callers of a few keys at once build each key exactly once
// and all get its value.
func TestCacheBuildsEachKeyOnce(t *testing.T) {
	var c Cache[int, int]
	var builds [4]atomic.Int32
	var wg sync.WaitGroup
	for g := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := g % 4
			v, err := c.Get(k, func() (int, error) {
				builds[k].Add(1)
				return 10 * k, nil
			})
			if err != nil || v != 10*k {
				t.Errorf("Get(%d) = %d, %v; want %d, nil", k, v, err, 10*k)
			}
		}()
	}
	wg.Wait()
	for k := range builds {
		if n := builds[k].Load(); n != 1 {
			t.Errorf("key %d built %d times, want once", k, n)
		}
	}
	if c.Len() != 4 {
		t.Errorf("Len = %d, want 4", c.Len())
	}
}

// TestCacheKeepsErrors: a failed build is not retried; its error comes back for that key only.
func TestCacheKeepsErrors(t *testing.T) {
	var c Cache[string, int]
	boom := errors.New("boom")
	builds := 0
	for range 3 {
		_, err := c.Get("bad", func() (int, error) { builds++; return 0, boom })
		if !errors.Is(err, boom) {
			t.Fatalf("Get(bad) error = %v, want boom", err)
		}
	}
	if builds != 1 {
		t.Errorf("failed key built %d times, want once", builds)
	}
	if v, err := c.Get("good", func() (int, error) { return 7, nil }); err != nil || v != 7 {
		t.Errorf("Get(good) = %d, %v; want 7, nil", v, err)
	}
}

// TestCacheKeepsTheFirstBuild: a second caller of a key gets the first build's value, not its
// own.
func TestCacheKeepsTheFirstBuild(t *testing.T) {
	var c Cache[int, string]
	if v, _ := c.Get(1, func() (string, error) { return "first", nil }); v != "first" {
		t.Fatalf("first Get = %q", v)
	}
	if v, _ := c.Get(1, func() (string, error) { return "second", nil }); v != "first" {
		t.Errorf("second Get = %q, want the first build's value", v)
	}
}
