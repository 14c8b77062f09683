package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// statusCommand is /status: it posts the channel's table again.
func statusCommand() command {
	return command{
		def:    newCommand("status", games.Say("Show this channel's table again", "Znovu ukaž stůl tohoto kanálu")),
		handle: (*Bot).onStatus,
		ack:    ackPublic,
	}
}

func (b *Bot) onStatus(c *call) error {
	if err := c.ackReply(false); err != nil {
		return err
	}
	t, st, err := b.tables.Current(c.ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	b.repostIfOwed(c, t)
	if st == nil {
		return c.reply(b.lobbyMessage(t, c.lang))
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
	if t.Status == table.StatusOver && !games.Over(st) {
		m.content += "\n" + c.say(games.Say("This game was abandoned.", "Tato hra byla ukončena."))
		m.components = []discordgo.MessageComponent{}
	}
	return c.reply(m)
}
