package bot

import (
	"container/list"
	"sync"
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
