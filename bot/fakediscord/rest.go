package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/websocket"
)

// route is one REST route of the fake. Handlers run with s.mu held.
type route struct {
	method  string
	pattern string
	segs    []string
	auth    bool // requires "Authorization: Bot <token>"
	handle  func(s *Server, req *Request) reply
}

// name is the route as recorded in Request.Route.
func (rt route) name() string { return rt.method + " " + rt.pattern }

// onMessage makes the handler of a route on one message: find resolves the
// message the request names (an interaction's or a channel's) or answers
// Discord's refusal, and h acts on it.
func onMessage(find func(*Server, *Request) (*Message, reply, bool), h func(*Server, *Request, *Message) reply) func(*Server, *Request) reply {
	return func(s *Server, req *Request) reply {
		m, rp, ok := find(s, req)
		if !ok {
			return rp
		}
		return h(s, req, m)
	}
}

// reply is a REST answer: a status and a JSON body (nil for 204).
type reply struct {
	status int
	body   []byte
}

// routes lists every REST route the fake serves. More specific patterns come
// first: the first match wins.
func routes() []route {
	webhookMsg, channelMsg := (*Server).webhookMessage, (*Server).channelMessage
	rs := []route{
		{method: "GET", pattern: "/gateway", handle: (*Server).getGateway},
		{method: "GET", pattern: "/gateway/bot", auth: true, handle: (*Server).getGatewayBot},
		{method: "GET", pattern: "/users/@me", auth: true, handle: (*Server).getMe},
		{method: "GET", pattern: "/users/{user}", auth: true, handle: (*Server).getUser},
		{method: "POST", pattern: "/users/@me/channels", auth: true, handle: (*Server).postDMChannel},
		{method: "GET", pattern: "/applications/@me", auth: true, handle: (*Server).getApplication},
		{method: "GET", pattern: "/oauth2/applications/@me", auth: true, handle: (*Server).getApplication},
		{method: "GET", pattern: "/applications/{app}/commands", auth: true, handle: (*Server).getCommands},
		{method: "PUT", pattern: "/applications/{app}/commands", auth: true, handle: (*Server).putCommands},
		{method: "GET", pattern: "/applications/{app}/guilds/{guild}/commands", auth: true, handle: (*Server).getCommands},
		{method: "PUT", pattern: "/applications/{app}/guilds/{guild}/commands", auth: true, handle: (*Server).putCommands},
		{method: "POST", pattern: "/interactions/{interaction}/{token}/callback", handle: (*Server).postCallback},
		{method: "POST", pattern: "/webhooks/{app}/{token}", handle: (*Server).postFollowup},
		{method: "GET", pattern: "/webhooks/{app}/{token}/messages/{message}", handle: onMessage(webhookMsg, (*Server).getMessage)},
		{method: "PATCH", pattern: "/webhooks/{app}/{token}/messages/{message}", handle: onMessage(webhookMsg, (*Server).patchMessage)},
		{method: "DELETE", pattern: "/webhooks/{app}/{token}/messages/{message}", handle: onMessage(webhookMsg, (*Server).deleteMessage)},
		{method: "POST", pattern: "/channels/{channel}/messages", auth: true, handle: (*Server).postChannelMessage},
		{method: "GET", pattern: "/channels/{channel}/messages/{message}", auth: true, handle: onMessage(channelMsg, (*Server).getMessage)},
		{method: "PATCH", pattern: "/channels/{channel}/messages/{message}", auth: true, handle: onMessage(channelMsg, (*Server).patchChannelMessage)},
		{method: "DELETE", pattern: "/channels/{channel}/messages/{message}", auth: true, handle: onMessage(channelMsg, (*Server).deleteChannelMessage)},
		{method: "POST", pattern: "/channels/{channel}/messages/{message}/threads", auth: true, handle: onMessage(channelMsg, (*Server).postMessageThread)},
		{method: "PUT", pattern: "/channels/{channel}/thread-members/{user}", auth: true, handle: (*Server).putThreadMember},
		{method: "GET", pattern: "/channels/{channel}", auth: true, handle: (*Server).getChannel},
		{method: "PATCH", pattern: "/channels/{channel}", auth: true, handle: (*Server).patchChannel},
		{method: "GET", pattern: "/guilds/{guild}", auth: true, handle: (*Server).getGuild},
	}
	for i := range rs {
		rs[i].segs = splitPath(rs[i].pattern)
	}
	return rs
}

