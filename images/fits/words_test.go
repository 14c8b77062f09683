package fits

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
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

// TestPieceNamedInWords: the private picture names the piece in words (or not at all when
// the card's header has no room), never by its code.
func TestPieceNamedInWords(t *testing.T) {
	if got := game.N5.In(games.Czech); got != "N (5 čtverečků)" {
		t.Errorf("N5 in Czech: %q", got)
	}
}
