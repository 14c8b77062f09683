package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// RecordVersion is the version of the record format this package writes and reads.
const RecordVersion = 1

// Record is a whole game: which game, its options, the players' names and every move in order,
// the chance seat's included. Replaying a record always yields the same state.
type Record struct {
	Game    string          `json:"game"`
	Version int             `json:"version"`
	Options json.RawMessage `json:"options"`
	Players []string        `json:"players"`
	Moves   []Move          `json:"moves"`
}

// Move is one entry of a record: who moved, and the action in its JSON form. By says who
// decided for a player's seat when it was not the player (see By). Records without it replay the
// same: replay ignores By.
type Move struct {
	Seat   Seat            `json:"seat"`
	Action json.RawMessage `json:"action"`
	By     By              `json:"by,omitempty"`
}

// By says who decided a move: its value is what a record's "by" holds, left out when empty.
type By string

const (
	// ByPlayer marks a move the seat's player made (or chance): the record leaves "by" out.
	ByPlayer By = ""
	// ByAI marks a move the built-in AI made for a seat (an AI seat, a seat whose player is
	// away, or a decision made at a deadline): "by":"ai".
	ByAI By = "ai"
)

// MoveError says which move of a record could not be applied, and why.
type MoveError struct {
	// Index is the 0-based position of the move in Record.Moves.
	Index int
	// Err is the decoding error or the *Refusal that Apply returned.
	Err error
}

// Error describes the move's index and reason.
func (e *MoveError) Error() string { return fmt.Sprintf("move %d: %v", e.Index, e.Err) }

// Unwrap returns the underlying reason.
func (e *MoveError) Unwrap() error { return e.Err }

// DecodeRecord reads a record strictly: unknown keys, a wrong version and trailing data are
// errors wrapping ErrBadRecord. The game name is not checked here; Registry.Replay does that.
func DecodeRecord(data []byte) (Record, error) {
	var rec Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return Record{}, fmt.Errorf("%w: %s", ErrBadRecord, describeJSONError(data, err))
	}
	if dec.More() {
		return Record{}, fmt.Errorf("%w: trailing data after the record", ErrBadRecord)
	}
	if rec.Version != RecordVersion {
		return Record{}, fmt.Errorf("%w: version %d, want %d", ErrBadRecord, rec.Version, RecordVersion)
	}
	for i, m := range rec.Moves {
		if len(m.Action) == 0 {
			return Record{}, fmt.Errorf("%w: move %d has no action", ErrBadRecord, i)
		}
	}
	return rec, nil
}

// describeJSONError adds the line and column to a JSON syntax or type error.
func describeJSONError(data []byte, err error) string {
	var offset int64 = -1
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		offset = syn.Offset
	case errors.As(err, &typ):
		offset = typ.Offset
	}
	if offset < 0 || offset > int64(len(data)) {
		return err.Error()
	}
	line, col := 1, 1
	for _, b := range data[:offset] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("line %d, column %d: %v", line, col, err)
}

// Recorder keeps a state together with the record that produced it, appending every applied
// move. It is how the bot plays: the record is what gets stored.
type Recorder struct {
	State  State
	Record Record
}

// Start begins a new recorded game.
func Start(g Game, players []string, options json.RawMessage) (*Recorder, error) {
	st, err := g.New(players, options)
	if err != nil {
		return nil, err
	}
	return &Recorder{State: st, Record: Record{
		Game: g.Name(), Version: RecordVersion, Options: st.Options(),
		Players: append([]string(nil), players...),
	}}, nil
}

// Apply applies a move and, when it succeeds, appends it to the record.
func (r *Recorder) Apply(seat Seat, a Action) ([]Event, error) { return r.ApplyBy(seat, a, ByPlayer) }

// ApplyBy is Apply recording who decided the move for the seat (see By). The common refusals
// (see Check) come first, then the game's own Apply.
func (r *Recorder) ApplyBy(seat Seat, a Action, by By) ([]Event, error) {
	events, err := Apply(r.State, seat, a)
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("encode %s action: %w", a.ActionType(), err)
	}
	r.Record.Moves = append(r.Record.Moves, Move{Seat: seat, Action: data, By: by})
	return events, nil
}

// Pretty encodes the record for people: the header fields indented, one move per line.
func (r Record) Pretty() ([]byte, error) {
	var b bytes.Buffer
	head := struct {
		Game    string          `json:"game"`
		Version int             `json:"version"`
		Options json.RawMessage `json:"options"`
		Players []string        `json:"players"`
	}{r.Game, r.Version, r.Options, r.Players}
	if head.Options == nil {
		head.Options = json.RawMessage("{}")
	}
	h, err := json.Marshal(head)
	if err != nil {
		return nil, fmt.Errorf("encode record: %w", err)
	}
	b.Write(h[:len(h)-1])
	b.WriteString(",\n \"moves\": [")
	for i, m := range r.Moves {
		line, err := json.Marshal(m)
		if err != nil {
			return nil, fmt.Errorf("encode move %d: %w", i, err)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n  ")
		b.Write(line)
	}
	b.WriteString("\n ]\n}\n")
	return b.Bytes(), nil
}
