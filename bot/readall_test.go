package bot

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestReadAll checks that readAll returns every byte of each kind of reader: a bytes.Buffer's
// own bytes without a copy, a bytes.Reader's (also when partly read) in one allocation, and
// any other reader's.
func TestReadAll(t *testing.T) {
	want := bytes.Repeat([]byte("tablebot "), 3000)

	buf := bytes.NewBuffer(bytes.Clone(want))
	first := &buf.Bytes()[0]
	got, err := readAll(buf)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("bytes.Buffer: %d bytes, %v", len(got), err)
	}
	if &got[0] != first {
		t.Error("bytes.Buffer: its bytes were copied")
	}
	if buf.Len() != 0 {
		t.Errorf("bytes.Buffer: %d bytes left unread", buf.Len())
	}

	r := bytes.NewReader(want)
	if _, err := r.Seek(9, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(10, func() {
		if _, err := r.Seek(9, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		got, err = readAll(r)
	})
	if err != nil || !bytes.Equal(got, want[9:]) {
		t.Fatalf("bytes.Reader: %d bytes, %v", len(got), err)
	}
	if allocs != 1 {
		t.Errorf("bytes.Reader: %v allocations, want 1", allocs)
	}

	got, err = readAll(strings.NewReader(string(want)))
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("strings.Reader: %d bytes, %v", len(got), err)
	}
	got, err = readAll(io.MultiReader(bytes.NewReader(want[:5]), bytes.NewReader(want[5:])))
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("other reader: %d bytes, %v", len(got), err)
	}
}
