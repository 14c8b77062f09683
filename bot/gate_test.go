package bot

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestGateBoundsAndOrders checks that a gate never lets more holders through than its places,
// and that a freed place goes to the urgent waiters, in the order they came, before any other.
func TestGateBoundsAndOrders(t *testing.T) {
	g := newGate(2)
	var inside, most atomic.Int32
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			g.enter(i%3 == 0)
			n := inside.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			time.Sleep(time.Millisecond)
			inside.Add(-1)
			g.leave()
		})
	}
	wg.Wait()
	if most.Load() > 2 || most.Load() < 1 {
		t.Fatalf("%d holders inside at once through a gate of 2", most.Load())
	}

	// One place, taken: three others queue, then two urgent ones; as places free, the urgent
	// ones go first, each kind in order.
	g = newGate(1)
	g.enter(false)
	var mu sync.Mutex
	var order []string
	for i, a := range []struct {
		name   string
		urgent bool
	}{{"panel1", false}, {"panel2", false}, {"move1", true}, {"panel3", false}, {"move2", true}} {
		wg.Go(func() {
			g.enter(a.urgent)
			mu.Lock()
			order = append(order, a.name)
			mu.Unlock()
			g.leave()
		})
		for queued(g) != i+1 {
			time.Sleep(100 * time.Microsecond)
		}
	}
	g.leave()
	wg.Wait()
	want := []string{"move1", "move2", "panel1", "panel2", "panel3"}
	if len(order) != len(want) {
		t.Fatalf("order %v", order)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("places went to %v, want %v", order, want)
		}
	}
	if g.free != 1 {
		t.Fatalf("%d places free after all left, want 1", g.free)
	}
}

// queued returns how many wait at g.
func queued(g *gate) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.waiting[0]) + len(g.waiting[1])
}
