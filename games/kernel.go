package games

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// Meta is what a game is, apart from its rules: its name, how many play it, its options, its
// rules summary and its action table. A game describes itself with one Meta value and embeds
// Base to answer the metadata methods of Game from it.
type Meta struct {
	// Name is the game's key (see Game.Name).
	Name string
	// Title is the printed name.
	Title Text
	// Emoji decorates headers.
	Emoji string
	// MinSeats and MaxSeats bound the number of players.
	MinSeats, MaxSeats int
	// Options lists the options the game accepts.
	Options []Option
	// Rules is the short rules summary.
	Rules Text
	// Actions reads the game's actions and knows which are chance's.
	Actions *Codec
	// Start is Game.New: see NewWith.
	Start func(players []string, options json.RawMessage) (State, error)
}

// NewWith builds a game's Start from its option parser and its state's constructor: the
// options are read first, and a bad value fails before any state is built.
func NewWith[O any, S State](parse func(json.RawMessage) (O, error), start func([]string, O) (S, error)) func([]string, json.RawMessage) (State, error) {
	return func(players []string, options json.RawMessage) (State, error) {
		o, err := parse(options)
		if err != nil {
			return nil, err
		}
		st, err := start(players, o)
		if err != nil {
			return nil, err
		}
		return st, nil
	}
}

// Describer supplies a game's Meta to Base: the game's own type, whose zero value describes the
// game.
type Describer interface {
	Meta() *Meta
}

// Base is what a Game writes alike, to embed: every method of Game, and Undoer's by the rows
// of its action table marked Undoable, answered from the Meta of D, the embedding game's own
// type (type Game struct{ games.Base[Game] }), so that the game writes only its Meta and its
// other optional powers. Its zero value is ready to use.
type Base[D Describer] struct{}

func (Base[D]) meta() *Meta {
	var d D
	return d.Meta()
}

// Name returns the game's key.
func (b Base[D]) Name() string { return b.meta().Name }

// Title returns the printed name.
func (b Base[D]) Title() Text { return b.meta().Title }

// Emoji returns the game's emoji.
func (b Base[D]) Emoji() string { return b.meta().Emoji }

// Seats returns the fewest and the most players.
func (b Base[D]) Seats() (int, int) { return b.meta().MinSeats, b.meta().MaxSeats }

// Options lists the options the game accepts.
func (b Base[D]) Options() []Option { return b.meta().Options }

// Rules returns the short rules summary.
func (b Base[D]) Rules() Text { return b.meta().Rules }

// Actions returns the game's action table.
func (b Base[D]) Actions() *Codec { return b.meta().Actions }

// New starts a game with the Meta's Start.
func (b Base[D]) New(players []string, options json.RawMessage) (State, error) {
	return b.meta().Start(players, options)
}

// Undoable reports whether a seat may take a back: whether its row of the action table is
// marked Undoable. A game whose rule needs more than the type defines its own Undoable.
func (b Base[D]) Undoable(a Action) bool { return b.meta().Actions.IsUndoable(a) }

// DecodeAction reads one action strictly through the game's codec (see Codec.Decode).
func (b Base[D]) DecodeAction(data []byte) (Action, error) { return b.meta().Actions.Decode(data) }

// DecodeOptions reads a game's options object strictly into v (see DecodeStrict). It returns
// false, leaving v alone, when data is nil, empty or null: the defaults apply.
func DecodeOptions(data json.RawMessage, v any, game string) (bool, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return false, nil
	}
	return true, DecodeStrict(trimmed, v, game+" options")
}

// Check is the refusal every game gives before its own rules: in this order, a seat not at the
// table, any move after the end, a seat that need not act now, and an action the seat does not
// make (a chance move by a player, a player's move by chance). It returns nil when the move
// is for the game's Apply to judge. The Recorder, replay and Apply below check it, so a game's
// Apply starts where Check ends.
func Check(st State, seat Seat, a Action) *Refusal {
	if seat != Chance && (seat < 0 || int(seat) >= len(st.Players())) {
		return Refuse(ErrNotYourTurn, "Seat %s is not at this table.", "Místo %s u tohoto stolu není.", seat)
	}
	if !IsToAct(st, seat) { // a seat to act is the common case: Over (a Result) is computed only when not
		if Over(st) {
			return Refuse(ErrGameOver, "The game is over.", "Hra skončila.")
		}
		return notYourTurn(st, seat)
	}
	if a == nil {
		return Refuse(ErrUnknownAction, "There is no move to make.", "Není žádný tah.")
	}
	chance := st.Game().Actions().IsChance(a)
	switch {
	case seat == Chance && !chance:
		return Refuse(ErrUnknownAction, "Chance makes no player's move.", "Náhoda za hráče netáhne.")
	case seat != Chance && chance:
		return Refuse(ErrUnknownAction, "Only chance makes that move: it deals, draws and rolls.", "Tento tah dělá jen náhoda: rozdává, dobírá a hází.")
	}
	return nil
}

