// Package games is the engine contract every game of tablebot implements, the registry through
// which the rest of the program knows the games, and the record format that describes a whole
// game as options, players and moves.
//
// A game is a deterministic state machine. Every random event is a move of the special seat
// [Chance]: the engine says when chance must move, the caller samples an outcome with its own
// random source ([State.SampleChance]) and applies it like any other move. A game is therefore
// fully described by its [Record], and replaying a record always yields the same state.
//
// Nothing in this package or below it does I/O, reads the clock or keeps global state; the only
// randomness is the *rand.Rand a caller passes to SampleChance.
//
// The kernel is what every game would otherwise write for itself. [Check] gives the common
// refusals — a seat not at the table, a move after the end, a seat that need not act, a chance
// move by a player or a player's move by chance — in one wording, before the game's own Apply
// runs; the [Recorder], [Replay] and the function [Apply] run it, so a game's Apply judges
// only its rules (the search applies listed moves and skips it). A [Codec], built from a table
// of [ActionKind] rows (a "type" tag, the wire struct of its JSON form, whether chance makes
// it, whether its seat may take it back), reads actions strictly: unknown and missing fields
// are refused before the game sees the values; [Encode] writes an action from the same wire
// struct. [Base] answers every method of [Game], and [Undoer]'s, from one [Meta] value, and
// [Seating] keeps a state's players and options with their accessors. [Advance] is the one
// game loop: the referee, the arena, self-play and the golden tests let chance and the AIs
// move through it. Smaller pieces serve what several games say alike: [Places] groups a
// result's ranking, [Ranks] is a solo rating scale, [At] a view's entry for a seat,
// [StaleDraft] and [NothingToDecide] a panel's refusals.
// A game writes its Meta, its action types with their wire forms, its State (ToAct, Legal,
// Apply of its rules, SampleChance, View, Result, Hint, Describe, Clone) and its optional
// powers.
//
// Guarantees every implementation gives (checked by package gamestest for each game):
//   - Apply either changes the state and returns what happened, or returns a *[Refusal] and
//     leaves the state exactly as it was.
//   - Every action listed by Legal applies; an action that Legal does not list is refused, by
//     Check or by the game's Apply (the function [Apply] runs both).
//   - Legal lists actions in a stable order for equal states.
//   - View(seat) never contains what that seat may not see.
package games
