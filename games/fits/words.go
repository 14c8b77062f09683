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

// Tell says a move in words after the player's name: "placed L (4 squares) in column C,
// turned once, flipped" / "položil(a) L (4 čtverečky) do sloupce C, otočený 1×, převrácený",
// "set L (4 squares) aside".
func (s *State) Tell(a games.Action) games.Text {
	switch a := a.(type) {
	case Place:
		t := games.Say("placed %s in column %s", "položil(a) %s do sloupce %s", a.Piece, ColumnLabel(a.Col))
		if a.Rot > 0 {
			t = games.Join([]games.Text{t, games.Say("turned %d×", "otočený %d×", a.Rot)}, ", ")
		}
		if a.Flip {
			t = games.Join([]games.Text{t, games.Say("flipped", "převrácený")}, ", ")
		}
		return t
	case Aside:
		return games.Say("set %s aside", "odložil(a) %s", a.Piece)
	}
	d := s.Describe(a)
	return games.Text{EN: d, CS: d}
}
