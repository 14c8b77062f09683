package bot

import (
	"runtime"
	"testing"
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
