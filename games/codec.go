package games

import (
	"encoding/json"
	"fmt"
	"reflect"
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
// into, whether only the chance seat makes such moves, and whether a seat may take such a
// move back (see Undoer).
type ActionKind struct {
	Tag    string
	New    func() Wire
	Chance bool
	Undo   bool
	fields []wireField
	// strict is the type decoded first: "type" and a pointer to each field of the wire form,
	// so that a missing field stays nil.
	strict reflect.Type
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

// Undoable returns the row marked as a move its seat may take back (see Undoer).
func (k ActionKind) Undoable() ActionKind {
	k.Undo = true
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
		k.strict = strictType(reflect.TypeOf(k.New()).Elem(), k.fields)
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

// strictType is the struct a wire form of type wire is first decoded into: a "type" field, then
// a pointer to each of fields, in their order.
func strictType(wire reflect.Type, fields []wireField) reflect.Type {
	sf := []reflect.StructField{{Name: "Type", Type: reflect.TypeFor[string](), Tag: `json:"type"`}}
	for _, f := range fields {
		w := wire.Field(f.index)
		sf = append(sf, reflect.StructField{Name: w.Name, Type: reflect.PointerTo(w.Type), Tag: reflect.StructTag(`json:"` + f.name + `"`)})
	}
	return reflect.StructOf(sf)
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

// tags lists the action types in table order.
func (c *Codec) tags() []string {
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

// IsUndoable reports whether a is of a type its seat may take back (see Undoer).
func (c *Codec) IsUndoable(a Action) bool {
	k := c.kind(a.ActionType())
	return k != nil && k.Undo
}

// Decode reads one action strictly: a JSON object whose "type" is in the table, every field of
// its row present (and not null) and no other field given. Errors wrap ErrBadRecord.
func (c *Codec) Decode(data []byte) (Action, error) {
	var head struct {
		Type *string `json:"type"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("%w: action: %v", ErrBadRecord, err)
	}
	if head.Type == nil {
		return nil, fmt.Errorf("%w: action has no \"type\"", ErrBadRecord)
	}
	k := c.kind(*head.Type)
	if k == nil {
		return nil, fmt.Errorf("%w: unknown %s action type %q (want %s)", ErrBadRecord, c.game, *head.Type, strings.Join(c.tags(), ", "))
	}
	raw := reflect.New(k.strict)
	if err := DecodeStrict(data, raw.Interface(), "action"); err != nil {
		return nil, err
	}
	w := k.New()
	v := reflect.ValueOf(w).Elem()
	var missing []string
	for i, f := range k.fields {
		p := raw.Elem().Field(i + 1)
		switch {
		case !p.IsNil():
			v.Field(f.index).Set(p.Elem())
		case !f.optional:
			missing = append(missing, `"`+f.name+`"`)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%w: %s needs %s", ErrBadRecord, k.Tag, strings.Join(missing, ", "))
	}
	a, err := w.Action()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrBadRecord, k.Tag, err)
	}
	return a, nil
}

// Encode writes action a in its record form, the one Decode reads: {"type": a's tag, then
// the fields of wire}, where wire is the action's wire form (or any struct of json-tagged
// fields) filled from a, or nil for an action without fields. A list field that wire leaves
// nil is written [], not null, unless its tag says omitempty: null would not read back. It is
// what an action's MarshalJSON returns.
func Encode(a Action, wire any) ([]byte, error) {
	tag, err := json.Marshal(a.ActionType())
	if err != nil {
		return nil, fmt.Errorf("encode action type: %w", err)
	}
	out := append([]byte(`{"type":`), tag...)
	if wire == nil {
		return append(out, '}'), nil
	}
	body, err := json.Marshal(withLists(wire))
	if err != nil {
		return nil, fmt.Errorf("encode %s action: %w", a.ActionType(), err)
	}
	if len(body) < 2 || body[0] != '{' {
		return nil, fmt.Errorf("encode %s action: wire form %T is not a JSON object", a.ActionType(), wire)
	}
	if len(body) > 2 {
		out = append(out, ',')
	}
	return append(out, body[1:]...), nil
}

// withLists returns wire, a struct, with every nil list of a field without omitempty made
// empty; anything else is returned as it is.
func withLists(wire any) any {
	v := reflect.ValueOf(wire)
	if v.Kind() != reflect.Struct {
		return wire
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	for i := range c.NumField() {
		tag, ok := v.Type().Field(i).Tag.Lookup("json")
		name, opts, _ := strings.Cut(tag, ",")
		f := c.Field(i)
		if ok && name != "-" && opts != "omitempty" && f.Kind() == reflect.Slice && f.IsNil() && f.CanSet() {
			f.Set(reflect.MakeSlice(f.Type(), 0, 0))
		}
	}
	return c.Interface()
}
