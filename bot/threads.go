package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// The ways a server runs its tables (Options.Tables, the [discord] tables setting, and a
// server's own choice in /settings: table.ServerSettings.Tables).
const (
	// TablesThreads: /start in a text channel opens the lobby there, and Start moves the game
	// into a public thread of its own, so that any number of tables run under one channel.
	TablesThreads = table.TablesThreads
	// TablesChannel: one table per channel, played in the channel itself.
	TablesChannel = table.TablesChannel
)

// Discord's JSON error codes about threads.
const (
	// codeThreadArchived: a post into an archived thread ("Thread is archived").
	codeThreadArchived = 50083
	// codeThreadExists: a thread was already started from this message.
	codeThreadExists = 160004
)

// threadArchive is the auto_archive_duration of a table's thread, in minutes: Discord
// archives a thread idle that long (a slow game's thread is reopened by its next board).
const threadArchive = 10080

// lobbyHere marks the custom_ids of a lobby whose table is keyed by its own message (see
// Table.Parent): a click on it acts on the table under the clicked message's ID, not the
// channel's.
const lobbyHere = "@"

// lobbyVerbs are the verbs of a lobby's components.
var lobbyVerbs = map[verb]bool{verbJoin: true, verbLeave: true, verbAddAI: true, verbStart: true, verbCancel: true}

// tablesOf is how the tables of a server with settings st run: TablesThreads or
// TablesChannel, as its managers chose in /settings, else as configured (Options.Tables). It
// is the one place the bot reads the setting.
func (b *Bot) tablesOf(st table.ServerSettings) string { return st.TablesOr(b.tablesOpt) }

// inParent reports whether t is a lobby still shown in its parent channel: a table keyed by
// its lobby message opens once, at revision 1, and its rematches open inside the thread.
func inParent(t *table.Table) bool { return t.Parent != "" && t.Opened == 1 }

// key is the table a call acts on for a component drawn as id: the clicked message's for a
// lobby keyed by its message, the channel's otherwise (a thread is a channel to Discord).
func (c *call) key(id ID) string {
	if lobbyVerbs[verb(id.Verb)] && strings.HasSuffix(id.Arg, lobbyHere) && c.i.Message != nil && c.i.Message.ID != "" {
		return c.i.Message.ID
	}
	return c.i.ChannelID
}

// opensThread reports whether /start in the call's channel, on a server with settings st,
// opens a lobby for a thread of its own: the server runs tables in threads, and the call is
// not in a thread already.
func (b *Bot) opensThread(c *call, st table.ServerSettings) bool {
	return b.tablesOf(st) == TablesThreads && !c.where.thread() && c.i.GuildID != ""
}

// originalID is the ID of the call's deferred response ("thinking…"), the message the lobby
// will be: it keys the table, and becomes the thread's ID at Start.
func (c *call) originalID() (string, error) {
	var id string
	err := c.soonKnown("read the original response", func() error {
		m, err := c.rest.InteractionResponse(c.i, discordgo.WithContext(c.ctx))
		if err == nil {
			id = m.ID
		}
		return err
	})
	return id, err
}

// threadName is a table's thread name, "Ingenious · Ada, Ben, Cid", within Discord's 100.
func (b *Bot) threadName(t *table.Table) string {
	kit, _ := b.kit(t.Game)
	return truncate(kit.Game.Title().In(t.Lang())+" · "+strings.Join(t.Names(), ", "), 100)
}

// threadLink is the link to a table's thread (or, for a table of a channel, to the channel).
func threadLink(t *table.Table) string {
	return fmt.Sprintf("https://discord.com/channels/%s/%s", t.Guild, t.Channel)
}

// openThread makes sure t's thread exists and its human players are in it, before its first
// board: it starts the thread from the lobby message (Discord gives it the message's ID, the
// table's key), or finds it already started, reopens it if archived, and adds each player.
func (b *Bot) openThread(ctx context.Context, log *slog.Logger, t *table.Table) error {
	rest := b.rest.get()
	body := map[string]any{"name": b.threadName(t), "auto_archive_duration": threadArchive}
	_, err := send(ctx, rest, http.MethodPost, discordgo.EndpointChannelMessageThread(t.Parent, t.Channel), body, nil)
	switch {
	case restCode(err) == codeThreadExists:
		if err := b.setArchived(ctx, t.Channel, false); err != nil {
			log.Warn("could not reopen the table's thread", "err", err)
		}
	case err != nil:
		return fmt.Errorf("start the table's thread: %w", err)
	}
	for _, user := range t.Humans() {
		if _, err := send(ctx, rest, http.MethodPut, discordgo.EndpointThreadMember(t.Channel, user), nil, nil); err != nil {
			log.Warn("could not add a player to the table's thread", "user", user, "err", err)
		}
	}
	return nil
}

// setArchived archives or reopens a thread.
func (b *Bot) setArchived(ctx context.Context, thread string, archived bool) error {
	_, err := send(ctx, b.rest.get(), http.MethodPatch, discordgo.EndpointChannel(thread), map[string]any{"archived": archived}, nil)
	if err != nil {
		return fmt.Errorf("set thread %s archived %v: %w", thread, archived, err)
	}
	return nil
}

// restCode is the JSON error code of a refused REST call, or 0.
func restCode(err error) int {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil {
		return rest.Message.Code
	}
	return 0
}

// cardHead is the first line of a table's card in its parent channel: the game and its players.
func (b *Bot) cardHead(t *table.Table, lang games.Lang) string {
	kit, _ := b.kit(t.Game)
	return fmt.Sprintf("%s **%s** — %s\n", kit.Game.Emoji(), kit.Game.Title().In(lang), strings.Join(t.Names(), ", "))
}

// startedCard is what the lobby message in the parent channel becomes at Start: a short card
// with a link to the game's thread.
func (b *Bot) startedCard(t *table.Table) message {
	lang := t.Lang()
	return message{content: b.cardHead(t, lang) + "▶️ " + games.Say("Playing in its own thread: %s", "Hraje se ve vlastním vlákně: %s", threadLink(t)).In(lang)}
}

// closeThread ends a game's thread once its last message is posted: the card in the parent
// channel shows how it ended (tail, under the card's head), and the thread is archived.
// Failures are only logged.
func (b *Bot) closeThread(ctx context.Context, log *slog.Logger, t *table.Table, tail string) {
	content := fitLines(b.cardHead(t, t.Lang())+tail, maxContent)
	_, err := b.rest.get().ChannelMessageEditComplex(&discordgo.MessageEdit{ID: t.Channel, Channel: t.Parent, Content: &content,
		Components: &[]discordgo.MessageComponent{}, AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(ctx))
	if err != nil {
		log.Warn("could not show the end on the table's card", "err", err)
	}
	if err := b.setArchived(ctx, t.Channel, true); err != nil {
		log.Warn("could not archive the table's thread", "err", err)
	}
}

// resultCard is the end of a finished game's card: the result, under a link to the thread.
func resultCard(t *table.Table, st games.State) string {
	lang := t.Lang()
	return "🏁 " + games.Say("Game over — %s", "Konec hry — %s", threadLink(t)).In(lang) + "\n" + resultText(t, st, lang)
}

// abandonedCard is the end of an abandoned game's card.
func abandonedCard(t *table.Table, by string) string {
	return "⏹️ " + games.Say("%s ended the game without a result — %s", "%s ukončil(a) hru bez výsledku — %s", by, threadLink(t)).In(t.Lang())
}
