package fits

import (
	"math"

	"github.com/tablebot/tablebot/games"
)

// This file is the one data table of the game: everything printed on the cards and boards, as
// given in shared/rules/fits.md. Entries marked (chosen) stand in for printed data that could
// not be read; correct them here, the logic reads nothing else.

// shapeTable holds the 16 shapes exactly as the rules file draws them, top row first, '#' a
// square. Indexed by Shape; the order is the rules file's, which is also the order of every
// list (legal moves, chance outcomes).
var shapeTable = [NumShapes + 1]struct {
	name    string
	picture []string
}{
	I3: {"I3", []string{"###"}},
	V3: {"V3", []string{"#.", "##"}},
	O4: {"O4", []string{"##", "##"}},
	T4: {"T4", []string{"###", ".#."}},
	S4: {"S4", []string{".##", "##."}},
	L4: {"L4", []string{"#..", "###"}},
	F5: {"F5", []string{".##", "##.", ".#."}},
	L5: {"L5", []string{"#...", "####"}},
	N5: {"N5", []string{"##..", ".###"}},
	P5: {"P5", []string{"##", "##", "#."}},
	T5: {"T5", []string{"###", ".#.", ".#."}},
	U5: {"U5", []string{"#.#", "###"}},
	V5: {"V5", []string{"#..", "#..", "###"}},
	W5: {"W5", []string{"#..", "##.", ".##"}},
	X5: {"X5", []string{".#.", "###", ".#."}},
	Y5: {"Y5", []string{".#..", "####"}},
}

// startTable lists the shapes of the four start cards (chosen), in the order chance outcomes
// are listed.
var startTable = [4]Shape{F5, W5, X5, U5}

// specialTable lists the special cells of boards 2, 3 and 4 (chosen), column A..F and row
// 1..12 as the rules file writes them. Every other cell of the 12×6 grid is a plain dot;
// board 1 has no special cells. A board 4 symbol is printed on exactly two cells.
var specialTable = []struct {
	board int
	cell  string
	mark  Mark
	value int    // Number and White: the value; Black: −5
	sym   Symbol // Symbol marks only
}{
	{2, "C11", Number, 2, 0}, {2, "F10", Number, 3, 0}, {2, "A9", Number, 1, 0}, {2, "E8", Number, 2, 0},
	{2, "B6", Number, 3, 0}, {2, "F5", Number, 1, 0}, {2, "D4", Number, 2, 0}, {2, "A2", Number, 1, 0},

	{3, "D8", White, 2, 0}, {3, "B6", White, 3, 0}, {3, "E4", White, 3, 0}, {3, "C3", White, 2, 0},
	{3, "A1", White, 1, 0},
	{3, "B12", Black, -5, 0}, {3, "E11", Black, -5, 0}, {3, "A9", Black, -5, 0}, {3, "F6", Black, -5, 0},

	{4, "C11", SymbolMark, 0, Star}, {4, "C2", SymbolMark, 0, Star},
	{4, "A10", SymbolMark, 0, Heart}, {4, "F3", SymbolMark, 0, Heart},
	{4, "F10", SymbolMark, 0, Circle}, {4, "A4", SymbolMark, 0, Circle},
	{4, "D8", SymbolMark, 0, Triangle}, {4, "C5", SymbolMark, 0, Triangle},
	{4, "B7", SymbolMark, 0, Square}, {4, "E6", SymbolMark, 0, Square},
}

// Scores of board 4's symbol pairs and of a visible plain dot.
const (
	pairBoth    = 3  // both cells of a symbol visible
	pairOne     = -3 // exactly one visible
	dotValue    = -1 // a visible plain dot
	rowValue    = 1  // board 1: a complete row
	blackValue  = -5 // board 3: a visible black cell
	symbolCount = 5
)

// symbolNames name board 4's symbols, indexed by Symbol.
var symbolNames = [symbolCount + 1]struct{ en, cs string }{
	Star: {"star", "hvězda"}, Heart: {"heart", "srdce"}, Circle: {"circle", "kruh"},
	Triangle: {"triangle", "trojúhelník"}, Square: {"square", "čtverec"},
}

// ratingTable is the solo rating of a total over all four boards: the first band whose
// Least total the score reaches. The last band takes everything below.
var ratingTable = games.Ranks{
	{Least: 31, Name: games.Say("master builder", "pán stavitel")},
	{Least: 26, Name: games.Say("architect", "architekt")},
	{Least: 21, Name: games.Say("bricklayer", "zedník")},
	{Least: 16, Name: games.Say("labourer", "nádeník")},
	{Least: 11, Name: games.Say("gardener", "zahradník")},
	{Least: 6, Name: games.Say("novice", "nováček")},
	{Least: math.MinInt, Name: games.Say("clean-up crew", "úklidová četa")},
}

// colourNames name the seat colours, indexed by Colour: seat 0 red, 1 green, 2 blue, 3 yellow.
var colourNames = [4]struct{ en, cs string }{
	Red: {"red", "červená"}, Green: {"green", "zelená"}, Blue: {"blue", "modrá"}, Yellow: {"yellow", "žlutá"},
}
