package fakediscord

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Interaction types, as numbered by Discord.
const (
	InteractionPing         = 1
	InteractionCommand      = 2
	InteractionComponent    = 3
	InteractionAutocomplete = 4
	InteractionModalSubmit  = 5
)

// Component types used in interaction data, as numbered by Discord.
const (
	ComponentActionRow  = 1
	ComponentButton     = 2
	ComponentStringMenu = 3
	ComponentTextInput  = 4
)

// memberPermissions is the permission set sent for members and the app:
// every permission except Administrator.
const memberPermissions = "2251799813685239"

// User is a Discord user, as tests describe the people who click.
type User struct {
	ID       string
	Username string
	// GlobalName is the display name; optional.
	GlobalName string
	// Locale is the user's client locale ("en-US", "cs"...); empty means
	// DefaultLocale.
	Locale string
	// Permissions is the member's permission bit set in the channel, as
	// Discord writes it (a decimal string); empty means every permission
	// except Administrator.
	Permissions string
}

// permissions is the permission set u's interactions carry.
func (u User) permissions() string {
	if u.Permissions == "" {
		return memberPermissions
	}
	return u.Permissions
}

// Actor is a user acting in a place: the guild (empty for a DM with the bot)
// and channel an interaction comes from, and for component and modal
// interactions the message the component is on.
type Actor struct {
	User      User
	GuildID   string
	ChannelID string
	// Message is the message whose component was used. Click and Select
	// without one attach a blank message from the bot.
	Message *Message
}

// On returns a copy of the actor acting on message m.
func (a Actor) On(m Message) Actor {
	a.Message = &m
	return a
}

// Interaction is an interaction the fake built, ready to be dispatched over
// the gateway (DispatchInteraction) or posted to an endpoint
// (PostInteraction).
type Interaction struct {
	ID            string
	Token         string
	ApplicationID string
	// Type is one of the Interaction* constants.
	Type      int
	GuildID   string
	ChannelID string
	// MessageID is the message the component was on, if any.
	MessageID string
	User      User
	// Raw is the interaction as Discord sends it.
	Raw json.RawMessage
}

// MarshalJSON returns the interaction's wire JSON.
func (i *Interaction) MarshalJSON() ([]byte, error) { return i.Raw, nil }

// Discordgo decodes the interaction with discordgo, as a bot receives it.
func (i *Interaction) Discordgo() (*discordgo.Interaction, error) {
	var out discordgo.Interaction
	if err := json.Unmarshal(i.Raw, &out); err != nil {
		return nil, fmt.Errorf("fakediscord: decode interaction %s with discordgo: %w", i.ID, err)
	}
	return &out, nil
}

// CommandOption is an option of a slash command invocation.
type CommandOption struct {
	Name string
	// Type is Discord's option type: 1 sub-command, 2 group, 3 string,
	// 4 integer, 5 boolean, 6 user, 7 channel, 10 number.
	Type    int
	Value   any
	Options []CommandOption
}

// StringOption is a string option.
func StringOption(name, value string) CommandOption {
	return CommandOption{Name: name, Type: 3, Value: value}
}

// IntegerOption is an integer option.
func IntegerOption(name string, value int64) CommandOption {
	return CommandOption{Name: name, Type: 4, Value: value}
}

// BooleanOption is a boolean option.
func BooleanOption(name string, value bool) CommandOption {
	return CommandOption{Name: name, Type: 5, Value: value}
}

// UserOption is a user option; the user appears in the resolved data.
func UserOption(name, userID string) CommandOption {
	return CommandOption{Name: name, Type: 6, Value: userID}
}

// ChannelOption is a channel option; the channel appears in the resolved data.
func ChannelOption(name, channelID string) CommandOption {
	return CommandOption{Name: name, Type: 7, Value: channelID}
}

// NumberOption is a floating-point option.
func NumberOption(name string, value float64) CommandOption {
	return CommandOption{Name: name, Type: 10, Value: value}
}

// SubCommand is a sub-command with its options.
func SubCommand(name string, opts ...CommandOption) CommandOption {
	return CommandOption{Name: name, Type: 1, Options: opts}
}

// SubCommandGroup is a group of sub-commands.
func SubCommandGroup(name string, subs ...CommandOption) CommandOption {
	return CommandOption{Name: name, Type: 2, Options: subs}
}

