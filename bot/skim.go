package bot

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// withoutMessage is the fast path of decodeInteraction. A click's body is mostly the message
// the component was on (its components, embeds and attachments), of which the bot reads only
// the ID, channel and flags; encoding/json would scan all of it twice, once to check it and
// once to skip it. withoutMessage finds the top-level "message" member with one structural
// scan and returns the body with that value replaced by null, and the message's ID, channel
// and flags. ok is false whenever the body is not plainly what Discord sends — a key that is
// escaped, not ASCII, or equal to "message", "id", "channel_id" or "flags" only ignoring case
// (encoding/json would match it), a repeated one, a message that is neither an object nor
// null, anything after the top-level object, or anything the scan cannot follow — and then
// the caller decodes the whole body instead. Of the message, only the three members the bot
// reads are checked as JSON.
func withoutMessage(body []byte) (rest []byte, head *discordgo.Message, ok bool) {
	var top [1]span
	past, ok := members(body, skipSpace(body, 0), []string{"message"}, top[:])
	if !ok || skipSpace(body, past) != len(body) {
		return nil, nil, false
	}
	m := top[0]
	if !m.found() || string(body[m.start:m.end]) == "null" {
		return body, nil, true
	}
	if body[m.start] != '{' {
		return nil, nil, false
	}
	var fields [3]span
	if _, ok := members(body[:m.end], m.start, []string{"id", "channel_id", "flags"}, fields[:]); !ok {
		return nil, nil, false
	}
	head = &discordgo.Message{}
	for k, to := range []any{&head.ID, &head.ChannelID, &head.Flags} {
		if f := fields[k]; f.found() && json.Unmarshal(body[f.start:f.end], to) != nil {
			return nil, nil, false
		}
	}
	rest = make([]byte, 0, len(body)-(m.end-m.start)+len("null"))
	rest = append(append(append(rest, body[:m.start]...), "null"...), body[m.end:]...)
	return rest, head, true
}

// span is where a member's value lies in a body; end is 0 when the member is absent.
type span struct{ start, end int }

func (s span) found() bool { return s.end > 0 }

// members scans the object that starts at b[at] once, sets spans[k] to the value of the
// member named keys[k], and returns the index just past the object. ok is false when the
// object cannot be followed to its end, or a key is escaped, not ASCII, repeated among keys,
// or equal to one of keys only ignoring case.
func members(b []byte, at int, keys []string, spans []span) (past int, ok bool) {
	if at >= len(b) || b[at] != '{' {
		return 0, false
	}
	i := skipSpace(b, at+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, true
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return 0, false
		}
		k := i + 1
		for k < len(b) && b[k] != '"' {
			if b[k] == '\\' || b[k] >= 0x80 {
				return 0, false
			}
			k++
		}
		if k >= len(b) {
			return 0, false
		}
		name := b[i+1 : k]
		i = skipSpace(b, k+1)
		if i >= len(b) || b[i] != ':' {
			return 0, false
		}
		i = skipSpace(b, i+1)
		v := skipValue(b, i)
		if v < 0 {
			return 0, false
		}
		for n, key := range keys {
			switch {
			case string(name) == key:
				if spans[n].found() {
					return 0, false
				}
				spans[n] = span{i, v}
			case len(name) == len(key) && strings.EqualFold(string(name), key):
				return 0, false
			}
		}
		i = skipSpace(b, v)
		if i >= len(b) {
			return 0, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return i + 1, true
		default:
			return 0, false
		}
	}
}

// skipValue returns the index just past the JSON value that starts at b[i], or -1 when it
// cannot be followed. Nested values are followed without recursion; strings are skipped to
// their closing quote.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				if i = skipString(b, i); i < 0 {
					return -1
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return -1
	}
	j := i
	for j < len(b) && !isDelimiter(b[j]) {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

// skipString returns the index just past the string whose opening quote is b[i], or -1.
func skipString(b []byte, i int) int {
	j := i + 1
	for {
		q := bytes.IndexByte(b[j:], '"')
		if q < 0 {
			return -1
		}
		j += q
		// The quote closes the string unless an odd number of backslashes escapes it.
		escapes := 0
		for p := j - 1; p > i && b[p] == '\\'; p-- {
			escapes++
		}
		if escapes%2 == 0 {
			return j + 1
		}
		j++
	}
}

// isDelimiter reports whether c ends a number or a literal.
func isDelimiter(c byte) bool {
	switch c {
	case ',', '}', ']', ':', '"', '{', '[', ' ', '\t', '\r', '\n':
		return true
	}
	return false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}
