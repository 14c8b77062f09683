package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

// statusCommand is /status: it posts the channel's table again.
func statusCommand() command {
	return command{
		def:    newCommand("status", games.Say("Show this channel's table again", "Znovu ukaž stůl tohoto kanálu")),
		handle: (*Bot).onStatus,
	}
}

func (b *Bot) onStatus(c *call) error {
	t, err := b.loadTable(c.ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	if t.Status == StatusLobby {
		return c.reply(b.lobbyMessage(t, c.lang))
	}
	if t.Record == nil {
		return refuse("No game is running in this channel. Start one with /start.", "V tomto kanálu neběží žádná hra. Založ ji příkazem /start.")
	}
	if err := c.ackReply(false); err != nil {
		return err
	}
	b.ensureArchived(c, t)
	st, err := b.state(t)
	if err != nil {
		return err
	}
	var m message
	if games.Over(st) {
		m, err = b.endMessage(t, st, nil, c.lang)
	} else {
		m, err = b.boardMessage(t, st, nil, c.lang)
	}
	if err != nil {
		return err
	}
	if t.Status == StatusOver && !games.Over(st) {
		m.content += "\n" + c.say(games.Say("This game was abandoned.", "Tato hra byla ukončena."))
		m.components = []discordgo.MessageComponent{}
	}
	return c.reply(m)
}
