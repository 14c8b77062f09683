package ingenious

import (
	"strings"
	"unicode"

	"github.com/tablebot/tablebot/games"
)

// czechInitials are the colours' initials in Czech, in record order (červená, zelená, modrá,
// oranžová, žlutá, fialová): the letters the Czech pictures print.
var czechInitials = [6]string{"Č", "Z", "M", "O", "Ž", "F"}

// czechStems are the first halves of the Czech compound colour adjectives ("červeno-zelený"),
// and czechMasculine the colours agreeing with a masculine noun (dílek), in record order.
var (
	czechStems     = [6]string{"červeno", "zeleno", "modro", "oranžovo", "žluto", "fialovo"}
	czechMasculine = [6]string{"červený", "zelený", "modrý", "oranžový", "žlutý", "fialový"}
)

// In writes the tile as its two colour initials in lang, the way the buttons and the pictures
// show it: "RG" in English, "ČZ" in Czech. Say writes a Tile argument this way; records and
// typed moves use String's "RG".
func (t Tile) In(lang games.Lang) string { return t.A.Initial().In(lang) + t.B.Initial().In(lang) }

// Words names the tile's colours for a sentence, first colour first: "red–green" in English,
// the compound adjective agreeing with "dílek" in Czech ("červeno-zelený"), so a sentence reads
// "a red–green tile" / "červeno-zelený dílek".
func (t Tile) Words() games.Text {
	return games.Text{EN: t.A.Name().EN + "–" + t.B.Name().EN, CS: czechStems[t.A] + "-" + czechMasculine[t.B]}
}

// typedColour reads one colour initial as a player types it, in either language and case: R G
// B O Y P, or Č Z M O Ž F (C for Č too). The two alphabets share only O, orange in both.
func typedColour(r rune) (Colour, bool) {
	switch unicode.ToUpper(r) {
	case 'R', 'Č', 'C':
		return Red, true
	case 'G', 'Z':
		return Green, true
	case 'B', 'M':
		return Blue, true
	case 'O':
		return Orange, true
	case 'Y', 'Ž':
		return Yellow, true
	case 'P', 'F':
		return Purple, true
	}
	return 0, false
}

// typedPair reads a tile as a player types it: two colour initials (see typedColour), in the
// order given. ok is false for anything else.
func typedPair(s string) (a, b Colour, ok bool) {
	r := []rune(strings.TrimSpace(s))
	if len(r) != 2 {
		return 0, 0, false
	}
	a, ok1 := typedColour(r[0])
	b, ok2 := typedColour(r[1])
	return a, b, ok1 && ok2
}

// Tell says a move in words after the player's name: "placed red–green on F7–F8" /
// "položil(a) červeno-zelený dílek na F7–F8", "swapped the rack", "kept the rack".
func (s *State) Tell(a games.Action) games.Text {
	switch a := a.(type) {
	case Place:
		cells := a.Cells[0].Label(s.radius) + "–" + a.Cells[1].Label(s.radius)
		return games.Say("placed %s on %s", "položil(a) %s dílek na %s", Tile{a.First, a.Second}.Words(), cells)
	case Swap:
		return games.Say("swapped the rack", "vyměnil(a) stojánek")
	case Keep:
		return games.Say("kept the rack", "ponechal(a) si stojánek")
	}
	d := s.Describe(a)
	return games.Text{EN: d, CS: d}
}
