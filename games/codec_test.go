package games

import (
	"encoding/json"
	"errors"
	"testing"
)

// toyMark is a toy action with a list and an optional field, read and written through its
// wire form toyMarkWire.
type toyMark struct {
	Cells []int
	Note  string
}

func (toyMark) ActionType() string { return "mark" }

func (m toyMark) MarshalJSON() ([]byte, error) { return Encode(m, toyMarkWire(m)) }

type toyMarkWire struct {
	Cells []int  `json:"cells"`
	Note  string `json:"note,omitempty"`
}

func (w *toyMarkWire) Action() (Action, error) { return toyMark{w.Cells, w.Note}, nil }

// toyPass is a toy action without fields.
type toyPass struct{}

func (toyPass) ActionType() string { return "pass" }

func (p toyPass) MarshalJSON() ([]byte, error) { return Encode(p, nil) }

func TestEncode(t *testing.T) {
	for _, tc := range []struct {
		a    Action
		want string
	}{
		{toyMark{Cells: []int{1, 2}, Note: "x"}, `{"type":"mark","cells":[1,2],"note":"x"}`},
		{toyMark{}, `{"type":"mark","cells":[]}`},
		{toyPass{}, `{"type":"pass"}`},
	} {
		got, err := json.Marshal(tc.a)
		if err != nil || string(got) != tc.want {
			t.Errorf("%#v → %s, %v; want %s", tc.a, got, err, tc.want)
		}
	}
	if _, err := Encode(toyPass{}, 3); err == nil {
		t.Error("a wire form that is not an object was written")
	}
}

func TestEncodeReadsBack(t *testing.T) {
	c := NewCodec("toy", Kind[toyMarkWire]("mark"), Bare[toyPass]("pass").ByChance())
	for _, a := range []Action{toyMark{Cells: []int{}}, toyMark{Cells: []int{4}, Note: "n"}, toyPass{}} {
		data, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		back, err := c.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if again, _ := json.Marshal(back); string(again) != string(data) {
			t.Errorf("%s read back as %s", data, again)
		}
	}
	if !c.IsChance(toyPass{}) || c.IsChance(toyMark{}) {
		t.Error("IsChance does not follow the table")
	}
	for _, bad := range []string{`{"type":"mark"}`, `{"type":"mark","cells":null}`, `{"type":"mark","cells":[],"x":1}`, `{"type":"jump"}`, `{}`} {
		if _, err := c.Decode([]byte(bad)); !errors.Is(err, ErrBadRecord) {
			t.Errorf("%s: %v, want ErrBadRecord", bad, err)
		}
	}
}

func TestUndoableRows(t *testing.T) {
	c := NewCodec("toy", Kind[toyMarkWire]("mark").Undoable(), Bare[toyPass]("pass").ByChance())
	if !c.IsUndoable(toyMark{}) || c.IsUndoable(toyPass{}) {
		t.Error("IsUndoable does not follow the table")
	}
}

// toyGame is a game described by toyMeta, to test what Base answers.
type toyGame struct{ Base[toyGame] }

func (toyGame) Meta() *Meta {
	return &Meta{Name: "toy", Actions: NewCodec("toy", Kind[toyMarkWire]("mark").Undoable(), Bare[toyPass]("pass"))}
}

func TestBaseUndoable(t *testing.T) {
	var u Undoer = toyGame{}
	if !u.Undoable(toyMark{}) || u.Undoable(toyPass{}) {
		t.Error("Base.Undoable does not follow the action table")
	}
}
