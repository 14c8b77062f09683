package bot

import (
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// plainInteraction is discordgo.Interaction without its JSON decoder.
type plainInteraction discordgo.Interaction

// decodeInteraction decodes an interaction as Discord posts it, like discordgo's own decoder
// but for the message a component was clicked on: of that, the bot reads nothing, so only its
// ID, channel and flags are decoded, and its components, embeds and attachments (most of the
// body, and most of discordgo's decoding time) are skipped — by one structural scan
// (withoutMessage), or, in a body that is not plainly what Discord sends, by encoding/json.
func decodeInteraction(body []byte) (*discordgo.Interaction, error) {
	i, _, err := decodeInteractionIn(body)
	return i, err
}

// decodeInteractionIn is decodeInteraction that also reads where the interaction came from:
// its channel object, which discordgo's Interaction has no field for.
func decodeInteractionIn(body []byte) (*discordgo.Interaction, place, error) {
	if rest, head, ok := withoutMessage(body); ok {
		return decodeSkimmed(rest, head)
	}
	return decodeSkimmed(body, nil)
}

// place is what the bot reads of an interaction's channel object (the partial channel
// Discord sends beside channel_id): its type and, for a thread, the channel it is in.
type place struct {
	Type     discordgo.ChannelType `json:"type"`
	ParentID string                `json:"parent_id"`
	// Thread is a thread's metadata: whether Discord archived it.
	Thread struct {
		Archived bool `json:"archived"`
	} `json:"thread_metadata"`
}

// thread reports whether the place is a thread (announcement, public or private).
func (p place) thread() bool {
	switch p.Type {
	case discordgo.ChannelTypeGuildNewsThread, discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread:
		return true
	}
	return false
}

// placeOf reads a channel object; anything that is not one (absent, null, of another shape)
// is the zero place, a channel of no known type: the bot then behaves as it did before it
// read channels, and agrees with discordgo, which ignores the member.
func placeOf(raw json.RawMessage) place {
	var p place
	if len(raw) == 0 || json.Unmarshal(raw, &p) != nil {
		return place{}
	}
	return p
}

// messageHead is what the bot reads of the message a component was clicked on. Like
// discordgo.Message, it is decoded whole: a repeated "message" member (or one equal to it but
// for case) replaces it rather than merging into it.
type messageHead struct {
	ID        string
	ChannelID string
	Flags     discordgo.MessageFlags
}

// UnmarshalJSON decodes the head of a message afresh.
func (h *messageHead) UnmarshalJSON(b []byte) error {
	var v struct {
		ID        string                 `json:"id"`
		ChannelID string                 `json:"channel_id"`
		Flags     discordgo.MessageFlags `json:"flags"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*h = messageHead(v)
	return nil
}

// decodeSkimmed decodes body with encoding/json, skipping all but the ID, channel and flags of
// its message; head, when not nil, is the message withoutMessage took out of body.
func decodeSkimmed(body []byte, head *discordgo.Message) (*discordgo.Interaction, place, error) {
	var wire struct {
		plainInteraction
		// These two hide the fields of the same names in plainInteraction.
		Data    json.RawMessage `json:"data"`
		Message *messageHead    `json:"message"`
		// Channel is the interaction's channel object, which discordgo does not decode.
		Channel json.RawMessage `json:"channel"`
	}
	if err := json.Unmarshal(body, &wire); err != nil {
		return nil, place{}, fmt.Errorf("decode interaction: %w", err)
	}
	i := discordgo.Interaction(wire.plainInteraction)
	if m := wire.Message; m != nil {
		i.Message = &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID, Flags: m.Flags}
	}
	if head != nil {
		i.Message = head
	}
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		var d discordgo.ApplicationCommandInteractionData
		err = json.Unmarshal(wire.Data, &d)
		i.Data = d
	case discordgo.InteractionMessageComponent:
		var d discordgo.MessageComponentInteractionData
		err = json.Unmarshal(wire.Data, &d)
		i.Data = d
	case discordgo.InteractionModalSubmit:
		var d discordgo.ModalSubmitInteractionData
		err = json.Unmarshal(wire.Data, &d)
		i.Data = d
	}
	if err != nil {
		return nil, place{}, fmt.Errorf("decode interaction data: %w", err)
	}
	return &i, placeOf(wire.Channel), nil
}
