package shelfie

import (
	"encoding/json"
	"fmt"

	"github.com/tablebot/tablebot/games"
)

// Colour is the colour of a die: purple, green, blue or orange. The zero value is no colour.
type Colour int8

// The four colours of the dice, in the order the rules list them (P, G, B, O).
const (
	NoColour Colour = iota
	Purple
	Green
	Blue
	Orange
)

// NumColours is the number of die colours.
const NumColours = 4

// Colours lists the four colours in their order P, G, B, O.
func Colours() []Colour { return []Colour{Purple, Green, Blue, Orange} }

// colourLetters are the colours' letters, indexed by Colour.
const colourLetters = "?PGBO"

// Letter returns the colour's letter: P, G, B or O ('?' for none).
func (c Colour) Letter() byte {
	if c < NoColour || c > Orange {
		return '?'
	}
	return colourLetters[c]
}

// Valid reports whether c is one of the four colours.
func (c Colour) Valid() bool { return c >= Purple && c <= Orange }

// String returns the colour's letter.
func (c Colour) String() string { return string(c.Letter()) }

// Name returns the colour's name in both languages ("purple", "fialová").
func (c Colour) Name() games.Text {
	switch c {
	case Purple:
		return games.Say("purple", "fialová")
	case Green:
		return games.Say("green", "zelená")
	case Blue:
		return games.Say("blue", "modrá")
	case Orange:
		return games.Say("orange", "oranžová")
	}
	return games.Say("no colour", "bez barvy")
}

// masculine is the colour's Czech name agreeing with a masculine noun ("sloupec"): the names
// of Name agree with "kostka".
func (c Colour) masculine() string {
	switch c {
	case Purple:
		return "fialový"
	case Green:
		return "zelený"
	case Blue:
		return "modrý"
	case Orange:
		return "oranžový"
	}
	return "bez barvy"
}

// ParseColour reads a colour letter (P, G, B or O, either case).
func ParseColour(s string) (Colour, bool) {
	if len(s) != 1 {
		return NoColour, false
	}
	for c := Purple; c <= Orange; c++ {
		if s[0] == c.Letter() || s[0] == c.Letter()+'a'-'A' {
			return c, true
		}
	}
	return NoColour, false
}

// MarshalJSON writes the colour as its letter.
func (c Colour) MarshalJSON() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("shelfie: colour %d cannot be written", c)
	}
	return json.Marshal(c.String())
}

// UnmarshalJSON reads a colour letter.
func (c *Colour) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("colour: want a letter P, G, B or O: %v", err)
	}
	col, ok := ParseColour(s)
	if !ok || s != col.String() {
		return fmt.Errorf("colour %q: want P, G, B or O", s)
	}
	*c = col
	return nil
}

// Die is one die: its colour and the value it shows (1–6). Value 0 is the die card 15 has
// just drawn, whose value its owner sets next.
type Die struct {
	Colour Colour
	Value  int8
}

// String writes the die as colour and value, "G6"; "G?" before its value is set.
func (d Die) String() string {
	if d.Value == 0 {
		return d.Colour.String() + "?"
	}
	return fmt.Sprintf("%s%d", d.Colour, d.Value)
}

// Valid reports whether d has a colour and a value 1–6.
func (d Die) Valid() bool { return d.Colour.Valid() && d.Value >= 1 && d.Value <= 6 }

// ParseDie reads a die written like "G6".
func ParseDie(s string) (Die, bool) {
	if len(s) != 2 || s[1] < '1' || s[1] > '6' {
		return Die{}, false
	}
	c, ok := ParseColour(s[:1])
	if !ok {
		return Die{}, false
	}
	return Die{Colour: c, Value: int8(s[1] - '0')}, true
}

// MarshalJSON writes the die as "G6".
func (d Die) MarshalJSON() ([]byte, error) {
	if !d.Valid() {
		return nil, fmt.Errorf("shelfie: die %v cannot be written", d)
	}
	return json.Marshal(d.String())
}

// UnmarshalJSON reads a die written like "G6".
func (d *Die) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("die: want a string like \"G6\": %v", err)
	}
	die, ok := ParseDie(s)
	if !ok || die.String() != s {
		return fmt.Errorf("die %q: want a colour P, G, B or O and a value 1–6, like \"G6\"", s)
	}
	*d = die
	return nil
}

// Opposite returns the value on the opposite face of a die showing v: 7 − v.
func Opposite(v int8) int8 { return 7 - v }