// interactionState is what the fake knows of an interaction and its
// responses.
type interactionState struct {
	id, token  string
	typ        int
	userID     string // who acted: only they see the interaction's ephemeral messages
	guildID    string
	channelID  string
	messageID  string // message the component was on
	acked      bool
	ackType    int
	originalID string
	followups  []string
}

// Ping builds a PING interaction, as Discord sends to check an endpoint.
func (s *Server) Ping() *Interaction {
	return s.newInteraction(nil, InteractionPing, nil)
}

// SlashCommand builds a chat command invocation. The command's ID is the one
// from the last bulk overwrite naming it, if any.
func (s *Server) SlashCommand(a Actor, name string, opts ...CommandOption) *Interaction {
	return s.newInteraction(&a, InteractionCommand, func() map[string]any {
		data := map[string]any{"name": name, "type": 1}
		id := s.commandID(a.GuildID, name)
		if id == "" {
			id = s.ids.next()
		}
		data["id"] = id
		if len(opts) > 0 {
			data["options"] = wireOptions(opts)
		}
		if resolved := s.resolve(a.GuildID, opts); len(resolved) > 0 {
			data["resolved"] = resolved
		}
		return data
	})
}

// Click builds a button press on the component customID.
func (s *Server) Click(a Actor, customID string) *Interaction {
	return s.newInteraction(&a, InteractionComponent, func() map[string]any {
		return map[string]any{"custom_id": customID, "component_type": ComponentButton}
	})
}

// Select builds a choice in the string select menu customID.
func (s *Server) Select(a Actor, customID string, values ...string) *Interaction {
	if values == nil {
		values = []string{}
	}
	return s.newInteraction(&a, InteractionComponent, func() map[string]any {
		return map[string]any{"custom_id": customID, "component_type": ComponentStringMenu, "values": values}
	})
}

// ModalSubmit builds the submission of modal customID with a text input per
// field (custom_id -> value), each in its own action row as Discord sends
// them, in order of custom_id.
func (s *Server) ModalSubmit(a Actor, customID string, fields map[string]string) *Interaction {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	rows := make([]any, 0, len(keys))
	for _, k := range keys {
		rows = append(rows, map[string]any{
			"type": ComponentActionRow,
			"components": []any{map[string]any{
				"type": ComponentTextInput, "custom_id": k, "value": fields[k],
			}},
		})
	}
	return s.newInteraction(&a, InteractionModalSubmit, func() map[string]any {
		return map[string]any{"custom_id": customID, "components": rows}
	})
}

// DispatchInteraction sends ix to the connected gateway sessions as an
// INTERACTION_CREATE dispatch.
func (s *Server) DispatchInteraction(ctx context.Context, ix *Interaction) error {
	return s.Dispatch(ctx, "INTERACTION_CREATE", ix.Raw)
}

// newInteraction builds and registers an interaction. a is nil for PING; data
// runs with s.mu held.
func (s *Server) newInteraction(a *Actor, typ int, data func() map[string]any) *Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := &Interaction{ID: s.ids.next(), Token: newToken(), ApplicationID: s.appID, Type: typ}
	w := map[string]any{
		"id":             ix.ID,
		"application_id": s.appID,
		"type":           typ,
		"token":          ix.Token,
		"version":        1,
		"entitlements":   []any{},
	}
	st := &interactionState{id: ix.ID, token: ix.Token, typ: typ}
	if a != nil {
		u := fillUser(a.User)
		ix.User, ix.GuildID, ix.ChannelID = u, a.GuildID, a.ChannelID
		st.guildID, st.channelID, st.userID = a.GuildID, a.ChannelID, u.ID
		s.users[u.ID] = u
		s.rememberChannel(a.ChannelID, a.GuildID)
		ch := s.channel(a.ChannelID)
		w["channel_id"] = a.ChannelID
		w["channel"] = map[string]any{"id": ch.ID, "type": ch.Type, "name": ch.Name, "permissions": u.permissions()}
		if t := s.threadOfLocked(a.ChannelID); t != nil {
			wt := s.wireThread(t)
			wt["permissions"] = u.permissions()
			w["channel"] = wt
		}
		w["locale"] = u.Locale
		w["app_permissions"] = strconv.FormatInt(s.appPermissionsLocked(a.ChannelID), 10)
		w["attachment_size_limit"] = 26214400
		if a.GuildID != "" {
			g := s.guild(a.GuildID)
			w["guild_id"] = g.ID
			w["guild_locale"] = g.PreferredLocale
			w["guild"] = map[string]any{"id": g.ID, "locale": g.PreferredLocale, "features": []any{}}
			w["member"] = s.wireMember(u)
			w["context"] = 0
			w["authorizing_integration_owners"] = map[string]string{"0": g.ID}
		} else {
			w["user"] = s.wireUser(u)
			w["context"] = 1
			w["authorizing_integration_owners"] = map[string]string{"0": "0"}
		}
		if msg := s.componentMessage(a, typ); msg != nil {
			ix.MessageID, st.messageID = msg.ID, msg.ID
			w["message"] = wireMessage(*msg)
		}
	}
	if data != nil {
		w["data"] = data()
	}
	raw, err := json.Marshal(w)
	if err != nil {
		// Every value above is a plain map, slice, string or number.
		panic(fmt.Sprintf("fakediscord: marshal interaction: %v", err))
	}
	ix.Raw = raw
	s.interactions[ix.Token] = st
	return ix
}

// componentMessage is the message a component or modal interaction carries:
// the stored state of a.Message, a.Message itself, or for components a blank
// message from the bot. Callers hold s.mu.
func (s *Server) componentMessage(a *Actor, typ int) *Message {
	if a.Message != nil {
		if m, ok := s.messages[a.Message.ID]; ok {
			cp := m.clone()
			return &cp
		}
		cp := a.Message.clone()
		if cp.author.ID == "" {
			cp.author = s.BotUser()
		}
		return &cp
	}
	if typ != InteractionComponent {
		return nil
	}
	return &Message{ID: s.ids.next(), ChannelID: a.ChannelID, GuildID: a.GuildID, CreatedAt: time.Now(), author: s.BotUser()}
}

// fillUser supplies a user's defaults.
func fillUser(u User) User {
	if u.ID == "" {
		u.ID = "0"
	}
	if u.Username == "" {
		u.Username = "user" + u.ID
	}
	if u.Locale == "" {
		u.Locale = DefaultLocale
	}
	return u
}

// wireMember is a guild member object for u, as interactions carry it.
func (s *Server) wireMember(u User) map[string]any {
	return map[string]any{
		"user":                         s.wireUser(u),
		"roles":                        []any{},
		"joined_at":                    "2024-01-01T00:00:00.000000+00:00",
		"premium_since":                nil,
		"nick":                         nil,
		"avatar":                       nil,
		"deaf":                         false,
		"mute":                         false,
		"pending":                      false,
		"flags":                        0,
		"permissions":                  u.permissions(),
		"communication_disabled_until": nil,
	}
}

// wireOptions is the options array of command interaction data.
func wireOptions(opts []CommandOption) []any {
	out := make([]any, 0, len(opts))
	for _, o := range opts {
		w := map[string]any{"name": o.Name, "type": o.Type}
		if o.Type == 1 || o.Type == 2 {
			w["options"] = wireOptions(o.Options)
		} else {
			w["value"] = o.Value
		}
		out = append(out, w)
	}
	return out
}

// resolve is the resolved data for user and channel options. Callers hold
// s.mu.
func (s *Server) resolve(guildID string, opts []CommandOption) map[string]any {
	users, members, channels := map[string]any{}, map[string]any{}, map[string]any{}
	var walk func([]CommandOption)
	walk = func(opts []CommandOption) {
		for _, o := range opts {
			id, _ := o.Value.(string)
			switch o.Type {
			case 1, 2:
				walk(o.Options)
			case 6:
				u, ok := s.users[id]
				if !ok {
					u = fillUser(User{ID: id})
				}
				users[id] = s.wireUser(u)
				if guildID != "" {
					m := s.wireMember(u)
					delete(m, "user")
					members[id] = m
				}
			case 7:
				c := s.channel(id)
				channels[id] = map[string]any{"id": c.ID, "name": c.Name, "type": c.Type, "permissions": memberPermissions}
			}
		}
	}
	walk(opts)
	out := map[string]any{}
	for k, v := range map[string]map[string]any{"users": users, "members": members, "channels": channels} {
		if len(v) > 0 {
			out[k] = v
		}
	}
	return out
}

// newToken returns a fresh interaction token shaped like Discord's.
func newToken() string {
	b := make([]byte, 48)
	// crypto/rand.Read never returns an error (it panics instead).
	_, _ = rand.Read(b)
	return "aW50ZXJhY3Rpb246" + base64.RawURLEncoding.EncodeToString(b)
}