// ServeHTTP serves the REST API under /api/vN/, the gateway websocket and the
// attachments of stored messages. It implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if websocket.IsWebSocketUpgrade(r) {
		s.serveGateway(w, r)
		return
	}
	if strings.HasPrefix(r.URL.Path, attachmentPrefix) {
		s.serveAttachment(w, r)
		return
	}
	if d := s.cfg.RESTLatency + s.takeDelay(r); d > 0 {
		select {
		case <-time.After(d):
		case <-r.Context().Done():
			return
		}
	}
	req := Request{
		Time:   time.Now(),
		Method: r.Method,
		URL:    r.RequestURI,
		Query:  r.URL.Query(),
		Header: r.Header.Clone(),
	}
	rp := s.handleREST(r, &req)
	if rp.body == nil {
		w.WriteHeader(rp.status)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rp.status)
	// The bot hung up if this fails; the request is recorded either way.
	_, _ = w.Write(rp.body)
}

// handleREST reads, routes, applies and records one REST request.
func (s *Server) handleREST(r *http.Request, req *Request) reply {
	body, err := readBody(r, maxBody)
	req.Body = body
	version, path, hasPrefix := splitAPIPrefix(r.URL.EscapedPath())
	req.APIVersion, req.Path = version, path

	var rt *route
	var methodKnown bool
	if hasPrefix {
		rt, req.Params, methodKnown = s.match(r.Method, path)
	}
	if rt != nil {
		req.Route = rt.name()
	}
	var mediaType string
	var decodeErr error
	mediaType, req.JSON, req.Files, decodeErr = decodeBody(r.Header.Get("Content-Type"), body)
	req.ContentType = mediaType

	s.mu.Lock()
	defer s.mu.Unlock()
	var rp reply
	switch {
	case err != nil:
		rp = apiError(http.StatusBadRequest, 0, "could not read request body")
	case len(body) > maxBody:
		rp = apiError(http.StatusRequestEntityTooLarge, 40005, "Request entity too large")
	case rt == nil && !methodKnown:
		rp = apiError(http.StatusNotFound, 0, "404: Not Found")
	case rt == nil:
		rp = apiError(http.StatusMethodNotAllowed, 0, "405: Method Not Allowed")
	case rt.auth && r.Header.Get("Authorization") != "Bot "+s.cfg.Token:
		rp = apiError(http.StatusUnauthorized, 0, "401: Unauthorized")
	case decodeErr != nil:
		rp = apiError(http.StatusBadRequest, codeInvalidJSON, "The request body contains invalid JSON.")
	default:
		if f, ok := s.takeFault(*req); ok {
			if f.applied {
				rt.handle(s, req)
			}
			rp = f.reply
		} else {
			rp = rt.handle(s, req)
		}
	}
	req.Status, req.Response = rp.status, rp.body
	s.record(*req)
	return rp
}

// match finds the route for method and path. methodKnown reports whether some
// route has the path with another method (so the answer is 405, not 404).
func (s *Server) match(method, path string) (rt *route, params map[string]string, methodKnown bool) {
	segs := splitPath(path)
	for i := range s.routes {
		cand := &s.routes[i]
		p := matchSegments(cand.segs, segs)
		if p == nil {
			continue
		}
		for k, v := range p {
			if u, err := url.PathUnescape(v); err == nil {
				p[k] = u
			}
		}
		if cand.method == method {
			return cand, p, true
		}
		methodKnown = true
	}
	return nil, nil, methodKnown
}

// splitAPIPrefix strips "/api/vN" from path and returns N and the rest.
func splitAPIPrefix(path string) (version int, rest string, ok bool) {
	after, found := strings.CutPrefix(path, "/api/v")
	if !found {
		return 0, path, false
	}
	num, rest, _ := strings.Cut(after, "/")
	v, err := strconv.Atoi(num)
	if err != nil || v <= 0 {
		return 0, path, false
	}
	return v, "/" + rest, true
}

