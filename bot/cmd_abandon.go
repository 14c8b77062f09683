package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

// abandonCommand is /abandon: it ends the channel's game after a confirmation.
func abandonCommand() command {
	return command{
		def:    newCommand("abandon", games.Say("End this channel's game without a result", "Ukonči hru v tomto kanálu bez výsledku")),
		handle: (*Bot).onAbandon,
		ack:    ackEphemeral,
	}
}

func (b *Bot) onAbandon(c *call) error {
	t, err := b.tables.CheckAbandon(c.ctx, c.click(ID{}))
	if err != nil {
		return err
	}
	kit, _ := b.kit(t.Game)
	return c.reply(message{ephemeral: true,
		content: c.say(games.Say("Really end this game of %s? Nothing will be scored.", "Opravdu ukončit tuto hru %s? Nic se nezapočítá.", kit.Game.Title().EN)),
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: c.say(games.Say("Abandon the game", "Ukončit hru")), Style: discordgo.DangerButton, CustomID: buildID(t.Game, t.Rev(), verbAbandon, t.ID)},
		}}}})
}

// onAbandonConfirm ends the game the confirmation was for.
func (b *Bot) onAbandonConfirm(c *call, id ID) error {
	t, err := b.tables.Abandon(c.ctx, c.click(id), id.Arg)
	if err != nil {
		return err
	}
	if err := c.update(message{content: "✅ " + c.say(games.Say("Abandoned.", "Ukončeno.")), ephemeral: true}); err != nil {
		c.log.Warn("could not confirm the abandon", "err", err)
	}
	kit, _ := b.kit(t.Game)
	lang := t.Lang()
	_, err = b.postRetrying(c.ctx, t.Channel, message{content: fmt.Sprintf("%s %s", kit.Game.Emoji(),
		games.Text{EN: fmt.Sprintf("%s ended the game of %s. Start a new one with /start.", c.name, kit.Game.Title().EN),
			CS: fmt.Sprintf("%s ukončil(a) hru %s. Novou založíš příkazem /start.", c.name, kit.Game.Title().In(games.Czech))}.In(lang))})
	if t.Parent != "" && t.Record != nil {
		// A game in a thread of its own: its card says so, and the thread is archived.
		b.closeThread(c.ctx, c.log, t, abandonedCard(t, c.name))
	}
	return err
}
