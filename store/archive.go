package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// HistoryCap is how many finished games each guild's recent-games list (History) keeps.
// Finish drops the oldest entry from the list once a guild has more; the archive keeps every
// game.
const HistoryCap = 1000

// MaxScore bounds Outcome.Score: Finish rejects a score below -MaxScore or above MaxScore.
// The bound keeps scores exact in Redis's Lua, whose numbers are float64.
const MaxScore = 1 << 52

// archiveHead is the part of an archive entry that encoding/json may write; the record is
// spliced in by encodeArchived so that its bytes survive unchanged.
type archiveHead struct {
	GameID  string         `json:"game_id"`
	Game    string         `json:"game"`
	At      time.Time      `json:"at"`
	Seats   []Seat         `json:"seats,omitempty"`
	Ratings []RatingChange `json:"ratings,omitempty"`
	Solo    *SoloScore     `json:"solo,omitempty"`
}

// archiveEntry is an archive entry as read back. A record that is JSON without surrounding
// white space is stored as it is, under "record", so the archive stays readable; any other
// record is stored as base64 under "record_base64".
type archiveEntry struct {
	archiveHead
	Record       json.RawMessage `json:"record"`
	RecordBase64 []byte          `json:"record_base64"`
}

// encodeArchived encodes f's archive entry as one JSON object
// {"game_id", "game", "at", "seats", "ratings", "solo", "record"}.
func encodeArchived(f Final) ([]byte, error) {
	head, err := json.Marshal(archiveHead{GameID: f.GameID, Game: f.Game, At: f.At.UTC(),
		Seats: f.Seats, Ratings: Changes(f.Outcomes), Solo: f.Solo})
	if err != nil {
		return nil, fmt.Errorf("store: encode archive entry %q: %w", f.GameID, err)
	}
	head = head[:len(head)-1] // drop "}"
	if len(f.Record) > 0 && json.Valid(f.Record) && len(bytes.TrimSpace(f.Record)) == len(f.Record) {
		out := make([]byte, 0, len(head)+len(f.Record)+12)
		out = append(out, head...)
		out = append(out, `,"record":`...)
		out = append(out, f.Record...)
		return append(out, '}'), nil
	}
	b64, err := json.Marshal(f.Record)
	if err != nil {
		return nil, fmt.Errorf("store: encode archive entry %q: %w", f.GameID, err)
	}
	out := append(head, `,"record_base64":`...)
	out = append(out, b64...)
	return append(out, '}'), nil
}

// decodeJSON decodes a stored JSON value, a what ("archive entry", "solo record"…); one that
// does not decode is ErrCorrupt.
func decodeJSON[T any, D string | []byte](what string, data D) (T, error) {
	var v T
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		var zero T
		return zero, fmt.Errorf("%w: %s: %w", ErrCorrupt, what, err)
	}
	return v, nil
}

// decodeArchived decodes an entry written by encodeArchived; anything else is ErrCorrupt.
func decodeArchived(b []byte) (Archived, error) {
	e, err := decodeJSON[archiveEntry]("archive entry", b)
	if err != nil {
		return Archived{}, err
	}
	rec := []byte(e.Record)
	if e.Record == nil {
		rec = e.RecordBase64
	}
	return Archived{GameID: e.GameID, Game: e.Game, At: e.At, Seats: e.Seats, Ratings: e.Ratings, Solo: e.Solo, Record: rec}, nil
}
