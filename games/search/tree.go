package search

import (
	"fmt"
	"math"
	"reflect"

	"github.com/tablebot/tablebot/games"
)

// node is a decision of the searching seat in one tree: the statistics of the move that led
// to it, and the moves tried after it. Nodes are reached by the searching seat's own moves
// only: the moves of chance and of the other seats in between are drawn anew each iteration
// (open loop), so one node stands for every situation those moves could lead to that the
// seat cannot tell apart by its own history.
type node struct {
	key    any          // the move's identity (see keyOf)
	action games.Action // the move, as listed when the node was made
	visits int          // iterations through this node
	avail  int          // iterations in which the move was among the candidates
	sum    float64      // sum of the raw rewards of those iterations

	children []*node       // in the order they were made
	index    map[any]*node // children by key
	order    map[any]uint64
}

// child returns the child of n for key, or nil.
func (n *node) child(key any) *node {
	if n.index == nil {
		return nil
	}
	return n.index[key]
}

// add makes a child of n for the move a with key key.
func (n *node) add(key any, a games.Action) *node {
	if n.index == nil {
		n.index = map[any]*node{}
	}
	c := &node{key: key, action: a}
	n.index[key] = c
	n.children = append(n.children, c)
	return c
}

// actionKey is the identity of a move whose dynamic type cannot be a map key.
type actionKey struct {
	typ  reflect.Type
	text string
}

// keyOf returns an identity of a: the action itself when it can be compared (equal moves are
// equal values), else its type with its printed form. Most actions are small structs of
// plain fields, told comparable by their type alone; only a type holding interfaces needs a
// look at the value.
func keyOf(a games.Action) any {
	t := reflect.TypeOf(a)
	if t.Comparable() && !holdsInterface(t) {
		return a
	}
	if v := reflect.ValueOf(a); v.Comparable() {
		return a
	}
	return actionKey{typ: t, text: fmt.Sprintf("%#v", a)}
}

// keyer is keyOf with a memory of the types whose values are their own keys, for the hot
// path that keys every candidate of every node: the look at a type's fields is made once.
// A keyer belongs to one tree (it is not safe for concurrent use).
type keyer map[reflect.Type]bool

// of returns keyOf(a).
func (k keyer) of(a games.Action) any {
	t := reflect.TypeOf(a)
	plain, ok := k[t]
	if !ok {
		plain = t != nil && t.Comparable() && !holdsInterface(t)
		k[t] = plain
	}
	if plain {
		return a
	}
	return keyOf(a)
}

// holdsInterface reports whether values of the comparable type t may hold an interface, whose
// dynamic value might not be comparable.
func holdsInterface(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Array, reflect.Pointer:
		return t.Kind() == reflect.Array && holdsInterface(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsInterface(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// rankOf returns a pseudo-random but fixed position of key among the moves of n: the order in
// which a node tries moves after the policy's, when the game does not rank them. It depends
// on the tree's salt (so on the seed) and on the move, never on the order of Legal.
func (n *node) rankOf(key any, salt uint64) uint64 {
	if r, ok := n.order[key]; ok {
		return r
	}
	h := fnvOffset ^ salt
	if k, ok := key.(actionKey); ok {
		h = hashString(h, k.typ.String())
		h = hashString(h, k.text)
	} else {
		h = hashValue(h, reflect.ValueOf(key))
	}
	r := mixBits(h)
	if n.order == nil {
		n.order = map[any]uint64{}
	}
	n.order[key] = r
	return r
}

// FNV-1a, written out so that hashing a move allocates nothing.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hashUint adds x to the FNV-1a hash h.
func hashUint(h, x uint64) uint64 {
	for range 8 {
		h ^= x & 0xff
		h *= fnvPrime
		x >>= 8
	}
	return h
}

// hashString adds s to the FNV-1a hash h.
func hashString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return hashUint(h, uint64(len(s)))
}

// hashValue adds the comparable value v (with its type) to the hash h: equal values hash
// equally, in every run.
func hashValue(h uint64, v reflect.Value) uint64 {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			return hashUint(h, 1)
		}
		return hashUint(h, 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return hashUint(h, uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return hashUint(h, v.Uint())
	case reflect.Float32, reflect.Float64:
		return hashUint(h, math.Float64bits(v.Float()))
	case reflect.String:
		return hashString(h, v.String())
	case reflect.Array:
		for i := range v.Len() {
			h = hashValue(h, v.Index(i))
		}
		return h
	case reflect.Struct:
		for i := range v.NumField() {
			h = hashValue(h, v.Field(i))
		}
		return hashString(h, v.Type().Name())
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return hashUint(h, 0)
		}
		return hashValue(h, v.Elem())
	}
	return hashString(h, fmt.Sprintf("%T %v", v.Interface(), v))
}

// mixBits spreads the bits of h (SplitMix64's finaliser), so that nearby hashes order apart.
func mixBits(h uint64) uint64 {
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9
	h = (h ^ (h >> 27)) * 0x94d049bb133111eb
	return h ^ (h >> 31)
}

// candidate is a move of the searching seat considered at a node in one iteration.
type candidate struct {
	key    any
	action games.Action
}

// pick chooses the move to follow at n among the first moves of cands (best first), by
// progressive widening and UCB1 over availability counts (information-set MCTS): a move not
// tried yet within the window first, else the best upper confidence bound. It returns the
// child and whether it was made now. lo and hi are the range of raw rewards seen in the tree.
func (n *node) pick(cands []candidate, widening, exploration, lo, hi float64) (*node, bool) {
	w := min(window(widening, n.visits), len(cands))
	var best *node
	bestU := math.Inf(-1)
	var fresh *candidate
	for i := range cands[:w] {
		c := n.child(cands[i].key)
		if c == nil {
			if fresh == nil {
				fresh = &cands[i]
			}
			continue
		}
		c.avail++
		if c.visits == 0 {
			continue
		}
		u := normalise(c.sum/float64(c.visits), lo, hi) + exploration*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
		if u > bestU {
			best, bestU = c, u
		}
	}
	if fresh != nil {
		c := n.add(fresh.key, fresh.action)
		c.avail = 1
		return c, true
	}
	if best == nil { // every move in the window was made in an iteration cut short
		best = n.child(cands[0].key)
	}
	return best, false
}

// window is how many of a node's candidates, best first, progressive widening considers after
// visits visits: ceil(widening·√(visits+1)), at least 1.
func window(widening float64, visits int) int {
	return max(1, int(math.Ceil(widening*math.Sqrt(float64(visits+1)))))
}

// normalise maps a raw reward into [0, 1] by the range seen; 0.5 before there is a range.
func normalise(v, lo, hi float64) float64 {
	if hi <= lo {
		return 0.5
	}
	return (v - lo) / (hi - lo)
}
