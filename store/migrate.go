package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
)

// SchemaVersion is the version of the stored layout this package writes. Version 1 (stored
// as no version at all) is the layout before the archive and the ratings: each server's
// finished games only in a capped history (Redis P:{g:G}:history, bbolt bucket "history")
// with win-count leaderboards (Redis P:{g:G}:lb:*, bbolt buckets "players" and "ranks").
// Version 2 is the archive of every game with the ratings.
const SchemaVersion = 2

// Migration is what Migrate did.
type Migration struct {
	// Guilds is how many servers had legacy history.
	Guilds int
	// Found is how many legacy history entries there were; Imported how many of them this
	// call added to the archive (the others were imported before); Unreadable how many could
	// not be decoded (they stay in the legacy history, and are not archived).
	Found, Imported, Unreadable int
}

// add adds a guild's counts to m.
func (m *Migration) add(g Migration) {
	if g.Found > 0 {
		m.Guilds++
	}
	m.Found, m.Imported, m.Unreadable = m.Found+g.Found, m.Imported+g.Imported, m.Unreadable+g.Unreadable
}

// Migrator is a store that brings data of an older layout (see SchemaVersion) forward. Both
// stores are.
type Migrator interface {
	// Migrate runs once per store, however many processes start at once: if the stored
	// layout is older than SchemaVersion, it imports every legacy history entry into the
	// archive (oldest first, before any game archived since, keeping each game's ID, game,
	// time and record byte for byte, with its seats derived from the record), then calls then
	// (when there were legacy entries and then is not nil; the ratings' rebuild belongs
	// there), then records SchemaVersion. If then fails, the version is not recorded and the
	// next Migrate calls it again (importing nothing twice). Other processes' Migrate waits
	// meanwhile. An entry that cannot be decoded is counted (Unreadable) and skipped. The
	// legacy keys and buckets are left as they are; nothing is deleted.
	// Migrate of a store already at SchemaVersion does nothing and returns a zero Migration.
	// Run it before serving, while no process of the older version still writes.
	Migrate(ctx context.Context, then func(context.Context, Migration) error) (Migration, error)
}

// legacyEntry is one decoded legacy history entry, ready for the archive.
type legacyEntry struct {
	id             string
	entry, summary []byte
	at             int64 // unix milliseconds
}

// legacyFinal turns a legacy history entry (the old archive encoding, which decodeArchived
// reads) into the archive entry and summary of the current layout. names maps, per game, a
// player's name to their user ID on the legacy leaderboard (see legacySeats).
func legacyFinal(guild string, raw []byte, names func(game string) map[string]string) (legacyEntry, error) {
	a, err := decodeArchived(raw)
	if err != nil {
		return legacyEntry{}, err
	}
	if a.GameID == "" {
		return legacyEntry{}, fmt.Errorf("%w: legacy archive entry without a game ID", ErrCorrupt)
	}
	f := Final{GameID: a.GameID, Guild: guild, Game: a.Game, Record: a.Record, At: a.At,
		Seats: legacySeats(a.Record, names(a.Game))}
	entry, err := encodeArchived(f)
	if err != nil {
		return legacyEntry{}, err
	}
	return legacyEntry{id: a.GameID, entry: entry, summary: []byte(summaryOf(f)), at: a.At.UnixMilli()}, nil
}

// legacySeats derives a legacy record's seats as the live finish knows them: a player whose
// name belongs to exactly one user on the server's legacy leaderboard of the game is that user
// (the old leaderboard kept every rated player's user ID and name); another player whose every
// move the AI made is an AI player (of the easy level: the record does not say which); anyone
// else is a person whose name stands for them, as `tablebot ratings replay` does. It returns
// nil when the record cannot be read (the rebuild then skips the game as unreplayable).
func legacySeats(record []byte, names map[string]string) []Seat {
	var rec struct {
		Players []string `json:"players"`
		Moves   []struct {
			Seat json.RawMessage `json:"seat"`
			By   string          `json:"by"`
		} `json:"moves"`
	}
	if json.Unmarshal(record, &rec) != nil || len(rec.Players) == 0 {
		return nil
	}
	n := len(rec.Players)
	by, all := make([]int, n), make([]int, n)
	for _, m := range rec.Moves {
		s, err := strconv.Atoi(string(m.Seat)) // the chance seat is "chance"
		if err != nil || s < 0 || s >= n {
			continue
		}
		all[s]++
		if m.By == "ai" {
			by[s]++
		}
	}
	out := make([]Seat, n)
	for i, name := range rec.Players {
		switch user, ok := names[name]; {
		case ok:
			out[i] = Seat{UserID: user, Name: name}
		case all[i] > 0 && by[i] == all[i]:
			out[i] = Seat{Name: name, AI: "easy"}
		default:
			out[i] = Seat{UserID: name, Name: name}
		}
	}
	return out
}

// uniqueNames inverts user ID → name, keeping only the names exactly one user has.
func uniqueNames(byUser map[string]string) map[string]string {
	out := make(map[string]string, len(byUser))
	twice := map[string]bool{}
	for user, name := range byUser {
		if _, ok := out[name]; ok {
			twice[name] = true
		}
		out[name] = user
	}
	for name := range twice {
		delete(out, name)
	}
	return out
}
