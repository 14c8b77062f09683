package localtable

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/bot/restproxy"
	"github.com/tablebot/tablebot/images"
	"github.com/tablebot/tablebot/table"
)

//go:embed web
var assets embed.FS

// The one server and channel of the local table.
const (
	GuildID   = "700000000000000001"
	ChannelID = "700000000000000002"
)

// Options configure a local table. The zero value of each field is documented.
type Options struct {
	// Addr is where the page is served; empty means 127.0.0.1:8080 (":0" picks a free port).
	Addr string
	// Games are the games the bot serves, each with its art (the catalog's list, handed in by
	// the composition root); empty fails.
	Games []images.GameArt
	// Tables is the referee over the store that keeps the games (build it with table.New over
	// the same games); nil fails.
	Tables *table.Service
	// Logger receives the bot's logs; nil means slog.Default().
	Logger *slog.Logger
	// Paces are the paces /start offers (see bot.Options.Paces); nil means the defaults.
	Paces []time.Duration
	// Mode is how the bot runs tables (bot.Options.Tables): empty means bot.TablesThreads, a
	// thread of the channel per table, which the page lists beside the channel.
	Mode string
}

// Server is a running local table: the fake Discord, the bot and the page.
type Server struct {
	fake    *fakediscord.Server
	bot     *bot.Bot
	session *discordgo.Session
	http    *http.Server
	ln      net.Listener
	log     *slog.Logger
	// stopScheduler ends the bot's scheduler; scheduled is closed once it has returned.
	stopScheduler context.CancelFunc
	scheduled     chan struct{}

	mu     sync.Mutex
	users  map[string]*person  // by ID
	tokens map[string]delivery // interaction token → who sent it, and when
	order  []string            // user IDs as they joined
	modals map[string]*modal   // user ID → the modal waiting for them
	serial int                 // of the latest modal
}

// person is one user of the page.
type person struct {
	User fakediscord.User
	// own lists, in the order first seen, the ephemeral messages answering the person's
	// interactions whose tokens have expired (no answer can be added to them any more).
	own   []string
	known map[string]bool // the IDs in own
}

// delivery is an interaction the page delivered.
type delivery struct {
	user string
	at   time.Time
}

// tokenLife is how long Discord lets a bot answer an interaction (follow-ups, edits): after
// it no new message can belong to the interaction.
const tokenLife = 15 * time.Minute

// Permissions of the local table's people. The first person, Ada, keeps the server: she may
// manage the channel (close another's lobby, abandon another's game), as a server's owner or
// moderator does. The others are ordinary members, with what Discord's @everyone role has in
// a new server, so the bot's permission checks apply to them as they would on Discord.
const (
	managerPermissions = memberPermissions | discordgo.PermissionManageChannels | discordgo.PermissionManageMessages
	memberPermissions  = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
		discordgo.PermissionEmbedLinks | discordgo.PermissionAttachFiles | discordgo.PermissionReadMessageHistory |
		discordgo.PermissionAddReactions | discordgo.PermissionUseExternalEmojis | discordgo.PermissionUseApplicationCommands |
		discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads | discordgo.PermissionChangeNickname |
		discordgo.PermissionCreateInstantInvite
)

// Start starts the fake Discord, the bot (over the gateway, on o.Tables) and the page. Stop it
// with Close.
func Start(ctx context.Context, o Options) (*Server, error) {
	if o.Tables == nil {
		return nil, errors.New("localtable: no tables")
	}
	if len(o.Games) == 0 {
		return nil, errors.New("localtable: no games")
	}
	if o.Addr == "" {
		o.Addr = "127.0.0.1:8080"
	}
	log := o.Logger
	if log == nil {
		log = slog.Default()
	}
	s, err := newServer(log)
	if err != nil {
		return nil, err
	}
	fake, tables := s.fake, o.Tables
	session, err := discordgo.New("Bot " + fake.Token())
	if err != nil {
		fake.Close()
		return nil, fmt.Errorf("localtable: session: %w", err)
	}
	session.Client = restproxy.Client(fake.URL(), 20*time.Second)
	session.LogLevel = -1
	if o.Mode == "" {
		o.Mode = bot.TablesThreads
	}
	b, err := bot.New(o.Games, tables, session, bot.Options{ApplicationID: fake.ApplicationID(), Logger: log, Paces: o.Paces, Tables: o.Mode})
	if err != nil {
		fake.Close()
		return nil, err
	}
	if err := b.Gateway(ctx, session); err != nil {
		fake.Close()
		return nil, err
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := fake.WaitConnected(wctx); err != nil {
		s.closeAll()
		return nil, fmt.Errorf("localtable: the bot did not connect: %w", err)
	}
	if err := b.RegisterCommands(wctx, GuildID); err != nil {
		s.closeAll()
		return nil, err
	}
	s.bot, s.session = b, session
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		s.closeAll()
		return nil, fmt.Errorf("localtable: listen on %s: %w", o.Addr, err)
	}
	s.ln = ln
	s.http = &http.Server{Handler: s.routes(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := s.http.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("local table: serving the page failed", "err", err)
		}
	}()
	sctx, stop := context.WithCancel(ctx)
	s.stopScheduler, s.scheduled = stop, make(chan struct{})
	go func() {
		defer close(s.scheduled)
		b.RunScheduler(sctx, 5*time.Second)
	}()
	return s, nil
}

