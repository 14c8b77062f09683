package fits

import (
	"strings"

	"github.com/tablebot/tablebot/games"
)

// In names the shape in words for a sentence, the way a player tells the pieces apart: its
// letter and its size, "W (5 squares)" / "W (5 čtverečků)", never the code "W5". Say writes a
// Shape argument this way; records and typed moves keep String's "W5".
func (s Shape) In(lang games.Lang) string {
	if !s.Valid() {
		return "?"
	}
	letter := strings.TrimRight(s.String(), "0123456789")
	return letter + " (" + games.Count(s.Size(), "square", "squares", "čtvereček", "čtverečky", "čtverečků").In(lang) + ")"
}

// cellsWide says how wide a piece is: "3 wide" / "široký 3 pole".
func cellsWide(w int) games.Text {
	n := games.Count(w, "", "", "pole", "pole", "polí")
	return games.Text{EN: strings.TrimSpace(n.EN) + " wide", CS: "široký " + n.CS}
}
