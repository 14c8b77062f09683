package games

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// Wire is the JSON form of one type of action with its "type" tag left out: a struct whose
// json-tagged fields are the action's fields. Every field is required (present and not null)
// unless its tag says omitempty. Action turns the decoded form into the game's action,
// refusing values no action has (a column letter out of the alphabet); whether the action is
// legal now is Apply's business.
type Wire interface {
	Action() (Action, error)
}

// ActionKind is one row of a game's action table: the "type" tag, a fresh wire form to decode
// into, and whether only the chance seat makes such moves.
type ActionKind struct {
	Tag    string
	New    func() Wire
	Chance bool
	fields []wireField
}

// wireField is one json-tagged field of a wire form.
type wireField struct {
	name     string
	index    int
	optional bool
}

// Kind is the row of a player's action whose wire form is W.
func Kind[W any, P interface {
	*W
	Wire
}](tag string) ActionKind {
	return ActionKind{Tag: tag, New: func() Wire { return P(new(W)) }}
}

// ByChance returns the row marked as a chance action: only the chance seat makes it.
func (k ActionKind) ByChance() ActionKind {
	k.Chance = true
	return k
}

// Bare is the row of a player's action A that has no fields besides its tag ({"type":"swap"}).
func Bare[A Action](tag string) ActionKind { return Kind[bare[A]](tag) }

// bare is the wire form of an action without fields.
type bare[A Action] struct{}

// Action returns the zero A.
func (bare[A]) Action() (Action, error) {
	var a A
	return a, nil
}

// Codec reads a game's actions from their JSON form by a table of kinds: the "type" tag picks
// the row, unknown and missing fields are refused, and the row's wire form builds the action.
// A Codec is immutable and safe for concurrent use.
type Codec struct {
	game  string
	kinds []ActionKind
}

// NewCodec builds the codec of the named game from its table. It panics on a table that is
// wrong in itself (a tag twice, a wire form that is not a struct): a programming error.
func NewCodec(game string, kinds ...ActionKind) *Codec {
	c := &Codec{game: game}
	for _, k := range kinds {
		if c.kind(k.Tag) != nil {
			panic(fmt.Sprintf("games: %s: action type %q listed twice", game, k.Tag))
		}
		k.fields = fieldsOf(k.New())
		c.kinds = append(c.kinds, k)
	}
	return c
}

// fieldsOf lists the json-tagged fields of the struct w points to.
func fieldsOf(w Wire) []wireField {
	t := reflect.TypeOf(w)
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("games: wire form %T is not a pointer to a struct", w))
	}
	var fields []wireField
	for i := range t.Elem().NumField() {
		tag, ok := t.Elem().Field(i).Tag.Lookup("json")
		name, opts, _ := strings.Cut(tag, ",")
		if !ok || name == "-" || name == "" || name == "type" {
			continue
		}
		fields = append(fields, wireField{name: name, index: i, optional: opts == "omitempty"})
	}
	return fields
}

// kind returns the row of tag, or nil.
func (c *Codec) kind(tag string) *ActionKind {
	for i := range c.kinds {
		if c.kinds[i].Tag == tag {
			return &c.kinds[i]
		}
	}
	return nil
}

// Tags lists the action types in table order.
func (c *Codec) Tags() []string {
	tags := make([]string, len(c.kinds))
	for i, k := range c.kinds {
		tags[i] = k.Tag
	}
	return tags
}

// IsChance reports whether a is of a type only the chance seat makes.
func (c *Codec) IsChance(a Action) bool {
	k := c.kind(a.ActionType())
	return k != nil && k.Chance
}

// Decode reads one action strictly: a JSON object whose "type" is in the table, every field of
// its row present and no other field given. Errors wrap ErrBadRecord.
func (c *Codec) Decode(data []byte) (Action, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, fmt.Errorf("%w: action: %v", ErrBadRecord, err)
	}
	var tag string
	if raw, ok := obj["type"]; !ok || json.Unmarshal(raw, &tag) != nil {
		return nil, fmt.Errorf("%w: action has no \"type\"", ErrBadRecord)
	}
	k := c.kind(tag)
	if k == nil {
		return nil, fmt.Errorf("%w: unknown %s action type %q (want %s)", ErrBadRecord, c.game, tag, strings.Join(c.Tags(), ", "))
	}
	w := k.New()
	v := reflect.ValueOf(w).Elem()
	var missing []string
	for _, f := range k.fields {
		raw, ok := obj[f.name]
		if !ok || string(raw) == "null" {
			if !f.optional {
				missing = append(missing, `"`+f.name+`"`)
			}
			continue
		}
		if err := json.Unmarshal(raw, v.Field(f.index).Addr().Interface()); err != nil {
			return nil, fmt.Errorf("%w: %s %q: %v", ErrBadRecord, tag, f.name, err)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%w: %s needs %s", ErrBadRecord, tag, strings.Join(missing, ", "))
	}
	for _, name := range slices.Sorted(maps.Keys(obj)) {
		if name != "type" && !slices.ContainsFunc(k.fields, func(f wireField) bool { return f.name == name }) {
			return nil, fmt.Errorf("%w: %s has no field %q", ErrBadRecord, tag, name)
		}
	}
	a, err := w.Action()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrBadRecord, tag, err)
	}
	return a, nil
}