// newServer starts the fake Discord with the local table's server, channel and people.
func newServer(log *slog.Logger) (*Server, error) {
	fake, err := fakediscord.New(fakediscord.Config{})
	if err != nil {
		return nil, fmt.Errorf("localtable: fake Discord: %w", err)
	}
	s := &Server{fake: fake, log: log, users: map[string]*person{}, tokens: map[string]delivery{}, modals: map[string]*modal{}}
	fake.SetGuild(fakediscord.Guild{ID: GuildID, Name: "Local table", PreferredLocale: "en-US"})
	fake.SetChannel(fakediscord.Channel{ID: ChannelID, GuildID: GuildID, Name: "table"})
	member, manager := strconv.FormatInt(memberPermissions, 10), strconv.FormatInt(managerPermissions, 10)
	for _, u := range []fakediscord.User{
		{ID: "100000000000000001", Username: "ada", GlobalName: "Ada", Locale: "en-US", Permissions: manager},
		{ID: "100000000000000002", Username: "ben", GlobalName: "Ben", Locale: "cs", Permissions: member},
		{ID: "100000000000000003", Username: "cid", GlobalName: "Cid", Locale: "en-GB", Permissions: member},
		{ID: "100000000000000004", Username: "dana", GlobalName: "Dana", Locale: "cs", Permissions: member},
	} {
		s.addUser(u)
	}
	return s, nil
}

// URL is the page's address.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() + "/" }

// Close stops the page, the bot and the fake Discord; games stay in the store.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if s.http != nil {
		_ = s.http.Shutdown(ctx)
	}
	if s.stopScheduler != nil {
		// The scheduler hands back what it holds before the store behind it closes.
		s.stopScheduler()
		select {
		case <-s.scheduled:
		case <-ctx.Done():
		}
	}
	s.closeAll()
	if s.bot != nil {
		return s.bot.Wait(ctx)
	}
	return nil
}

func (s *Server) closeAll() {
	if s.session != nil {
		_ = s.session.Close()
	}
	s.fake.Close()
}

// addUser adds a person the page can act as.
func (s *Server) addUser(u fakediscord.User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.users[u.ID]; !ok {
		s.order = append(s.order, u.ID)
	}
	s.users[u.ID] = &person{User: u}
}

// user returns the person called name (their username, case-insensitive) or with that ID.
func (s *Server) user(name string) (fakediscord.User, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	name = strings.ToLower(strings.TrimSpace(name))
	for _, id := range s.order {
		u := s.users[id].User
		if u.ID == name || u.Username == name {
			return u, true
		}
	}
	return fakediscord.User{}, false
}

// setLocale changes a person's Discord language.
func (s *Server) setLocale(id, locale string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.users[id]; ok {
		p.User.Locale = locale
	}
}

// people lists the page's persons in the order they joined.
func (s *Server) people() []fakediscord.User {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]fakediscord.User, len(s.order))
	for i, id := range s.order {
		out[i] = s.users[id].User
	}
	return out
}

// sent remembers who sent an interaction, so that its ephemeral answers are shown to them only.
func (s *Server) sent(ix *fakediscord.Interaction, user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens[ix.Token] = delivery{user: user, at: time.Now()}
}

// ownMessages lists the IDs of the ephemeral messages answering user's interactions (an ID
// twice when several interactions touched it: a panel is edited by every click on it). An
// interaction whose token has expired is looked at a last time and then forgotten, its
// messages kept in the person's list: a long session costs no more per view than its
// messages.
func (s *Server) ownMessages(user string) []string {
	s.mu.Lock()
	var live, expired []string
	for tok, by := range s.tokens {
		if by.user != user {
			continue
		}
		if time.Since(by.at) > tokenLife {
			expired = append(expired, tok)
		} else {
			live = append(live, tok)
		}
	}
	s.mu.Unlock()
	sort.Strings(live)
	sort.Strings(expired)
	answers := func(toks []string) []string {
		var ids []string
		for _, tok := range toks {
			if m, ok := s.fake.Original(tok); ok && m.Ephemeral() {
				ids = append(ids, m.ID)
			}
			for _, m := range s.fake.Followups(tok) {
				if m.Ephemeral() {
					ids = append(ids, m.ID)
				}
			}
		}
		return ids
	}
	old, fresh := answers(expired), answers(live)
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.users[user]
	if !ok {
		return nil
	}
	for _, tok := range expired {
		delete(s.tokens, tok)
	}
	if p.known == nil {
		p.known = map[string]bool{}
	}
	for _, id := range old {
		if !p.known[id] {
			p.known[id] = true
			p.own = append(p.own, id)
		}
	}
	return append(slices.Clone(p.own), fresh...)
}

// routes is the page and its API.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	web, _ := fs.Sub(assets, "web")
	mux.Handle("GET /", http.FileServerFS(web))
	mux.HandleFunc("GET /api/view", s.handleView)
	mux.HandleFunc("GET /api/events", s.handleEvents)
	mux.HandleFunc("POST /api/command", s.handleCommand)
	mux.HandleFunc("POST /api/click", s.handleClick)
	mux.HandleFunc("POST /api/modal", s.handleModal)
	mux.HandleFunc("POST /api/locale", s.handleLocale)
	target, _ := url.Parse(s.fake.URL().String())
	mux.HandleFunc("GET /attachments/", func(w http.ResponseWriter, r *http.Request) {
		u := *target
		u.Path = r.URL.Path
		resp, err := http.Get(u.String())
		if err != nil {
			http.Error(w, "attachment unavailable", http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
		w.Header().Set("Cache-Control", "max-age=3600")
		w.WriteHeader(resp.StatusCode)
		_, _ = ioCopy(w, resp.Body)
	})
	return mux
}
