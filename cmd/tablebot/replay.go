package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/tablebot/tablebot/games"
)

// replayOutput is what `tablebot replay` prints, exactly as design.md specifies: the
// replay's result, and the move that stopped it, if one did.
type replayOutput struct {
	games.Replayed
	Error *replayError `json:"error,omitempty"`
}

type replayError struct {
	Move   int    `json:"move"`
	Reason string `json:"reason"`
}

// errMoveFailed marks a replay that stopped at an illegal move: its JSON was printed, exit 1.
var errMoveFailed = errors.New("a move could not be applied")

// loadRecord reads and decodes a record file, naming the file in every error.
func loadRecord(path string) (games.Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return games.Record{}, fmt.Errorf("read record: %w", err)
	}
	rec, err := games.DecodeRecord(data)
	if err != nil {
		return games.Record{}, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}

// runReplay applies and validates every move of the record at path and writes the result as
// one JSON object to out. It returns errMoveFailed after printing when a move is illegal, and
// other errors (unreadable file, malformed JSON, unknown game) without printing anything.
func runReplay(reg *games.Registry, path string, out io.Writer) error {
	rec, err := loadRecord(path)
	if err != nil {
		return err
	}
	st, applied, err := reg.Replay(rec)
	var moveErr *games.MoveError
	if err != nil && !errors.As(err, &moveErr) {
		return fmt.Errorf("%s: %w", path, err)
	}
	o := replayOutput{Replayed: games.ReplayedOf(st, applied)}
	if moveErr != nil {
		o.Error = &replayError{Move: moveErr.Index, Reason: moveErr.Err.Error()}
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(o); err != nil {
		return fmt.Errorf("write result: %w", err)
	}
	if moveErr != nil {
		return errMoveFailed
	}
	return nil
}
