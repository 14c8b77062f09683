package fakediscord

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway opcodes, as numbered by Discord.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opPresenceUpdate = 3
	opVoiceState     = 4
	opResume         = 6
	opReconnect      = 7
	opRequestMembers = 8
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatACK   = 11
)

// writeTimeout bounds every websocket write.
const writeTimeout = 5 * time.Second

// GatewayFrame is one payload the bot sent over the gateway.
type GatewayFrame struct {
	Time time.Time
	Op   int
	Data json.RawMessage
}

// Identify is an IDENTIFY payload the bot sent.
type Identify struct {
	Token      string            `json:"token"`
	Intents    int               `json:"intents"`
	Shard      []int             `json:"shard"`
	Compress   bool              `json:"compress"`
	Properties map[string]string `json:"properties"`
	// Raw is the whole "d" object.
	Raw json.RawMessage `json:"-"`
}

// clone returns a deep copy.
func (f GatewayFrame) clone() GatewayFrame {
	f.Data = bytes.Clone(f.Data)
	return f
}

// clone returns a deep copy.
func (id Identify) clone() Identify {
	id.Raw = bytes.Clone(id.Raw)
	id.Shard = slices.Clone(id.Shard)
	id.Properties = maps.Clone(id.Properties)
	return id
}

// gateway is the websocket side of the fake. Its mutex also serialises every
// write, so each session's sequence numbers go out in order.
type gateway struct {
	mu         sync.Mutex
	changes    // guarded by mu
	conns      map[*gwConn]bool
	sessions   map[string]*gwSession
	frames     []GatewayFrame
	identifies []Identify
	upgrader   websocket.Upgrader
}

// gwConn is one websocket connection.
type gwConn struct {
	ws      *websocket.Conn
	version int
	session *gwSession // nil until IDENTIFY or RESUME
}

// gwSession is a gateway session: it survives its connection for RESUME.
type gwSession struct {
	id      string
	seq     int64
	history [][]byte // dispatches sent, history[i] has sequence i+1
	conn    *gwConn
}

// init prepares the zero gateway.
func (g *gateway) init() {
	g.changed = make(chan struct{})
	g.conns = map[*gwConn]bool{}
	g.sessions = map[string]*gwSession{}
	g.upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
}

// closeAll closes every connection and refuses new ones.
func (g *gateway) closeAll() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
	for c := range g.conns {
		// The connection is going away either way.
		_ = c.ws.WriteControl(websocket.CloseMessage,
			websocket.FormatCloseMessage(websocket.CloseGoingAway, "fake Discord closed"), time.Now().Add(time.Second))
		_ = c.ws.Close()
	}
	g.notifyLocked()
}

// serveGateway upgrades a request to the gateway websocket and serves it.
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	ws, err := s.gw.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // Upgrade has already answered with an HTTP error.
	}
	version, _ := strconv.Atoi(r.URL.Query().Get("v"))
	if version == 0 {
		version = 10
	}
	c := &gwConn{ws: ws, version: version}
	g := &s.gw
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		_ = ws.Close()
		return
	}
	g.conns[c] = true
	s.wg.Add(1)
	err = g.writeLocked(c, map[string]any{
		"op": opHello, "d": map[string]any{"heartbeat_interval": s.cfg.HeartbeatInterval.Milliseconds()}, "s": nil, "t": nil,
	})
	g.mu.Unlock()
	defer s.wg.Done()
	defer g.drop(c)
	if err != nil {
		return
	}
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			return
		}
		if !s.handleFrame(c, data) {
			return
		}
	}
}

// drop forgets a finished connection; its session stays for RESUME.
func (g *gateway) drop(c *gwConn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.conns, c)
	if c.session != nil && c.session.conn == c {
		c.session.conn = nil
	}
	_ = c.ws.Close()
	g.notifyLocked()
}

