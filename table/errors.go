package table

import (
	"errors"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// ErrCorrupt is the error (wrapped) of a table whose stored data cannot be read or replayed.
var ErrCorrupt = store.ErrCorrupt

// ErrUnavailable is the error (wrapped) of an operation whose store did not answer in time:
// trying again later may succeed.
var ErrUnavailable = store.ErrUnavailable

// Kinds of the refusals this package returns, each wrapped in a *games.Refusal that carries a
// sentence for the person; test them with errors.Is.
var (
	// ErrNoTable: the channel has no table, or none of the clicked component's game.
	ErrNoTable = errors.New("no table in this channel")
	// ErrStale: the component was drawn for an earlier state of the table (the board has moved
	// on); the caller shows a fresh panel.
	ErrStale = errors.New("the table has moved on")
	// ErrAlreadyMoved: a second click of the very move the seat last made (Commit), or nothing
	// the seat may take back (Undo). A stale click of any other move is ErrStale.
	ErrAlreadyMoved = errors.New("that move was already made")
	// ErrNotSeated: the person has no seat at the table.
	ErrNotSeated = errors.New("not seated at this table")
	// ErrNotAllowed: only the host (or someone with Manage Channels) may do that.
	ErrNotAllowed = errors.New("not allowed")
	// ErrLobby: the game has not started yet, or the lobby is closed or full.
	ErrLobby = errors.New("lobby")
	// ErrOver: the table's game is over, or no game is running.
	ErrOver = errors.New("no game running")
	// ErrBusy: the channel already has a table that is not over.
	ErrBusy = errors.New("the channel already has a game")
	// ErrBadOptions: the options of a new table are not valid for its game.
	ErrBadOptions = errors.New("bad options")
)

// refuse builds a refusal of kind with an English and a Czech sentence.
func refuse(kind error, en, cs string, args ...any) *games.Refusal {
	return games.Refuse(kind, en, cs, args...)
}

// notSeated refuses a person without a seat.
func notSeated() error {
	return refuse(ErrNotSeated, "You are not seated at this table — watch, or join the next game.",
		"U tohoto stolu nesedíš — dívej se, nebo se přidej do další hry.")
}

// noTable refuses a click or command where no table is.
func noTable() error {
	return refuse(ErrNoTable, "No game is running in this channel. Start one with /start.",
		"V tomto kanálu neběží žádná hra. Založ ji příkazem /start.")
}

// movedOn refuses a component drawn for an earlier state.
func movedOn() error {
	return refuse(ErrStale, "This board has moved on — here is the current one.",
		"Hra mezitím pokročila — tady je aktuální stav.")
}

// lobbyClosed refuses a lobby button of a lobby that is no more.
func lobbyClosed() error {
	return refuse(ErrLobby, "This lobby is closed. Start a new one with /start.",
		"Tento stůl už je zavřený. Nový založíš příkazem /start.")
}
