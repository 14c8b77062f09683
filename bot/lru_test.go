package bot

import (
	"runtime"
	"testing"
	"time"
)

func TestLRU(t *testing.T) {
	t.Parallel()
	c := newLRU[string, int](2)
	c.put("a", 1)
	c.put("b", 2)
	if v, ok := c.get("a"); !ok || v != 1 {
		t.Fatalf("a = %d, %v", v, ok)
	}
	c.put("c", 3) // drops b, the least recently used
	if _, ok := c.get("b"); ok {
		t.Fatal("b survived")
	}
	c.put("a", 4)
	if v, _ := c.get("a"); v != 4 {
		t.Fatalf("a = %d after an update", v)
	}
	if v, ok := c.get("c"); !ok || v != 3 {
		t.Fatalf("c = %d, %v", v, ok)
	}
}

func TestFlightSharesOneCall(t *testing.T) {
	var f flight[string, int]
	release := make(chan struct{})
	calls := 0
	results := make(chan int, 3)
	for range 3 {
		go func() {
			v, _, _ := f.do("k", func() (int, error) {
				calls++ // only the first caller runs fn: no race
				<-release
				return 7, nil
			})
			results <- v
		}()
	}
	for f.waiting("k") < 2 {
		runtime.Gosched()
	}
	close(release)
	for range 3 {
		if v := <-results; v != 7 {
			t.Fatalf("got %d", v)
		}
	}
	if calls != 1 {
		t.Fatalf("fn ran %d times", calls)
	}
}

// TestRecent checks the memory of interaction IDs: a key is new once, then seen until ttl after
// its first sighting (however often it comes again), then new again; when full, the key seen
// least recently is forgotten first.
func TestRecent(t *testing.T) {
	t.Parallel()
	t0 := time.Unix(1_800_000_000, 0)
	r := newRecent[string](2, time.Minute)
	if !r.first("a", t0) {
		t.Fatal("a was not new")
	}
	for _, d := range []time.Duration{0, 30 * time.Second, 59 * time.Second} {
		if r.first("a", t0.Add(d)) {
			t.Fatalf("a was new again %v later", d)
		}
	}
	if !r.first("a", t0.Add(time.Minute)) {
		t.Fatal("a was still remembered a ttl after it was first seen")
	}
	if r.first("a", t0.Add(90*time.Second)) {
		t.Fatal("a, seen again after it expired, was not remembered anew")
	}
	r.first("b", t0)
	r.first("a", t0.Add(91*time.Second)) // a is now the most recently seen
	r.first("c", t0)                     // full: b goes
	if !r.first("b", t0.Add(time.Second)) {
		t.Fatal("b survived a full memory")
	}
	if r.first("c", t0.Add(time.Second)) {
		t.Fatal("c was forgotten")
	}
}
