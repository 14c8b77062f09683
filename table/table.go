package table

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
)

// Revision numbers the writes of a channel's table; see store.Revision.
type Revision = store.Revision

// Status is the stage of a channel's table.
type Status string

// The stages of a table.
const (
	StatusLobby   Status = "lobby"
	StatusPlaying Status = "playing"
	StatusOver    Status = "over"
)

// Table is what is stored for a channel: the lobby or the game, its seats and its record. The
// record is the game's truth: the state is rebuilt by replaying it. The JSON form is the
// stored schema; fields are only ever added.
type Table struct {
	// ID identifies this table (one lobby and the game played from it) among all tables the
	// channel ever had.
	ID      string `json:"id"`
	Game    string `json:"game"`
	Guild   string `json:"guild"`
	Channel string `json:"channel"`
	// Parent, when set, is the text channel the table was opened from for a thread of its own:
	// the table's key (Channel) is then the lobby message's ID, which becomes the thread's ID
	// when the game starts (Discord gives a thread started from a message that message's ID).
	Parent string `json:"parent,omitempty"`
	// Creator is the host: the user who opened the lobby (or the next person, if they left).
	Creator string `json:"creator"`
	Status  Status `json:"status"`
	// Opened is the revision that opened this table's lobby: components drawn before it belong
	// to an earlier table of the channel.
	Opened  Revision        `json:"opened"`
	Seats   []SeatInfo      `json:"seats"`
	Options json.RawMessage `json:"options,omitempty"`
	// Locale is the server's preferred locale, for messages that are not a reply to one user.
	Locale string        `json:"locale"`
	Record *games.Record `json:"record,omitempty"`
	// Since holds, per seat, the revision at which the seat's current decision began: a panel
	// drawn before it is stale, one drawn at or after it still fits.
	Since []Revision `json:"since,omitempty"`
	// Board is the newest board message, whose status line is kept current while a
	// simultaneous step goes on.
	Board *PostedBoard `json:"board,omitempty"`
	// Panels holds, per seat, the interaction through which the seat's player last confirmed
	// a choice in their panel (see Panel): while its token lives, the bot may edit that panel.
	Panels []Panel `json:"panels,omitempty"`
	// Pace is how long each decision may take and what happens at its deadline.
	Pace Pace `json:"pace"`
	// Due holds, per seat, the deadline of its current decision (zero: none).
	Due []time.Time `json:"due,omitempty"`
	// Reminded holds, per seat, the revision of the decision it was last reminded of.
	Reminded []Revision `json:"reminded,omitempty"`
	// Late holds, per seat, the revision of the decision whose deadline passed in "wait" mode
	// (the others may vote to hand the seat to the AI).
	Late []Revision `json:"late,omitempty"`
	// Announced is how many of the record's moves the posted board messages cover.
	Announced int `json:"announced,omitempty"`
	// Owed, when set, is a board message the table owes its channel.
	Owed     *Announcement `json:"owed,omitempty"`
	Created  time.Time     `json:"created"`
	Updated  time.Time     `json:"updated"`
	Archived bool          `json:"archived,omitempty"`

	rev Revision
}

// PostedBoard is a board message in the channel: its ID, when it was posted, and its text
// before the status line.
type PostedBoard struct {
	ID   string    `json:"id"`
	At   time.Time `json:"at"`
	Body string    `json:"body"`
}

// Announcement is a board message a table owes its channel: the one showing the record's moves
// from Table.Announced up to Through. Until Lease, the process that claimed it is posting it;
// after, anyone may claim it again.
type Announcement struct {
	Through  int       `json:"through"`
	Lease    time.Time `json:"lease"`
	Attempts int       `json:"attempts,omitempty"`
	// Lead, when set, is the line that explains the board, under its header ("Ben's time ran
	// out — the AI decided for Ben:"): whoever posts the board, first or after a crash, says it.
	Lead *games.Text `json:"lead,omitempty"`
}

// SeatInfo is one seat: a Discord user, or an AI player when AI is set.
type SeatInfo struct {
	User string `json:"user,omitempty"`
	Name string `json:"name"`
	AI   bool   `json:"ai,omitempty"`
	// Level is an AI player's strength (the zero value, and tables stored before levels, easy).
	Level search.Level `json:"level,omitempty"`
	// Away is set while the built-in AI plays the seat for its player (/away, a vote, /kick).
	Away bool `json:"away,omitempty"`
	// Votes are the players who voted to hand this seat to the AI after its deadline passed.
	Votes []string `json:"votes,omitempty"`
}

// Auto reports whether the AI decides for the seat: an AI player, or a player away.
func (s SeatInfo) Auto() bool { return s.AI || s.Away }

// Rev returns the revision the table was read at, or written as.
func (t *Table) Rev() Revision { return t.rev }

// SeatOf returns the seat of a user, or false.
func (t *Table) SeatOf(user string) (games.Seat, bool) {
	i := slices.IndexFunc(t.Seats, func(s SeatInfo) bool { return !s.AI && s.User == user && user != "" })
	return games.Seat(i), i >= 0
}

// Names returns the seats' display names.
func (t *Table) Names() []string {
	names := make([]string, len(t.Seats))
	for i, s := range t.Seats {
		names[i] = s.Name
	}
	return names
}

// Humans returns the users of the seats people play (away or not), in seat order.
func (t *Table) Humans() []string {
	var out []string
	for _, s := range t.Seats {
		if !s.AI {
			out = append(out, s.User)
		}
	}
	return out
}

// Lang is the language of the table's public messages.
func (t *Table) Lang() games.Lang { return games.LangOf(t.Locale) }

// Stale reports whether a panel seat drew at rev no longer fits the seat's current decision.
func (t *Table) Stale(seat games.Seat, rev Revision) bool {
	return seat < 0 || int(seat) >= len(t.Since) || rev < t.Since[seat]
}

// OwesBoard reports whether the table owes its channel a board message that nobody is posting
// at now (none was claimed, or the claim's lease ran out).
func (t *Table) OwesBoard(now time.Time) bool {
	return t.Owed != nil && !now.Before(t.Owed.Lease)
}

// refreshSince updates Since after moves: a seat whose decision changed (it moved, or it was
// not to act before) starts a new decision at the revision this write will create.
func (t *Table) refreshSince(before []games.Seat, moved map[games.Seat]bool) {
	next := t.rev + 1 // the store adds one per successful write
	if len(t.Since) != len(t.Seats) {
		t.Since = make([]Revision, len(t.Seats))
	}
	for i := range t.Seats {
		s := games.Seat(i)
		if moved[s] || !slices.Contains(before, s) {
			t.Since[i] = next
		}
	}
}
