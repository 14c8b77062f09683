package sideboards

import "github.com/tablebot/tablebot/games"

// This file is the one table of everything printed on the cards: the 60 sideboard cards and
// the 30 task cards. Data marked "chosen" in shared/rules/sideboards.md stands in for printed
// cards that could not be read; correct it here without touching the logic.

// cardTable lists the 60 sideboard cards, one a line: the card's number, then its five
// drawers from the top (drawer 1) to the bottom (drawer 5). A drawer is a colour letter — red
// R, turquoise T, pink P, orange O, black K — followed by "-F", "-S" or "-L" for a flower,
// square or long handle; a bare letter has no handle. Every card shows each colour once and
// each handle once (checked by a test).
const cardTable = `
 1 K O R-L P-F T-S
 2 K-F O R-S T P-L
 3 K O T-S P-F R-L
 4 K-S O-F T R P-L
 5 K P-S O-L R-F T
 6 K P R-S O-L T-F
 7 K-L P-F R T-S O
 8 K-S P T-L O R-F
 9 K-F R-S O P T-L
10 K R-F O-S T P-L
11 K-L T-F O-S P R
12 K T P-F R-S O-L
13 O K P-F R-L T-S
14 O-L K P T-F R-S
15 O K-S T-F P-L R
16 O-F P R-S K-L T
17 O P-L R T-F K-S
18 O P-S T-F K R-L
19 O-S P T-L R-F K
20 O-F R T K-L P-S
21 O R-S T-L P K-F
22 O-L T K-F P-S R
23 O-S T-L K-F R P
24 O-S T P-F R-L K
25 P-F K-L O T-S R
26 P K-F R T-L O-S
27 P-L O R-F K T-S
28 P-S O-F R T-L K
29 P O-L T-S R-F K
30 P-L R-F K O T-S
31 P-S R O K-L T-F
32 P-F R O-L T K-S
33 P-L R T K-S O-F
34 P T-F K-L O R-S
35 P T-F K-S R-L O
36 P-S T R K-F O-L
37 R-F K-L O P T-S
38 R-F K-S O-L T P
39 R-L K-S P O-F T
40 R-S K P-F T O-L
41 R K-S T O-F P-L
42 R-S O-F P-L T K
43 R O-F T K-S P-L
44 R-L P-S O K T-F
45 R-F T K-L O-S P
46 R T-L K-F P-S O
47 R T-L O P-S K-F
48 R-F T-S P O-L K
49 T-F K-L P-S O R
50 T K-L P-S R O-F
51 T O-S K P-L R-F
52 T-L O-S P-F R K
53 T-L O R-S K-F P
54 T P-F K-L O-S R
55 T-F P K R-S O-L
56 T P R-L K-S O-F
57 T-S R-L K O-F P
58 T R-L K-F P O-S
59 T-L R O-S K P-F
60 T-S R-L P O K-F
`

// shapeTable gives the shape of each combination task (1–14) as (column, row) offsets, the row
// growing downward: three drawers for a colour combination (1–7), two handles for a handle
// combination (8–14). Every shape counts in all 8 forms (turned and mirrored).
var shapeTable = [NumCombos + 1][]offset{
	1:  {{0, 0}, {1, 1}, {3, 0}},
	2:  {{0, 0}, {1, 1}, {2, 0}},
	3:  {{0, 0}, {1, 0}, {3, 0}},
	4:  {{0, 0}, {1, 2}, {2, 4}},
	5:  {{0, 0}, {1, 1}, {2, 2}},
	6:  {{0, 0}, {1, 3}, {2, 0}},
	7:  {{0, 0}, {1, 4}, {2, 0}},
	8:  {{0, 0}, {1, 1}},
	9:  {{0, 0}, {1, 0}},
	10: {{0, 0}, {2, 4}},
	11: {{0, 0}, {2, 2}},
	12: {{0, 0}, {2, 0}},
	13: {{0, 0}, {3, 0}},
	14: {{0, 0}, {3, 3}},
}

// rowTable defines the row tasks 15–30: what a run is made of, which runs count and in which
// rows (1 top … 5 bottom) they may lie.
var rowTable = [NumTasks + 1]rowTask{
	15: {handles: false, two: true, rows: allRows},
	16: {handles: true, two: true, rows: allRows},
	17: {handles: false, rows: allRows},
	18: {handles: true, rows: allRows},
	19: {colour: Red, only: true, rows: allRows},
	20: {colour: Turquoise, only: true, rows: allRows},
	21: {colour: Pink, only: true, rows: allRows},
	22: {colour: Orange, only: true, rows: allRows},
	23: {colour: Black, only: true, rows: allRows},
	24: {handles: true, handle: Flower, only: true, rows: allRows},
	25: {handles: true, handle: Square, only: true, rows: allRows},
	26: {handles: true, handle: Long, only: true, rows: allRows},
	27: {handles: false, two: true, rows: rowBit(1) | rowBit(4)},
	28: {handles: true, two: true, rows: rowBit(1) | rowBit(4)},
	29: {handles: false, two: true, rows: rowBit(2) | rowBit(3)},
	30: {handles: true, two: true, rows: rowBit(2) | rowBit(3)},
}

// suggestedSets are the suggested task sets: colour, handle and row task.
var suggestedSets = [][3]int{{1, 8, 17}, {2, 9, 18}, {3, 10, 15}, {4, 11, 16}}

// Points per fulfilment of a colour and of a handle combination, and per drawer of a counted
// run.
const (
	colourPoints = 4
	handlePoints = 3
	runPoints    = 2
	// exchangePoints is what an unused exchange card scores at the end.
	exchangePoints = 1
)

// rowBonus lists the row bonus by place (longest first) for a number of players (2–6).
func rowBonus(players int) []int {
	switch {
	case players <= 1:
		return nil
	case players == 2:
		return []int{4}
	case players == 3:
		return []int{8, 4}
	}
	return []int{8, 4, 2}
}

// soloSteps are the solo row bonus thresholds: the highest step reached counts.
var (
	soloOneRun = []soloStep{{8, 8}, {6, 4}, {4, 2}}
	soloTwoRun = []soloStep{{11, 8}, {9, 4}, {7, 2}}
)

// soloStep is a solo row bonus: bonus points from a counted length of at least least.
type soloStep struct{ least, bonus int }

// ratingTable lists the solo ratings from the best: a total of at least Least earns the rating.
var ratingTable = games.Ranks{
	{Least: 55, Name: games.Say("sideboard dragon", "komodový drak")},
	{Least: 45, Name: games.Say("pulled out all the stops", "všechny šuplíky vytažené")},
	{Least: 35, Name: games.Say("neatly sorted", "pěkně srovnáno")},
	{Least: 25, Name: games.Say("good idea, now open up", "dobrý nápad, teď to otevři")},
	{Least: -1 << 31, Name: games.Say("hide it in a drawer", "schovej ji do šuplíku")},
}
