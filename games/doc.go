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
// Guarantees every implementation gives (checked by package gamestest for each game):
//   - Apply either changes the state and returns what happened, or returns a *[Refusal] and
//     leaves the state exactly as it was.
//   - Every action listed by Legal applies; an action that Legal does not list is refused.
//   - Legal lists actions in a stable order for equal states.
//   - View(seat) never contains what that seat may not see.
package games
