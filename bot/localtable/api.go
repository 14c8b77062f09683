package localtable

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

func ioCopy(w io.Writer, r io.Reader) (int64, error) { return io.Copy(w, r) }

// viewUser is a person as the page shows them; Manager is set for who may manage the channel.
type viewUser struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Handle  string `json:"handle"`
	Locale  string `json:"locale"`
	Manager bool   `json:"manager"`
}

// viewMessage is a message as the page shows it.
type viewMessage struct {
	ID          string           `json:"id"`
	Content     string           `json:"content"`
	Components  json.RawMessage  `json:"components"`
	Attachments []viewAttachment `json:"attachments"`
	Ephemeral   bool             `json:"ephemeral"`
	Pending     bool             `json:"pending"`
	At          time.Time        `json:"at"`
}

// viewAttachment is a file attached to a message: the page shows a picture (Type image/…),
// and offers any other file as a download.
type viewAttachment struct {
	URL    string `json:"url"`
	Name   string `json:"name"`
	Type   string `json:"type"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// modal is a modal the bot opened for a person, waiting for their answer. Serial tells one
// opening from the next, also of the same modal.
type modal struct {
	Serial     int             `json:"serial"`
	CustomID   string          `json:"custom_id"`
	Title      string          `json:"title"`
	Components json.RawMessage `json:"components"`
	message    string          // the message whose component opened it
	channel    string          // the channel or thread it was opened in
}

// view is everything the page shows one person.
type view struct {
	Me       viewUser                        `json:"me"`
	Users    []viewUser                      `json:"users"`
	Commands []*discordgo.ApplicationCommand `json:"commands"`
	Messages []viewMessage                   `json:"messages"`
	Modal    *modal                          `json:"modal"`
	// Channel is the channel shown: the local channel (Parent) or one of its Threads.
	Channel string       `json:"channel"`
	Parent  string       `json:"parent"`
	Threads []viewThread `json:"threads"`
}

// viewThread is a thread of the local channel, as the page lists it.
type viewThread struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Archived bool   `json:"archived"`
}

// shown is the channel a request asks to see or act in: the local channel, or one of its
// threads; false for anything else.
func (s *Server) shown(channel string) (string, bool) {
	if channel == "" || channel == ChannelID {
		return ChannelID, true
	}
	t, ok := s.fake.Thread(channel)
	return channel, ok && t.ParentID == ChannelID
}

func userView(u fakediscord.User) viewUser {
	name := u.GlobalName
	if name == "" {
		name = u.Username
	}
	perms, _ := strconv.ParseInt(u.Permissions, 10, 64)
	return viewUser{ID: u.ID, Name: name, Handle: u.Username, Locale: u.Locale, Manager: perms&discordgo.PermissionManageChannels != 0}
}

// handleView answers GET /api/view?user=NAME[&channel=ID]: the channel (or one of its threads)
// as that person sees it — public messages, their own ephemeral ones there, and a modal
// waiting for them — with the channel's threads.
func (s *Server) handleView(w http.ResponseWriter, r *http.Request) {
	me, ok := s.user(r.URL.Query().Get("user"))
	if !ok {
		http.Error(w, "unknown user", http.StatusNotFound)
		return
	}
	channel, ok := s.shown(r.URL.Query().Get("channel"))
	if !ok {
		http.Error(w, "unknown channel", http.StatusNotFound)
		return
	}
	v := view{Me: userView(me), Commands: s.bot.ApplicationCommands(), Channel: channel, Parent: ChannelID, Threads: []viewThread{}}
	for _, u := range s.people() {
		v.Users = append(v.Users, userView(u))
	}
	for _, t := range s.fake.Threads(ChannelID) {
		v.Threads = append(v.Threads, viewThread{ID: t.ID, Name: t.Name, Archived: t.Archived})
	}
	msgs := s.fake.ChannelMessages(channel)
	listed := map[string]bool{}
	for _, m := range msgs {
		listed[m.ID] = true
	}
	for _, id := range s.ownMessages(me.ID) {
		if listed[id] {
			continue // a message shows once, however many interactions touched it
		}
		listed[id] = true
		if m, ok := s.fake.Message(id); ok && m.Ephemeral() && m.ChannelID == channel {
			msgs = append(msgs, m)
		}
	}
	slices.SortStableFunc(msgs, func(a, b fakediscord.Message) int { return a.CreatedAt.Compare(b.CreatedAt) })
	v.Messages = []viewMessage{} // an empty channel is an empty list, not null
	for _, m := range msgs {
		if m.Deleted {
			continue
		}
		vm := viewMessage{ID: m.ID, Content: m.Content, Components: m.Components, Ephemeral: m.Ephemeral(), Pending: m.Deferred, At: m.CreatedAt}
		for _, a := range m.Attachments {
			u, err := url.Parse(a.URL)
			if err != nil {
				continue
			}
			vm.Attachments = append(vm.Attachments, viewAttachment{URL: u.Path, Name: a.Filename, Type: a.ContentType, Width: a.Width, Height: a.Height})
		}
		v.Messages = append(v.Messages, vm)
	}
	s.mu.Lock()
	v.Modal = s.modals[me.ID]
	s.mu.Unlock()
	writeJSON(w, v)
}

// handleEvents streams a server-sent event whenever the channel may have changed.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	for {
		ch := s.fake.Changed()
		fmt.Fprint(w, "data: changed\n\n")
		flusher.Flush()
		select {
		case <-r.Context().Done():
			return
		case <-ch:
			// Let a burst of changes settle into one event.
			time.Sleep(30 * time.Millisecond)
		case <-time.After(25 * time.Second):
		}
	}
}

// commandRequest is a slash command typed into the page, in the channel or thread shown.
type commandRequest struct {
	User    string `json:"user"`
	Text    string `json:"text"`
	Channel string `json:"channel"`
}

// personRequest is a request the page makes as one of the local people.
type personRequest interface {
	// person returns the name of the person acting.
	person() string
}

func (r commandRequest) person() string { return r.User }
func (r clickRequest) person() string   { return r.User }
func (r modalRequest) person() string   { return r.User }
func (r localeRequest) person() string  { return r.User }

// readRequest decodes the JSON body of a request (at most limit bytes) and finds the person it
// is made as. When either fails it has answered the request (400 or 404) and returns false.
func readRequest[T personRequest](s *Server, w http.ResponseWriter, r *http.Request, limit int64) (T, fakediscord.User, bool) {
	var req T
	if err := json.NewDecoder(io.LimitReader(r.Body, limit)).Decode(&req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return req, fakediscord.User{}, false
	}
	me, ok := s.user(req.person())
	if !ok {
		http.Error(w, "unknown user", http.StatusNotFound)
		return req, fakediscord.User{}, false
	}
	return req, me, true
}

// handleCommand runs a typed slash command ("/start fits boards:1") as the person.
func (s *Server) handleCommand(w http.ResponseWriter, r *http.Request) {
	req, me, ok := readRequest[commandRequest](s, w, r, 4096)
	if !ok {
		return
	}
	name, opts, err := parseCommand(s.bot.ApplicationCommands(), req.Text, func(name string) string {
		if u, ok := s.user(strings.TrimPrefix(name, "@")); ok {
			return u.ID
		}
		return name
	})
	if err != nil {
		writeJSON(w, map[string]string{"error": err.Error()})
		return
	}
	channel, ok := s.shown(req.Channel)
	if !ok {
		http.Error(w, "unknown channel", http.StatusNotFound)
		return
	}
	s.dispatch(r.Context(), me, s.fake.SlashCommand(s.actor(me, channel), name, opts...), "")
	writeJSON(w, map[string]string{})
}

// clickRequest is a button or menu choice clicked on the page.
type clickRequest struct {
	User     string   `json:"user"`
	Message  string   `json:"message"`
	CustomID string   `json:"custom_id"`
	Values   []string `json:"values"`
}

// handleClick clicks a component of a message as the person.
func (s *Server) handleClick(w http.ResponseWriter, r *http.Request) {
	req, me, ok := readRequest[clickRequest](s, w, r, 8192)
	if !ok {
		return
	}
	m, ok := s.fake.Message(req.Message)
	if !ok {
		http.Error(w, "unknown message", http.StatusNotFound)
		return
	}
	a := s.actor(me, m.ChannelID).On(m)
	var ix *fakediscord.Interaction
	if req.Values != nil {
		ix = s.fake.Select(a, req.CustomID, req.Values...)
	} else {
		ix = s.fake.Click(a, req.CustomID)
	}
	s.dispatch(r.Context(), me, ix, m.ID)
	writeJSON(w, map[string]string{})
}

// modalRequest is a modal submitted on the page.
type modalRequest struct {
	User   string            `json:"user"`
	Fields map[string]string `json:"fields"`
	Cancel bool              `json:"cancel"`
}

// handleModal submits (or dismisses) the modal waiting for the person.
func (s *Server) handleModal(w http.ResponseWriter, r *http.Request) {
	req, me, ok := readRequest[modalRequest](s, w, r, 8192)
	if !ok {
		return
	}
	s.mu.Lock()
	md := s.modals[me.ID]
	delete(s.modals, me.ID)
	s.mu.Unlock()
	if md == nil || req.Cancel {
		writeJSON(w, map[string]string{})
		return
	}
	a := s.actor(me, md.channel)
	if m, ok := s.fake.Message(md.message); ok {
		a = a.On(m)
	}
	s.dispatch(r.Context(), me, s.fake.ModalSubmit(a, md.CustomID, req.Fields), md.message)
	writeJSON(w, map[string]string{})
}

// localeRequest is a person's choice of Discord language on the page.
type localeRequest struct {
	User   string `json:"user"`
	Locale string `json:"locale"`
}

// handleLocale sets a person's Discord language ("cs" or "en-US").
func (s *Server) handleLocale(w http.ResponseWriter, r *http.Request) {
	req, me, ok := readRequest[localeRequest](s, w, r, 1024)
	if !ok {
		return
	}
	if req.Locale != "cs" && req.Locale != "en-US" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	s.setLocale(me.ID, req.Locale)
	writeJSON(w, map[string]string{})
}

// actor is the person acting in the local channel or one of its threads.
func (s *Server) actor(u fakediscord.User, channel string) fakediscord.Actor {
	return fakediscord.Actor{User: u, GuildID: GuildID, ChannelID: channel}
}

// dispatch delivers an interaction over the gateway and waits (briefly) for its first answer:
// a modal is kept for the person to fill in. origin is the message a component was on.
func (s *Server) dispatch(ctx context.Context, me fakediscord.User, ix *fakediscord.Interaction, origin string) {
	s.sent(ix, me.ID)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := s.fake.DispatchInteraction(ctx, ix); err != nil {
		s.log.Warn("local table: could not deliver an interaction", "err", err)
		return
	}
	resp, err := s.fake.WaitResponse(ctx, ix.Token)
	if err != nil {
		return
	}
	var cb struct {
		Type int    `json:"type"`
		Data *modal `json:"data"`
	}
	if json.Unmarshal(resp.JSON, &cb) == nil && cb.Type == int(discordgo.InteractionResponseModal) && cb.Data != nil {
		var raw struct {
			Data struct {
				Components json.RawMessage `json:"components"`
			} `json:"data"`
		}
		_ = json.Unmarshal(resp.JSON, &raw)
		cb.Data.Components, cb.Data.message, cb.Data.channel = raw.Data.Components, origin, ix.ChannelID
		s.mu.Lock()
		s.serial++
		cb.Data.Serial = s.serial
		s.modals[me.ID] = cb.Data
		s.mu.Unlock()
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// parseCommand reads a typed slash command — "/start fits boards:1 pace:live" — against the
// registered commands, and returns its name and typed options. A value runs to the next
// " name:"; choices may be given by value or by name.
func parseCommand(cmds []*discordgo.ApplicationCommand, text string, userID func(string) string) (string, []fakediscord.CommandOption, error) {
	text = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text), "/"))
	name, rest, _ := strings.Cut(text, " ")
	var cmd *discordgo.ApplicationCommand
	for _, c := range cmds {
		if c.Name == strings.ToLower(name) {
			cmd = c
		}
	}
	if cmd == nil {
		return "", nil, fmt.Errorf("no command /%s", name)
	}
	specs := cmd.Options
	var sub *discordgo.ApplicationCommandOption
	if len(specs) > 0 && specs[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		subName, more, _ := strings.Cut(strings.TrimSpace(rest), " ")
		for _, o := range specs {
			if o.Name == strings.ToLower(subName) {
				sub = o
			}
		}
		if sub == nil {
			var names []string
			for _, o := range specs {
				names = append(names, o.Name)
			}
			return "", nil, fmt.Errorf("/%s needs one of: %s", cmd.Name, strings.Join(names, ", "))
		}
		specs, rest = sub.Options, more
	}
	opts, err := parseOptions(specs, rest, userID)
	if err != nil {
		return "", nil, err
	}
	if sub != nil {
		return cmd.Name, []fakediscord.CommandOption{fakediscord.SubCommand(sub.Name, opts...)}, nil
	}
	return cmd.Name, opts, nil
}

// parseOptions reads "name:value name2:value two" against specs. Words before the first
// name:value fill the options in their order, one word each, as Discord's command box fills
// the next option: "/rules shelfie" is "/rules game:shelfie".
func parseOptions(specs []*discordgo.ApplicationCommandOption, text string, userID func(string) string) ([]fakediscord.CommandOption, error) {
	var out []fakediscord.CommandOption
	given := map[string]bool{}
	fields := strings.Fields(text)
	for i := 0; i < len(fields); {
		var spec *discordgo.ApplicationCommandOption
		name, value, named := strings.Cut(fields[i], ":")
		if !named {
			// A leading word (later ones continue a named value): the next option not given.
			name, value = "", fields[i]
			for _, o := range specs {
				if !given[o.Name] {
					name = o.Name
					break
				}
			}
			if name == "" {
				return nil, fmt.Errorf("no option is left for %q", value)
			}
		}
		for _, o := range specs {
			if o.Name == strings.ToLower(name) {
				spec = o
			}
		}
		if spec == nil {
			return nil, fmt.Errorf("no option %q", name)
		}
		if given[spec.Name] {
			return nil, fmt.Errorf("option %s is given twice", spec.Name)
		}
		i++
		for named && i < len(fields) && !strings.Contains(fields[i], ":") {
			value += " " + fields[i]
			i++
		}
		given[spec.Name] = true
		for _, ch := range spec.Choices {
			// A choice by its shown name ("Shelfie Stacker") or by its value ("shelfie").
			if strings.EqualFold(ch.Name, value) || strings.EqualFold(fmt.Sprint(ch.Value), value) {
				value = fmt.Sprint(ch.Value)
			}
		}
		switch spec.Type {
		case discordgo.ApplicationCommandOptionBoolean:
			v := strings.ToLower(value)
			out = append(out, fakediscord.BooleanOption(spec.Name, v == "true" || v == "yes" || v == "ano" || v == "on"))
		case discordgo.ApplicationCommandOptionInteger:
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("option %s takes a whole number", spec.Name)
			}
			out = append(out, fakediscord.IntegerOption(spec.Name, n))
		case discordgo.ApplicationCommandOptionUser:
			out = append(out, fakediscord.UserOption(spec.Name, userID(strings.Trim(value, "<@!>"))))
		default:
			out = append(out, fakediscord.StringOption(spec.Name, value))
		}
	}
	return out, nil
}
