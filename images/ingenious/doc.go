// Package ingenious draws the pictures of Ingenious: the table (the board with the labels
// players type, every side's six colour tracks, whose turn it is and the last tile) and each
// player's private panel (the rack, the chosen tile, a preview of the placement).
//
// Numbered places (the best places of a chosen tile, the tiles laid since a seat's last turn)
// are badges on the joint of their tile's two cells when no other badge is near, else each in
// a cell of its own tile with a wedge pointing across the edge to the tile's other cell: a
// placement and the same two cells the other way round are two badges in two cells, and no
// two badges ever overlap. The best places are numbered from 1 for as long as each can have a
// cell of its own (at most 9); the menu lists them all. Every label is at least 11 px once the
// picture is scaled to images.PhoneWidth.
//
// The renderer stands on images.Base. A game's pictures repeat each other from move to move,
// so little is drawn afresh: the empty board of each radius and the sprites of tiles are drawn
// once per Renderer and stamped straight onto the palette; the parts of the score panel and
// of the rack strip (frames, card shells, headers, colour columns, rack tiles and their
// letters, titles) are kept in images.Tiles and copied when an earlier picture drew them the
// same, and only what changed (the banner's words, the last move, the caption) is drawn in
// RGBA and converted. Tests check the composed pictures pixel for pixel against the same
// pictures drawn whole. NaiveTable, the benchmarks' baseline, draws everything afresh through
// gg into RGBA. Measurements are in docs/performance-images.md.
package ingenious
