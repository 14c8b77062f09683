package games

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// DecodeStrict decodes one JSON value from data into v the way records are read: unknown
// fields and trailing data are errors. Every error wraps ErrBadRecord and names what was
// being read ("action", "ingenious options").
func DecodeStrict(data []byte, v any, what string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrBadRecord, what, err)
	}
	if dec.More() {
		return fmt.Errorf("%w: %s: trailing data", ErrBadRecord, what)
	}
	return nil
}
