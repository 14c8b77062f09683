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
// Live play keeps the panels in view (live.go): when a simultaneous step's next decision
// belongs to the same round (FITS's next card, Sideboards' next draft) and every player who
// must decide confirmed their last choice less than table.PanelLife ago, the bot edits each
// player's panel to that decision through the token of that last click (kept in the table,
// since the next click may reach another process) and edits the round's board message instead
// of posting one below the panels. The start of a round and the end are posted and ping; so is
// every step of async play, where the tokens have expired. A board message older than
// table.BoardLife is not edited but posted anew.
//
// The bot knows no game by name: games come from the catalog, their panels from the
// games.Composer contract, their pictures from images.Art.
package bot
