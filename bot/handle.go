package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
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

// ack is how an interaction is acknowledged: at once, before its handler does any store I/O,
// rendering or REST call, so that Discord always has its answer within its 3 s.
type ack int

const (
	// ackInline: the handler answers by itself, at once and without I/O (a modal, which cannot
	// follow a deferral; the rules and help, which are at hand).
	ackInline ack = iota
	// ackUpdate: deferred; the answer replaces the message whose component was clicked.
	ackUpdate
	// ackEphemeral: deferred; the answer is a new message only the user sees.
	ackEphemeral
	// ackPublic: deferred; the answer is a new message in the channel.
	ackPublic
)

// HandledLog is the message of the debug-level log line the bot writes when an interaction
// has been completely handled, as Options.Handled would be called: its attributes are
// interaction (the ID), kind, took and failed (whether the user was shown an error).
const HandledLog = "interaction handled"

// handler handles one kind of component interaction.
type handler func(b *Bot, c *call, id ID) error

// route is a component verb's handler and how it is acknowledged.
type route struct {
	handle handler
	ack    ack
	// urgent routes carry on a move (see call.urgent).
	urgent bool
}

// routeTable maps every component verb to its route; Bot.New builds it once. Verbs are matched
// exactly.
func routeTable() map[verb]route {
	return map[verb]route{
		verbJoin:      {handle: (*Bot).onJoin, ack: ackUpdate},
		verbLeave:     {handle: (*Bot).onLeave, ack: ackUpdate},
		verbAddAI:     {handle: (*Bot).onAddAI, ack: ackUpdate},
		verbStart:     {handle: (*Bot).onStart, ack: ackUpdate},
		verbCancel:    {handle: (*Bot).onCancel, ack: ackUpdate},
		verbTurn:      {handle: (*Bot).onTurn, ack: ackEphemeral},
		verbDraft:     {handle: (*Bot).onDraft, ack: ackUpdate},
		verbCommit:    {handle: (*Bot).onCommit, ack: ackUpdate, urgent: true},
		verbSuggest:   {handle: (*Bot).onSuggest, ack: ackUpdate},
		verbMenu:      {handle: (*Bot).onMenu, ack: ackUpdate},
		verbType:      {handle: (*Bot).onType, ack: ackInline},
		verbTyped:     {handle: (*Bot).onTyped, ack: ackUpdate},
		verbRules:     {handle: (*Bot).onRulesButton, ack: ackInline},
		verbScores:    {handle: (*Bot).onScores, ack: ackEphemeral},
		verbAbandon:   {handle: (*Bot).onAbandonConfirm, ack: ackUpdate},
		verbRematch:   {handle: (*Bot).onRematch, ack: ackPublic},
		verbUndo:      {handle: (*Bot).onUndo, ack: ackUpdate},
		verbBack:      {handle: (*Bot).onBack, ack: ackUpdate},
		verbVote:      {handle: (*Bot).onVote, ack: ackEphemeral},
		verbKick:      {handle: (*Bot).onKickConfirm, ack: ackUpdate},
		verbGames:     {handle: (*Bot).onGamesButton, ack: ackEphemeral},
		verbBoardOpen: {handle: (*Bot).onBoardOpen, ack: ackEphemeral},
		verbBoardPage: {handle: (*Bot).onBoardPage, ack: ackUpdate},
		verbView:      {handle: (*Bot).onView, ack: ackEphemeral},
		verbStep:      {handle: (*Bot).onStep, ack: ackUpdate},
		verbGoto:      {handle: (*Bot).onGoto, ack: ackInline},
		verbGone:      {handle: (*Bot).onGone, ack: ackUpdate},
		verbSettings:  {handle: (*Bot).onSettingsChange, ack: ackUpdate},
	}
}

// Handle answers one interaction. respond sends the first response (transport-specific: a REST
// callback over the gateway, the body of Discord's POST over HTTP); later answers go through
// the REST API. The first response — the handler's own for an inline route, a deferral for the
// others — is sent before Handle returns, and before any store I/O, rendering or REST call
// that can wait; the rest of the work runs on the bot's bounded worker pool, under its own
// deadline (ctx only carries values and the first response). Handle never panics and always
// answers: a failure becomes an ephemeral message to the user and a log line.
func (b *Bot) Handle(ctx context.Context, i *discordgo.Interaction, respond Responder) {
	b.handleIn(ctx, i, place{}, respond)
}

