// Package bot is tablebot's Discord adapter: slash commands, the lobby, the players' private
// panels, the public board messages, and the two transports (gateway and HTTP interactions)
// that feed one set of handlers.
//
// Handlers keep nothing in memory between interactions. Every component's custom_id is a path
// "game/revision/verb/arg" (see ID); a click loads the channel's table from the store, checks
// that the panel still fits the player's current decision, applies the move and writes the
// table back with compare-and-set. Two clicks that race are both re-validated: one wins, the
// other is told the board moved on. After a restart, or on another bot process sharing the
// same Redis, every posted button still works.
//
// The bot knows no game by name: games come from the catalog, their panels from the
// games.Composer contract, their pictures from images.Art.
package bot
