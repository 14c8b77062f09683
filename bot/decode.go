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
// body, and most of discordgo's decoding time) are skipped.
func decodeInteraction(body []byte) (*discordgo.Interaction, error) {
	var wire struct {
		plainInteraction
		// These two hide the fields of the same names in plainInteraction.
		Data    json.RawMessage `json:"data"`
		Message *struct {
			ID        string                 `json:"id"`
			ChannelID string                 `json:"channel_id"`
			Flags     discordgo.MessageFlags `json:"flags"`
		} `json:"message"`
	}
	if err := json.Unmarshal(body, &wire); err != nil {
		return nil, fmt.Errorf("decode interaction: %w", err)
	}
	i := discordgo.Interaction(wire.plainInteraction)
	if m := wire.Message; m != nil {
		i.Message = &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID, Flags: m.Flags}
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
		return nil, fmt.Errorf("decode interaction data: %w", err)
	}
	return &i, nil
}
