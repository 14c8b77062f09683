package bot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// handleTimeout bounds the handling of one interaction, follow-up edits included.
const handleTimeout = 30 * time.Second

// maxBody is the largest interaction body the HTTP endpoint reads.
const maxBody = 1 << 20

// Replay hardening. A signed interaction is good for a few minutes only: the endpoint refuses
// one whose X-Signature-Timestamp is older than maxAge or further ahead of the bot's clock than
// maxAhead (Discord signs just before it sends), so that a captured request cannot be replayed
// later. Within that window, and over the gateway (which replays dispatches after a resume),
// each transport remembers the IDs of the interactions it handled for seenFor, at most seenMax
// of them, and does not handle a second delivery of one again (see replayAck).
const (
	maxAge   = 5 * time.Minute
	maxAhead = time.Minute
	seenFor  = 2 * (maxAge + maxAhead)
	seenMax  = 1 << 16
)

// inflight counts interactions being handled, so that shutdown can wait for them.
type inflight struct{ wg sync.WaitGroup }

// Gateway serves interactions that arrive over a discordgo gateway session. It returns once
// the session is open; call Close on the session to stop, then Wait on the bot. The first
// responses go out through the bot's REST session (see restSessions), as every other call
// does, not through s, whose rate limiter would keep a bucket for every interaction.
func (b *Bot) Gateway(ctx context.Context, s *discordgo.Session) error {
	s.Identify.Intents = discordgo.IntentsGuilds
	seen := newRecent[string](seenMax, seenFor)
	// The raw event, not discordgo's InteractionCreate: the bot decodes the interaction itself,
	// as over HTTP, to read its channel object (a thread or not), which discordgo drops.
	s.AddHandler(func(s *discordgo.Session, e *discordgo.Event) {
		if e.Type != "INTERACTION_CREATE" {
			return
		}
		i, where, err := decodeInteractionIn(e.RawData)
		if err != nil {
			b.log.Warn("malformed interaction", "err", err)
			return
		}
		if i.ID != "" && !seen.first(i.ID, time.Now()) {
			// A dispatch replayed after a resume: the first delivery was answered.
			b.log.Info("interaction delivered again; not handled again", "interaction", i.ID)
			return
		}
		b.inflight.wg.Add(1)
		defer b.inflight.wg.Done()
		hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), handleTimeout)
		defer cancel()
		b.handleIn(hctx, i, where, func(ctx context.Context, r *discordgo.InteractionResponse) error {
			return b.rest.get().InteractionRespond(i, r, discordgo.WithContext(ctx))
		})
	})
	if err := s.Open(); err != nil {
		return fmt.Errorf("open gateway: %w", err)
	}
	return nil
}

// Wait blocks until every interaction being handled is done, or ctx ends.
func (b *Bot) Wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() { b.inflight.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for interactions in flight: %w", ctx.Err())
	}
}

// Interactions returns the HTTP interactions endpoint: it checks Discord's Ed25519 signature
// against publicKey (401 when missing or forged) and its timestamp (401 when older than maxAge
// or more than maxAhead in the future), answers PING with PONG, and hands every other
// interaction to Handle, whose first response becomes the HTTP response. A second delivery of
// an interaction it handled gets replayAck and is not handled again.
func (b *Bot) Interactions(publicKey ed25519.PublicKey) http.Handler {
	seen := newRecent[string](seenMax, seenFor)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		ts := r.Header.Get("X-Signature-Timestamp")
		signed, body, ok := readSigned(r, ts)
		if !ok {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		if !verify(publicKey, r.Header.Get("X-Signature-Ed25519"), ts, signed) {
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		if skew, ok := fresh(ts, time.Now()); !ok {
			b.log.Warn("refused a signed interaction: stale or from the future", "timestamp", ts, "age", skew)
			http.Error(w, "stale request timestamp", http.StatusUnauthorized)
			return
		}
		i, where, err := decodeInteractionIn(body)
		if err != nil {
			b.log.Warn("malformed interaction", "err", err)
			http.Error(w, "malformed interaction", http.StatusBadRequest)
			return
		}
		if i.Type == discordgo.InteractionPing {
			writeJSON(w, discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
			return
		}
		if i.ID != "" && !seen.first(i.ID, time.Now()) {
			b.log.Info("interaction delivered again; not handled again", "interaction", i.ID)
			// The client hung up if this fails; the first delivery was handled either way.
			_ = writeJSON(w, replayAck(i))
			return
		}
		b.inflight.wg.Add(1)
		defer b.inflight.wg.Done()
		// Discord may close the connection once it has the response; the edits that follow
		// must not be cancelled with it.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), handleTimeout)
		defer cancel()
		answered := false
		b.handleIn(ctx, i, where, func(_ context.Context, resp *discordgo.InteractionResponse) error {
			if resp.Data != nil && len(resp.Data.Files) > 0 {
				return errors.New("files cannot go in the HTTP response")
			}
			answered = true
			return writeJSON(w, resp)
		})
		if !answered {
			http.Error(w, "no response", http.StatusInternalServerError)
		}
	})
}

// fresh reports whether a request signed at ts (Unix seconds) may be taken at now: signed at
// most maxAge ago and at most maxAhead in the future. age is now minus the signing time.
func fresh(ts string, now time.Time) (age time.Duration, ok bool) {
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return 0, false
	}
	age = now.Sub(time.Unix(sec, 0))
	return age, age <= maxAge && age >= -maxAhead
}

