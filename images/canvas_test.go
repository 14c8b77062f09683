package images

import (
	"strings"
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

func TestCanvasFit(t *testing.T) {
	c := textCanvas(t)
	if got := c.Fit("Ada", Bold, 20, 500); got != "Ada" {
		t.Errorf("a short name changed: %q", got)
	}
	long := "Bohuslav Přemyslovec z Kutné Hory"
	got := c.Fit(long, Bold, 20, 120)
	if got == long || !strings.HasSuffix(got, "…") || c.TextWidth(got, Bold, 20) > 120 {
		t.Errorf("%q is %.0f px wide, want an ellipsis within 120", got, c.TextWidth(got, Bold, 20))
	}
}

// TestWrap checks that Wrap breaks at spaces within the width, keeps to the number of lines,
// and shortens the last line with an ellipsis when the words do not fit.
func TestWrap(t *testing.T) {
	c := textCanvas(t)
	w := c.TextWidth("one two", Regular, 20)
	got := c.Wrap("one two three four five six seven", Regular, 20, w, 2)
	if len(got) != 2 || got[0] != "one two" || !strings.HasSuffix(got[1], "…") {
		t.Fatalf("Wrap = %q", got)
	}
	for _, line := range got {
		if c.TextWidth(line, Regular, 20) > w {
			t.Errorf("%q is wider than %.0f px", line, w)
		}
	}
	if got := c.Wrap("short", Regular, 20, w, 3); len(got) != 1 || got[0] != "short" {
		t.Errorf("Wrap(short) = %q", got)
	}
}

// TestWrapNoLoneWord checks that a line is not left with one word when a word from the line
// before fits beside it, and that a separator never starts a line.
func TestWrapNoLoneWord(t *testing.T) {
	c := textCanvas(t)
	w := c.TextWidth("runs in rows 1 and", Regular, 20)
	got := c.Wrap("two longest colour runs in rows 1 and 4", Regular, 20, w, 3)
	if want := []string{"two longest colour", "runs in rows 1", "and 4"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Wrap = %q, want %q", got, want)
	}
	const nb = "\u00a0"
	s := "dots" + nb + "−5 · white" + nb + "+11 · black" + nb + "0"
	w = c.TextWidth("dots"+nb+"−5 · white"+nb+"+11 ·", Regular, 20)
	got = c.Wrap(s, Regular, 20, w, 2)
	if want := []string{"dots" + nb + "−5 ·", "white" + nb + "+11 · black" + nb + "0"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Wrap = %q, want %q", got, want)
	}
}

// TestWrapOneLetterWords checks that a word of one letter never ends a line: it goes down with
// the word after it ("poslat 30 / a 46", as Czech typesetting wants).
func TestWrapOneLetterWords(t *testing.T) {
	c := textCanvas(t)
	w := c.TextWidth("poslat 30 a", Regular, 20)
	got := c.Wrap("poslat 30 a 46 hráči Cyril", Regular, 20, w, 3)
	if len(got) == 0 || got[0] != "poslat 30" || !strings.HasPrefix(got[1], "a 46") {
		t.Errorf("Wrap = %q, want a line ending at 30 and the next starting with \"a 46\"", got)
	}
}
