package fakediscord

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"
)

// Defaults used when a Config field is left empty.
const (
	// DefaultToken is the bot token the fake expects when Config.Token is empty.
	DefaultToken = "fake-bot-token"
	// DefaultBotUsername is the bot's username when Config.BotUsername is empty.
	DefaultBotUsername = "tablebot"
	// DefaultHeartbeatInterval is Discord's usual gateway heartbeat interval.
	DefaultHeartbeatInterval = 41250 * time.Millisecond
	// DefaultReplyTimeout is how long Discord waits for the HTTP reply to an
	// interaction POST before it tells the user the interaction failed.
	DefaultReplyTimeout = 3 * time.Second
	// DefaultLocale is the locale of users and guilds that do not set one.
	DefaultLocale = "en-US"
)

// Connections is how many keep-alive connections the fake keeps, at most, to an interactions
// endpoint: it sends that many interactions at once, and further ones wait for a connection.
const Connections = 256

// ErrClosed is returned by waiting and sending methods once the server is closed.
var ErrClosed = errors.New("fakediscord: server closed")

// Config configures a fake Discord. The zero value is ready to use.
type Config struct {
	// Token is the bot token (without the "Bot " prefix) that bot routes and
	// IDENTIFY must carry. Empty means DefaultToken.
	Token string
	// ApplicationID is the application (and bot user) ID. Empty means a fresh
	// snowflake.
	ApplicationID string
	// BotUsername is the bot user's name. Empty means DefaultBotUsername.
	BotUsername string
	// HeartbeatInterval is sent in HELLO. Zero means DefaultHeartbeatInterval.
	HeartbeatInterval time.Duration
	// ReplyTimeout bounds the wait for the HTTP reply to PostInteraction, as
	// Discord's own 3-second limit does. Zero means DefaultReplyTimeout.
	ReplyTimeout time.Duration
	// SkipValidation turns off the checks of message payloads against
	// Discord's limits (content length, component layout, custom_id length...).
	SkipValidation bool
	// RESTLatency delays the answer to every REST request, as Discord's own
	// round trip does (load tests). Zero means none.
	RESTLatency time.Duration
	// Lean keeps no file bytes (attachments keep their name, size and
	// dimensions) and logs no requests, so that a long load test measures the
	// bot's memory rather than the fake's. Requests, Filter and WaitFor see
	// nothing then.
	Lean bool
}

// Guild is a guild the fake knows. Unknown guild IDs are served as guilds
// named after their ID with DefaultLocale.
type Guild struct {
	ID              string
	Name            string
	PreferredLocale string
}

// Channel is a channel the fake knows. Unknown channel IDs are served as guild
// text channels (type 0) of the guild last seen with them, if any.
type Channel struct {
	ID      string
	GuildID string
	Name    string
	// Type is Discord's channel type: 0 guild text, 1 DM, 11 public thread...
	Type int
	// ParentID is a thread's channel.
	ParentID string
}

// Server is a fake Discord: a REST API, a gateway and the sending side of
// HTTP interactions, all on one 127.0.0.1 listener. It records every request
// and keeps the messages the bot posted. All methods are safe for concurrent
// use.
type Server struct {
	cfg     Config
	appID   string
	priv    ed25519.PrivateKey
	pub     ed25519.PublicKey
	ln      net.Listener
	srv     *http.Server
	baseURL *url.URL
	ids     snowflakes
	gw      gateway
	routes  []route
	client  *http.Client // sends interaction POSTs to the bot
	wg      sync.WaitGroup

	mu           sync.Mutex
	changes      // guarded by mu
	requests     []Request
	messages     map[string]*Message
	channelMsgs  map[string][]string // channel ID -> message IDs in creation order
	nonces       map[string]string   // channel ID + "\x00" + nonce -> the message created with it
	interactions map[string]*interactionState
	guilds       map[string]Guild
	channels     map[string]Channel
	dms          map[string]string // user ID -> DM channel ID
	users        map[string]User
	commands     map[string][]map[string]any // guild ID ("" = global) -> commands
	faults       []fault
	delays       []delay
	appPerms     map[string]int64   // channel ID -> the bot's permissions there (SetAppPermissions)
	threads      map[string]*Thread // thread ID -> the thread the bot started
}

