package games

import (
	"encoding/json"
	"math/rand/v2"
)

// Action is one decision of a seat, or one random outcome of the chance seat. Each game defines
// its own action types; their JSON form carries a "type" tag and is stable across versions.
type Action interface {
	// ActionType is the action's "type" tag in JSON, e.g. "place".
	ActionType() string
}

// Event is one thing that happened during Apply, phrased for the table ("Ada placed red–green
// on F7–F8: +2 red"). Seat is who caused it (Chance for draws). Minor events (a rack refilled)
// are true but not worth a line in the channel.
type Event struct {
	Seat  Seat
	Text  Text
	Minor bool
	// Milestone marks a step worth a board message in the channel even when the same player
	// goes on deciding (a round scored, a bonus earned): without one, a player's run of
	// decisions gets one board message, when someone else must act or the game ends.
	Milestone bool
}

// Progress is an optional power of a State: a short headline of where the game stands
// ("Round 2 of 4 · card 7 of 16"), for message headers. Without it the bot counts moves.
type Progress interface {
	Progress() Text
}

// Teller is an optional power of a State: it says a player's move in words for people, as a
// phrase that follows the player's name ("placed the W (5 squares) in column C" / "položil(a)
// …"), where Describe writes the notation a player may type ("W5 C r1"). The bot tells the
// moves since a player's last turn this way; without it, with Describe. A move that is secret
// until a reveal (a chosen card) is told without its secret.
type Teller interface {
	Tell(a Action) Text
}

// RulePages is an optional power of a Game whose rules need more than the summary of
// Game.Rules (Shelfie Stacker's sixteen characters): /rules shows the summary with a menu of
// these pages. A game lists at most MaxChoices-1 pages (the summary takes one place in the
// menu), each Label within 100 characters and each Text within 1,900, so that a page with its
// menu fits one Discord message.
type RulePages interface {
	RulePages() []RulePage
}

// RulePage is one page of a game's rules: Label names it in the menu ("3 Upgrader"), Text is
// the page itself.
type RulePage struct {
	Label Text
	Text  Text
}

// Game is the definition of one game: what a registry knows about it and how to start it.
// A Game value holds no state of its own and is safe for concurrent use.
type Game interface {
	// Name is the game's key in records, commands and custom IDs: lower case, no spaces.
	Name() string
	// Title is the game's printed name.
	Title() Text
	// Emoji decorates headers of messages about the game.
	Emoji() string
	// Seats returns the fewest and the most players the game takes.
	Seats() (min, max int)
	// Options lists the options the game accepts.
	Options() []Option
	// New starts a game for the named players with the given options (JSON object; nil or
	// empty means all defaults). It fails with ErrBadRecord for unknown keys, bad values or an
	// unsupported number of players.
	New(players []string, options json.RawMessage) (State, error)
	// DecodeAction reads one action from its JSON form. Unknown types, unknown fields and
	// missing fields are errors wrapping ErrBadRecord.
	DecodeAction(data []byte) (Action, error)
	// Actions is the game's action table: it decodes actions and knows which are chance's.
	Actions() *Codec
	// Rules is the short rules summary shown by /rules.
	Rules() Text
}

