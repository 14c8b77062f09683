package table

import "github.com/tablebot/tablebot/games"

// Click is one person's request on a channel's table: where, who, and what the clicked
// component was drawn for. Slash commands leave Game and Rev zero: they act on the current
// table.
type Click struct {
	// Guild and Channel are where the request was made: Channel is the table's key.
	Guild, Channel string
	// Parent, for Open, is the text channel a table keyed by its lobby message (see
	// Table.Parent) is opened in; empty for a table of the channel itself.
	Parent string
	// User is the person's ID; Name their display name, used for a seat they take.
	User, Name string
	// Manager is set when the person may manage the channel (Manage Channels or Administrator):
	// they may cancel or abandon any table, and put a seat on the AI.
	Manager bool
	// Game is the game the component was drawn for; empty for a command.
	Game string
	// Rev is the table revision the component was drawn at.
	Rev Revision
	// Token, when set, is the interaction token of a click on the person's panel, and Locale
	// their language: Commit and Undo keep them in Table.Panels, so that any process may edit
	// that panel while the token lives.
	Token, Locale string
}

// Outcome is what an operation that moved a game did: the table as written, the state after
// it, the steps taken (the person's own move first, then chance's and the AIs'), and the
// seats still deciding in a simultaneous step.
type Outcome struct {
	Table *Table
	State games.State
	// Seat is the seat that committed; NoSeat for the start of a game and for a board
	// message posted late.
	Seat games.Seat
	// Steps are the moves this operation made.
	Steps []games.Step
	// Board, when Announce is set, are the steps the board message shows: every move since
	// the last board message (a player's whole run of decisions, chance's and the AIs' moves).
	Board []games.Step
	// Waiting lists the seats that were deciding with Seat and still must: while it is not
	// empty, the others' choices stay hidden and no board message is due.
	Waiting []games.Seat
	// Shown, when set, is the state the board message's picture shows instead of State: the
	// table right after the last milestone among Board (a round just scored), when chance has
	// moved on past it (the next round dealt).
	Shown games.State
	// Announce is set when the table owes its channel a board message for Board: the game
	// ended, someone else must act, or a step was a milestone. The caller posts it and then
	// calls Service.Announced. Otherwise the same player simply decides again.
	Announce bool
	// Ratings, when the game ended with this operation (or this owed board message is its
	// last), are the rated players' changes, for the end message ("Ada 27.1 → 28.4, +1.3":
	// see ChangeLine). Empty for a solo game, a game of no rated person, or when archiving
	// failed (it is retried; the message then goes without them).
	Ratings []RatingChange
}
