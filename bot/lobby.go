package bot

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/table"
)

// lobbyMessage shows the seats and options of a lobby with its buttons.
func (b *Bot) lobbyMessage(t *table.Table, lang games.Lang) message {
	kit, _ := b.kit(t.Game)
	minSeats, maxSeats := kit.Game.Seats()
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s **%s** — %s\n", kit.Game.Emoji(), kit.Game.Title().In(lang), games.Say("new table", "nový stůl").In(lang))
	if opts := describeOptions(kit.Game, t.Options, lang); opts != "" {
		fmt.Fprintf(&sb, "%s %s\n", games.Say("Options:", "Možnosti:").In(lang), opts)
	}
	sb.WriteString(paceLine(t.Pace, lang) + "\n")
	fmt.Fprintf(&sb, "%s (%d/%d):\n", games.Say("Seats", "Místa").In(lang), len(t.Seats), maxSeats)
	for i, s := range t.Seats {
		var who string
		switch {
		case s.AI:
			who = "🤖 " + s.Name + " (" + levelName(s.Level).In(lang) + ")"
		case s.User == t.Creator:
			who = fmt.Sprintf("<@%s> (%s)", s.User, games.Say("host", "zakladatel").In(lang))
		default:
			who = "<@" + s.User + ">"
		}
		fmt.Fprintf(&sb, "%d. %s\n", i+1, who)
	}
	switch {
	case t.Status == table.StatusOver:
		sb.WriteString(games.Say("This lobby was closed.", "Tento stůl byl zrušen.").In(lang))
		return message{content: sb.String()}
	case len(t.Seats) < minSeats:
		sb.WriteString(games.Say("Join, then the host starts.", "Přidej se, pak zakladatel hru spustí.").In(lang))
	default:
		sb.WriteString(games.Say("Ready: the host can start.", "Připraveno: zakladatel může začít.").In(lang))
	}
	rev := t.Rev()
	full := len(t.Seats) >= maxSeats
	here := ""
	if inParent(t) {
		here = lobbyHere
	}
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: games.Say("Join", "Přidat se").In(lang), Style: discordgo.PrimaryButton, CustomID: buildID(t.Game, rev, verbJoin, here), Disabled: full},
		discordgo.Button{Label: games.Say("Leave", "Odejít").In(lang), Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, rev, verbLeave, here)},
		discordgo.Button{Label: games.Say("Add AI", "Přidat AI").In(lang), Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, rev, verbAddAI, here), Disabled: full},
		discordgo.Button{Label: games.Say("Start", "Začít").In(lang), Style: discordgo.SuccessButton, CustomID: buildID(t.Game, rev, verbStart, here), Disabled: len(t.Seats) < minSeats},
		discordgo.Button{Label: games.Say("Cancel", "Zrušit").In(lang), Style: discordgo.DangerButton, CustomID: buildID(t.Game, rev, verbCancel, here)},
	}}
	levels := discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID:    buildID(t.Game, rev, verbAddAI, "level"+here),
		Placeholder: games.Say("🤖 Add a stronger AI…", "🤖 Přidat silnější AI…").In(lang),
		Disabled:    full,
		Options: []discordgo.SelectMenuOption{
			{Label: levelName(search.Normal).In(lang), Value: search.Normal.String(), Description: games.Say("Thinks a little: about a second a move", "Chvíli přemýšlí: asi sekundu na tah").In(lang)},
			{Label: levelName(search.Strong).In(lang), Value: search.Strong.String(), Description: games.Say("Thinks hard: up to a few seconds a move", "Přemýšlí důkladně: až pár sekund na tah").In(lang)},
		},
	}}}
	return message{content: sb.String(), components: []discordgo.MessageComponent{row, levels}}
}

// levelName names an AI level for the lobby.
func levelName(l search.Level) games.Text {
	switch l {
	case search.Normal:
		return games.Say("normal", "střední")
	case search.Strong:
		return games.Say("strong", "silná")
	}
	return games.Say("easy", "snadná")
}