// jsonReply marshals v as the body of a reply with status.
func jsonReply(status int, v any) reply {
	b, err := json.Marshal(v)
	if err != nil {
		return apiError(http.StatusInternalServerError, 0, "fakediscord: marshal response: "+err.Error())
	}
	return reply{status: status, body: b}
}

// noContent is the empty 204 reply.
func noContent() reply { return reply{status: http.StatusNoContent} }

// apiError is Discord's error body: {"message": ..., "code": ...}.
func apiError(status, code int, message string) reply {
	return jsonReply(status, map[string]any{"message": message, "code": code})
}

// Discord's JSON error codes used by the fake.
const (
	codeUnknownApplication  = 10002
	codeUnknownMessage      = 10008
	codeUnknownWebhook      = 10015
	codeUnknownInteraction  = 10062
	codeEmptyMessage        = 50006
	codeInvalidJSON         = 50109
	codeInvalidFormBody     = 50035
	codeAlreadyAcknowledged = 40060
)

// quota is the requests an injected error or delay applies to: the next left
// requests matching pattern (see Request.Matches); all of them when left < 0.
type quota struct {
	pattern string
	left    int
}

// newQuota is the quota of the next n requests matching pattern; n <= 0 means
// every matching request until ClearErrors.
func newQuota(pattern string, n int) quota {
	if n <= 0 {
		n = -1
	}
	return quota{pattern: pattern, left: n}
}

// take reports whether q applies to req, and if so uses one of it up.
func (q *quota) take(req Request) bool {
	if q.left == 0 || !req.Matches(q.pattern) {
		return false
	}
	if q.left > 0 {
		q.left--
	}
	return true
}

// fault is an injected error for the requests of its quota.
type fault struct {
	quota
	reply   reply
	applied bool // the request takes effect; only its answer is the error
}

// InjectError makes the next n requests matching pattern (see
// Request.Matches) fail with status and Discord's JSON error {code, message};
// n <= 0 means every matching request until ClearErrors. Failed requests are
// recorded and change no state.
func (s *Server) InjectError(pattern string, n, status, code int, message string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, fault{quota: newQuota(pattern, n), reply: apiError(status, code, message)})
}

// InjectLostReply makes the next n requests matching pattern (see
// Request.Matches) take effect as usual but answer with status and Discord's
// JSON error {code, message}, as when Discord's answer is lost on the way (a
// proxy's timeout, a dropped connection): the bot cannot know that its
// message was created. n <= 0 means every matching request until
// ClearErrors.
func (s *Server) InjectLostReply(pattern string, n, status, code int, message string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, fault{quota: newQuota(pattern, n), reply: apiError(status, code, message), applied: true})
}

// delay is an injected delay of d for the requests of its quota.
type delay struct {
	quota
	d time.Duration
}

// InjectDelay makes the next n REST requests matching pattern (see
// Request.Matches) wait d before they are handled, as a slow Discord would;
// n <= 0 means every matching request until ClearErrors.
func (s *Server) InjectDelay(pattern string, n int, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delays = append(s.delays, delay{quota: newQuota(pattern, n), d: d})
}

// takeDelay returns the injected delay for r, if any, and uses it up.
func (s *Server) takeDelay(r *http.Request) time.Duration {
	_, path, _ := splitAPIPrefix(r.URL.EscapedPath())
	req := Request{Method: r.Method, Path: path}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.delays {
		if d := &s.delays[i]; d.take(req) {
			return d.d
		}
	}
	return 0
}

// ClearErrors removes every injected error and delay.
func (s *Server) ClearErrors() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
	s.delays = nil
}

// takeFault returns the injected error for req, if any, and uses it up.
// Callers hold s.mu.
func (s *Server) takeFault(req Request) (fault, bool) {
	for i := range s.faults {
		if f := &s.faults[i]; f.take(req) {
			return *f, true
		}
	}
	return fault{}, false
}

// errNotFound reports an unknown resource with Discord's code and message.
func errNotFound(code int, message string) reply {
	return apiError(http.StatusNotFound, code, message)
}

