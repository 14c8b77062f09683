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
	}
}

func (b *Bot) onAbandon(c *call) error {
	t, err := b.loadTable(c.ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	if t.Status == StatusOver {
		return refuse("No game is running in this channel.", "V tomto kanálu neběží žádná hra.")
	}
	if c.user != t.Creator && !canManage(c) {
		return refuse("Only the host or someone with Manage Channels can abandon the game.", "Hru může ukončit jen zakladatel nebo někdo s právem Spravovat kanály.")
	}
	kit, _ := b.kit(t.Game)
	return c.reply(message{ephemeral: true,
		content: c.say(games.Say("Really end this game of %s? Nothing will be scored.", "Opravdu ukončit tuto hru %s? Nic se nezapočítá.", kit.Game.Title().EN)),
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: c.say(games.Say("Abandon the game", "Ukončit hru")), Style: discordgo.DangerButton, CustomID: buildID(t.Game, t.rev, verbAbandon, t.ID)},
		}}}})
}

// onAbandonConfirm ends the game the confirmation was for.
func (b *Bot) onAbandonConfirm(c *call, id ID) error {
	t, err := b.mutate(c.ctx, c.i.ChannelID, func(t *Table) error {
		switch {
		case t.ID != id.Arg || t.Status == StatusOver:
			return refuse("That game is already over.", "Ta hra už skončila.")
		case c.user != t.Creator && !canManage(c):
			return refuse("Only the host or someone with Manage Channels can abandon the game.", "Hru může ukončit jen zakladatel nebo někdo s právem Spravovat kanály.")
		}
		t.Status = StatusOver
		return nil
	})
	if err != nil {
		return err
	}
	tableLog(c.log, t).Info("game abandoned")
	if err := c.update(message{content: "✅ " + c.say(games.Say("Abandoned.", "Ukončeno.")), ephemeral: true}); err != nil {
		return err
	}
	kit, _ := b.kit(t.Game)
	lang := t.Lang()
	_, err = b.post(c, t, message{content: fmt.Sprintf("%s %s", kit.Game.Emoji(),
		games.Say("%s ended the game of %s. Start a new one with /start.", "%s ukončil(a) hru %s. Novou založíš příkazem /start.", c.name, kit.Game.Title().EN).In(lang))})
	return err
}