// replayAck is the answer to a second delivery of an interaction already handled: an
// acknowledgement that does nothing, valid for the interaction's type, so that the request
// gets the valid 200 Discord expects. Discord takes one callback per interaction; the first
// delivery's answer is the one the person sees (Discord refuses this one as already
// acknowledged), and should this one be taken instead — the first still under way, say —
// the first's edits of the original response fill it in. A component or modal gets a deferred
// update, which changes nothing on screen; a command (or a modal it opened) a deferred
// ephemeral message, which only its caller would see; an autocomplete no choices.
func replayAck(i *discordgo.Interaction) discordgo.InteractionResponse {
	switch {
	case i.Type == discordgo.InteractionMessageComponent, i.Type == discordgo.InteractionModalSubmit && i.Message != nil:
		return discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	case i.Type == discordgo.InteractionApplicationCommandAutocomplete:
		return discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}}
	}
	return discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
}

// readSigned reads the request body into one buffer that begins with ts, the signature's
// timestamp, so that the signed message (timestamp + body) is there without a second copy.
// It returns that message and the body within it; ok is false when the body cannot be read,
// is shorter than its announced length, or is longer than maxBody. A body of announced length
// is read in one allocation.
func readSigned(r *http.Request, ts string) (signed, body []byte, ok bool) {
	if r.ContentLength > maxBody {
		return nil, nil, false
	}
	buf := bytes.NewBuffer(make([]byte, 0, len(ts)+int(max(r.ContentLength, 0))+bytes.MinRead))
	buf.WriteString(ts)
	if _, err := buf.ReadFrom(io.LimitReader(r.Body, maxBody+1)); err != nil {
		return nil, nil, false
	}
	signed = buf.Bytes()
	body = signed[len(ts):]
	if len(body) > maxBody || (r.ContentLength >= 0 && int64(len(body)) != r.ContentLength) {
		return nil, nil, false
	}
	return signed, body, true
}

// verify checks Discord's request signature sigHex: Ed25519 over signed, which is the
// timestamp ts followed by the body.
func verify(key ed25519.PublicKey, sigHex, ts string, signed []byte) bool {
	sig, err := hex.DecodeString(sigHex)
	if err != nil || len(sig) != ed25519.SignatureSize || ts == "" || len(key) != ed25519.PublicKeySize {
		return false
	}
	return ed25519.Verify(key, signed, sig)
}

// writeJSON writes v as the complete response and flushes it, so that the client has it while
// the handler goes on.
func writeJSON(w http.ResponseWriter, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode response: %w", err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	if _, err := io.Copy(w, bytes.NewReader(data)); err != nil {
		return fmt.Errorf("write response: %w", err)
	}
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	return nil
}

// Healthz answers 200 while the store answers, 503 otherwise.
func (b *Bot) Healthz() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := b.tables.Ping(ctx); err != nil {
			http.Error(w, "store: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		_, _ = io.WriteString(w, "ok\n")
	})
}
