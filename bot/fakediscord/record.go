package fakediscord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Request is one recorded HTTP request to the fake's REST API, with the
// fake's answer. Inline interaction replies (see PostInteraction) are
// recorded as requests too, with Inline set.
type Request struct {
	// Seq numbers requests from 1 in the order the fake finished them.
	Seq  int
	Time time.Time
	// Method is the HTTP method.
	Method string
	// Path is the path below the API prefix, e.g. "/channels/1/messages".
	Path string
	// URL is the request URI as received, e.g. "/api/v9/webhooks/1/t?wait=true".
	URL string
	// APIVersion is N of the "/api/vN" prefix, 0 if the path had none.
	APIVersion int
	// Route is the matched route, e.g. "POST /channels/{channel}/messages",
	// or "" when no route matched (the fake answered 404).
	Route string
	// Params holds the route's parameters by name: app, channel, guild,
	// interaction, message, token, user.
	Params map[string]string
	// Query is the parsed query string.
	Query url.Values
	// Header is the request header; for an inline callback, the header of
	// the bot's reply.
	Header http.Header
	// ContentType is the media type of the body, without parameters.
	ContentType string
	// Body is the raw request body.
	Body []byte
	// JSON is the JSON payload: the body itself, or the payload_json part of
	// a multipart body. Nil when there was none.
	JSON json.RawMessage
	// Files are the files of a multipart body, in the order sent.
	Files []File
	// Inline marks an interaction callback that came as the HTTP reply to a
	// signed interaction POST rather than as a REST call.
	Inline bool
	// Status and Response are what the fake answered.
	Status   int
	Response []byte
}

// File is one file of a multipart request.
type File struct {
	// Field is the form field name, e.g. "files[0]".
	Field       string
	Name        string
	ContentType string
	Data        []byte
}

// Decode unmarshals the request's JSON payload into v.
func (r Request) Decode(v any) error {
	if r.JSON == nil {
		return fmt.Errorf("fakediscord: %s %s has no JSON payload", r.Method, r.Path)
	}
	if err := json.Unmarshal(r.JSON, v); err != nil {
		return fmt.Errorf("fakediscord: decode payload of %s %s: %w", r.Method, r.Path, err)
	}
	return nil
}

// Matches reports whether the request matches pattern, written
// "METHOD /path/{param}/..." or "/path/..." (any method). A "{...}" segment
// matches any one path segment, whatever name it has.
func (r Request) Matches(pattern string) bool {
	method, path := splitPattern(pattern)
	if method != "" && method != r.Method {
		return false
	}
	return matchSegments(splitPath(path), splitPath(r.Path)) != nil
}

// clone returns a deep copy, so callers cannot change the recording.
func (r Request) clone() Request {
	r.Params = maps.Clone(r.Params)
	r.Query = url.Values(maps.Clone(map[string][]string(r.Query)))
	r.Header = r.Header.Clone()
	r.Body = bytes.Clone(r.Body)
	r.JSON = bytes.Clone(r.JSON)
	r.Response = bytes.Clone(r.Response)
	r.Files = cloneEach(r.Files, File.clone)
	return r
}

// clone returns a deep copy.
func (f File) clone() File {
	f.Data = bytes.Clone(f.Data)
	return f
}

// cloneEach returns a copy of xs with every element copied by clone; nil
// stays nil.
func cloneEach[T any](xs []T, clone func(T) T) []T {
	out := slices.Clone(xs)
	for i, x := range out {
		out[i] = clone(x)
	}
	return out
}

// Predicate selects recorded requests.
type Predicate func(Request) bool

// Route selects requests matching pattern (see Request.Matches).
func Route(pattern string) Predicate {
	return func(r Request) bool { return r.Matches(pattern) }
}

// Token selects requests made with an interaction token: the callback and
// every webhook request for that interaction.
func Token(token string) Predicate {
	return func(r Request) bool { return r.Params["token"] == token }
}

// Param selects requests whose route parameter name equals value, e.g.
// Param("channel", id).
func Param(name, value string) Predicate {
	return func(r Request) bool { return r.Params[name] == value }
}

// After selects requests recorded after the one numbered seq; pair it with
// Server.Mark to wait only for new requests.
func After(seq int) Predicate {
	return func(r Request) bool { return r.Seq > seq }
}

// All selects requests that every predicate selects.
func All(preds ...Predicate) Predicate {
	return func(r Request) bool {
		for _, p := range preds {
			if !p(r) {
				return false
			}
		}
		return true
	}
}

// Requests returns a copy of every recorded request, oldest first.
func (s *Server) Requests() []Request {
	return s.Filter(func(Request) bool { return true })
}

// Filter returns copies of the recorded requests that pred selects, oldest
// first.
func (s *Server) Filter(pred Predicate) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if pred(r) {
			out = append(out, r.clone())
		}
	}
	return out
}

// Matching returns the recorded requests matching pattern (see
// Request.Matches), oldest first.
func (s *Server) Matching(pattern string) []Request {
	return s.Filter(Route(pattern))
}

// Mark returns the Seq of the latest recorded request (0 if none).
func (s *Server) Mark() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.requests)
}

// WaitFor returns the oldest recorded request that pred selects, waiting for
// one to arrive if there is none yet. The fake has already applied the
// request (stored the message, acknowledged the interaction) when it is
// returned.
func (s *Server) WaitFor(ctx context.Context, pred Predicate) (Request, error) {
	var found Request
	err := s.waitUntil(ctx, func() bool {
		for _, r := range s.requests {
			if pred(r) {
				found = r.clone()
				return true
			}
		}
		return false
	})
	if err != nil {
		return Request{}, err
	}
	return found, nil
}

// Responses returns every request made with an interaction token, oldest
// first: the callback (REST or inline), then edits of the original response,
// follow-ups and their edits and deletions, and reads.
func (s *Server) Responses(token string) []Request {
	return s.Filter(Token(token))
}

// WaitResponse waits for the interaction's callback (REST or inline) and
// returns it.
func (s *Server) WaitResponse(ctx context.Context, token string) (Request, error) {
	return s.WaitFor(ctx, All(Token(token), Route("POST /interactions/{interaction}/{token}/callback")))
}

// record appends r with the next Seq and wakes waiters. Callers hold s.mu.
func (s *Server) record(r Request) {
	if s.cfg.Lean {
		s.notifyLocked()
		return
	}
	r.Seq = len(s.requests) + 1
	s.requests = append(s.requests, r)
	s.notifyLocked()
}

// splitPattern splits "METHOD /path" into its method ("" if absent) and path.
func splitPattern(pattern string) (method, path string) {
	pattern = strings.TrimSpace(pattern)
	if m, p, ok := strings.Cut(pattern, " "); ok {
		return strings.ToUpper(m), strings.TrimSpace(p)
	}
	return "", pattern
}

// splitPath splits a path into its segments, ignoring leading and trailing
// slashes.
func splitPath(path string) []string {
	path = strings.Trim(path, "/")
	if path == "" {
		return nil
	}
	return strings.Split(path, "/")
}

// matchSegments matches path segments against pattern segments and returns
// the "{name}" parameters, or nil when they do not match.
func matchSegments(pattern, path []string) map[string]string {
	if len(pattern) != len(path) {
		return nil
	}
	params := map[string]string{}
	for i, p := range pattern {
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			params[p[1:len(p)-1]] = path[i]
			continue
		}
		if p != path[i] {
			return nil
		}
	}
	return params
}
