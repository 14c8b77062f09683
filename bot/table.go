package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// Status is the stage of a channel's table.
type Status string

// The stages of a table.
const (
	StatusLobby   Status = "lobby"
	StatusPlaying Status = "playing"
	StatusOver    Status = "over"
)

// Table is what the bot stores for a channel: the lobby or the game, its players and its
// record. The record is the game's truth: the state is rebuilt by replaying it.
type Table struct {
	ID      string `json:"id"`
	Game    string `json:"game"`
	Guild   string `json:"guild"`
	Channel string `json:"channel"`
	Creator string `json:"creator"`
	Status  Status `json:"status"`
	// Opened is the revision that opened this table's lobby: buttons drawn before it belong
	// to an earlier table of the channel.
	Opened  store.Revision  `json:"opened"`
	Seats   []SeatInfo      `json:"seats"`
	Options json.RawMessage `json:"options,omitempty"`
	// Locale is the server's preferred locale, for messages that are not a reply to one user.
	Locale string        `json:"locale"`
	Record *games.Record `json:"record,omitempty"`
	// Since holds, per seat, the revision at which the seat's current decision began: a panel
	// drawn before it is stale, one drawn at or after it still fits.
	Since []store.Revision `json:"since,omitempty"`
	// Board is the newest board message, whose status line is kept current while a
	// simultaneous step goes on.
	Board    *PostedBoard `json:"board,omitempty"`
	Created  time.Time    `json:"created"`
	Updated  time.Time    `json:"updated"`
	Archived bool         `json:"archived,omitempty"`

	rev store.Revision
}

// PostedBoard is a board message in the channel: its ID, when it was posted, and its text
// before the status line.
type PostedBoard struct {
	ID   string    `json:"id"`
	At   time.Time `json:"at"`
	Body string    `json:"body"`
}

// SeatInfo is one seat: a Discord user, or an AI player when AI is set.
type SeatInfo struct {
	User string `json:"user,omitempty"`
	Name string `json:"name"`
	AI   bool   `json:"ai,omitempty"`
}

// Rev returns the revision the table was loaded at.
func (t *Table) Rev() store.Revision { return t.rev }

// SeatOf returns the seat of a user, or false.
func (t *Table) SeatOf(user string) (games.Seat, bool) {
	i := slices.IndexFunc(t.Seats, func(s SeatInfo) bool { return !s.AI && s.User == user })
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

// Lang is the language for the table's public messages.
func (t *Table) Lang() games.Lang { return games.LangOf(t.Locale) }

// errNoTable and errStale are the conditions callers explain to users.
var (
	errNoTable = errors.New("no table in this channel")
	errStale   = errors.New("the table has moved on")
)

// loadTable reads the channel's table. It returns errNoTable when there is none and a wrapped
// store.ErrCorrupt when the stored bytes are not a table.
func (b *Bot) loadTable(ctx context.Context, channel string) (*Table, error) {
	raw, err := b.store.Load(ctx, channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errNoTable
	}
	if err != nil {
		return nil, fmt.Errorf("load table of channel %s: %w", channel, err)
	}
	var t Table
	if err := json.Unmarshal(raw.Data, &t); err != nil {
		return nil, fmt.Errorf("channel %s: %w: table: %v", channel, store.ErrCorrupt, err)
	}
	t.rev = raw.Revision
	return &t, nil
}

// saveTable writes t if the stored revision is still the one it was loaded at (0 for a new
// table) and updates t's revision. It returns store.ErrConflict when somebody wrote first.
func (b *Bot) saveTable(ctx context.Context, t *Table) error {
	t.Updated = b.now()
	data, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("encode table: %w", err)
	}
	rev, err := b.store.Save(ctx, t.Channel, data, t.rev)
	if err != nil {
		if errors.Is(err, store.ErrConflict) {
			b.metrics.conflicts.Inc()
		}
		return fmt.Errorf("save table of channel %s: %w", t.Channel, err)
	}
	t.rev = rev
	return nil
}

// state rebuilds the game of a playing or finished table by replaying its record.
func (b *Bot) state(t *Table) (games.State, error) {
	kit, ok := b.kit(t.Game)
	if !ok {
		return nil, fmt.Errorf("%w: table of unknown game %q", store.ErrCorrupt, t.Game)
	}
	if t.Record == nil {
		return nil, fmt.Errorf("%w: %s table without a record", store.ErrCorrupt, t.Status)
	}
	st, _, err := games.Replay(kit.Game, *t.Record)
	if err != nil {
		return nil, fmt.Errorf("%w: replay: %v", store.ErrCorrupt, err)
	}
	return st, nil
}

// isNotFound reports whether err says the channel has no table.
func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }
