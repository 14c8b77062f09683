package fakediscord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif"  // attachment sizes of GIFs
	_ "image/jpeg" // attachment sizes of JPEGs
	_ "image/png"  // attachment sizes of PNGs
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Message flags the fake interprets.
const (
	// FlagEphemeral marks a message only the interacting user sees.
	FlagEphemeral = 1 << 6
	// FlagComponentsV2 marks a Components V2 message (no content or embeds).
	FlagComponentsV2 = 1 << 15
)

// attachmentPrefix is where the fake serves attachment bytes.
const attachmentPrefix = "/attachments/"

// Message is a message as the fake stores it: created by the bot through a
// channel, an interaction response or a follow-up, and updated by later edits.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string
	// Type is Discord's message type: 0 default, 20 reply to a slash command.
	Type    int
	Content string
	Flags   int
	// Components, Embeds and AllowedMentions are the JSON the bot sent
	// (Components and Embeds default to []).
	Components      json.RawMessage
	Embeds          json.RawMessage
	AllowedMentions json.RawMessage
	Attachments     []Attachment
	// Payload is the JSON payload that created or last edited the message.
	Payload json.RawMessage
	// InteractionToken is set for interaction responses and follow-ups.
	InteractionToken string
	// Nonce is the nonce the message was created with, if any.
	Nonce string
	// Deferred is true for the "thinking..." original response of a deferred
	// interaction until the bot edits it.
	Deferred  bool
	Deleted   bool
	CreatedAt time.Time
	// EditedAt is zero until the message is edited.
	EditedAt time.Time

	author User // the bot, as the message's author
}

// Attachment is a file attached to a message.
type Attachment struct {
	ID          string
	Filename    string
	ContentType string
	Size        int
	// Width and Height are set for images the fake can decode (PNG, JPEG, GIF).
	Width, Height int
	// URL serves Data from the fake.
	URL  string
	Data []byte
}

// Ephemeral reports whether only the interacting user sees the message.
func (m Message) Ephemeral() bool { return m.Flags&FlagEphemeral != 0 }

// Attachment returns the attachment named filename.
func (m Message) Attachment(filename string) (Attachment, bool) {
	for _, a := range m.Attachments {
		if a.Filename == filename {
			return a, true
		}
	}
	return Attachment{}, false
}

// Discordgo decodes the message's components, embeds and other fields with
// discordgo, as the bot itself would read them back.
func (m Message) Discordgo() (*discordgo.Message, error) {
	b, err := json.Marshal(wireMessage(m))
	if err != nil {
		return nil, fmt.Errorf("fakediscord: marshal message %s: %w", m.ID, err)
	}
	var out discordgo.Message
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("fakediscord: decode message %s with discordgo: %w", m.ID, err)
	}
	return &out, nil
}

// clone returns a deep copy.
func (m Message) clone() Message {
	m.Components = bytes.Clone(m.Components)
	m.Embeds = bytes.Clone(m.Embeds)
	m.AllowedMentions = bytes.Clone(m.AllowedMentions)
	m.Payload = bytes.Clone(m.Payload)
	m.Attachments = cloneEach(m.Attachments, Attachment.clone)
	return m
}

// clone returns a deep copy.
func (a Attachment) clone() Attachment {
	a.Data = bytes.Clone(a.Data)
	return a
}

// ChannelMessages returns the messages in a channel that everyone there sees,
// oldest first: channel messages and non-ephemeral interaction responses and
// follow-ups, as last edited, without deleted ones.
func (s *Server) ChannelMessages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.channelMessagesLocked(channelID)
}

// LastChannelMessage returns the newest message of a channel that everyone there sees (see
// ChannelMessages), or false when there is none, without copying the others.
func (s *Server) LastChannelMessage(channelID string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := s.channelMsgs[channelID]
	for i := len(ids) - 1; i >= 0; i-- {
		if m := s.messages[ids[i]]; m != nil && !m.Deleted {
			return m.clone(), true
		}
	}
	return Message{}, false
}

