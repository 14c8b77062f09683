package images

import "sync"

// Once holds one value built on first use by whichever caller comes first; callers that come
// while it is being built wait for it. A build's error is kept like its value: Get returns it
// again without a new build. The zero value is ready; a Once is safe for concurrent use and
// must not be copied after first use.
type Once[V any] struct {
	once sync.Once
	v    V
	err  error
}

// Get returns the value, building it with build on the first call (later builds are ignored).
func (o *Once[V]) Get(build func() (V, error)) (V, error) {
	o.once.Do(func() { o.v, o.err = build() })
	return o.v, o.err
}

// Cache holds values built once per key, as [Once] does for one: the first caller of a key
// builds its value, callers of the same key meanwhile wait for it, and callers of other keys
// do not. Renderers keep their static art in Caches (boards, frames, sprites by size). Values
// are never evicted, so keys must come from a small set. The zero value is ready; a Cache is
// safe for concurrent use and must not be copied after first use.
type Cache[K comparable, V any] struct {
	mu      sync.Mutex
	entries map[K]*Once[V]
}

// Get returns k's value, building it with build on the first call for k.
func (c *Cache[K, V]) Get(k K, build func() (V, error)) (V, error) {
	c.mu.Lock()
	e, ok := c.entries[k]
	if !ok {
		if c.entries == nil {
			c.entries = map[K]*Once[V]{}
		}
		e = &Once[V]{}
		c.entries[k] = e
	}
	c.mu.Unlock()
	return e.Get(build)
}

// Len returns how many keys the cache holds (built, failed or being built).
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