// errBadRequest is a 400 with Discord's code and message.
func errBadRequest(code int, message string) reply {
	return apiError(http.StatusBadRequest, code, message)
}

// errWrongApp answers a request naming another application.
var errWrongApp = errors.New("unknown application")

// checkApp returns errWrongApp unless id is the fake's application ID.
func (s *Server) checkApp(id string) error {
	if id != s.appID {
		return errWrongApp
	}
	return nil
}

func (s *Server) getGateway(*Request) reply {
	return jsonReply(http.StatusOK, map[string]any{"url": strings.TrimSuffix(s.GatewayURL(), "/")})
}

func (s *Server) getGatewayBot(*Request) reply {
	return jsonReply(http.StatusOK, map[string]any{
		"url":    strings.TrimSuffix(s.GatewayURL(), "/"),
		"shards": 1,
		"session_start_limit": map[string]any{
			"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1,
		},
	})
}

func (s *Server) getMe(*Request) reply {
	u := s.wireUser(s.BotUser())
	u["bot"] = true
	u["verified"] = true
	u["mfa_enabled"] = false
	u["flags"] = 0
	return jsonReply(http.StatusOK, u)
}

func (s *Server) getUser(req *Request) reply {
	id := req.Params["user"]
	if id == s.appID {
		return s.getMe(req)
	}
	u, ok := s.users[id]
	if !ok {
		u = User{ID: id, Username: "user" + id}
	}
	return jsonReply(http.StatusOK, s.wireUser(u))
}

