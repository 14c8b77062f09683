package bot

import "sync"

// gate lets at most a given number of holders through at once, and hands a freed place to
// urgent waiters before the others, each kind in the order it came: the work of a move already
// applied (its board, the mover's panel) goes before panels being opened or drafted, since
// the players wait for the board before they can play on.
type gate struct {
	mu      sync.Mutex
	free    int
	waiting [2][]chan struct{} // [0] urgent, [1] the rest
}

// newGate returns a gate with n places (at least one).
func newGate(n int) *gate { return &gate{free: max(1, n)} }

// enter waits for a place and takes it.
func (g *gate) enter(urgent bool) {
	g.mu.Lock()
	if g.free > 0 {
		g.free--
		g.mu.Unlock()
		return
	}
	ch := make(chan struct{})
	level := 1
	if urgent {
		level = 0
	}
	g.waiting[level] = append(g.waiting[level], ch)
	g.mu.Unlock()
	<-ch
}

// leave gives the place back: to the first urgent waiter, else to the first other one, else
// to the next to enter.
func (g *gate) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for level := range g.waiting {
		if q := g.waiting[level]; len(q) > 0 {
			close(q[0])
			q[0] = nil
			g.waiting[level] = q[1:]
			return
		}
	}
	g.free++
}
