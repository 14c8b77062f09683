package bot

import (
	"container/list"
	"sync"
	"time"
)

// lru is a small least-recently-used cache, safe for concurrent use. The bot keeps only
// what it can do without: a miss costs a recomputation, never a wrong answer.
type lru[K comparable, V any] struct {
	mu    sync.Mutex
	cap   int
	order *list.List // front: most recent; values are *lruEntry
	items map[K]*list.Element
}

type lruEntry[K comparable, V any] struct {
	key K
	val V
}

// newLRU returns a cache of at most capacity entries.
func newLRU[K comparable, V any](capacity int) *lru[K, V] {
	return &lru[K, V]{cap: capacity, order: list.New(), items: map[K]*list.Element{}}
}

// get returns the value cached for k, or false.
func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruEntry[K, V]).val, true
	}
	var zero V
	return zero, false
}

// put caches v for k, dropping the least recently used entry when full.
func (c *lru[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(k, v)
}

// putLocked is put for callers holding c.mu.
func (c *lru[K, V]) putLocked(k K, v V) {
	if e, ok := c.items[k]; ok {
		e.Value.(*lruEntry[K, V]).val = v
		c.order.MoveToFront(e)
		return
	}
	c.items[k] = c.order.PushFront(&lruEntry[K, V]{k, v})
	if c.order.Len() > c.cap {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruEntry[K, V]).key)
	}
}

// recent remembers the keys seen in the last ttl, at most capacity of them: when full, the
// key seen least recently is forgotten first. The interaction endpoints keep the IDs of the
// interactions they handled in one, so that a second delivery is not handled again.
type recent[K comparable] struct {
	seen *lru[K, time.Time] // when each key was first seen
	ttl  time.Duration
}

// newRecent returns a memory of at most capacity keys, each for ttl.
func newRecent[K comparable](capacity int, ttl time.Duration) *recent[K] {
	return &recent[K]{seen: newLRU[K, time.Time](capacity), ttl: ttl}
}

// first reports whether k was not seen in the ttl before now, and remembers it as seen. A key
// seen again within ttl keeps the time it was first seen, so that a key delivered over and
// over is still forgotten ttl after its first delivery.
func (r *recent[K]) first(k K, now time.Time) bool {
	c := r.seen
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		if at := e.Value.(*lruEntry[K, time.Time]).val; now.Sub(at) < r.ttl {
			c.order.MoveToFront(e)
			return false
		}
	}
	c.putLocked(k, now)
	return true
}

// flight shares one computation among concurrent callers asking for the same key, so that a
// storm of identical requests computes once.
type flight[K comparable, V any] struct {
	mu      sync.Mutex
	pending map[K]*flightCall[V]
}

type flightCall[V any] struct {
	done    chan struct{}
	val     V
	err     error
	waiters int
}

// do returns fn's result for key, calling fn only if no call for key is under way; shared
// reports whether the result came from another caller's call.
func (f *flight[K, V]) do(key K, fn func() (V, error)) (v V, shared bool, err error) {
	f.mu.Lock()
	if f.pending == nil {
		f.pending = map[K]*flightCall[V]{}
	}
	if c, ok := f.pending[key]; ok {
		c.waiters++
		f.mu.Unlock()
		<-c.done
		return c.val, true, c.err
	}
	c := &flightCall[V]{done: make(chan struct{})}
	f.pending[key] = c
	f.mu.Unlock()
	c.val, c.err = fn()
	f.mu.Lock()
	delete(f.pending, key)
	f.mu.Unlock()
	close(c.done)
	return c.val, false, c.err
}

// waiting returns how many callers wait for key's call (tests).
func (f *flight[K, V]) waiting(key K) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.pending[key]; ok {
		return c.waiters
	}
	return 0
}
