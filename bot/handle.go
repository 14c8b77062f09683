package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// userError is a refusal meant for the user who clicked: it is shown to them, ephemeral, and
// not logged as a failure.
type userError struct{ text games.Text }

func (e userError) Error() string { return e.text.EN }

// refuse builds a userError.
func refuse(en, cs string, args ...any) error { return userError{games.Say(en, cs, args...)} }

// handler handles one kind of interaction.
type handler func(b *Bot, c *call, id ID) error

// routes maps component verbs to their handlers; see verb.
func routes() map[verb]handler {
	return map[verb]handler{
		verbJoin: (*Bot).onJoin, verbLeave: (*Bot).onLeave, verbAddAI: (*Bot).onAddAI,
		verbStart: (*Bot).onStart, verbCancel: (*Bot).onCancel, verbTurn: (*Bot).onTurn,
		verbDraft: (*Bot).onDraft, verbCommit: (*Bot).onCommit, verbMenu: (*Bot).onMenu,
		verbType: (*Bot).onType, verbTyped: (*Bot).onTyped, verbRules: (*Bot).onRulesButton,
		verbScores: (*Bot).onScores, verbAbandon: (*Bot).onAbandonConfirm, verbRematch: (*Bot).onRematch,
	}
}

// Handle answers one interaction. respond sends the first response (transport-specific); later
// answers go through the REST API. Handle never panics and always answers: a failure becomes an
// ephemeral message to the user and a log line.
func (b *Bot) Handle(ctx context.Context, i *discordgo.Interaction, respond Responder) {
	start := b.now()
	c := b.newCall(ctx, i, respond)
	kind := "other"
	err := func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
			}
		}()
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			name := i.ApplicationCommandData().Name
			kind = "command"
			c.log = c.log.With("command", name)
			cmd, ok := b.commands()[name]
			if !ok {
				return refuse("I do not know the command /%s. Try /help.", "Příkaz /%s neznám. Zkus /help.", name)
			}
			return cmd.handle(b, c)
		case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
			kind = "component"
			raw := ""
			if i.Type == discordgo.InteractionModalSubmit {
				kind, raw = "modal", i.ModalSubmitData().CustomID
			} else {
				raw = i.MessageComponentData().CustomID
			}
			id, err := ParseID(raw)
			if err != nil {
				return refuse("That button is not one of mine any more. Use /hand or /status.", "Toto tlačítko už neznám. Použij /hand nebo /status.")
			}
			h, ok := routes()[verb(id.Verb)]
			if !ok {
				return refuse("That button is not one of mine any more. Use /hand or /status.", "Toto tlačítko už neznám. Použij /hand nebo /status.")
			}
			c.log = c.log.With("verb", id.Verb, "drawn_at", uint64(id.Rev))
			return h(b, c, id)
		}
		return refuse("I cannot handle that kind of interaction.", "Tento druh interakce neumím zpracovat.")
	}()
	b.explain(c, err)
	b.metrics.latency.WithLabelValues(kind).Observe(time.Since(start).Seconds())
	if b.handled != nil {
		b.handled(i, err)
	}
}

// newCall builds the call of an interaction.
func (b *Bot) newCall(ctx context.Context, i *discordgo.Interaction, respond Responder) *call {
	c := &call{ctx: ctx, i: i, rest: b.rest, respond: respond, lang: games.LangOf(string(i.Locale))}
	switch {
	case i.Member != nil && i.Member.User != nil:
		c.user, c.name, c.perms = i.Member.User.ID, displayName(i.Member.Nick, i.Member.User), i.Member.Permissions
	case i.User != nil:
		c.user, c.name = i.User.ID, displayName("", i.User)
	}
	c.log = b.log.With("guild", i.GuildID, "channel", i.ChannelID, "user", c.user, "interaction", i.ID)
	return c
}

func displayName(nick string, u *discordgo.User) string {
	switch {
	case nick != "":
		return nick
	case u.GlobalName != "":
		return u.GlobalName
	}
	return u.Username
}

// explain turns a handler's error into what the user sees, and logs what is not their doing.
func (b *Bot) explain(c *call, err error) {
	if err == nil {
		return
	}
	var text games.Text
	var ue userError
	var refusal *games.Refusal
	switch {
	case errors.As(err, &ue):
		b.metrics.errors.WithLabelValues("user").Inc()
		text = ue.text
	case errors.As(err, &refusal):
		b.metrics.errors.WithLabelValues("user").Inc()
		text = refusal.Reason
	case errors.Is(err, errNoTable):
		b.metrics.errors.WithLabelValues("user").Inc()
		text = games.Say("No game is running in this channel. Start one with /start.", "V tomto kanálu neběží žádná hra. Založ ji příkazem /start.")
	case errors.Is(err, errStale):
		b.metrics.errors.WithLabelValues("stale").Inc()
		text = games.Say("This board has moved on. Use /hand for a fresh panel.", "Hra mezitím pokročila. Čerstvý panel otevřeš příkazem /hand.")
	case errors.Is(err, store.ErrCorrupt):
		b.metrics.errors.WithLabelValues("internal").Inc()
		c.log.Error("stored table is corrupt", "err", err)
		text = games.Say("The saved game in this channel is damaged, so I cannot go on with it. Someone with Manage Channels can /abandon it.",
			"Uložená hra v tomto kanálu je poškozená, nemohu v ní pokračovat. Někdo s právem Spravovat kanály ji může ukončit příkazem /abandon.")
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		b.metrics.errors.WithLabelValues("internal").Inc()
		c.log.Warn("interaction timed out", "err", err)
		text = games.Say("That took too long and was not done. Please try again.", "Trvalo to příliš dlouho a neprovedlo se to. Zkus to prosím znovu.")
	default:
		b.metrics.errors.WithLabelValues("internal").Inc()
		c.log.Error("interaction failed", "err", err)
		text = games.Say("Something went wrong on my side; your game is safe. Please try again in a moment.",
			"Něco se u mě pokazilo; tvoje hra je v bezpečí. Zkus to prosím za chvíli znovu.")
	}
	m := message{content: "⚠️ " + c.say(text), ephemeral: true}
	var sendErr error
	if c.isAcked() {
		sendErr = c.followup(m)
	} else {
		sendErr = c.reply(m)
	}
	if sendErr != nil {
		c.log.Error("could not tell the user about an error", "err", sendErr, "cause", err)
	}
}

// tableLog adds the table's identity to a logger: game, table and revision.
func tableLog(l *slog.Logger, t *Table) *slog.Logger {
	return l.With("game", t.Game, "table", t.ID, "revision", uint64(t.rev))
}
