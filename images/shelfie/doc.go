// Package shelfie draws the pictures of Shelfie Stacker: the table (the round and its turn
// order, the boxes with their dice, the reward cards with their holders, and every seat's
// shelf, shame shelf, cards and dice on cards, four seats as a 2×2 grid) and each player's
// private panel (the cards to choose from, the boxes to take, or the shipment with the own
// shelf, the columns where the picked die fits highlighted).
//
// Pictures are made for a phone: 640 px wide, so that the smallest text (20 px) is still 11 px
// at 360 px. Colour is never the only cue: every die shows its pips on its colour, its colour
// also as a pattern (purple diagonal stripes, green horizontal stripes, blue plain, orange a
// frame inside the edge) and as a letter wherever it stands alone (boxes, shipment, column
// heads).
//
// The renderer stands on images.Base, whose Paint draws one scene either way: fast, with text
// through the canvas's glyph path and dice as sprites drawn once per size and face and
// stamped, converted to one fixed palette; or, for the benchmarks' baseline, all through gg
// into RGBA. Measurements are in docs/performance-images.md.
package shelfie
