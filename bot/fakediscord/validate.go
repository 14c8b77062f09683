package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"
)

// fieldError is one entry of Discord's "Invalid Form Body" error: a dotted
// path into the payload ("components.0.components.1.custom_id", "" for the
// payload itself), an error code and a message.
type fieldError struct {
	path, code, message string
}

// formErrorReply is Discord's 400 answer for an invalid payload:
// {"code": 50035, "message": "Invalid Form Body", "errors": {...}} with the
// errors nested by path and listed under "_errors".
func formErrorReply(errs []fieldError) reply {
	tree := map[string]any{}
	for _, e := range errs {
		node := tree
		if e.path != "" {
			for _, key := range strings.Split(e.path, ".") {
				next, ok := node[key].(map[string]any)
				if !ok {
					next = map[string]any{}
					node[key] = next
				}
				node = next
			}
		}
		list, _ := node["_errors"].([]any)
		node["_errors"] = append(list, map[string]any{"code": e.code, "message": e.message})
	}
	return jsonReply(http.StatusBadRequest, map[string]any{
		"code": codeInvalidFormBody, "message": "Invalid Form Body", "errors": tree,
	})
}

// validator collects field errors.
type validator struct {
	errs      []fieldError
	customIDs map[string]bool
	count     int // components seen, nested ones included
	textLen   int // characters of Components V2 text displays
}

func (v *validator) add(path, code, format string, args ...any) {
	v.errs = append(v.errs, fieldError{path: path, code: code, message: fmt.Sprintf(format, args...)})
}

// maxLen checks that the string field key of obj has at most max characters,
// and at least one when required.
func (v *validator) maxLen(obj map[string]any, path, key string, max int, required bool) {
	s, _ := obj[key].(string)
	n := utf8.RuneCountInString(s)
	switch {
	case required && n == 0:
		v.add(join(path, key), "BASE_TYPE_REQUIRED", "This field is required")
	case n > max:
		v.add(join(path, key), "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", max)
	}
}

// join appends key to a dotted path.
func join(path string, key any) string {
	if path == "" {
		return fmt.Sprint(key)
	}
	return fmt.Sprintf("%s.%v", path, key)
}

