package sideboards

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// Colour is the colour of a drawer.
type Colour int8

// The five colours, in the order of the rules.
const (
	Red Colour = iota
	Turquoise
	Pink
	Orange
	Black
	// NumColours is the number of colours.
	NumColours = 5
)

// Handle is the handle of a drawer: none, or one of the three types.
type Handle int8

// The handle types.
const (
	NoHandle Handle = iota
	Flower
	Square
	Long
	// NumHandles is the number of handle types (NoHandle not counted).
	NumHandles = 3
)

// Drawers is the number of drawers of a card, and of rows of a sideboard.
const Drawers = 5

// Width is the number of cards of a finished sideboard.
const Width = 8

// NumCards is the number of sideboard cards, numbered 1 to NumCards.
const NumCards = 60

// Drawer is one drawer: its colour and its handle.
type Drawer struct {
	Colour Colour
	Handle Handle
}

// Card is a sideboard card's number, 1–60; NoCard (0) is none.
type Card int

// NoCard stands for "no card".
const NoCard Card = 0

// Valid reports whether c is one of the 60 cards.
func (c Card) Valid() bool { return c >= 1 && c <= NumCards }

// String writes the card's number.
func (c Card) String() string { return strconv.Itoa(int(c)) }

// Drawers returns the card's drawers from the top, standing upright.
func (c Card) Drawers() [Drawers]Drawer {
	if !c.Valid() {
		return [Drawers]Drawer{}
	}
	return cards[c]
}

// Column returns the card's drawers from the top as it stands in a sideboard: upright, or
// turned 180° (drawer i then lies in row 6−i, each handle staying with its drawer).
func (c Card) Column(turned bool) [Drawers]Drawer {
	d := c.Drawers()
	if turned {
		for i := range Drawers / 2 {
			d[i], d[Drawers-1-i] = d[Drawers-1-i], d[i]
		}
	}
	return d
}

// Placed is a card as it stands in a sideboard: which card, and whether it is turned 180°.
type Placed struct {
	Card   Card
	Turned bool
}

// Column returns the placed card's drawers from the top.
func (p Placed) Column() [Drawers]Drawer { return p.Card.Column(p.Turned) }

// String writes "12" or "12t" (turned).
func (p Placed) String() string {
	if p.Turned {
		return p.Card.String() + "t"
	}
	return p.Card.String()
}

// cards holds the drawers of every card, parsed once from cardTable; index 0 is unused. It is
// never changed after start-up.
var cards = mustParseCards(cardTable)

// mustParseCards reads the card table; a malformed table is a programming error.
func mustParseCards(text string) [NumCards + 1][Drawers]Drawer {
	out, err := parseCards(text)
	if err != nil {
		panic(err)
	}
	return out
}

// parseCards reads the card table (see cardTable).
func parseCards(text string) ([NumCards + 1][Drawers]Drawer, error) {
	var out [NumCards + 1][Drawers]Drawer
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		if len(f) != Drawers+1 {
			return out, fmt.Errorf("sideboards: card line %q: want a number and %d drawers", line, Drawers)
		}
		num, err := strconv.Atoi(f[0])
		if err != nil || num != n+1 {
			return out, fmt.Errorf("sideboards: card line %q: want card %d", line, n+1)
		}
		for i, s := range f[1:] {
			d, ok := parseDrawer(s)
			if !ok {
				return out, fmt.Errorf("sideboards: card %d: bad drawer %q", num, s)
			}
			out[num][i] = d
		}
		n++
	}
	if n != NumCards {
		return out, fmt.Errorf("sideboards: %d cards in the table, want %d", n, NumCards)
	}
	return out, nil
}

// parseDrawer reads "R", "R-L" and the like.
func parseDrawer(s string) (Drawer, bool) {
	letter, handle, hasHandle := strings.Cut(s, "-")
	c := strings.Index(colourLetters, letter)
	if len(letter) != 1 || c < 0 {
		return Drawer{}, false
	}
	d := Drawer{Colour: Colour(c)}
	if hasHandle {
		h := strings.Index(handleLetters, handle)
		if len(handle) != 1 || h < 0 {
			return Drawer{}, false
		}
		d.Handle = Handle(h + 1)
	}
	return d, true
}

// The letters of the card table: colours in Colour order, handles in Handle order from Flower.
const (
	colourLetters = "RTPOK"
	handleLetters = "FSL"
)

// Letter returns the colour's letter in the rules' card table (R, T, P, O, K).
func (c Colour) Letter() string {
	if c < 0 || c >= NumColours {
		return "?"
	}
	return colourLetters[c : c+1]
}

// Name returns the colour's name: "red" / "červená".
func (c Colour) Name() games.Text {
	if c < 0 || c >= NumColours {
		return games.Text{}
	}
	return games.Text{EN: colourNames[c][0], CS: colourNames[c][1]}
}

// Name returns the handle type's name: "flower" / "květinová" (úchytka); the zero Text for NoHandle.
func (h Handle) Name() games.Text {
	if h < Flower || h > Long {
		return games.Text{}
	}
	return games.Text{EN: handleNames[h-1][0], CS: handleNames[h-1][1]}
}

// Letter returns the handle's letter in the card table (F, S, L), or "" for NoHandle.
func (h Handle) Letter() string {
	if h < Flower || h > Long {
		return ""
	}
	return handleLetters[h-1 : h]
}

var colourNames = [NumColours][2]string{
	{"red", "červená"}, {"turquoise", "tyrkysová"}, {"pink", "růžová"}, {"orange", "oranžová"}, {"black", "černá"},
}

var handleNames = [NumHandles][2]string{
	{"flower", "květinová"}, {"square", "čtvercová"}, {"long", "dlouhá"},
}