// New starts a fake Discord on a random port of 127.0.0.1.
func New(cfg Config) (*Server, error) {
	if cfg.Token == "" {
		cfg.Token = DefaultToken
	}
	if cfg.BotUsername == "" {
		cfg.BotUsername = DefaultBotUsername
	}
	if cfg.HeartbeatInterval <= 0 {
		cfg.HeartbeatInterval = DefaultHeartbeatInterval
	}
	if cfg.ReplyTimeout <= 0 {
		cfg.ReplyTimeout = DefaultReplyTimeout
	}
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("fakediscord: generate signing key: %w", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("fakediscord: listen: %w", err)
	}
	s := &Server{
		cfg:          cfg,
		priv:         priv,
		pub:          pub,
		ln:           ln,
		baseURL:      &url.URL{Scheme: "http", Host: ln.Addr().String()},
		changes:      changes{changed: make(chan struct{})},
		messages:     map[string]*Message{},
		channelMsgs:  map[string][]string{},
		nonces:       map[string]string{},
		interactions: map[string]*interactionState{},
		guilds:       map[string]Guild{},
		channels:     map[string]Channel{},
		dms:          map[string]string{},
		users:        map[string]User{},
		commands:     map[string][]map[string]any{},
	}
	s.appID = cfg.ApplicationID
	if s.appID == "" {
		s.appID = s.ids.next()
	}
	s.routes = routes()
	// Discord keeps a pool of keep-alive connections to an interactions endpoint; so does the
	// fake: up to Connections, reused (Go's default keeps two idle per host, opening a new one for
	// every other request). A burst beyond the pool waits for a connection of it, as a pooled
	// client does, rather than opening hundreds more; Reply.Took counts that wait.
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConns, tr.MaxIdleConnsPerHost, tr.MaxConnsPerHost = 2*Connections, Connections, Connections
	// A click is about 5 KB: it goes out in one write, as Discord's TLS records carry it,
	// instead of two (Go's default buffer is 4 KB).
	tr.WriteBufferSize = 16 << 10
	s.client = &http.Client{Transport: tr}
	s.gw.init()
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		// Serve returns http.ErrServerClosed after Close; nothing else can be
		// done with an error here, and requests simply fail after it.
		_ = s.srv.Serve(ln)
	}()
	return s, nil
}

// Start is New for tests: it fails tb if the server cannot start and closes
// the server when the test ends. Register the bot session's cleanup after
// calling Start so that the session closes first.
func Start(tb testing.TB, cfg Config) *Server {
	tb.Helper()
	s, err := New(cfg)
	if err != nil {
		tb.Fatalf("start fake Discord: %v", err)
	}
	tb.Cleanup(s.Close)
	return s
}

// Close disconnects every gateway session and stops the server. It is safe to
// call more than once.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.notifyLocked()
	s.mu.Unlock()

	s.gw.closeAll()
	// Close stops the listener and every connection it still tracks; the
	// error only repeats what those closes reported, and there is nobody left
	// to tell.
	_ = s.srv.Close()
	s.wg.Wait()
	s.client.CloseIdleConnections()
}

// URL returns the base URL of the fake (http://127.0.0.1:PORT), ready for
// restproxy.Client. The caller may modify the copy it gets.
func (s *Server) URL() *url.URL {
	u := *s.baseURL
	return &u
}

// GatewayURL returns the websocket URL that GET /gateway answers with.
func (s *Server) GatewayURL() string {
	return "ws://" + s.baseURL.Host + "/"
}

// Token returns the bot token (without "Bot ") the fake accepts.
func (s *Server) Token() string { return s.cfg.Token }

// ApplicationID returns the application ID, which is also the bot user's ID.
func (s *Server) ApplicationID() string { return s.appID }

