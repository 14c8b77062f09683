package fits

import (
	"strings"
	"testing"
)

// TestCzechWords: the Czech words on the FITS pictures read naturally (issue 27, item 7).
func TestCzechWords(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{wordNoRoomRows.CS, "sem nesmí žádný dílek"},
		{wordPickCols.CS, "široký %d pole"},
		{wordRule[4].CS, "celý pár +3 · půl páru −3"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%q does not say %q", c.got, c.want)
		}
	}
}