// notYourTurn refuses seat, which need not act now, naming whom the game waits for.
func notYourTurn(st State, seat Seat) *Refusal {
	waiting := Waiting(st)
	switch {
	case seat == Chance:
		return Refuse(ErrNotYourTurn, "Chance waits for the players.", "Náhoda čeká na hráče.")
	case waiting.IsZero():
		return Refuse(ErrNotYourTurn, "Wait: chance moves next.", "Počkej: teď táhne náhoda.")
	}
	return Refuse(ErrNotYourTurn, "It is not your move now — waiting for %s.", "Teď netáhneš — čeká se na: %s.", waiting)
}

// Apply checks the common refusals (see Check) and then makes the move with st.Apply. It is how
// anything but a search on listed moves applies a move.
func Apply(st State, seat Seat, a Action) ([]Event, error) {
	if r := Check(st, seat, a); r != nil {
		return nil, r
	}
	return st.Apply(seat, a)
}

// Seating is what every game's state keeps alike, to embed: the players' names and the options
// in force. With G, the game's own type (whose zero value is the game), it answers State's
// Game, Players and Options. A state's Clone may share Names: nothing changes them.
type Seating[G Game, O any] struct {
	// Names are the players' display names, seat 0 first.
	Names []string
	// Opts are the options in force; their JSON form is the record's options.
	Opts O
}

// Game returns the game the state belongs to.
func (Seating[G, O]) Game() Game {
	var g G
	return g
}

// Players returns a copy of the players' names.
func (s Seating[G, O]) Players() []string { return slices.Clone(s.Names) }

// Options returns the options in force as a complete JSON object.
func (s Seating[G, O]) Options() json.RawMessage {
	b, _ := json.Marshal(s.Opts)
	return b
}

// Solo reports whether one player plays.
func (s Seating[G, O]) Solo() bool { return len(s.Names) == 1 }

// IsSeat reports whether seat is a player's seat (not Chance, not a seat beyond the players).
func (s Seating[G, O]) IsSeat(seat Seat) bool { return seat >= 0 && int(seat) < len(s.Names) }

// Waiting names the players st still waits for: "Ben and Cid" / "Ben a Cid".
func Waiting(st State) Text {
	var names []string
	for _, s := range st.ToAct() {
		if s != Chance {
			names = append(names, NameOf(st, s))
		}
	}
	return And(names)
}

// Chosen is the minor event of seat's hidden choice in a simultaneous step that others have
// still to make: "Ada has chosen — waiting for Ben." did is the verb ("has chosen" / "má
// zvoleno"). It is news for the chooser's panel, not a line for the next board.
func Chosen(st State, seat Seat, did Text) Event {
	return Event{Seat: seat, Minor: true, Text: Say("%s %s — waiting for %s.", "%s %s — čeká se na: %s.", NameOf(st, seat), did, Waiting(st))}
}

// ChosenAlready refuses a seat that has made its hidden choice of a simultaneous step while
// others still choose, naming them: "You have chosen already — waiting for Ben." did is what
// the seat has done ("have chosen" / "jsi zvolil(a)").
func ChosenAlready(st State, did Text) *Refusal {
	return Refuse(ErrNotYourTurn, "You %s already — waiting for %s.", "Už %s — čeká se na: %s.", did, Waiting(st))
}

// CheckPlayers refuses, with ErrBadRecord, a number of players g does not take and a player
// without a name.
func CheckPlayers(g Game, players []string) *Refusal {
	if lo, hi := g.Seats(); len(players) < lo || len(players) > hi {
		return Refuse(ErrBadRecord, "%s takes %d to %d players, not %d.", "Počet hráčů hry %s je %d až %d, ne %d.", g.Title(), lo, hi, len(players))
	}
	for i, p := range players {
		if strings.TrimSpace(p) == "" {
			return Refuse(ErrBadRecord, "Player %d has no name.", "Hráč %d nemá jméno.", i+1)
		}
	}
	return nil
}