// BotUser returns the bot's own user.
func (s *Server) BotUser() User {
	return User{ID: s.appID, Username: s.cfg.BotUsername, Locale: DefaultLocale}
}

// SetGuild adds or replaces a guild, for example to give it a preferred
// locale. Guilds set before the bot identifies are sent to it as GUILD_CREATE.
func (s *Server) SetGuild(g Guild) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.guilds[g.ID] = s.fillGuild(g)
	s.notifyLocked()
}

// SetChannel adds or replaces a channel.
func (s *Server) SetChannel(c Channel) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.channels[c.ID] = c
	s.notifyLocked()
}

// guild returns the known guild or the default one for id. Callers hold s.mu.
func (s *Server) guild(id string) Guild {
	if g, ok := s.guilds[id]; ok {
		return g
	}
	return s.fillGuild(Guild{ID: id})
}

// fillGuild supplies a guild's defaults.
func (s *Server) fillGuild(g Guild) Guild {
	if g.Name == "" {
		g.Name = "Guild " + g.ID
	}
	if g.PreferredLocale == "" {
		g.PreferredLocale = DefaultLocale
	}
	return g
}

// channel returns the known channel or a default guild text channel. Callers
// hold s.mu.
func (s *Server) channel(id string) Channel {
	c, ok := s.channels[id]
	if !ok {
		c = Channel{ID: id}
	}
	return fillChannel(c)
}

// fillChannel supplies a channel's defaults.
func fillChannel(c Channel) Channel {
	if c.Name == "" {
		c.Name = "channel-" + c.ID
	}
	return c
}

// rememberChannel notes which guild a channel belongs to, unless the test set
// the channel explicitly. Callers hold s.mu.
func (s *Server) rememberChannel(channelID, guildID string) {
	if channelID == "" {
		return
	}
	if _, ok := s.channels[channelID]; ok {
		return
	}
	typ := 0
	if guildID == "" {
		typ = 1
	}
	s.channels[channelID] = Channel{ID: channelID, GuildID: guildID, Type: typ}
}

// Changed returns a channel that is closed at the next change of the fake's
// state (a message posted or edited, an interaction answered, ...): a viewer
// waits on it, then looks again and asks for the next one.
func (s *Server) Changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

// waitUntil calls check under s.mu until it reports done, the context ends or
// the server closes.
func (s *Server) waitUntil(ctx context.Context, check func() bool) error {
	return s.changes.wait(ctx, &s.mu, "wait", check)
}

// changes is what waiters watch, under the mutex of the struct it sits in:
// changed is closed and replaced at every change, closed is set for good when
// the fake shuts down.
type changes struct {
	closed  bool
	changed chan struct{}
}

// notifyLocked wakes every waiter. Callers hold the owner's mutex.
func (c *changes) notifyLocked() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// wait calls check with mu held until it reports done, the context ends or c
// closes; what names the wait in the error the context's end returns.
func (c *changes) wait(ctx context.Context, mu *sync.Mutex, what string, check func() bool) error {
	for {
		mu.Lock()
		if check() {
			mu.Unlock()
			return nil
		}
		closed, ch := c.closed, c.changed
		mu.Unlock()
		if closed {
			return ErrClosed
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("fakediscord: %s: %w", what, ctx.Err())
		case <-ch:
		}
	}
}

// snowflakes makes Discord-style IDs: milliseconds since the Discord epoch in
// the high bits, then a counter, always increasing.
type snowflakes struct {
	mu   sync.Mutex
	last uint64
}

// discordEpochMs is 2015-01-01T00:00:00Z in Unix milliseconds.
const discordEpochMs = 1420070400000

// next returns a new unique snowflake.
func (f *snowflakes) next() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := uint64(time.Now().UnixMilli()-discordEpochMs)<<22 | 1<<17
	if id <= f.last {
		id = f.last + 1
	}
	f.last = id
	return fmt.Sprint(id)
}
