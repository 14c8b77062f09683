package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

// Responder sends the first response to an interaction: over the gateway transport a REST
// callback, over the HTTP transport the body of Discord's POST. It is called at most once.
type Responder func(ctx context.Context, r *discordgo.InteractionResponse) error

// call is one interaction being handled: who, where, in which language, and how to answer.
type call struct {
	ctx     context.Context
	i       *discordgo.Interaction
	where   place // the channel the interaction came from, as its channel object says
	user    string
	name    string
	perms   int64
	lang    games.Lang
	log     *slog.Logger
	rest    *discordgo.Session
	respond Responder
	// urgent is set for an interaction that makes a move: under load its work, and the
	// pictures it draws, go before panels being opened or drafted, since the players wait for
	// a move's board to play on.
	urgent bool

	mu          sync.Mutex
	acked       bool // the first response has been sent; later answers edit it
	placeholder bool // the first response was a deferred new message not yet filled in
	// private: the deferred new message is ephemeral (only the caller sees it); Discord fixes
	// that at the deferral, and its first follow-up fills the placeholder in, as it is.
	private bool
}

// message is an answer in the making: text, components, pictures and whom it may mention.
type message struct {
	content    string
	body       string // board messages: the content before the status line
	components []discordgo.MessageComponent
	files      []*discordgo.File
	embeds     []*discordgo.MessageEmbed
	ephemeral  bool
	mentions   []string
	log        *boardLog // board messages: the account of what happened, summarised to fit
	// nonce, set on a board message, makes posting it idempotent (see boardNonce).
	nonce string
}

func (m message) allowed() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Users: m.mentions}
}

func (m message) flags() discordgo.MessageFlags {
	if m.ephemeral {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// first sends the first response, once.
func (c *call) first(r *discordgo.InteractionResponse) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.acked {
		return errors.New("interaction already answered")
	}
	if err := c.respond(c.ctx, r); err != nil {
		return fmt.Errorf("respond to interaction: %w", err)
	}
	c.acked = true
	return nil
}

func (c *call) isAcked() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.acked
}

// acknowledge sends the deferral a says.
func (c *call) acknowledge(a ack) error {
	switch a {
	case ackUpdate:
		return c.ackUpdate()
	case ackEphemeral:
		return c.ackReply(true)
	case ackPublic:
		return c.ackReply(false)
	}
	return nil
}

// ackReply acknowledges with "thinking…": the answer will be a new message (ephemeral or not).
func (c *call) ackReply(ephemeral bool) error {
	if c.isAcked() {
		return nil
	}
	m := message{ephemeral: ephemeral}
	err := c.first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: m.flags()}})
	if err == nil {
		c.mu.Lock()
		c.placeholder, c.private = true, ephemeral
		c.mu.Unlock()
	}
	return err
}

// pending reports whether the first response is a deferred new message not yet filled in
// ("thinking…"), and whether only the caller sees it.
func (c *call) pending() (placeholder, private bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.placeholder, c.private
}

// dropPlaceholder deletes a deferred response that was never filled in ("thinking…").
func (c *call) dropPlaceholder() error {
	c.mu.Lock()
	drop := c.placeholder
	c.placeholder = false
	c.mu.Unlock()
	if !drop {
		return nil
	}
	return c.soonKnown("delete placeholder", func() error { return c.rest.InteractionResponseDelete(c.i, discordgo.WithContext(c.ctx)) })
}

// tell shows m, ephemeral, to the caller alone, however the interaction was acknowledged, and
// for good: a refusal or an error. Not acknowledged yet, it is the response itself. After a
// deferred new message ("thinking…"), Discord makes the first follow-up that message — edited
// in place, visible as the deferral was — so a follow-up sent there would be public after a
// public deferral, and gone with the placeholder if that were deleted. So an ephemeral
// placeholder is edited into the message; a public one is deleted first, after which a
// follow-up is a message of its own, with its own flags. After any other acknowledgement (a
// component's deferred update, a response already filled in) it is a follow-up.
func (c *call) tell(m message) error {
	m.ephemeral = true
	if !c.isAcked() {
		return c.reply(m)
	}
	placeholder, private := c.pending()
	switch {
	case placeholder && private:
		return c.edit(m)
	case placeholder:
		if err := c.dropPlaceholder(); err != nil {
			// The placeholder is still there: a follow-up would fill it in, in public. Better
			// say it in public than not at all.
			c.log.Warn("could not delete the unanswered public placeholder", "err", err)
		}
	}
	return c.followup(m)
}

// ackUpdate acknowledges a component click: the answer will replace the clicked message.
func (c *call) ackUpdate() error {
	if c.isAcked() {
		return nil
	}
	return c.first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
}

// reply answers with a new message. Pictures cannot go in the first response, so a reply with
// files is acknowledged first and then filled in by editing it.
func (c *call) reply(m message) error {
	m = m.fitted()
	if !c.isAcked() && len(m.files) == 0 {
		return c.first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: m.content, Components: m.components, Embeds: m.embeds,
				Flags: m.flags(), AllowedMentions: m.allowed()}})
	}
	if err := c.ackReply(m.ephemeral); err != nil {
		return err
	}
	return c.edit(m)
}