// postDMChannel opens (or returns) the DM channel with a user: {"recipient_id": "..."}.
func (s *Server) postDMChannel(req *Request) reply {
	var p struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.Unmarshal(req.JSON, &p); err != nil || p.RecipientID == "" {
		return apiError(http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body")
	}
	id, ok := s.dms[p.RecipientID]
	if !ok {
		id = s.ids.next()
		s.dms[p.RecipientID] = id
		s.channels[id] = Channel{ID: id, Name: "dm-" + p.RecipientID, Type: 1}
	}
	u, known := s.users[p.RecipientID]
	if !known {
		u = User{ID: p.RecipientID, Username: "user" + p.RecipientID}
	}
	return jsonReply(http.StatusOK, map[string]any{"id": id, "type": 1, "last_message_id": nil,
		"recipients": []any{s.wireUser(u)}})
}

// DMChannel returns the ID of the DM channel the bot opened with user, if any.
func (s *Server) DMChannel(user string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.dms[user]
	return id, ok
}

func (s *Server) getApplication(*Request) reply {
	bot := s.wireUser(s.BotUser())
	bot["bot"] = true
	return jsonReply(http.StatusOK, map[string]any{
		"id":                     s.appID,
		"name":                   s.cfg.BotUsername,
		"icon":                   nil,
		"description":            "",
		"bot_public":             true,
		"bot_require_code_grant": false,
		"verify_key":             s.PublicKeyHex(),
		"flags":                  0,
		"bot":                    bot,
		"team":                   nil,
	})
}

func (s *Server) getChannel(req *Request) reply {
	if t := s.threadOfLocked(req.Params["channel"]); t != nil {
		return jsonReply(http.StatusOK, s.wireThread(t))
	}
	c := s.channel(req.Params["channel"])
	out := map[string]any{
		"id": c.ID, "type": c.Type, "name": c.Name, "flags": 0,
		"nsfw": false, "position": 0,
	}
	if c.GuildID != "" {
		out["guild_id"] = c.GuildID
	}
	out["last_message_id"] = s.lastMessageIDLocked(c.ID)
	return jsonReply(http.StatusOK, out)
}

// lastMessageIDLocked is a channel's last_message_id: the ID of the last message sent there,
// or nil. Callers hold s.mu.
func (s *Server) lastMessageIDLocked(channelID string) any {
	if ids := s.channelMsgs[channelID]; len(ids) > 0 {
		return ids[len(ids)-1]
	}
	return nil
}

func (s *Server) getGuild(req *Request) reply {
	return jsonReply(http.StatusOK, s.wireGuild(s.guild(req.Params["guild"])))
}

// wireGuild is a guild object as GET /guilds/{id} returns it.
func (s *Server) wireGuild(g Guild) map[string]any {
	return map[string]any{
		"id":                 g.ID,
		"name":               g.Name,
		"icon":               nil,
		"owner_id":           s.appID,
		"preferred_locale":   g.PreferredLocale,
		"roles":              []any{},
		"emojis":             []any{},
		"stickers":           []any{},
		"features":           []any{},
		"verification_level": 0,
		"premium_tier":       0,
		"nsfw_level":         0,
	}
}

// wireUser is a user object as Discord sends it.
func (s *Server) wireUser(u User) map[string]any {
	var global any
	if u.GlobalName != "" {
		global = u.GlobalName
	}
	return map[string]any{
		"id":            u.ID,
		"username":      u.Username,
		"global_name":   global,
		"discriminator": "0",
		"avatar":        nil,
		"public_flags":  0,
	}
}

func (s *Server) getCommands(req *Request) reply {
	if s.checkApp(req.Params["app"]) != nil {
		return errNotFound(codeUnknownApplication, "Unknown Application")
	}
	cmds := s.commands[req.Params["guild"]]
	if cmds == nil {
		cmds = []map[string]any{}
	}
	return jsonReply(http.StatusOK, cmds)
}

func (s *Server) putCommands(req *Request) reply {
	if s.checkApp(req.Params["app"]) != nil {
		return errNotFound(codeUnknownApplication, "Unknown Application")
	}
	guildID := req.Params["guild"]
	var in []map[string]any
	if err := json.Unmarshal(req.JSON, &in); err != nil || req.JSON == nil {
		return formErrorReply([]fieldError{{path: "", code: "BASE_TYPE_ARRAY", message: "Must be an array."}})
	}
	if errs := s.validateCommands(in); len(errs) > 0 {
		return formErrorReply(errs)
	}
	old := map[string]string{}
	for _, c := range s.commands[guildID] {
		old[commandKey(c)] = c["id"].(string)
	}
	out := make([]map[string]any, 0, len(in))
	for _, c := range in {
		if _, ok := c["type"]; !ok {
			c["type"] = 1
		}
		id, ok := old[commandKey(c)]
		if !ok {
			id = s.ids.next()
		}
		c["id"] = id
		c["application_id"] = s.appID
		c["version"] = s.ids.next()
		if guildID != "" {
			c["guild_id"] = guildID
		}
		if _, ok := c["default_member_permissions"]; !ok {
			c["default_member_permissions"] = nil
		}
		if _, ok := c["nsfw"]; !ok {
			c["nsfw"] = false
		}
		out = append(out, c)
	}
	s.commands[guildID] = out
	return jsonReply(http.StatusOK, out)
}

// commandKey identifies a command across overwrites: Discord keeps the ID of
// a command with the same name and type.
func commandKey(c map[string]any) string {
	typ := c["type"]
	if typ == nil {
		typ = 1
	}
	return fmt.Sprintf("%v/%v", c["name"], typ)
}

// commandID returns the registered ID of the chat command name, looking at
// the guild's commands first, or "" if there is none. Callers hold s.mu.
func (s *Server) commandID(guildID, name string) string {
	scopes := []string{""}
	if guildID != "" {
		scopes = []string{guildID, ""}
	}
	for _, scope := range scopes {
		for _, c := range s.commands[scope] {
			if c["name"] == name {
				if id, ok := c["id"].(string); ok {
					return id
				}
			}
		}
	}
	return ""
}

// readBody reads up to limit+1 bytes of r's body (one more than allowed, so that an oversized
// body shows), in one allocation when the request says how long it is.
func readBody(r *http.Request, limit int64) ([]byte, error) {
	if n := r.ContentLength; n > 0 && n <= limit {
		buf := bytes.NewBuffer(make([]byte, 0, n+bytes.MinRead))
		_, err := buf.ReadFrom(io.LimitReader(r.Body, limit+1))
		return buf.Bytes(), err
	}
	return io.ReadAll(io.LimitReader(r.Body, limit+1))
}
