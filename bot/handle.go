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
	"github.com/tablebot/tablebot/table"
)

// userError is a refusal of the bot itself (not of the referee) meant for the user who
// clicked: it is shown to them, ephemeral, and not logged as a failure.
type userError struct{ text games.Text }

func (e userError) Error() string { return e.text.EN }

// refuse builds a userError.
func refuse(en, cs string, args ...any) error { return userError{games.Say(en, cs, args...)} }

// ack is how an interaction is acknowledged when its handler has not answered in time: the
// kind of answer the handler will give.
type ack int

const (
	// ackNever: the handler always answers at once (a modal, which cannot follow a deferral).
	ackNever ack = iota
	// ackUpdate: the answer replaces the message whose component was clicked.
	ackUpdate
	// ackEphemeral: the answer is a new message only the user sees.
	ackEphemeral
	// ackPublic: the answer is a new message in the channel.
	ackPublic
)

// handler handles one kind of component interaction.
type handler func(b *Bot, c *call, id ID) error

// route is a component verb's handler and how it is acknowledged.
type route struct {
	handle handler
	ack    ack
}

// routeTable maps every component verb to its route; Bot.New builds it once. Verbs are matched
// exactly.
func routeTable() map[verb]route {
	return map[verb]route{
		verbJoin: {(*Bot).onJoin, ackUpdate}, verbLeave: {(*Bot).onLeave, ackUpdate},
		verbAddAI: {(*Bot).onAddAI, ackUpdate}, verbStart: {(*Bot).onStart, ackUpdate},
		verbCancel: {(*Bot).onCancel, ackUpdate}, verbTurn: {(*Bot).onTurn, ackEphemeral},
		verbDraft: {(*Bot).onDraft, ackUpdate}, verbCommit: {(*Bot).onCommit, ackUpdate},
		verbMenu: {(*Bot).onMenu, ackUpdate}, verbType: {(*Bot).onType, ackNever},
		verbTyped: {(*Bot).onTyped, ackUpdate}, verbRules: {(*Bot).onRulesButton, ackEphemeral},
		verbScores: {(*Bot).onScores, ackEphemeral}, verbAbandon: {(*Bot).onAbandonConfirm, ackUpdate},
		verbRematch: {(*Bot).onRematch, ackPublic}, verbUndo: {(*Bot).onUndo, ackUpdate},
	}
}

// Handle answers one interaction. respond sends the first response (transport-specific); later
// answers go through the REST API. Handle never panics and always answers: a failure becomes an
// ephemeral message to the user and a log line. A handler that has not answered within
// Options.DeferAfter is acknowledged for it, the way its route says.
func (b *Bot) Handle(ctx context.Context, i *discordgo.Interaction, respond Responder) {
	start := time.Now()
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
			kind = "command"
			data := i.ApplicationCommandData()
			c.log = c.log.With("command", data.Name)
			cmd, ok := b.commands[data.Name]
			if !ok {
				return refuse("I do not know the command /%s. Try /help.", "Příkaz /%s neznám. Zkus /help.", data.Name)
			}
			defer b.deferLate(c, cmd.ack)()
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
			r, ok := b.routes[verb(id.Verb)]
			if !ok {
				return refuse("That button is not one of mine any more. Use /hand or /status.", "Toto tlačítko už neznám. Použij /hand nebo /status.")
			}
			c.log = c.log.With("verb", id.Verb, "drawn_at", uint64(id.Rev))
			defer b.deferLate(c, r.ack)()
			return r.handle(b, c, id)
		}
		return refuse("I cannot handle that kind of interaction.", "Tento druh interakce neumím zpracovat.")
	}()
	b.explain(c, err)
	b.metrics.latency.WithLabelValues(kind).Observe(time.Since(start).Seconds())
	if b.handled != nil {
		b.handled(i, err)
	}
}

// deferLate acknowledges the interaction the way a says if its handler has not answered
// within b.deferAfter, so that slow storage never makes Discord show "This interaction
// failed". It returns the function that stops the timer.
func (b *Bot) deferLate(c *call, a ack) (stop func()) {
	if a == ackNever {
		return func() {}
	}
	timer := time.AfterFunc(b.deferAfter, func() {
		var err error
		switch a {
		case ackUpdate:
			err = c.ackUpdate()
		case ackEphemeral:
			err = c.ackReply(true)
		case ackPublic:
			err = c.ackReply(false)
		}
		if err != nil {
			c.log.Warn("late acknowledgement failed", "err", err)
			return
		}
		b.metrics.deferred.Inc()
	})
	return func() { timer.Stop() }
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

// click is the referee's view of the caller acting on a component drawn for id (the zero ID
// for a slash command).
func (c *call) click(id ID) table.Click {
	return table.Click{Guild: c.i.GuildID, Channel: c.i.ChannelID, User: c.user, Name: c.name,
		Manager: c.perms&(discordgo.PermissionManageChannels|discordgo.PermissionAdministrator) != 0,
		Game:    id.Game, Rev: id.Rev}
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
		class := "user"
		if errors.Is(err, table.ErrStale) || errors.Is(err, table.ErrAlreadyMoved) {
			class = "stale"
		}
		b.metrics.errors.WithLabelValues(class).Inc()
		text = refusal.Reason
	case errors.Is(err, table.ErrCorrupt):
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
		c.dropPlaceholder()
	} else {
		sendErr = c.reply(m)
	}
	if sendErr != nil {
		c.log.Error("could not tell the user about an error", "err", sendErr, "cause", err)
	}
}

// tableLog adds the table's identity to a logger: game, table and revision.
func tableLog(l *slog.Logger, t *table.Table) *slog.Logger {
	return l.With("game", t.Game, "table", t.ID, "revision", uint64(t.Rev()))
}