// update replaces the message whose component was clicked.
func (c *call) update(m message) error {
	m = m.fitted()
	if !c.isAcked() && len(m.files) == 0 {
		comps := m.components
		if comps == nil {
			comps = []discordgo.MessageComponent{}
		}
		return c.first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: m.content, Components: comps, Embeds: m.embeds,
				AllowedMentions: m.allowed(), Attachments: &[]*discordgo.MessageAttachment{}}})
	}
	if err := c.ackUpdate(); err != nil {
		return err
	}
	return c.edit(m)
}

// edit replaces the acknowledged response (or the clicked message after ackUpdate).
func (c *call) edit(m message) error {
	m = m.fitted()
	comps := m.components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	embeds := m.embeds
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	content := m.content
	// The files are read once per attempt, so keep their bytes.
	data, err := fileBytes(m.files)
	if err != nil {
		return err
	}
	return c.soonKnown("edit interaction response", func() error {
		files := filesOf(m.files, data)
		err := c.editOriginal(&discordgo.WebhookEdit{
			Content: &content, Components: &comps, Embeds: &embeds, Files: files, AllowedMentions: m.allowed(),
		})
		if err == nil {
			c.mu.Lock()
			c.placeholder = false
			c.mu.Unlock()
		}
		return err
	})
}

// soonKnown runs a webhook call of the interaction, retrying it a few times on "Unknown
// Webhook": over the HTTP transport our first response travels back in Discord's POST, and
// Discord may not know it for a moment after we sent it.
func (c *call) soonKnown(what string, call func() error) error {
	for attempt := 0; ; attempt++ {
		err := call()
		if err == nil {
			return nil
		}
		var rest *discordgo.RESTError
		if attempt >= 5 || !errors.As(err, &rest) || rest.Message == nil || rest.Message.Code != discordgo.ErrCodeUnknownWebhook {
			return fmt.Errorf("%s: %w", what, err)
		}
		select {
		case <-time.After(time.Duration(20<<attempt) * time.Millisecond):
		case <-c.ctx.Done():
			return fmt.Errorf("%s: %w", what, c.ctx.Err())
		}
	}
}

// editOriginal edits the interaction's original response. discordgo puts every file-less
// webhook edit of every interaction in one rate-limit bucket (that of an empty token), held for
// the whole request, so that under load one slow edit delays all others; Discord scopes these
// limits per webhook token, so the bucket here is the message's own URL (see send), as
// discordgo already does for edits with files.
//
// The edit replaces the message's pictures with edit.Files: under API v10 the attachments
// array is the whole list of what the message holds after the edit, so it lists each new file
// by its index (files[n] is {"id": "n"}) and no old attachment. An edit that uploaded files
// with an empty list would keep none of them.
func (c *call) editOriginal(edit *discordgo.WebhookEdit) error {
	uri := discordgo.EndpointWebhookMessage(c.i.AppID, c.i.Token, "@original")
	_, err := send(c.ctx, c.rest, http.MethodPatch, uri, replacing{edit, newAttachments(edit.Files)}, edit.Files)
	return err
}

// replacing is a message edit whose attachments array lists the new files (see
// newAttachments), in place of discordgo's, whose entries carry every field of an attachment.
type replacing struct {
	*discordgo.WebhookEdit
	Attachments []attachmentRef `json:"attachments"`
}

// attachmentRef is an entry of an edit's attachments array: an attachment to keep by its
// snowflake, or a new file by its index n in files[n], with its file name.
type attachmentRef struct {
	ID       string `json:"id"`
	Filename string `json:"filename,omitempty"`
}

// newAttachments lists files as the new attachments of an edit, in order: files[n] has id n.
// It is never nil, so that an edit without files removes the old ones.
func newAttachments(files []*discordgo.File) []attachmentRef {
	refs := make([]attachmentRef, len(files))
	for i, f := range files {
		refs[i] = attachmentRef{ID: strconv.Itoa(i), Filename: f.Name}
	}
	return refs
}

// followup sends an extra message after the response (used to report an error once the
// response has been spent on something else).
func (c *call) followup(m message) error {
	m = m.fitted()
	return c.soonKnown("send follow-up", func() error {
		_, err := c.rest.FollowupMessageCreate(c.i, false, &discordgo.WebhookParams{
			Content: m.content, Components: m.components, Files: m.files, Flags: m.flags(), AllowedMentions: m.allowed(),
		}, discordgo.WithContext(c.ctx))
		return err
	})
}

// modal answers with a modal dialog.
func (c *call) modal(customID string, title string, inputs ...discordgo.TextInput) error {
	title, inputs = fitModal(title, inputs)
	rows := make([]discordgo.MessageComponent, len(inputs))
	for i, in := range inputs {
		rows[i] = discordgo.ActionsRow{Components: []discordgo.MessageComponent{in}}
	}
	return c.first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: customID, Title: title, Components: rows}})
}

// say picks the caller's language from a Text.
func (c *call) say(t games.Text) string { return t.In(c.lang) }

// readAll reads r to its end like io.ReadAll: a bytes.Buffer (what encode makes) gives up its
// bytes without a copy, and any other reader that knows how much it holds (a bytes.Reader of a
// cached picture) is read in one allocation.
func readAll(r io.Reader) ([]byte, error) {
	if buf, ok := r.(*bytes.Buffer); ok {
		return buf.Next(buf.Len()), nil
	}
	sized, ok := r.(interface{ Len() int })
	if !ok {
		return io.ReadAll(r)
	}
	buf := bytes.NewBuffer(make([]byte, 0, sized.Len()+bytes.MinRead))
	if _, err := buf.ReadFrom(r); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