// handleIn is Handle for an interaction whose channel object was read: where is the place it
// came from (a thread, a text channel), which discordgo's Interaction does not keep.
func (b *Bot) handleIn(ctx context.Context, i *discordgo.Interaction, where place, respond Responder) {
	start := time.Now()
	work, how, kind, c := b.dispatch(ctx, i, where, respond)
	finish := func(err error) {
		b.explain(c, err)
		took := time.Since(start)
		b.metrics.latency.WithLabelValues(kind).Observe(took.Seconds())
		// At debug level, one line per interaction when all its work is done: what an operator
		// traces a slow click by, and how the load test follows a bot in a process of its own.
		c.log.Debug(HandledLog, "kind", kind, "took", took, "failed", err != nil)
		if b.handled != nil {
			b.handled(i, err)
		}
	}
	if how == ackInline {
		finish(guard(work))
		return
	}
	if err := c.acknowledge(how); err != nil {
		c.log.Warn("could not acknowledge the interaction", "err", err)
		finish(nil)
		return
	}
	b.metrics.ack.Observe(time.Since(start).Seconds())
	b.inflight.wg.Add(1)
	go func() {
		defer b.inflight.wg.Done()
		run := func() (struct{}, error) {
			b.workers.enter(c.urgent) // a place in the pool: only so many handlers run at once
			defer b.workers.leave()
			wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), handleTimeout)
			defer cancel()
			c.ctx = wctx
			finish(guard(work))
			return struct{}{}, nil
		}
		key, ok := repeatKey(i, how, c.user)
		if !ok {
			_, _ = run()
			return
		}
		// A repeat of a click still being handled — the same user, button and message: a
		// double tap, or a storm of them — waits for it, without a place in the pool, and is
		// done when it is: the answer in flight replaces the very message both clicked, so
		// the repeat needs nothing but its acknowledgement.
		if _, repeated, _ := b.clicks.do(key, run); repeated {
			b.metrics.repeats.Inc()
			finish(nil)
		}
	}()
}

// repeatKey is what makes two clicks the same click (see Handle): the user, the component's
// custom_id, the values chosen in it (a menu) and the message it is on. Only clicks whose
// answer replaces the clicked message have one: a click answered by a new message needs an
// answer of its own.
func repeatKey(i *discordgo.Interaction, how ack, user string) (string, bool) {
	if how != ackUpdate || i.Type != discordgo.InteractionMessageComponent || i.Message == nil || i.Message.ID == "" {
		return "", false
	}
	data := i.MessageComponentData()
	return strings.Join(append([]string{user, i.Message.ID, data.CustomID}, data.Values...), "\x00"), true
}

// dispatch finds what an interaction asks for, without I/O: the work to do, how it is
// acknowledged, the kind for the metrics, and the call. Whatever cannot be routed becomes
// inline work that explains why.
func (b *Bot) dispatch(ctx context.Context, i *discordgo.Interaction, where place, respond Responder) (work func() error, how ack, kind string, c *call) {
	c = b.newCall(ctx, i, respond)
	c.where = where
	notMine := func() error {
		return refuse("That button is not one of mine any more. Use /hand or /status.", "Toto tlačítko už neznám. Použij /hand nebo /status.")
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		data := i.ApplicationCommandData()
		c.log = c.log.With("command", data.Name)
		cmd, ok := b.commands[data.Name]
		if !ok {
			return func() error {
				return refuse("I do not know the command /%s. Try /help.", "Příkaz /%s neznám. Zkus /help.", data.Name)
			}, ackInline, "command", c
		}
		return func() error { return cmd.handle(b, c) }, cmd.ack, "command", c
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		kind, raw := "component", ""
		if i.Type == discordgo.InteractionModalSubmit {
			kind, raw = "modal", i.ModalSubmitData().CustomID
		} else {
			raw = i.MessageComponentData().CustomID
		}
		id, err := ParseID(raw)
		if err != nil {
			return notMine, ackInline, kind, c
		}
		r, ok := b.routes[verb(id.Verb)]
		if !ok {
			return notMine, ackInline, kind, c
		}
		c.log = c.log.With("verb", id.Verb, "drawn_at", uint64(id.Rev))
		if err := clickRefusal(c, id); err != nil {
			return func() error { return err }, ackInline, kind, c
		}
		c.urgent = r.urgent
		return func() error { return r.handle(b, c, id) }, r.ack, kind, c
	}
	return func() error {
		return refuse("I cannot handle that kind of interaction.", "Tento druh interakce neumím zpracovat.")
	}, ackInline, "other", c
}

// guard runs work, turning a panic into an error.
func guard(work func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	return work()
}

// newCall builds the call of an interaction.
func (b *Bot) newCall(ctx context.Context, i *discordgo.Interaction, respond Responder) *call {
	c := &call{ctx: ctx, i: i, rest: b.rest.get(), respond: respond, lang: games.LangOf(string(i.Locale))}
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
	return table.Click{Guild: c.i.GuildID, Channel: c.key(id), User: c.user, Name: c.name,
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
	case errors.Is(err, table.ErrUnavailable):
		b.metrics.errors.WithLabelValues("unavailable").Inc()
		c.log.Warn("the store is not answering", "err", err)
		text = games.Say("The table's storage is not answering right now, so nothing was done. Please try again in a minute — your game is safe.",
			"Úložiště stolu teď neodpovídá, takže se nic neprovedlo. Zkus to prosím za minutu znovu — tvoje hra je v bezpečí.")
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
	if sendErr := c.tell(message{content: "⚠️ " + c.say(text)}); sendErr != nil {
		c.log.Error("could not tell the user about an error", "err", sendErr, "cause", err)
	}
}

// tableLog adds the table's identity to a logger: game, table and revision.
func tableLog(l *slog.Logger, t *table.Table) *slog.Logger {
	return l.With("game", t.Game, "table", t.ID, "revision", uint64(t.Rev()))
}