// describeOptions writes the options of a table the way a player reads them: "Teams: yes ·
// Partners may talk: no".
func describeOptions(g games.Game, raw json.RawMessage, lang games.Lang) string {
	var set map[string]json.RawMessage
	_ = json.Unmarshal(raw, &set)
	var parts []string
	for _, o := range g.Options() {
		parts = append(parts, o.Title(lang)+": "+o.Display(set[o.Name], lang))
	}
	return strings.Join(parts, " · ")
}

func (b *Bot) onJoin(c *call, id ID) error {
	t, err := b.tables.Join(c.ctx, c.click(id))
	return b.redrawLobby(c, t, err)
}

func (b *Bot) onLeave(c *call, id ID) error {
	t, err := b.tables.Leave(c.ctx, c.click(id))
	return b.redrawLobby(c, t, err)
}

// onAddAI seats an AI player: the Add AI button an easy one, the menu the level chosen.
func (b *Bot) onAddAI(c *call, id ID) error {
	level := search.Easy
	if c.i.Type == discordgo.InteractionMessageComponent {
		if values := c.i.MessageComponentData().Values; len(values) == 1 {
			l, err := search.ParseLevel(values[0])
			if err != nil {
				return refuse("There is no such AI level.", "Taková úroveň AI neexistuje.")
			}
			level = l
		}
	}
	t, err := b.tables.AddAI(c.ctx, c.click(id), level)
	return b.redrawLobby(c, t, err)
}

func (b *Bot) onCancel(c *call, id ID) error {
	t, err := b.tables.Cancel(c.ctx, c.click(id))
	return b.redrawLobby(c, t, err)
}

// redrawLobby redraws the clicked lobby message after a lobby operation, or passes its error on.
func (b *Bot) redrawLobby(c *call, t *table.Table, err error) error {
	if err != nil {
		return err
	}
	return c.update(b.lobbyMessage(t, t.Lang()))
}

// onStart starts the game: the lobby message says so and keeps its seats and options, and the
// first board is posted.
func (b *Bot) onStart(c *call, id ID) error {
	if err := c.ackUpdate(); err != nil {
		return err
	}
	out, err := b.tables.Start(c.ctx, c.click(id))
	if err != nil {
		return err
	}
	b.countMoves(out)
	if out.Table.Channel != c.i.ChannelID {
		// A lobby in its parent channel: the game goes to a thread of its own (announce opens
		// it before the first board), and the lobby message becomes its card.
		if err := c.edit(b.startedCard(out.Table)); err != nil {
			c.log.Warn("could not turn the lobby into the table's card", "err", err)
		}
		b.announce(c.ctx, c.log, out, "")
		return nil
	}
	lobby := b.lobbyMessage(out.Table, out.Table.Lang())
	content := lobby.content[:strings.LastIndex(strings.TrimRight(lobby.content, "\n"), "\n")+1]
	lobby.content = content + "▶️ " + games.Say("The game has started — good luck!", "Hra začala — hodně štěstí!").In(out.Table.Lang())
	lobby.components = nil
	if err := c.edit(lobby); err != nil {
		c.log.Warn("could not mark the lobby started", "err", err)
	}
	b.announce(c.ctx, c.log, out, "")
	return nil
}

// onRematch opens a new lobby with the same seats and options after a game ended.
func (b *Bot) onRematch(c *call, id ID) error {
	t, err := b.tables.Rematch(c.ctx, c.click(id))
	if err != nil {
		return err
	}
	if t.Parent != "" {
		// The game's thread was archived at its end: the rematch plays on in it.
		if err := b.setArchived(c.ctx, t.Channel, false); err != nil {
			c.log.Warn("could not reopen the table's thread for the rematch", "err", err)
		}
	}
	m := b.lobbyMessage(t, t.Lang())
	// The players of the last game are called to the rematch once.
	var others []string
	for _, u := range t.Humans() {
		if u != c.user {
			others = append(others, u)
		}
	}
	if len(others) > 0 {
		m.content = mentionAll(others) + " " + games.Say("— rematch!", "— odveta!").In(t.Lang()) + "\n" + m.content
		m.mentions = others
	}
	return c.reply(m)
}
