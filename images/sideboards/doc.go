// Package sideboards draws the pictures of Sideboards: the table (the three task cards, every
// seat's sideboard of 8 × 5 drawers with its score per task, whose turn it is, the newest
// card of each sideboard marked) and each player's private panel (the hand, every card both
// ways up, and a preview of the sideboard with the candidate card attached left or right).
//
// Pictures are 800 pixels wide, so that on a phone (360 pixels, images.PhoneWidth) every label
// stays at least 11 pixels high: text is never drawn below 25 pixels. One or two seats are
// stacked; three to six are laid out in a grid of two columns.
//
// Colour is never the only cue. Every drawer shows its colour's letter (R T P O K as in the
// rules' card table, in Czech Č T P O K for červená, tyrkysová, růžová, oranžová, černá): no
// letter means two colours across the two languages, so in a channel where some read English
// pictures and some Czech, R is always red and P always pink. Its handle is one of three
// clearly different glyphs: a flower, a square knob, a long bar. Row numbers 1–5 run down the
// left of every sideboard (in gold for the two rows a task 27–30 counts), card numbers under
// it, a ▼ marking a turned card; the counted runs of the row task are underlined in gold; the
// cards laid in the last turn are ringed in pink.
//
// The renderer stands on images.Base, whose Paint draws one scene either way: fast, with
// drawers as sprites made once per size and language and stamped, the rest on a scratch RGBA
// image converted to one fixed palette; or, for the benchmarks' baseline, all through gg into
// RGBA. Measurements are in docs/performance-images.md.
package sideboards
