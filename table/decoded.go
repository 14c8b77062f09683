package table

import (
	"bytes"
	"sync"

	"github.com/tablebot/tablebot/games"
)

// maxDecoded bounds the tables the decoded cache keeps (one per channel).
const maxDecoded = 256

// decodedTables remembers, per channel, the stored bytes of its table last read or written and
// that table decoded, so that reading the same bytes again copies the table instead of decoding
// its JSON: a move reads its table several times (the panel, the suggestion, the commit, the
// board's bookkeeping) between two writes. It is keyed by content, not by revision: bytes equal
// to the remembered ones decode to the remembered table. Callers get copies they may change;
// the remembered tables are never handed out. It is safe for concurrent use.
type decodedTables struct {
	mu sync.Mutex
	m  map[string]decodedTable
}

// decodedTable is a table and the bytes it was decoded from or encoded to.
type decodedTable struct {
	data []byte
	t    *Table
}

// get returns a copy of the table stored as data in channel, or false when data is not what
// was remembered.
func (d *decodedTables) get(channel string, data []byte) (*Table, bool) {
	d.mu.Lock()
	e, ok := d.m[channel]
	d.mu.Unlock()
	if !ok || !bytes.Equal(e.data, data) {
		return nil, false
	}
	return e.t.clone(), true
}

// put remembers t as the table stored as data in channel, copying t (the caller keeps it).
func (d *decodedTables) put(channel string, data []byte, t *Table) {
	e := decodedTable{data: data, t: t.clone()}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.m == nil {
		d.m = map[string]decodedTable{}
	}
	if _, ok := d.m[channel]; !ok && len(d.m) >= maxDecoded {
		for k := range d.m { // map order: a channel at random
			delete(d.m, k)
			break
		}
	}
	d.m[channel] = e
}

// clone returns a deep copy of t: it shares no memory that either copy could change.
func (t *Table) clone() *Table {
	c := *t
	c.Seats = cloneSlice(t.Seats)
	for i := range c.Seats {
		c.Seats[i].Votes = cloneSlice(c.Seats[i].Votes)
	}
	c.Options = cloneSlice(t.Options)
	c.Record = cloneRecord(t.Record)
	c.Since = cloneSlice(t.Since)
	c.Due = cloneSlice(t.Due)
	c.Reminded = cloneSlice(t.Reminded)
	c.Late = cloneSlice(t.Late)
	c.Panels = cloneSlice(t.Panels)
	if t.Pace.AI != nil {
		level := *t.Pace.AI
		c.Pace.AI = &level
	}
	if t.Board != nil {
		b := *t.Board
		c.Board = &b
	}
	if t.Owed != nil {
		o := *t.Owed
		if o.Lead != nil {
			lead := *o.Lead
			o.Lead = &lead
		}
		c.Owed = &o
	}
	return &c
}

// cloneSlice copies s, keeping nil nil.
func cloneSlice[S ~[]E, E any](s S) S {
	if s == nil {
		return nil
	}
	return append(S(make([]E, 0, len(s))), s...)
}

// cloneRecord returns a deep copy of r (nil for nil); the moves' actions are copied into one
// buffer.
func cloneRecord(r *games.Record) *games.Record {
	if r == nil {
		return nil
	}
	c := *r
	c.Options = cloneSlice(r.Options)
	c.Players = cloneSlice(r.Players)
	c.Moves = cloneSlice(r.Moves)
	size := 0
	for _, m := range r.Moves {
		size += len(m.Action)
	}
	buf := make([]byte, 0, size)
	for i, m := range c.Moves {
		if m.Action != nil {
			start := len(buf)
			buf = append(buf, m.Action...)
			c.Moves[i].Action = buf[start:len(buf):len(buf)]
		}
	}
	return &c
}