// handleFrame answers one payload from the bot. It returns false when the
// connection must end.
func (s *Server) handleFrame(c *gwConn, data []byte) bool {
	g := &s.gw
	var f struct {
		Op int             `json:"op"`
		D  json.RawMessage `json:"d"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		g.closeConn(c, 4002, "Error while decoding payload.")
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.frames = append(g.frames, GatewayFrame{Time: time.Now(), Op: f.Op, Data: f.D})
	g.notifyLocked()
	switch f.Op {
	case opHeartbeat:
		return g.writeLocked(c, map[string]any{"op": opHeartbeatACK}) == nil
	case opIdentify:
		return s.identify(c, f.D)
	case opResume:
		return s.resume(c, f.D)
	case opPresenceUpdate, opVoiceState, opRequestMembers:
		return true
	default:
		g.closeConnLocked(c, 4001, "Unknown opcode.")
		return false
	}
}

// validToken reports whether a gateway token names the bot, with or without
// the "Bot " prefix. Callers hold g.mu.
func (s *Server) validToken(tok string) bool {
	return tok == s.cfg.Token || tok == "Bot "+s.cfg.Token
}

// identify starts a session: READY, then GUILD_CREATE for each known guild.
// Callers hold g.mu.
func (s *Server) identify(c *gwConn, d json.RawMessage) bool {
	g := &s.gw
	var id Identify
	if err := json.Unmarshal(d, &id); err != nil {
		g.closeConnLocked(c, 4002, "Error while decoding payload.")
		return false
	}
	id.Raw = d
	if c.session != nil {
		g.closeConnLocked(c, 4005, "Already authenticated.")
		return false
	}
	if !s.validToken(id.Token) {
		g.closeConnLocked(c, 4004, "Authentication failed.")
		return false
	}
	g.identifies = append(g.identifies, id)
	sess := &gwSession{id: randomHex(16), conn: c}
	g.sessions[sess.id] = sess
	c.session = sess

	s.mu.Lock()
	guilds := make([]Guild, 0, len(s.guilds))
	for _, gd := range s.guilds {
		guilds = append(guilds, gd)
	}
	channels := make([]Channel, 0, len(s.channels))
	for _, ch := range s.channels {
		channels = append(channels, ch)
	}
	threads := s.activeThreadsLocked()
	s.mu.Unlock()

	unavailable := make([]any, 0, len(guilds))
	for _, gd := range guilds {
		unavailable = append(unavailable, map[string]any{"id": gd.ID, "unavailable": true})
	}
	bot := s.wireUser(s.BotUser())
	bot["bot"], bot["verified"], bot["mfa_enabled"], bot["flags"] = true, true, false, 0
	shard := id.Shard
	if len(shard) != 2 {
		shard = []int{0, 1}
	}
	ready := map[string]any{
		"v":                       c.version,
		"user":                    bot,
		"guilds":                  unavailable,
		"session_id":              sess.id,
		"resume_gateway_url":      s.GatewayURL(),
		"session_type":            "normal",
		"shard":                   shard,
		"application":             map[string]any{"id": s.appID, "flags": 0},
		"private_channels":        []any{},
		"relationships":           []any{},
		"presences":               []any{},
		"guild_join_requests":     []any{},
		"geo_ordered_rtc_regions": []any{},
		"user_settings":           map[string]any{},
	}
	if err := g.dispatchLocked(sess, "READY", ready); err != nil {
		return false
	}
	for _, gd := range guilds {
		if err := g.dispatchLocked(sess, "GUILD_CREATE", s.guildCreate(gd, channels, threads)); err != nil {
			return false
		}
	}
	g.notifyLocked()
	return true
}

// guildCreate is the GUILD_CREATE payload of a guild: its channels, and apart from them its
// active threads (wire thread objects, see activeThreadsLocked), as Discord sends them.
func (s *Server) guildCreate(gd Guild, channels []Channel, threads []map[string]any) map[string]any {
	out := s.wireGuild(gd)
	chans := []any{}
	for _, ch := range channels {
		if ch.GuildID == gd.ID && ch.Type != ChannelPublicThread {
			cc := fillChannel(ch)
			chans = append(chans, map[string]any{"id": cc.ID, "type": cc.Type, "name": cc.Name, "position": 0, "permission_overwrites": []any{}})
		}
	}
	bot := s.wireUser(s.BotUser())
	bot["bot"] = true
	out["unavailable"] = false
	out["large"] = false
	out["member_count"] = 1
	out["joined_at"] = "2024-01-01T00:00:00.000000+00:00"
	out["channels"] = chans
	guildThreads := []any{}
	for _, t := range threads {
		if t["guild_id"] == gd.ID {
			guildThreads = append(guildThreads, t)
		}
	}
	out["threads"] = guildThreads
	out["members"] = []any{map[string]any{"user": bot, "roles": []any{}, "joined_at": "2024-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false}}
	out["voice_states"] = []any{}
	out["presences"] = []any{}
	out["stage_instances"] = []any{}
	out["guild_scheduled_events"] = []any{}
	return out
}

// resume reattaches a connection to its session, replays the dispatches it
// missed and sends RESUMED; an unknown session gets INVALID_SESSION.
// Callers hold g.mu.
func (s *Server) resume(c *gwConn, d json.RawMessage) bool {
	g := &s.gw
	var r struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if err := json.Unmarshal(d, &r); err != nil {
		g.closeConnLocked(c, 4002, "Error while decoding payload.")
		return false
	}
	if !s.validToken(r.Token) {
		g.closeConnLocked(c, 4004, "Authentication failed.")
		return false
	}
	sess := g.sessions[r.SessionID]
	if sess == nil || r.Seq < 0 || r.Seq > sess.seq {
		return g.writeLocked(c, map[string]any{"op": opInvalidSession, "d": false, "s": nil, "t": nil}) == nil
	}
	if old := sess.conn; old != nil && old != c {
		old.session = nil
		_ = old.ws.Close()
	}
	sess.conn, c.session = c, sess
	for _, frame := range sess.history[r.Seq:] {
		if err := g.writeRawLocked(c, frame); err != nil {
			return false
		}
	}
	if err := g.dispatchLocked(sess, "RESUMED", map[string]any{}); err != nil {
		return false
	}
	g.notifyLocked()
	return true
}

// dispatchLocked sends one dispatch to sess and keeps it for RESUME.
// Callers hold g.mu.
func (g *gateway) dispatchLocked(sess *gwSession, event string, data any) error {
	var d json.RawMessage
	switch v := data.(type) {
	case json.RawMessage:
		d = v
	case []byte:
		d = v
	default:
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("fakediscord: marshal %s: %w", event, err)
		}
		d = b
	}
	sess.seq++
	frame, err := json.Marshal(map[string]any{"op": opDispatch, "t": event, "s": sess.seq, "d": d})
	if err != nil {
		return fmt.Errorf("fakediscord: marshal %s frame: %w", event, err)
	}
	sess.history = append(sess.history, frame)
	if sess.conn == nil {
		return nil
	}
	return g.writeRawLocked(sess.conn, frame)
}

// writeLocked sends v as a JSON text frame. Callers hold g.mu.
func (g *gateway) writeLocked(c *gwConn, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("fakediscord: marshal gateway payload: %w", err)
	}
	return g.writeRawLocked(c, b)
}

// writeRawLocked sends b as a text frame. Callers hold g.mu.
func (g *gateway) writeRawLocked(c *gwConn, b []byte) error {
	if err := c.ws.SetWriteDeadline(time.Now().Add(writeTimeout)); err != nil {
		return fmt.Errorf("fakediscord: gateway write deadline: %w", err)
	}
	if err := c.ws.WriteMessage(websocket.TextMessage, b); err != nil {
		return fmt.Errorf("fakediscord: gateway write: %w", err)
	}
	return nil
}

// closeConn closes a connection with a gateway close code.
func (g *gateway) closeConn(c *gwConn, code int, text string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closeConnLocked(c, code, text)
}

// closeConnLocked closes a connection with a gateway close code. Callers
// hold g.mu.
func (g *gateway) closeConnLocked(c *gwConn, code int, text string) {
	// The connection ends whether or not the close frame gets through.
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
	_ = c.ws.Close()
}

// randomHex returns n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	// crypto/rand.Read never returns an error (it panics instead).
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
