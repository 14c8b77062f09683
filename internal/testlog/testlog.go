// Package testlog is a log sink for tests whose code under test logs from several goroutines
// while the test reads what was logged.
package testlog

import (
	"bytes"
	"sync"
)

// Buffer is an io.Writer that collects what is written to it, safe for concurrent writes and
// reads. The zero value is empty and ready to use.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p to the buffer.
func (w *Buffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// String returns everything written so far.
func (w *Buffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}
