package games

import "testing"

// TestSayLocalized: an argument that reads differently in each language (a Text, a game's
// piece) is written in the language of each format string.
func TestSayLocalized(t *testing.T) {
	got := Say("%s has %d: %s", "%s má %d: %s", Text{EN: "red", CS: "červená"}, 3, "Ada")
	if got.EN != "red has 3: Ada" || got.CS != "červená má 3: Ada" {
		t.Errorf("Say with a Text argument: %+v", got)
	}
}
