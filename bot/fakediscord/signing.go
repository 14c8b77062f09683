package fakediscord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"
)

// PublicKeyHex returns the hex-encoded Ed25519 public key the fake signs
// interaction POSTs with: the application's "public key" in Discord's
// developer portal.
func (s *Server) PublicKeyHex() string { return hex.EncodeToString(s.pub) }

// PublicKey returns the Ed25519 public key the fake signs interaction POSTs
// with.
func (s *Server) PublicKey() ed25519.PublicKey { return slices.Clone(s.pub) }

// Reply is the bot's HTTP reply to an interaction POST.
type Reply struct {
	Status int
	Header http.Header
	Body   []byte
	// JSON and Files are the reply's payload, decoded as for REST requests
	// (JSON or multipart/form-data); nil when the body was neither.
	JSON  json.RawMessage
	Files []File
	// Callback is the reply as the fake recorded and applied it, as Discord
	// does with a 2xx reply to a correctly signed POST; nil otherwise.
	// Callback.Status is the fake's verdict: 204 when Discord would accept
	// it, Discord's error otherwise.
	Callback *Request
	// Took is how long the endpoint took to answer, as Discord times it: from
	// sending the request (a wait for a connection of the pool included) to
	// reading the whole reply (the fake's own work of
	// building, signing and recording it is not counted).
	Took time.Duration
}

// Decode unmarshals the reply's JSON payload into v.
func (r *Reply) Decode(v any) error {
	if r.JSON == nil {
		return fmt.Errorf("fakediscord: reply (HTTP %d) has no JSON payload", r.Status)
	}
	if err := json.Unmarshal(r.JSON, v); err != nil {
		return fmt.Errorf("fakediscord: decode reply: %w", err)
	}
	return nil
}

// signing says how a POST is signed.
type signing int

const (
	signValid signing = iota
	signForged
	signNone
)

// PostInteraction POSTs interaction to the bot's interactions endpoint as
// Discord does: the JSON body, X-Signature-Timestamp (Unix seconds) and
// X-Signature-Ed25519 = hex(sign(timestamp + body)) with the fake's key. The
// bot has Config.ReplyTimeout to answer. A 2xx reply is applied as the
// interaction's callback and recorded (Request.Inline), so Responses,
// Original and ChannelMessages show it like a REST callback.
//
// interaction may be an *Interaction, a json.RawMessage, []byte or string
// (sent as is), or any value json.Marshal accepts.
func (s *Server) PostInteraction(ctx context.Context, endpointURL string, interaction any) (*Reply, error) {
	return s.post(ctx, endpointURL, interaction, signValid)
}

// PostInteractionAt is PostInteraction with the request signed as sent at
// at, correctly: a stale or future timestamp, which Discord never sends and
// a replaying attacker would. The reply is applied as PostInteraction's is.
func (s *Server) PostInteractionAt(ctx context.Context, endpointURL string, interaction any, at time.Time) (*Reply, error) {
	sp, err := s.SignAt(endpointURL, interaction, at)
	if err != nil {
		return nil, err
	}
	return s.send(ctx, sp)
}

// SignAt is Sign with the request signed as sent at at.
func (s *Server) SignAt(endpointURL string, interaction any, at time.Time) (*Signed, error) {
	return s.signAt(endpointURL, interaction, signValid, at)
}

// PostInteractionForged is PostInteraction with a well-formed signature made
// by another key, as an attacker would send. The reply is not applied.
func (s *Server) PostInteractionForged(ctx context.Context, endpointURL string, interaction any) (*Reply, error) {
	return s.post(ctx, endpointURL, interaction, signForged)
}

// PostInteractionUnsigned is PostInteraction without signature headers. The
// reply is not applied.
func (s *Server) PostInteractionUnsigned(ctx context.Context, endpointURL string, interaction any) (*Reply, error) {
	return s.post(ctx, endpointURL, interaction, signNone)
}

// post sends one interaction POST.
func (s *Server) post(ctx context.Context, endpointURL string, interaction any, mode signing) (*Reply, error) {
	sp, err := s.sign(endpointURL, interaction, mode)
	if err != nil {
		return nil, err
	}
	return s.send(ctx, sp)
}

// Signed is an interaction POST built and signed, ready to be sent: Discord
// signs a request before it sends it, so a test that fires many at once signs
// them all first (see Sign and Send).
type Signed struct {
	url    string
	body   []byte
	header http.Header
	mode   signing
	// id and token name the interaction, read when it was signed (empty in a body the bot
	// could not parse either), so that its reply is recorded without parsing the body again.
	id, token string
}

// Sign builds and signs the interaction POST of interaction to endpointURL,
// to be sent later with Send. A Signed may be sent more than once, as Discord
// would deliver it again: the same body, signature and timestamp.
func (s *Server) Sign(endpointURL string, interaction any) (*Signed, error) {
	return s.sign(endpointURL, interaction, signValid)
}

// Send sends an interaction POST signed by Sign; see PostInteraction.
func (s *Server) Send(ctx context.Context, sp *Signed) (*Reply, error) {
	return s.send(ctx, sp)
}

// sign builds and signs one interaction POST, now.
func (s *Server) sign(endpointURL string, interaction any, mode signing) (*Signed, error) {
	return s.signAt(endpointURL, interaction, mode, time.Now())
}

// signAt builds and signs one interaction POST as sent at at.
func (s *Server) signAt(endpointURL string, interaction any, mode signing, at time.Time) (*Signed, error) {
	body, err := marshalPayload(interaction)
	if err != nil {
		return nil, fmt.Errorf("fakediscord: marshal interaction: %w", err)
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	if mode != signNone {
		ts := strconv.FormatInt(at.Unix(), 10)
		key := s.priv
		if mode == signForged {
			_, key, err = ed25519.GenerateKey(rand.Reader)
			if err != nil {
				return nil, fmt.Errorf("fakediscord: generate forging key: %w", err)
			}
		}
		sig := ed25519.Sign(key, append([]byte(ts), body...))
		h.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
		h.Set("X-Signature-Timestamp", ts)
	}
	sp := &Signed{url: endpointURL, body: body, header: h, mode: mode}
	if ix, ok := interaction.(*Interaction); ok {
		sp.id, sp.token = ix.ID, ix.Token
	} else {
		var named struct {
			ID    string `json:"id"`
			Token string `json:"token"`
		}
		// A body the bot could not have parsed has no ID or token: its callback is then
		// recorded against empty ones and rejected.
		_ = json.Unmarshal(body, &named)
		sp.id, sp.token = named.ID, named.Token
	}
	return sp, nil
}

// send sends a signed interaction POST, times it and records its reply.
func (s *Server) send(ctx context.Context, sp *Signed) (*Reply, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.ReplyTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sp.url, bytes.NewReader(sp.body))
	if err != nil {
		return nil, fmt.Errorf("fakediscord: build interaction POST to %s: %w", sp.url, err)
	}
	req.Header = sp.header.Clone()
	mode, endpointURL := sp.mode, sp.url
	start := time.Now()
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fakediscord: interaction POST to %s: %w", endpointURL, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return nil, fmt.Errorf("fakediscord: read interaction reply from %s: %w", endpointURL, err)
	}
	rep := &Reply{Status: resp.StatusCode, Header: resp.Header, Body: data, Took: time.Since(start)}
	mediaType, payload, files, decodeErr := decodeBody(resp.Header.Get("Content-Type"), data)
	if decodeErr == nil {
		rep.JSON, rep.Files = payload, files
	}
	if mode == signValid && resp.StatusCode/100 == 2 {
		rep.Callback = s.recordInline(sp.id, sp.token, resp, mediaType, data, payload, files, decodeErr)
	}
	return rep, nil
}

// recordInline applies and records a 2xx reply to the signed POST of interaction id (with
// token) as the interaction's callback.
func (s *Server) recordInline(id, token string, resp *http.Response, mediaType string, body []byte, payload json.RawMessage, files []File, decodeErr error) *Request {
	path := "/interactions/" + url.PathEscape(id) + "/" + url.PathEscape(token) + "/callback"
	req := Request{
		Time:        time.Now(),
		Method:      http.MethodPost,
		Path:        path,
		URL:         path,
		Route:       "POST /interactions/{interaction}/{token}/callback",
		Params:      map[string]string{"interaction": id, "token": token},
		Query:       url.Values{},
		Header:      resp.Header.Clone(),
		ContentType: mediaType,
		Body:        body,
		JSON:        payload,
		Files:       files,
		Inline:      true,
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var rp reply
	if decodeErr != nil {
		rp = errBadRequest(codeInvalidJSON, "The request body contains invalid JSON.")
	} else {
		rp = s.applyCallback(id, token, payload, files)
	}
	req.Status, req.Response = rp.status, rp.body
	s.record(req)
	if s.cfg.Lean {
		out := req.clone()
		return &out
	}
	out := s.requests[len(s.requests)-1].clone()
	return &out
}

// marshalPayload returns v's JSON: raw bytes as they are, anything else
// through json.Marshal.
func marshalPayload(v any) ([]byte, error) {
	switch x := v.(type) {
	case json.RawMessage:
		return x, nil
	case []byte:
		return x, nil
	case string:
		return []byte(x), nil
	default:
		return json.Marshal(v)
	}
}
