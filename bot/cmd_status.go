package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// statusCommand is /status: the channel's table, shown only to the caller (in their language),
// so that asking never pings anyone or clutters the channel.
func statusCommand() command {
	return command{
		def:    newCommand("status", games.Say("Show this channel's table (only you see it)", "Ukaž stůl tohoto kanálu (uvidíš ho jen ty)")),
		handle: (*Bot).onStatus,
		ack:    ackEphemeral,
	}
}

func (b *Bot) onStatus(c *call) error {
	if err := c.ackReply(true); err != nil {
		return err
	}
	t, st, err := b.tables.Current(c.ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	b.repostIfOwed(c, t)
	if st == nil {
		m := b.lobbyMessage(t, c.lang)
		m.ephemeral = true
		return c.reply(m)
	}
	var m message
	switch {
	case games.Over(st):
		// The result, without the Rematch button: the channel's result board has it, and
		// one person's glance at the table offers nothing to click twice.
		m, err = b.endMessage(t, st, nil, c.lang, nil)
		m.components = []discordgo.MessageComponent{}
	default:
		m, err = b.boardMessage(t, st, nil, c.lang, "")
		if err == nil {
			line, _ := statusLine(t, st, c.lang, "")
			m.content = m.body + line + dueNote(t, st) // no mentions: asking for the table pings nobody
		}
	}
	if err != nil {
		return err
	}
	if t.Status == table.StatusOver && !games.Over(st) {
		m.content = m.body + c.say(games.Say("This game was abandoned.", "Tato hra byla ukončena."))
		m.components = []discordgo.MessageComponent{}
	}
	m.ephemeral, m.mentions = true, nil
	m.content = strings.TrimRight(m.content, "\n") // no empty line above the buttons
	return c.reply(m)
}