// State is one game in progress. Methods that do not change the state are safe for concurrent
// use with each other; Apply is not.
type State interface {
	// Game returns the definition this state belongs to.
	Game() Game
	// Players returns the display names of the seats, seat 0 first.
	Players() []string
	// Options returns the options in force, as a complete JSON object.
	Options() json.RawMessage
	// ToAct returns the seats that must act now, in seat order: [Chance] while a random event
	// is due, one seat in a turn, several during a simultaneous step, none when the game is
	// over.
	ToAct() []Seat
	// Prompt says what decision seat faces now ("Place a tile", "Swap your rack?"), or the
	// zero Text when the seat need not act.
	Prompt(seat Seat) Text
	// Legal lists every action seat may take now, in a stable order; nil when seat need not
	// act. For Chance it may list nothing when the outcomes are too many to enumerate.
	Legal(seat Seat) []Action
	// Apply makes seat's move. On success it returns what happened; otherwise it returns a
	// *Refusal and the state is unchanged. It judges only the game's rules: the caller has
	// passed the common refusals first (see Check; the Recorder, Replay and the function Apply
	// do), so seat is at the table and must act now, the game is not over, and a is of a kind
	// seat makes.
	Apply(seat Seat, a Action) ([]Event, error)
	// SampleChance draws the chance seat's next move with r. It returns nil when chance need
	// not act. The state itself is not changed: apply the result.
	SampleChance(r *rand.Rand) Action
	// View returns what seat may see (Chance or NoSeat: the public view of a spectator). Its
	// type is the game's own view type, which the game's renderer understands.
	View(seat Seat) any
	// Result returns the scores and ranking so far; Over tells whether the game has ended.
	Result() Result
	// Hint returns the move the game's built-in AI would make for seat now, or nil when seat
	// need not act. The AI is deterministic: equal states give equal hints.
	Hint(seat Seat) Action
	// Describe renders an action the way a player writes it ("RG F7-F8").
	Describe(a Action) string
	// Clone returns an independent copy.
	Clone() State
}

// Result is the standing of a game: every seat's score with its breakdown, and the ranking.
type Result struct {
	// Over is true once the game has ended.
	Over bool
	// Seats holds one entry per seat, in seat order.
	Seats []SeatResult
	// Ranking lists places from the first; seats sharing a place are listed together.
	Ranking [][]Seat
	// Summary is a line for the end message, e.g. a solo rating; may be empty.
	Summary Text
}

// SeatResult is one seat's score. Score is the game's headline number; Detail its breakdown
// (a value that encodes to the JSON named in the rules file); Breakdown the same for people.
type SeatResult struct {
	Seat      Seat
	Score     int
	Detail    any
	Breakdown Text
}

// PlaceOf returns the 1-based place of seat in r.Ranking, or 0 if it is not ranked.
func (r Result) PlaceOf(seat Seat) int {
	for i, group := range r.Ranking {
		for _, s := range group {
			if s == seat {
				return i + 1
			}
		}
	}
	return 0
}

// SeatNamer is an optional power of a State whose Result ranks a seat that is no player —
// Shelfie Stacker's solo opponent, Shem Bot: it names such seats.
type SeatNamer interface {
	SeatName(seat Seat) string
}

// NameOf names seat of st: its player's name, else the name st gives it (see SeatNamer), else
// "?".
func NameOf(st State, seat Seat) string {
	if players := st.Players(); seat >= 0 && int(seat) < len(players) {
		return players[seat]
	}
	if n, ok := st.(SeatNamer); ok {
		return n.SeatName(seat)
	}
	return "?"
}

// Over reports whether st has ended.
func Over(st State) bool { return st.Result().Over }

// IsToAct reports whether seat is among the seats that must act in st.
func IsToAct(st State, seat Seat) bool {
	for _, s := range st.ToAct() {
		if s == seat {
			return true
		}
	}
	return false
}

// Determinizer is an optional power of a State: Determinize returns a state that seat cannot
// tell from this one — equal View(seat), equal ToAct, equal Legal(seat) — with everything
// seat cannot see (other hands, the order of the bag or the deck, choices not yet revealed)
// drawn anew with r, as likely as the rules make it. The search AI plays on such states, so it
// never peeks; the conformance suite checks that View(seat) does not change, which is how it
// proves a view hides what the seat may not see. The receiver is not changed.
type Determinizer interface {
	Determinize(seat Seat, r *rand.Rand) State
}

// Undoer is an optional power of a Game: Undoable says whether a seat's move a may be taken
// back at all (a placement may; a move that revealed something may not). The referee adds the
// rest of the policy: only the seat's last decision, only while no chance move and no other
// seat's turn has followed it (other seats' hidden choices in the same simultaneous step
// excepted), and only while no board message has shown it. A game without the power allows
// no undo. Base answers it from the rows of the game's action table marked Undoable.
type Undoer interface {
	Undoable(a Action) bool
}
