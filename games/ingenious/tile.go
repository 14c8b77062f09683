package ingenious

import (
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// Colour is one of the six symbol colours.
type Colour int8

// The six colours, in the order R G B O Y P used by records and score lists.
const (
	Red Colour = iota
	Green
	Blue
	Orange
	Yellow
	Purple
)

// Colours lists the six colours in record order.
var Colours = [6]Colour{Red, Green, Blue, Orange, Yellow, Purple}

// colourLetters are the letters of the colours in record order.
const colourLetters = "RGBOYP"

// Letter returns the colour's letter: R G B O Y P.
func (c Colour) Letter() byte { return colourLetters[c] }

// String returns the colour's letter.
func (c Colour) String() string { return string(c.Letter()) }

// Initial returns the colour's initial in both languages, for pictures and messages: R G B O
// Y P in English, Č Z M O Ž F in Czech (červená, zelená, modrá, oranžová, žlutá, fialová).
// Records and typed moves use Letter.
func (c Colour) Initial() games.Text {
	return games.Text{EN: string(colourLetters[c]), CS: czechInitials[c]}
}

// Name returns the colour's name in both languages ("red", "červená").
func (c Colour) Name() games.Text { return colourNames[c] }

// Symbol returns the name of the colour's symbol ("star", "hvězda").
func (c Colour) Symbol() games.Text { return symbolNames[c] }

var colourNames = [6]games.Text{
	{EN: "red", CS: "červená"}, {EN: "green", CS: "zelená"}, {EN: "blue", CS: "modrá"},
	{EN: "orange", CS: "oranžová"}, {EN: "yellow", CS: "žlutá"}, {EN: "purple", CS: "fialová"},
}

var symbolNames = [6]games.Text{
	{EN: "red star", CS: "červená hvězda"}, {EN: "green disc", CS: "zelený kruh"},
	{EN: "blue six-point star", CS: "modrá šesticípá hvězda"}, {EN: "orange hexagon", CS: "oranžový šestiúhelník"},
	{EN: "yellow sun", CS: "žluté slunce"}, {EN: "purple ring", CS: "fialový prsten"},
}

// ParseColour reads a colour letter (either case).
func ParseColour(b byte) (Colour, bool) {
	i := strings.IndexByte(colourLetters, b&^0x20)
	return Colour(i), i >= 0
}

// Tile is a two-hex tile, written with its colours in R G B O Y P order (A ≤ B).
type Tile struct {
	A, B Colour
}

// NewTile returns the tile with colours a and b in either order.
func NewTile(a, b Colour) Tile {
	if b < a {
		a, b = b, a
	}
	return Tile{a, b}
}

// Double reports whether both halves have the same colour.
func (t Tile) Double() bool { return t.A == t.B }

// Has reports whether either half of t is colour c.
func (t Tile) Has(c Colour) bool { return t.A == c || t.B == c }

// String returns the tile's two letters in record order, e.g. "RG".
func (t Tile) String() string { return string([]byte{t.A.Letter(), t.B.Letter()}) }

// MarshalText writes the tile as its two letters in record order.
func (t Tile) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a tile written in record order ("RG", never "GR").
func (t *Tile) UnmarshalText(b []byte) error {
	a, c, err := parsePair(string(b))
	if err != nil {
		return err
	}
	if c < a {
		return fmt.Errorf("tile %q must be written in R G B O Y P order (%s%s)", b, c, a)
	}
	*t = Tile{a, c}
	return nil
}

// parsePair reads two colour letters in the order given.
func parsePair(s string) (Colour, Colour, error) {
	if len(s) != 2 {
		return 0, 0, fmt.Errorf("tile %q: want two of the letters R G B O Y P", s)
	}
	a, ok1 := ParseColour(s[0])
	b, ok2 := ParseColour(s[1])
	if !ok1 || !ok2 {
		return 0, 0, fmt.Errorf("tile %q: want two of the letters R G B O Y P", s)
	}
	return a, b, nil
}

// tileKinds is the number of different tiles: 6 doubles and 15 mixed pairs.
const tileKinds = 21

// kind returns the dense index 0..20 of t.
func (t Tile) kind() int { return kindIndex[t.A][t.B] }

// kindIndex and kindTiles map between tiles and their dense index.
var kindIndex, kindTiles = func() (idx [6][6]int, tiles [tileKinds]Tile) {
	k := 0
	for a := Red; a <= Purple; a++ {
		for b := a; b <= Purple; b++ {
			idx[a][b], idx[b][a] = k, k
			tiles[k] = Tile{a, b}
			k++
		}
	}
	return
}()

// TotalTiles is the number of tiles in the game.
const TotalTiles = 120

// copiesOf returns how many copies of t the game has: 5 of each double, 6 of each mixed pair.
func copiesOf(t Tile) int {
	if t.Double() {
		return 5
	}
	return 6
}

// Bag is the multiset of tiles not on the board or in a rack; its order is never known.
type Bag [tileKinds]int8

// fullBag returns the bag with all 120 tiles.
func fullBag() Bag {
	var b Bag
	for k, t := range kindTiles {
		b[k] = int8(copiesOf(t))
	}
	return b
}

// Len returns the number of tiles in the bag.
func (b *Bag) Len() int {
	n := 0
	for _, c := range b {
		n += int(c)
	}
	return n
}

// Count returns the number of copies of t in the bag.
func (b *Bag) Count(t Tile) int { return int(b[t.kind()]) }

// nth returns the tile at position i (0 ≤ i < Len) of the bag listed kind by kind.
func (b *Bag) nth(i int) Tile {
	for k, c := range b {
		if i < int(c) {
			return kindTiles[k]
		}
		i -= int(c)
	}
	panic("ingenious: bag index out of range")
}