// validateMessage checks a message against Discord's limits: content length,
// embed and attachment counts, and the component layout of classic and
// Components V2 messages.
func validateMessage(m *Message) []fieldError {
	v := &validator{customIDs: map[string]bool{}}
	if utf8.RuneCountInString(m.Content) > 2000 {
		v.add("content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
	}
	var embeds []json.RawMessage
	if json.Unmarshal(orEmptyList(m.Embeds), &embeds) != nil {
		v.add("embeds", "BASE_TYPE_ARRAY", "Must be an array.")
	} else {
		if len(embeds) > 10 {
			v.add("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
		}
		v.embeds(embeds)
	}
	if len(m.Attachments) > 10 {
		v.add("attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
	}
	var comps []map[string]any
	if json.Unmarshal(orEmptyList(m.Components), &comps) != nil {
		v.add("components", "BASE_TYPE_ARRAY", "Must be an array of components.")
		return v.errs
	}
	if m.Flags&FlagComponentsV2 != 0 {
		if m.Content != "" {
			v.add("content", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
		}
		if len(embeds) > 0 {
			v.add("embeds", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
		}
		for i, c := range comps {
			v.component(c, join("components", i), true)
		}
		if v.count > 40 {
			v.add("components", "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED", "Must be 40 or fewer in total (got %d).", v.count)
		}
		if v.textLen > 4000 {
			v.add("components", "COMPONENT_MAX_TOTAL_TEXT_EXCEEDED", "Text displays must total 4000 or fewer characters.")
		}
		return v.errs
	}
	if len(comps) > 5 {
		v.add("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
	}
	for i, c := range comps {
		path := join("components", i)
		if typeOf(c) != ComponentActionRow {
			v.add(path, "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1,).")
			continue
		}
		v.component(c, path, false)
	}
	return v.errs
}

// embeds checks each embed's texts and fields, and the 6000 characters all
// the embeds' texts may total.
func (v *validator) embeds(embeds []json.RawMessage) {
	total := 0
	for i, raw := range embeds {
		path := join("embeds", i)
		var e map[string]any
		if json.Unmarshal(raw, &e) != nil || e == nil {
			v.add(path, "MODEL_TYPE_CONVERT", "Must be an object.")
			continue
		}
		total += v.text(e, path, "title", 256, false)
		total += v.text(e, path, "description", 4096, false)
		if f, ok := e["footer"].(map[string]any); ok {
			total += v.text(f, join(path, "footer"), "text", 2048, true)
		}
		if a, ok := e["author"].(map[string]any); ok {
			total += v.text(a, join(path, "author"), "name", 256, true)
		}
		fields := children(e, "fields")
		if len(fields) > 25 {
			v.add(join(path, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		for j, f := range fields {
			fp := join(join(path, "fields"), j)
			total += v.text(f, fp, "name", 256, true)
			total += v.text(f, fp, "value", 1024, true)
		}
	}
	if total > 6000 {
		v.add("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
	}
}

// text checks a string field as maxLen does and returns its length.
func (v *validator) text(obj map[string]any, path, key string, max int, required bool) int {
	v.maxLen(obj, path, key, max, required)
	s, _ := obj[key].(string)
	return utf8.RuneCountInString(s)
}

// intRange checks that the number field key of obj, when present, lies in
// [lo, hi].
func (v *validator) intRange(obj map[string]any, path, key string, lo, hi int) {
	f, ok := obj[key].(float64)
	if ok && (f < float64(lo) || f > float64(hi) || f != float64(int(f))) {
		v.add(join(path, key), "NUMBER_TYPE_MAX", "Must be between %d and %d.", lo, hi)
	}
}

// typeOf returns a component's type, 0 if it has none.
func typeOf(c map[string]any) int {
	f, _ := c["type"].(float64)
	return int(f)
}

// children returns the components listed under key.
func children(c map[string]any, key string) []map[string]any {
	list, _ := c[key].([]any)
	out := make([]map[string]any, 0, len(list))
	for _, x := range list {
		m, _ := x.(map[string]any)
		out = append(out, m)
	}
	return out
}

// isSelect reports whether t is one of the select menu types.
func isSelect(t int) bool { return t == ComponentStringMenu || (t >= 5 && t <= 8) }

// component checks one message component and its children.
func (v *validator) component(c map[string]any, path string, v2 bool) {
	v.count++
	if c == nil {
		v.add(path, "MODEL_TYPE_CONVERT", "Must be an object.")
		return
	}
	switch t := typeOf(c); {
	case t == ComponentActionRow:
		v.actionRow(c, path, v2)
	case t == ComponentButton:
		v.button(c, path)
	case isSelect(t):
		v.selectMenu(c, path, t)
	case v2 && t == 9: // section
		v.section(c, path)
	case v2 && t >= 10 && t <= 14:
		v.content(c, path, t)
	case v2 && t == 17: // container
		for i, k := range children(c, "components") {
			v.component(k, join(join(path, "components"), i), v2)
		}
	default:
		v.add(join(path, "type"), "UNION_TYPE_CHOICES", "Component type %d is not allowed here.", t)
	}
}

// actionRow checks an action row: one to five buttons, or one select menu.
func (v *validator) actionRow(c map[string]any, path string, v2 bool) {
	kids := children(c, "components")
	if len(kids) == 0 || len(kids) > 5 {
		v.add(join(path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
	}
	for i, k := range kids {
		kt := typeOf(k)
		switch {
		case isSelect(kt) && len(kids) > 1:
			v.add(join(path, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select menu must be alone in its action row.")
		case kt != ComponentButton && !isSelect(kt):
			v.add(join(join(path, "components"), i), "UNION_TYPE_CHOICES", "An action row holds buttons or one select menu.")
			continue
		}
		v.component(k, join(join(path, "components"), i), v2)
	}
}

// button checks a button by its style: a link, a premium (SKU) or an interactive button.
func (v *validator) button(c map[string]any, path string) {
	style, _ := c["style"].(float64)
	v.maxLen(c, path, "label", 80, false)
	switch style {
	case 5:
		v.maxLen(c, path, "url", 512, true)
		if _, ok := c["custom_id"]; ok {
			v.add(join(path, "custom_id"), "BUTTON_CUSTOM_ID_INVALID", "A link button cannot have a custom_id.")
		}
	case 6:
		v.maxLen(c, path, "sku_id", 32, true)
	case 1, 2, 3, 4:
		v.customID(c, path)
	default:
		v.add(join(path, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}.")
	}
}

// selectMenu checks a select menu of type t, and a string menu's options.
func (v *validator) selectMenu(c map[string]any, path string, t int) {
	v.customID(c, path)
	v.maxLen(c, path, "placeholder", 150, false)
	v.intRange(c, path, "min_values", 0, 25)
	v.intRange(c, path, "max_values", 1, 25)
	if t == ComponentStringMenu {
		opts := children(c, "options")
		if len(opts) == 0 || len(opts) > 25 {
			v.add(join(path, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
		}
		for i, o := range opts {
			op := join(join(path, "options"), i)
			v.maxLen(o, op, "label", 100, true)
			v.maxLen(o, op, "value", 100, true)
			v.maxLen(o, op, "description", 100, false)
		}
		if maxV, ok := c["max_values"].(float64); ok && (maxV < 1 || int(maxV) > len(opts)) {
			v.add(join(path, "max_values"), "BASE_TYPE_BAD_INT", "Must be between 1 and the number of options.")
		}
	}
}

// section checks a Components V2 section: one to three children and an accessory.
func (v *validator) section(c map[string]any, path string) {
	kids := children(c, "components")
	if len(kids) == 0 || len(kids) > 3 {
		v.add(join(path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 3 in length.")
	}
	for i, k := range kids {
		v.component(k, join(join(path, "components"), i), true)
	}
	acc, ok := c["accessory"].(map[string]any)
	if !ok {
		v.add(join(path, "accessory"), "BASE_TYPE_REQUIRED", "This field is required")
	} else {
		v.component(acc, join(path, "accessory"), true)
	}
}

// content checks a Components V2 content component of type t (text display, thumbnail,
// media gallery, file or separator).
func (v *validator) content(c map[string]any, path string, t int) {
	switch t {
	case 10: // text display
		s, _ := c["content"].(string)
		if s == "" {
			v.add(join(path, "content"), "BASE_TYPE_REQUIRED", "This field is required")
		}
		v.textLen += utf8.RuneCountInString(s)
	case 11: // thumbnail
		if media, ok := c["media"].(map[string]any); !ok || media["url"] == nil {
			v.add(join(path, "media"), "BASE_TYPE_REQUIRED", "This field is required")
		}
	case 12: // media gallery
		if n := len(children(c, "items")); n == 0 || n > 10 {
			v.add(join(path, "items"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 10 in length.")
		}
	case 13: // file
		if file, ok := c["file"].(map[string]any); !ok || file["url"] == nil {
			v.add(join(path, "file"), "BASE_TYPE_REQUIRED", "This field is required")
		}
	}
}

// customID checks a required custom_id of at most 100 characters that is
// unique in the message.
func (v *validator) customID(c map[string]any, path string) {
	v.maxLen(c, path, "custom_id", 100, true)
	id, _ := c["custom_id"].(string)
	if id == "" {
		return
	}
	if v.customIDs[id] {
		v.add(join(path, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
	}
	v.customIDs[id] = true
}

// validateModal checks the data of a modal callback: title, custom_id and
// one to five rows, each an action row holding one text input, a label
// (type 18) wrapping one, or a text display.
func validateModal(raw json.RawMessage) []fieldError {
	v := &validator{customIDs: map[string]bool{}}
	var d map[string]any
	if json.Unmarshal(raw, &d) != nil || d == nil {
		v.add("data", "BASE_TYPE_REQUIRED", "This field is required")
		return v.errs
	}
	v.maxLen(d, "data", "title", 45, true)
	v.maxLen(d, "data", "custom_id", 100, true)
	rows := children(d, "components")
	if len(rows) == 0 || len(rows) > 5 {
		v.add("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
	}
	for i, row := range rows {
		path := join("data.components", i)
		switch typeOf(row) {
		case ComponentActionRow:
			kids := children(row, "components")
			if len(kids) != 1 || typeOf(kids[0]) != ComponentTextInput {
				v.add(join(path, "components"), "BASE_TYPE_BAD_LENGTH", "A modal action row holds exactly one text input.")
				continue
			}
			v.textInput(kids[0], join(join(path, "components"), 0), true)
		case 18: // label
			v.maxLen(row, path, "label", 45, true)
			v.maxLen(row, path, "description", 100, false)
			inner, ok := row["component"].(map[string]any)
			switch {
			case !ok:
				v.add(join(path, "component"), "BASE_TYPE_REQUIRED", "This field is required")
			case typeOf(inner) == ComponentTextInput:
				v.textInput(inner, join(path, "component"), false)
			case isSelect(typeOf(inner)):
				v.component(inner, join(path, "component"), false)
			}
		case 10: // text display
		default:
			v.add(join(path, "type"), "UNION_TYPE_CHOICES", "Component type %d is not allowed in a modal.", typeOf(row))
		}
	}
	return v.errs
}

// textInput checks a modal text input; legacy inputs (in an action row)
// carry their own label.
func (v *validator) textInput(c map[string]any, path string, needLabel bool) {
	v.customID(c, path)
	if needLabel {
		v.maxLen(c, path, "label", 45, true)
	}
	v.maxLen(c, path, "value", 4000, false)
	v.maxLen(c, path, "placeholder", 100, false)
	v.intRange(c, path, "min_length", 0, 4000)
	v.intRange(c, path, "max_length", 1, 4000)
	if style, _ := c["style"].(float64); style != 1 && style != 2 {
		v.add(join(path, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
	}
}

// commandNameRE is Discord's pattern for chat command and option names.
var commandNameRE = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// validCommandName reports whether name matches Discord's pattern and is in
// lower case where its letters have a lower case.
func validCommandName(name string) bool {
	return commandNameRE.MatchString(name) && strings.ToLower(name) == name
}

// validateCommands checks a bulk overwrite: at most 100 commands with unique
// names, valid names and descriptions, at most 25 options each.
func (s *Server) validateCommands(cmds []map[string]any) []fieldError {
	if s.cfg.SkipValidation {
		return nil
	}
	v := &validator{}
	if len(cmds) > 100 {
		v.add("", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
	}
	seen := map[string]bool{}
	for i, c := range cmds {
		path := fmt.Sprint(i)
		name, _ := c["name"].(string)
		chat := c["type"] == nil || c["type"] == float64(1)
		if chat {
			if !validCommandName(name) {
				v.add(join(path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
			}
			v.maxLen(c, path, "description", 100, true)
		} else {
			v.maxLen(c, path, "name", 32, true)
		}
		key := commandKey(c)
		if seen[key] {
			v.add(join(path, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
		}
		seen[key] = true
		v.options(children(c, "options"), join(path, "options"))
	}
	return v.errs
}

// options checks command options recursively.
func (v *validator) options(opts []map[string]any, path string) {
	if len(opts) > 25 {
		v.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
	}
	for i, o := range opts {
		op := join(path, i)
		name, _ := o["name"].(string)
		if !validCommandName(name) {
			v.add(join(op, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Option name is invalid")
		}
		v.maxLen(o, op, "description", 100, true)
		if n := len(children(o, "choices")); n > 25 {
			v.add(join(op, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		v.options(children(o, "options"), join(op, "options"))
	}
}

// MessageRefusals returns what Discord refuses in a message payload — the
// JSON a bot sends to create or edit a message, or as an interaction
// response's data: content, flags, components, embeds — sent with files
// attachments: one "path: message" per refused field, none when the message
// fits. It applies the limits the fake's routes apply, so that a test can
// check a message the bot builds without sending it.
func MessageRefusals(payload []byte, files int) []string {
	var p struct {
		Content    string          `json:"content"`
		Flags      int             `json:"flags"`
		Components json.RawMessage `json:"components"`
		Embeds     json.RawMessage `json:"embeds"`
	}
	if err := json.Unmarshal(payload, &p); err != nil {
		return []string{"payload: " + err.Error()}
	}
	m := &Message{Content: p.Content, Flags: p.Flags, Components: p.Components, Embeds: p.Embeds, Attachments: make([]Attachment, files)}
	return describe(validateMessage(m))
}

// ModalRefusals returns what Discord refuses in the data of a modal response
// (title, custom_id, rows), as MessageRefusals does for a message.
func ModalRefusals(data []byte) []string {
	return describe(validateModal(data))
}

// describe writes field errors as "path: message".
func describe(errs []fieldError) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.path + ": " + e.message
	}
	return out
}
