// Package fits draws the pictures of FITS: the table (every player's board side by side with
// names, colours, scores, the revealed card and who is still placing) and each player's
// private panel (the own board with the current piece as a translucent ghost where the draft
// would drop it, the piece large, and what the drop would do).
//
// The renderer stands on images.Base. Most of a FITS picture never changes within a game, so
// it is drawn once per Renderer and copied: the empty board of each board number (grid, dots,
// special cells, hatched overhang, labels) at each cell size and language, and the frame of
// each picture. A picture is then drawn in two passes of one scene: the text and small marks
// on a scratch RGBA image inside regions of flat colour, converted to the palette region by
// region; then the pieces, ghosts and rings, stamped as sprites straight onto the paletted
// picture, their outlines filled rectangles. Only the text pays for anti-aliasing in RGBA.
//
// The naive baseline (NaiveTable, and the private panel's naivePrivate for the benchmarks)
// draws the same scene through gg into RGBA with nothing cached; TestNaiveMatchesFast keeps
// the two the same picture. Pictures are at most 1200 px wide and their text is never below
// what reads as 11 px on a 360 px phone. Measurements are in docs/performance-images.md.
package fits
