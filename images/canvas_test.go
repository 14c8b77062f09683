package images

import (
	"testing"
)

func TestRoundedRectFastMatchesGG(t *testing.T) {
	fast, slow := filled(120, 80, Slate), filled(120, 80, Slate)
	NewCanvas(fast, nil).RoundedRect(10, 10, 100, 60, 12, Card)
	c := NewCanvas(slow, nil)
	c.SetBaseline(true)
	c.RoundedRect(10, 10, 100, 60, 12, Card)
	if d := differing(fast, slow, 24); d > 12 {
		t.Errorf("the fast rounded rectangle differs from gg's in %d pixels", d)
	}
}

func TestCanvasKeepsFaceErrors(t *testing.T) {
	k := NewKit()
	fs, err := k.Faces()
	if err != nil {
		t.Fatal(err)
	}
	c := NewCanvas(filled(50, 20, Slate), fs)
	c.Text("A1", 5, 10, 0, 0.5, Style(42), 12, Paper)
	if c.Err() == nil {
		t.Error("drawing with an unknown style: want the error kept")
	}
}
