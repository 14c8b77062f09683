package images

import "sync"

// once holds one value of a Cache, built by its first caller (sync.OnceValues, but with the
// build given at the call).
type once[V any] struct {
	once sync.Once
	v    V
	err  error
}

// get returns the value, building it with build on the first call (later builds are ignored).
func (o *once[V]) get(build func() (V, error)) (V, error) {
	o.once.Do(func() { o.v, o.err = build() })
	return o.v, o.err
}

// Cache holds values built once per key: the first caller of a key builds its value, callers
// of the same key meanwhile wait for it (and get the first build's value or error), and
// callers of other keys do not. Renderers keep their static art in Caches (boards, frames,
// sprites by size). Values are never evicted, so keys must come from a small set. The zero
// value is ready; a Cache is safe for concurrent use and must not be copied after first use.
type Cache[K comparable, V any] struct {
	mu      sync.Mutex
	entries map[K]*once[V]
}

// Get returns k's value, building it with build on the first call for k.
func (c *Cache[K, V]) Get(k K, build func() (V, error)) (V, error) {
	c.mu.Lock()
	e, ok := c.entries[k]
	if !ok {
		if c.entries == nil {
			c.entries = map[K]*once[V]{}
		}
		e = &once[V]{}
		c.entries[k] = e
	}
	c.mu.Unlock()
	return e.get(build)
}

// Len returns how many keys the cache holds (built, failed or being built).
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
