package fakediscord

import (
	"encoding/json"
	"slices"
	"time"
)

// Interaction callback types, as numbered by Discord.
const (
	CallbackPong                   = 1
	CallbackChannelMessage         = 4
	CallbackDeferredChannelMessage = 5
	CallbackDeferredUpdateMessage  = 6
	CallbackUpdateMessage          = 7
	CallbackAutocompleteResult     = 8
	CallbackModal                  = 9
)

// callbackPayload is an interaction response: {"type": ..., "data": ...}.
type callbackPayload struct {
	Type int             `json:"type"`
	Data json.RawMessage `json:"data"`
}

func (s *Server) postCallback(req *Request) reply {
	return s.applyCallback(req.Params["interaction"], req.Params["token"], req.JSON, req.Files)
}

// applyCallback acknowledges an interaction with a callback that came over
// REST or as the reply to a signed POST. Callers hold s.mu.
func (s *Server) applyCallback(id, token string, raw json.RawMessage, files []File) reply {
	st := s.interactions[token]
	switch {
	case st == nil:
		// An interaction the test wrote by hand: take it as it comes.
		st = &interactionState{id: id, token: token}
		s.interactions[token] = st
	case st.id != id:
		return errNotFound(codeUnknownInteraction, "Unknown interaction")
	case st.acked:
		return errBadRequest(codeAlreadyAcknowledged, "Interaction has already been acknowledged.")
	}
	var p callbackPayload
	if raw == nil || json.Unmarshal(raw, &p) != nil {
		return formErrorReply([]fieldError{{path: "type", code: "BASE_TYPE_REQUIRED", message: "This field is required"}})
	}
	if !callbackAllowed(st.typ, p.Type) {
		return formErrorReply([]fieldError{{path: "type", code: "INTERACTION_RESPONSE_TYPE_INVALID",
			message: "Interaction response type is not valid for this interaction."}})
	}
	switch p.Type {
	case CallbackChannelMessage:
		m, rp, ok := s.createMessage(st.channelID, token, p.Data, files, true)
		if !ok {
			return rp
		}
		if st.typ == InteractionCommand {
			m.Type = 20
		}
		st.originalID = m.ID
	case CallbackDeferredChannelMessage:
		var d struct {
			Flags int `json:"flags"`
		}
		// Absent or malformed data defers a public response, as Discord does.
		_ = json.Unmarshal(p.Data, &d)
		m := &Message{
			ID: s.ids.next(), ChannelID: st.channelID, GuildID: st.guildID, Flags: d.Flags & FlagEphemeral,
			Components: json.RawMessage("[]"), Embeds: json.RawMessage("[]"), InteractionToken: token,
			Deferred: true, CreatedAt: time.Now(), author: s.BotUser(),
		}
		if st.typ == InteractionCommand {
			m.Type = 20
		}
		s.messages[m.ID] = m
		if st.channelID != "" && !m.Ephemeral() {
			s.channelMsgs[st.channelID] = append(s.channelMsgs[st.channelID], m.ID)
		}
		st.originalID = m.ID
	case CallbackDeferredUpdateMessage, CallbackUpdateMessage:
		m := s.messages[st.messageID]
		if m == nil && st.messageID != "" {
			// The component was on a message the fake never stored: keep its
			// updates as a message of its own, outside the channel list.
			m = &Message{ID: st.messageID, ChannelID: st.channelID, GuildID: st.guildID,
				Components: json.RawMessage("[]"), Embeds: json.RawMessage("[]"), CreatedAt: time.Now(), author: s.BotUser()}
			s.messages[m.ID] = m
		}
		if p.Type == CallbackUpdateMessage && m != nil {
			// Discord applies a callback under the API version it speaks now (v10).
			if rp, ok := s.editMessage(m, p.Data, files, true); !ok {
				return rp
			}
		}
		st.originalID = st.messageID
	case CallbackModal:
		if !s.cfg.SkipValidation {
			if errs := validateModal(p.Data); len(errs) > 0 {
				return formErrorReply(errs)
			}
		}
	}
	st.acked, st.ackType = true, p.Type
	return noContent()
}

// callbackAllowed reports whether Discord accepts callback type cb for an
// interaction of type ix (0: unknown to the fake, anything goes).
func callbackAllowed(ix, cb int) bool {
	switch cb {
	case CallbackPong:
		return ix == 0 || ix == InteractionPing
	case CallbackChannelMessage, CallbackDeferredChannelMessage:
		return ix != InteractionPing && ix != InteractionAutocomplete
	case CallbackDeferredUpdateMessage, CallbackUpdateMessage:
		return ix == 0 || ix == InteractionComponent || ix == InteractionModalSubmit
	case CallbackAutocompleteResult:
		return ix == 0 || ix == InteractionAutocomplete
	case CallbackModal:
		return ix == 0 || ix == InteractionCommand || ix == InteractionComponent
	default:
		return false
	}
}

// webhookInteraction returns the acknowledged interaction a webhook request
// names, or Discord's answer when there is none. Callers hold s.mu.
func (s *Server) webhookInteraction(req *Request) (*interactionState, reply, bool) {
	if s.checkApp(req.Params["app"]) != nil {
		return nil, errNotFound(codeUnknownWebhook, "Unknown Webhook"), false
	}
	st := s.interactions[req.Params["token"]]
	if st == nil || !st.acked {
		return nil, errNotFound(codeUnknownWebhook, "Unknown Webhook"), false
	}
	return st, reply{}, true
}

// webhookMessage resolves "@original" or a follow-up ID of an interaction.
// Callers hold s.mu.
func (s *Server) webhookMessage(req *Request) (*Message, reply, bool) {
	st, rp, ok := s.webhookInteraction(req)
	if !ok {
		return nil, rp, false
	}
	id := req.Params["message"]
	if id == "@original" {
		id = st.originalID
	} else if id != st.originalID && !slices.Contains(st.followups, id) {
		id = ""
	}
	m := s.messages[id]
	if id == "" || m == nil || m.Deleted {
		return nil, errNotFound(codeUnknownMessage, "Unknown Message"), false
	}
	return m, reply{}, true
}

func (s *Server) postFollowup(req *Request) reply {
	st, rp, ok := s.webhookInteraction(req)
	if !ok {
		return rp
	}
	var m *Message
	if orig := s.messages[st.originalID]; st.ackType == CallbackDeferredChannelMessage && orig != nil && orig.Deferred && !orig.Deleted {
		// The first follow-up after a deferred response replaces the
		// "thinking..." message: same ID, and the visibility the deferral
		// chose, whatever flags the follow-up asks for (editMessage keeps the
		// ephemeral bit). Once that message is deleted, a follow-up is a new
		// message with its own flags.
		if rp, ok := s.editMessage(orig, req.JSON, req.Files, false); !ok {
			return rp
		}
		m = orig
	} else {
		created, rp, ok := s.createMessage(st.channelID, st.token, req.JSON, req.Files, true)
		if !ok {
			return rp
		}
		m = created
		st.followups = append(st.followups, m.ID)
	}
	if req.Query.Get("wait") != "true" {
		return noContent()
	}
	return s.messageReply(m)
}
