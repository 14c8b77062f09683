package games

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// OptionKind says what values an option takes, and so how the lobby and the slash commands
// offer it.
type OptionKind string

// The option kinds.
const (
	// OptionBool takes true or false.
	OptionBool OptionKind = "bool"
	// OptionInt takes a whole number.
	OptionInt OptionKind = "int"
	// OptionList takes a list of whole numbers, written "1,2,3" by players.
	OptionList OptionKind = "list"
	// OptionChoice takes one of the option's named Values, as a JSON string.
	OptionChoice OptionKind = "choice"
)

// Option describes one option a game accepts in its record's "options" object, so that the
// lobby, the slash commands and /help can show and set it without knowing the game.
type Option struct {
	// Name is the JSON key, e.g. "teams". It is also the slash-command option's name.
	Name string
	// Label is the option's name as a player reads it in the lobby ("Teams" / "Týmy"); the
	// zero Text means Name.
	Label Text
	// Kind says what values the option takes.
	Kind OptionKind
	// Values are the named values of an OptionChoice option, in the order they are offered.
	Values []OptionValue
	// Nullable lets the option be null ("none"), which None describes ("chance picks them").
	Nullable bool
	// None is how a null value reads in the lobby; used when Nullable is set.
	None Text
	// Default is the value used when the key is missing, in its JSON form.
	Default string
	// About says what the option does.
	About Text
}

// OptionValue is one named value of an OptionChoice option.
type OptionValue struct {
	// Value is the option's JSON string value, e.g. "four".
	Value string
	// Label is how a player reads it ("4 cards" / "4 karty").
	Label Text
}

// Display writes the option's value raw (its JSON form) the way a player reads it: "yes",
// "4 cards", "1, 2, 3", or the None text for null.
func (o Option) Display(raw json.RawMessage, lang Lang) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		raw = json.RawMessage(o.Default)
	}
	if string(raw) == "null" {
		if !o.None.IsZero() {
			return o.None.In(lang)
		}
		return Say("none", "žádné").In(lang)
	}
	switch o.Kind {
	case OptionBool:
		if string(raw) == "true" {
			return Say("yes", "ano").In(lang)
		}
		return Say("no", "ne").In(lang)
	case OptionChoice:
		var v string
		if json.Unmarshal(raw, &v) == nil {
			for _, ov := range o.Values {
				if ov.Value == v {
					return ov.Label.In(lang)
				}
			}
			return v
		}
	case OptionList:
		var list []int
		if json.Unmarshal(raw, &list) == nil {
			parts := make([]string, len(list))
			for i, n := range list {
				parts[i] = fmt.Sprint(n)
			}
			return strings.Join(parts, ", ")
		}
	}
	return string(raw)
}

// Title is the option's label in lang, or its name when it has none.
func (o Option) Title(lang Lang) string {
	if o.Label.IsZero() {
		return o.Name
	}
	return o.Label.In(lang)
}

// CheckOptions checks an options object against g's option list: every key known, every value
// of its option's kind (a named value for a choice, null only where Nullable). It does not
// check what depends on the number of players or on other options; Game.New does that at the
// start. The error wraps ErrBadRecord and reads as a sentence.
func CheckOptions(g Game, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var set map[string]json.RawMessage
	if err := json.Unmarshal(raw, &set); err != nil {
		return fmt.Errorf("%w: %s options: want a JSON object: %v", ErrBadRecord, g.Name(), err)
	}
	specs := g.Options()
	for name, v := range set {
		i := slices.IndexFunc(specs, func(o Option) bool { return o.Name == name })
		if i < 0 {
			return fmt.Errorf("%w: %s has no option %q", ErrBadRecord, g.Name(), name)
		}
		if err := specs[i].check(v); err != nil {
			return fmt.Errorf("%w: option %s: %v", ErrBadRecord, name, err)
		}
	}
	return nil
}

// check reports why v is not a value of o.
func (o Option) check(v json.RawMessage) error {
	if string(bytes.TrimSpace(v)) == "null" {
		if o.Nullable {
			return nil
		}
		return fmt.Errorf("it cannot be null")
	}
	switch o.Kind {
	case OptionBool:
		var b bool
		if json.Unmarshal(v, &b) != nil {
			return fmt.Errorf("want true or false, not %s", v)
		}
	case OptionInt:
		var n int
		if json.Unmarshal(v, &n) != nil {
			return fmt.Errorf("want a whole number, not %s", v)
		}
	case OptionList:
		var list []int
		if json.Unmarshal(v, &list) != nil {
			return fmt.Errorf("want a list of whole numbers, not %s", v)
		}
	case OptionChoice:
		var s string
		if json.Unmarshal(v, &s) != nil || !slices.ContainsFunc(o.Values, func(ov OptionValue) bool { return ov.Value == s }) {
			names := make([]string, len(o.Values))
			for i, ov := range o.Values {
				names[i] = ov.Value
			}
			return fmt.Errorf("want one of %s, not %s", strings.Join(names, ", "), v)
		}
	default:
		return fmt.Errorf("option of unknown kind %q", o.Kind)
	}
	return nil
}