// channelMessagesLocked is ChannelMessages for callers holding s.mu.
func (s *Server) channelMessagesLocked(channelID string) []Message {
	var out []Message
	for _, id := range s.channelMsgs[channelID] {
		if m := s.messages[id]; m != nil && !m.Deleted {
			out = append(out, m.clone())
		}
	}
	return out
}

// Visible returns what user sees in a channel, oldest first: the messages
// everyone there sees (see ChannelMessages) and the ephemeral interaction
// responses and follow-ups shown to user alone, as last edited, without
// deleted ones. An ephemeral message is shown to the user whose interaction
// it answers, and to nobody else.
func (s *Server) Visible(channelID, userID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.messages {
		if m.Deleted || m.ChannelID != channelID {
			continue
		}
		if m.Ephemeral() {
			if st := s.interactions[m.InteractionToken]; st == nil || st.userID != userID {
				continue
			}
		} else if !slices.Contains(s.channelMsgs[channelID], m.ID) {
			continue
		}
		out = append(out, m.clone())
	}
	// Snowflakes of one length order by time.
	slices.SortFunc(out, func(a, b Message) int {
		if c := len(a.ID) - len(b.ID); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out
}

// WaitChannelMessages waits until the channel shows at least n messages (see
// ChannelMessages) and returns them all.
func (s *Server) WaitChannelMessages(ctx context.Context, channelID string, n int) ([]Message, error) {
	var out []Message
	err := s.waitUntil(ctx, func() bool {
		out = s.channelMessagesLocked(channelID)
		return len(out) >= n
	})
	if err != nil {
		return nil, fmt.Errorf("fakediscord: %d messages in channel %s (have %d): %w", n, channelID, len(out), err)
	}
	return out, nil
}

// Message returns the stored message with id, deleted or not.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	return m.clone(), true
}

// Original returns the current state of an interaction's original response:
// the message the callback created (type 4 or 5) or, for callbacks of type 6
// and 7, the message the component was on.
func (s *Server) Original(token string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.interactions[token]
	if st == nil || st.originalID == "" {
		return Message{}, false
	}
	m, ok := s.messages[st.originalID]
	if !ok {
		return Message{}, false
	}
	return m.clone(), true
}

// Followups returns an interaction's follow-up messages, oldest first.
func (s *Server) Followups(token string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.interactions[token]
	if st == nil {
		return nil
	}
	var out []Message
	for _, id := range st.followups {
		if m := s.messages[id]; m != nil {
			out = append(out, m.clone())
		}
	}
	return out
}

// msgPayload is the part of a message create or edit payload the fake reads.
// A nil field was absent; JSON null arrives as the raw text null.
type msgPayload struct {
	Content         *string         `json:"content"`
	Flags           *int            `json:"flags"`
	Components      json.RawMessage `json:"components"`
	Embeds          json.RawMessage `json:"embeds"`
	AllowedMentions json.RawMessage `json:"allowed_mentions"`
	Attachments     json.RawMessage `json:"attachments"`
	Poll            json.RawMessage `json:"poll"`
	StickerIDs      json.RawMessage `json:"sticker_ids"`
	// Nonce is a string or an integer (create only); EnforceNonce asks
	// Discord to return the message already created with it.
	Nonce        json.RawMessage `json:"nonce"`
	EnforceNonce bool            `json:"enforce_nonce"`
}

// partialAttachment is an entry of a payload's attachments array: an existing
// attachment to keep (by snowflake) or metadata for a new file (by index).
type partialAttachment struct {
	ID       json.RawMessage `json:"id"`
	Filename string          `json:"filename"`
}

// isNull reports whether raw is absent or JSON null.
func isNull(raw json.RawMessage) bool {
	return raw == nil || bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

// isEmptyList reports whether raw is absent, null or an empty array.
func isEmptyList(raw json.RawMessage) bool {
	if isNull(raw) {
		return true
	}
	var v []json.RawMessage
	return json.Unmarshal(raw, &v) == nil && len(v) == 0
}

// orEmptyList returns raw, or [] when it is absent or null.
func orEmptyList(raw json.RawMessage) json.RawMessage {
	if isNull(raw) {
		return json.RawMessage("[]")
	}
	return bytes.Clone(raw)
}

// parseMsgPayload decodes a message payload; a missing payload is an empty one.
func parseMsgPayload(raw json.RawMessage) (msgPayload, []fieldError) {
	var p msgPayload
	if raw == nil {
		return p, nil
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return p, []fieldError{{code: "MODEL_TYPE_CONVERT", message: "Invalid message payload: " + err.Error()}}
	}
	return p, nil
}

// createMessage validates a create payload and stores the message. listed
// adds it to the channel's visible messages. Callers hold s.mu.
func (s *Server) createMessage(channelID, token string, raw json.RawMessage, files []File, listed bool) (*Message, reply, bool) {
	p, errs := parseMsgPayload(raw)
	if len(errs) > 0 {
		return nil, formErrorReply(errs), false
	}
	m := &Message{
		ID:               s.ids.next(),
		ChannelID:        channelID,
		GuildID:          s.channel(channelID).GuildID,
		InteractionToken: token,
		CreatedAt:        time.Now(),
		author:           s.BotUser(),
	}
	s.applyPayload(m, p, raw, files, false)
	if rp, ok := s.checkMessage(m, p, true); !ok {
		return nil, rp, false
	}
	s.messages[m.ID] = m
	if listed && channelID != "" && !m.Ephemeral() {
		s.channelMsgs[channelID] = append(s.channelMsgs[channelID], m.ID)
	}
	return m, reply{}, true
}

// editMessage validates an edit payload and applies it to m, leaving m
// unchanged when the edit is rejected. listed applies API v10's rule for
// edits (see applyPayload); a follow-up filling in a deferred response is a
// new message to Discord, and is applied without it. Callers hold s.mu.
func (s *Server) editMessage(m *Message, raw json.RawMessage, files []File, listed bool) (reply, bool) {
	p, errs := parseMsgPayload(raw)
	if len(errs) > 0 {
		return formErrorReply(errs), false
	}
	next := m.clone()
	next.Deferred = false
	next.EditedAt = time.Now()
	s.applyPayload(&next, p, raw, files, listed)
	if rp, ok := s.checkMessage(&next, p, false); !ok {
		return rp, false
	}
	*m = next
	return reply{}, true
}

// applyPayload sets the fields p carries and adds files as attachments.
// Existing attachments are kept unless p lists the ones to keep (by their
// snowflake). A new file files[n] may be given its name by the entry whose id
// is n. With listed (an edit under API v10 or later), an attachments array
// is the whole list of what the message holds after the edit: a new file is
// attached only if the array lists it by its index n, and one it leaves out
// is dropped, as Discord does ("the attachments array must contain all
// attachments that should be present after edit, including retained and new
// attachments provided in the request body"). Without an attachments array
// every file is added.
func (s *Server) applyPayload(m *Message, p msgPayload, raw json.RawMessage, files []File, listed bool) {
	m.Payload = bytes.Clone(raw)
	if p.Content != nil {
		m.Content = *p.Content
	}
	if p.Flags != nil {
		// The ephemeral bit is fixed when a message is created.
		eph := m.Flags & FlagEphemeral
		if m.EditedAt.IsZero() {
			eph = *p.Flags & FlagEphemeral
		}
		m.Flags = *p.Flags&^FlagEphemeral | eph
	}
	if p.Components != nil || m.Components == nil {
		m.Components = orEmptyList(p.Components)
	}
	if p.Embeds != nil || m.Embeds == nil {
		m.Embeds = orEmptyList(p.Embeds)
	}
	if p.AllowedMentions != nil {
		m.AllowedMentions = bytes.Clone(p.AllowedMentions)
	}
	var refs []partialAttachment
	if !isNull(p.Attachments) {
		// A malformed list keeps nothing and renames nothing, as if empty.
		_ = json.Unmarshal(p.Attachments, &refs)
	}
	ref := func(id string) (partialAttachment, bool) {
		for _, r := range refs {
			if strings.Trim(string(r.ID), `"`) == id {
				return r, true
			}
		}
		return partialAttachment{}, false
	}
	if p.Attachments != nil {
		m.Attachments = slices.DeleteFunc(m.Attachments, func(a Attachment) bool {
			_, keep := ref(a.ID)
			return !keep
		})
	}
	for i, f := range files {
		name := f.Name
		r, ok := ref(strconv.Itoa(i))
		if !ok && listed && !isNull(p.Attachments) {
			continue
		}
		if r.Filename != "" {
			name = r.Filename
		}
		a := Attachment{ID: s.ids.next(), Filename: name, ContentType: f.ContentType, Size: len(f.Data)}
		if !s.cfg.Lean {
			a.Data = bytes.Clone(f.Data)
		}
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
			a.Width, a.Height = cfg.Width, cfg.Height
		}
		a.URL = s.baseURL.String() + attachmentPrefix + m.ChannelID + "/" + a.ID + "/" + name
		m.Attachments = append(m.Attachments, a)
	}
}

// checkMessage applies Discord's rules to a message about to be stored.
func (s *Server) checkMessage(m *Message, p msgPayload, create bool) (reply, bool) {
	if m.Content == "" && isEmptyList(m.Embeds) && isEmptyList(m.Components) && len(m.Attachments) == 0 &&
		(!create || (isNull(p.Poll) && isEmptyList(p.StickerIDs))) {
		return errBadRequest(codeEmptyMessage, "Cannot send an empty message"), false
	}
	if s.cfg.SkipValidation {
		return reply{}, true
	}
	if errs := validateMessage(m); len(errs) > 0 {
		return formErrorReply(errs), false
	}
	return reply{}, true
}

// wireMessage is a message object as Discord returns it.
func wireMessage(m Message) map[string]any {
	appID := m.author.ID
	author := map[string]any{"id": appID, "username": m.author.Username, "discriminator": "0", "avatar": nil, "bot": true, "global_name": nil}
	attachments := make([]map[string]any, 0, len(m.Attachments))
	for _, a := range m.Attachments {
		w := map[string]any{
			"id": a.ID, "filename": a.Filename, "size": a.Size, "url": a.URL, "proxy_url": a.URL,
			"content_type": a.ContentType,
		}
		if a.Width > 0 {
			w["width"], w["height"] = a.Width, a.Height
		}
		attachments = append(attachments, w)
	}
	var edited any
	if !m.EditedAt.IsZero() {
		edited = m.EditedAt.UTC().Format(time.RFC3339Nano)
	}
	out := map[string]any{
		"id":               m.ID,
		"channel_id":       m.ChannelID,
		"type":             m.Type,
		"content":          m.Content,
		"author":           author,
		"timestamp":        m.CreatedAt.UTC().Format(time.RFC3339Nano),
		"edited_timestamp": edited,
		"tts":              false,
		"mention_everyone": false,
		"mentions":         []any{},
		"mention_roles":    []any{},
		"attachments":      attachments,
		"embeds":           orEmptyList(m.Embeds),
		"components":       orEmptyList(m.Components),
		"pinned":           false,
		"flags":            m.Flags,
	}
	if m.GuildID != "" {
		out["guild_id"] = m.GuildID
	}
	if m.Nonce != "" {
		out["nonce"] = m.Nonce
	}
	if m.InteractionToken != "" {
		out["webhook_id"] = appID
		out["application_id"] = appID
	}
	return out
}

// messageReply answers with m as Discord returns it. Callers hold s.mu.
func (s *Server) messageReply(m *Message) reply {
	return jsonReply(http.StatusOK, wireMessage(*m))
}

// NonceWindow is how long a channel message's nonce is remembered: a create
// with enforce_nonce and a nonce used in the channel that long ago or less
// returns the message created with it, and creates nothing ("the past few
// minutes", Discord says).
const NonceWindow = 5 * time.Minute

func (s *Server) postChannelMessage(req *Request) reply {
	channel := req.Params["channel"]
	if rp, refused := s.refusePost(channel, len(req.Files), false); refused {
		return rp
	}
	if rp, refused := s.refuseArchived(channel); refused {
		return rp
	}
	p, _ := parseMsgPayload(req.JSON)
	nonce, errs := parseNonce(p.Nonce)
	if len(errs) > 0 && !s.cfg.SkipValidation {
		return formErrorReply(errs)
	}
	key := channel + "\x00" + nonce
	if nonce != "" && p.EnforceNonce {
		if m := s.messages[s.nonces[key]]; m != nil && !m.Deleted && time.Since(m.CreatedAt) <= NonceWindow {
			return s.messageReply(m)
		}
	}
	m, rp, ok := s.createMessage(channel, "", req.JSON, req.Files, true)
	if !ok {
		return rp
	}
	if nonce != "" {
		m.Nonce = nonce
		s.nonces[key] = m.ID
	}
	return s.messageReply(m)
}

// parseNonce reads a create's nonce: a string of at most 25 characters or an
// integer, as its text; "" when there is none.
func parseNonce(raw json.RawMessage) (string, []fieldError) {
	if isNull(raw) {
		return "", nil
	}
	var text string
	if json.Unmarshal(raw, &text) == nil {
		if utf8.RuneCountInString(text) > 25 {
			return "", []fieldError{{path: "nonce", code: "BASE_TYPE_MAX_LENGTH", message: "Must be 25 or fewer in length."}}
		}
		return text, nil
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		if _, err := n.Int64(); err == nil {
			return n.String(), nil
		}
	}
	return "", []fieldError{{path: "nonce", code: "NONCE_TYPE_INVALID", message: "Must be a string or an integer."}}
}

// channelMessage finds a live message in a channel, or answers Discord's 404.
// Callers hold s.mu.
func (s *Server) channelMessage(req *Request) (*Message, reply, bool) {
	m := s.messages[req.Params["message"]]
	if m == nil || m.Deleted || m.ChannelID != req.Params["channel"] || m.Ephemeral() {
		return nil, errNotFound(codeUnknownMessage, "Unknown Message"), false
	}
	return m, reply{}, true
}

// getMessage answers with m as Discord returns it.
func (s *Server) getMessage(_ *Request, m *Message) reply {
	return s.messageReply(m)
}

// patchMessage edits m as the request asks and answers with it.
func (s *Server) patchMessage(req *Request, m *Message) reply {
	if rp, ok := s.editMessage(m, req.JSON, req.Files, listsAttachments(req)); !ok {
		return rp
	}
	return s.messageReply(m)
}

// patchChannelMessage edits a channel message, as far as the bot's
// permissions in the channel allow; in an archived thread it is refused (400
// Thread is archived), as Discord refuses it until the thread is reopened.
func (s *Server) patchChannelMessage(req *Request, m *Message) reply {
	if rp, refused := s.refusePost(m.ChannelID, len(req.Files), true); refused {
		return rp
	}
	if rp, refused := s.refuseArchived(m.ChannelID); refused {
		return rp
	}
	return s.patchMessage(req, m)
}

// listsAttachments reports whether an edit request is under API v10's rule
// that its attachments array, when present, lists every attachment the
// message keeps, new files included: requests to /api/v10/ and later.
func listsAttachments(req *Request) bool { return req.APIVersion >= 10 }

// deleteMessage deletes m.
func (s *Server) deleteMessage(_ *Request, m *Message) reply {
	m.Deleted = true
	return noContent()
}

// deleteChannelMessage deletes a channel message, unless it is in an archived
// thread (400 Thread is archived), as Discord does.
func (s *Server) deleteChannelMessage(req *Request, m *Message) reply {
	if rp, refused := s.refuseArchived(m.ChannelID); refused {
		return rp
	}
	return s.deleteMessage(req, m)
}

// serveAttachment serves /attachments/{channel}/{id}/{filename}.
func (s *Server) serveAttachment(w http.ResponseWriter, r *http.Request) {
	parts := splitPath(strings.TrimPrefix(r.URL.Path, attachmentPrefix))
	if len(parts) != 3 {
		http.NotFound(w, r)
		return
	}
	s.mu.Lock()
	var found *Attachment
	for _, m := range s.messages {
		for i := range m.Attachments {
			if a := &m.Attachments[i]; a.ID == parts[1] && m.ChannelID == parts[0] {
				cp := *a
				found = &cp
			}
		}
	}
	s.mu.Unlock()
	if found == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", found.ContentType)
	// The client hung up if this fails; there is nobody to tell.
	_, _ = w.Write(found.Data)
}
