package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// DefaultPaces are the paces offered in /start when the configuration names none: the time
// each decision may take. Live play (no deadline) is always offered too.
func DefaultPaces() []time.Duration {
	return []time.Duration{time.Hour, 12 * time.Hour, 24 * time.Hour, 72 * time.Hour, 168 * time.Hour}
}

// paceName writes a pace the way players read it: "live", "10 min", "1 h", "3 days".
func paceName(d time.Duration, lang games.Lang) string {
	switch {
	case d <= 0:
		return games.Say("live", "naživo").In(lang)
	case d%(24*time.Hour) == 0 && d >= 48*time.Hour:
		n := int(d / (24 * time.Hour))
		return games.Count(n, "day", "days", "den", "dny", "dní").In(lang)
	case d%time.Hour == 0:
		return fmt.Sprintf("%d h", int(d/time.Hour))
	}
	return fmt.Sprintf("%d min", int(d/time.Minute))
}

// paceValue is the slash-command value of a pace: "live" or a Go duration such as "24h0m0s".
func paceValue(d time.Duration) string {
	if d <= 0 {
		return "live"
	}
	return d.String()
}

// paceOptions are the /start options every game shares: the pace and what a deadline does.
func (b *Bot) paceOptions() []*discordgo.ApplicationCommandOption {
	pace := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "pace",
		Description:              "Time for each move; then the AI decides (default " + paceName(b.defaultPace(), games.English) + ")",
		DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Czech: "Čas na každý tah; pak rozhodne AI (výchozí " + paceName(b.defaultPace(), games.Czech) + ")"},
		NameLocalizations:        map[discordgo.Locale]string{discordgo.Czech: "tempo"}}
	for _, d := range append([]time.Duration{0}, b.paces...) {
		pace.Choices = append(pace.Choices, &discordgo.ApplicationCommandOptionChoice{Name: paceName(d, games.English), Value: paceValue(d),
			NameLocalizations: map[discordgo.Locale]string{discordgo.Czech: paceName(d, games.Czech)}})
	}
	at := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "at_deadline",
		Description:              "When time runs out: the AI makes that move (default), or everybody waits",
		DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Czech: "Když čas vyprší: tah udělá AI (výchozí), nebo se čeká"},
		NameLocalizations:        map[discordgo.Locale]string{discordgo.Czech: "po-termínu"},
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "the AI moves", Value: "ai", NameLocalizations: map[discordgo.Locale]string{discordgo.Czech: "táhne AI"}},
			{Name: "wait (vote to let the AI play)", Value: "wait", NameLocalizations: map[discordgo.Locale]string{discordgo.Czech: "čekat (hlasovat o AI)"}},
		}}
	return []*discordgo.ApplicationCommandOption{pace, at}
}

// defaultPace is 24 h when offered, else the longest pace offered.
func (b *Bot) defaultPace() time.Duration {
	best := time.Duration(0)
	for _, d := range b.paces {
		if d == 24*time.Hour {
			return d
		}
		best = max(best, d)
	}
	return best
}

// serverPace is the default pace of new tables on a server with settings st: the pace and
// deadline rule its managers chose, over the configured default; a pace the configuration no
// longer offers gives way to the configured default.
func (b *Bot) serverPace(st table.ServerSettings) table.Pace {
	p := st.PaceOr(table.Pace{Per: b.defaultPace()})
	if p.Per != 0 && !b.offers(p.Per) {
		p.Per = b.defaultPace()
	}
	return p
}

// paceFrom reads the pace options of /start (taking them out of opts) over p, the server's
// default, and returns the rest.
func (b *Bot) paceFrom(p table.Pace, opts []*discordgo.ApplicationCommandInteractionDataOption) (table.Pace, []*discordgo.ApplicationCommandInteractionDataOption, error) {
	var rest []*discordgo.ApplicationCommandInteractionDataOption
	for _, o := range opts {
		v, isText := o.Value.(string)
		switch o.Name {
		case "pace":
			d, err := time.ParseDuration(v)
			switch {
			case isText && v == "live":
				p.Per = 0
			case isText && err == nil && b.offers(d):
				p.Per = d
			default:
				return p, nil, refuse("Pick a pace from the list.", "Vyber tempo ze seznamu.")
			}
		case "at_deadline":
			if !isText || (v != "ai" && v != "wait") {
				return p, nil, refuse("At the deadline: the AI moves, or wait.", "Po termínu: táhne AI, nebo se čeká.")
			}
			p.Wait = v == "wait"
		default:
			rest = append(rest, o)
		}
	}
	return p, rest, nil
}

// offers reports whether d is one of the paces offered.
func (b *Bot) offers(d time.Duration) bool {
	for _, p := range b.paces {
		if p == d {
			return true
		}
	}
	return false
}

// paceLine describes a table's pace for the lobby and headers.
func paceLine(p table.Pace, lang games.Lang) string {
	if p.AI != nil && p.Live() {
		return "⏱ " + games.Say("live, no time limit; the AI (%s) plays for anyone away", "naživo, bez časového limitu; za nepřítomné hraje AI (%s)", levelName(*p.AI)).In(lang)
	}
	if p.Live() {
		return "⏱ " + games.Say("live, no time limit", "naživo, bez časového limitu").In(lang)
	}
	then := games.Say("then the AI moves", "pak táhne AI")
	switch {
	case p.Wait && p.AI != nil:
		then = games.Say("then the others may let the AI (%s) play", "pak mohou ostatní předat tah AI (%s)", levelName(*p.AI))
	case p.Wait:
		then = games.Say("then the others may let the AI play", "pak mohou ostatní předat tah AI")
	case p.AI != nil:
		then = games.Say("then the AI (%s) moves", "pak táhne AI (%s)", levelName(*p.AI))
	}
	return "⏱ " + games.Say("%s per move, %s", "%s na tah, %s", paceName(p.Per, lang), then.In(lang)).In(lang)
}

// dueNote is " · due <relative time>" for the earliest deadline of the seats to act, or "".
func dueNote(t *table.Table, st games.State) string {
	var due time.Time
	for _, s := range st.ToAct() {
		if s >= 0 && int(s) < len(t.Due) && !t.Due[s].IsZero() && (due.IsZero() || t.Due[s].Before(due)) {
			due = t.Due[s]
		}
	}
	if due.IsZero() {
		return ""
	}
	return fmt.Sprintf(" · ⏱ <t:%d:R>", due.Unix())
}

// jumpLink is the link to a table's newest board message, or "".
func jumpLink(t *table.Table) string {
	if t.Board == nil || t.Board.ID == "" {
		return ""
	}
	return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", t.Guild, t.Channel, t.Board.ID)
}

// remind posts the reminder of the decision of task.Seat begun at task.Rev, mentioning only the
// seats still deciding, and sends a direct message, in their own language, to those who asked
// for one; then it records the reminder as sent. Each message goes with a nonce of its own
// reminder, so that the task worked again after a crash before the record leaves one message.
// It fails only when the reminder could not be prepared (nothing was posted).
func (b *Bot) remind(ctx context.Context, log *slog.Logger, task table.Task) error {
	r, err := b.tables.Remind(ctx, task.Channel, task.Rev, task.Seat)
	if err != nil || r == nil {
		return taskErr(err, "prepare a reminder")
	}
	t, lang := r.Table, r.Table.Lang()
	kit, _ := b.kit(t.Game)
	var users, names []string
	for _, s := range r.Seats {
		users = append(users, t.Seats[s].User)
		names = append(names, t.Seats[s].Name)
	}
	text := games.Text{
		EN: fmt.Sprintf("⏰ %s — half your time for this move has passed; it runs out <t:%d:R>.", mentionAll(users), r.Deadline.Unix()),
		CS: fmt.Sprintf("⏰ %s — uplynula polovina času na tento tah; vyprší <t:%d:R>.", mentionAll(users), r.Deadline.Unix()),
	}
	m := message{content: kit.Game.Emoji() + " " + text.In(lang), mentions: users, nonce: reminderNonce(r, "r"),
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{turnButton(t, lang)}}}}
	if _, err := b.postRetrying(ctx, t.Channel, m); err != nil {
		log.Warn("could not post a reminder", "err", err)
	}
	for i, s := range r.Seats {
		set, err := b.tables.SettingsOf(ctx, t.Seats[s].User)
		if err != nil || !set.DM {
			continue
		}
		dm := games.Text{
			EN: fmt.Sprintf("⏰ %s waits for your move in %s; time runs out <t:%d:R>. %s", kit.Game.Title().EN, "<#"+t.Channel+">", r.Deadline.Unix(), jumpLink(t)),
			CS: fmt.Sprintf("⏰ %s čeká na tvůj tah v %s; čas vyprší <t:%d:R>. %s", kit.Game.Title().In(games.Czech), "<#"+t.Channel+">", r.Deadline.Unix(), jumpLink(t)),
		}
		if err := b.directMessage(ctx, t.Seats[s].User, message{content: dm.In(set.Lang(lang)), nonce: reminderNonce(r, "d"+t.Seats[s].User)}); err != nil {
			log.Warn("could not send a reminder by direct message", "user", t.Seats[s].User, "name", names[i], "err", err)
		}
	}
	if err := b.tables.Reminded(ctx, r); err != nil {
		// Unrecorded, the reminder is prepared again only if this task comes back (its
		// process died), and then posted under the same nonces: Discord keeps one message.
		log.Warn("posted a reminder but could not record it", "err", err)
	}
	return nil
}

// taskErr is the error a due task ends with when it stops before its work: none when nothing
// failed or when its table is gone (nothing is left to do), else err, saying what failed.
func taskErr(err error, what string) error {
	if err == nil || errors.Is(err, table.ErrNoTable) {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

// directMessage sends m to user in their DM channel.
func (b *Bot) directMessage(ctx context.Context, user string, m message) error {
	ch, err := b.rest.get().UserChannelCreate(user, discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("open DM channel: %w", err)
	}
	_, err = b.post(ctx, ch.ID, m)
	return err
}

// deadline runs the deadline of a seat's decision and tells the channel what happened. It fails
// only when the deadline's work was not saved; a message that could not be posted is logged
// (a board stays owed, and the scheduler posts it later, with the same lead line).
func (b *Bot) deadline(ctx context.Context, log *slog.Logger, task table.Task) error {
	d, err := b.tables.Deadline(ctx, task.Channel, task.Rev, task.Seat)
	if err != nil || !d.Fired {
		return taskErr(err, "a deadline")
	}
	t := d.Outcome.Table
	lang, name := t.Lang(), t.Seats[d.Seat].Name
	if d.Waiting {
		kit, _ := b.kit(t.Game)
		text := games.Text{
			EN: fmt.Sprintf("⏰ %s's time ran out. The table waits — the others may let the AI play for %s.", name, name),
			CS: fmt.Sprintf("⏰ Čas na tah vypršel (%s). Hra čeká — ostatní mohou hlasovat, aby tah převzala AI.", name)}
		m := message{content: kit.Game.Emoji() + " " + text.In(lang), components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{
				Label: games.Say("Let the AI play for %s", "Předat AI: %s", name).In(lang), Style: discordgo.SecondaryButton,
				Emoji:    &discordgo.ComponentEmoji{Name: "🤖"},
				CustomID: buildID(t.Game, t.Rev(), verbVote, strconv.Itoa(int(d.Seat)))}}}}}
		if _, err := b.postRetrying(ctx, t.Channel, m); err != nil {
			log.Warn("could not post a late player's vote", "err", err)
		}
		return nil
	}
	b.countMoves(d.Outcome)
	if !d.Outcome.Announce {
		// A simultaneous step goes on: the AI's choice stays hidden like anyone's; say only that
		// it was made.
		kit, _ := b.kit(t.Game)
		text := games.Text{EN: fmt.Sprintf("⏰ %s's time ran out — the AI chose for %s; waiting for the others.", name, name),
			CS: fmt.Sprintf("⏰ Čas na tah vypršel (%s) — volbu udělala AI; čeká se na ostatní.", name)}
		if _, err := b.postRetrying(ctx, t.Channel, message{content: kit.Game.Emoji() + " " + text.In(lang)}); err != nil {
			log.Warn("could not tell the channel about a deadline", "err", err)
		}
		return nil
	}
	lead := table.DeadlineLead(name)
	if t.Owed != nil && t.Owed.Lead != nil {
		lead = *t.Owed.Lead
	}
	b.announce(ctx, log, d.Outcome, "", lead)
	return nil
}

// turnButton is the "Your turn" button of a table's messages.
func turnButton(t *table.Table, lang games.Lang) discordgo.Button {
	return discordgo.Button{Label: games.Say("Your turn", "Tvůj tah").In(lang), Emoji: &discordgo.ComponentEmoji{Name: "🎲"},
		Style: discordgo.PrimaryButton, CustomID: buildID(t.Game, t.Rev(), verbTurn, "")}
}

// onVote records a vote to let the AI play a late seat.
func (b *Bot) onVote(c *call, id ID) error {
	seat, err := strconv.Atoi(id.Arg)
	if err != nil {
		return refuse("That button is not one of mine any more.", "Toto tlačítko už neznám.")
	}
	out, err := b.tables.Vote(c.ctx, c.click(ID{}), games.Seat(seat))
	if err != nil {
		return err
	}
	name := out.Table.Seats[seat].Name
	if !out.Table.Seats[seat].Away {
		return c.reply(message{ephemeral: true, content: "🗳️ " + c.say(games.Say("Your vote is counted; the AI takes over when more than half of the others agree.",
			"Tvůj hlas se počítá; AI převezme tah, až bude souhlasit víc než polovina ostatních."))})
	}
	if err := c.reply(message{ephemeral: true, content: "🤖 " + c.say(games.Say("The AI now plays for %s.", "Za hráče %s teď hraje AI.", name))}); err != nil {
		c.log.Warn("could not confirm a vote", "err", err)
	}
	b.countMoves(out)
	if out.Announce {
		b.announce(c.ctx, c.log, out, "", games.Say("🤖 The table let the AI play for %s.", "🤖 Stůl odhlasoval, že za hráče %s teď hraje AI.", name))
	}
	return nil
}

// onBack gives the caller's seat back to them.
func (b *Bot) onBack(c *call, id ID) error {
	if err := c.ackUpdate(); err != nil {
		return err
	}
	return b.back(c)
}

// back gives the caller's seat back to them and shows their panel.
func (b *Bot) back(c *call) error {
	out, err := b.tables.SetAway(c.ctx, c.click(ID{}), false)
	if err != nil {
		return err
	}
	return b.showPanel(c, seated(out), "", welcomeBack(c))
}

// away hands the caller's seat (or, with user set, that person's seat) to the AI and tells the
// channel.
func (b *Bot) away(c *call, user string) error {
	var out table.Outcome
	var err error
	if user == "" {
		out, err = b.tables.SetAway(c.ctx, c.click(ID{}), true)
	} else {
		out, err = b.tables.Kick(c.ctx, c.click(ID{}), user)
	}
	if err != nil {
		return err
	}
	t := out.Table
	name := t.Seats[out.Seat].Name
	if err := c.reply(message{ephemeral: true, content: "🤖 " + c.say(games.Say("The AI plays for %s until /back.", "Za hráče %s hraje AI až do /back.", name))}); err != nil {
		c.log.Warn("could not confirm a seat handed to the AI", "err", err)
	}
	b.countMoves(out)
	lead := games.Say("🤖 The AI plays for %s for now.", "🤖 Za hráče %s teď hraje AI.", name)
	if out.Announce {
		b.announce(c.ctx, c.log, out, "", lead)
		return nil
	}
	kit, _ := b.kit(t.Game)
	_, err = b.postRetrying(c.ctx, t.Channel, message{content: kit.Game.Emoji() + " " + lead.In(t.Lang())})
	return err
}

// onKickConfirm puts the seat of the user the confirmation names on the AI. The answer
// replaces the confirmation (away's reply edits the clicked message); a refusal comes on its
// own and leaves the confirmation as it was, never marked ✅.
func (b *Bot) onKickConfirm(c *call, id ID) error { return b.away(c, id.Arg) }

// myGames lists the caller's unfinished games in the server: which wait for them, their
// deadlines, and links to the latest board messages.
func (b *Bot) myGames(c *call) error {
	list, err := b.tables.MyGames(c.ctx, c.i.GuildID, c.user)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return c.reply(message{ephemeral: true, content: c.say(games.Say("You are not seated at any game on this server. Start one with /start!",
			"Na tomto serveru nesedíš u žádné hry. Založ ji přes /start!"))})
	}
	var sb strings.Builder
	sb.WriteString("🎲 " + c.say(games.Say("Your games here:", "Tvoje hry tady:")) + "\n")
	for _, g := range list {
		t := g.Table
		kit, _ := b.kit(t.Game)
		state := c.say(games.Say("waiting for others", "čeká se na ostatní"))
		switch {
		case t.Status == table.StatusLobby:
			state = c.say(games.Say("in the lobby", "čeká na začátek"))
		case g.ToAct && !g.Due.IsZero():
			state = c.say(games.Say("**your move**, due <t:%d:R>", "**tvůj tah**, do <t:%d:R>", g.Due.Unix()))
		case g.ToAct:
			state = c.say(games.Say("**your move**", "**tvůj tah**"))
		}
		line := fmt.Sprintf("• %s %s in <#%s> — %s", kit.Game.Emoji(), c.say(kit.Game.Title()), t.Channel, state)
		if c.lang == games.Czech {
			line = fmt.Sprintf("• %s %s v <#%s> — %s", kit.Game.Emoji(), c.say(kit.Game.Title()), t.Channel, state)
		}
		if link := jumpLink(t); link != "" {
			line += " · " + link
		}
		sb.WriteString(line + "\n")
	}
	return c.reply(message{ephemeral: true, content: sb.String()})
}

func (b *Bot) onGamesButton(c *call, id ID) error { return b.myGames(c) }

// asyncCommands are /away, /back, /kick, /games and /notify.
func (b *Bot) asyncCommands() []command {
	player := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Required: true,
		Description: "Whose seat the AI should play", DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Czech: "Za koho má hrát AI"},
		NameLocalizations: map[discordgo.Locale]string{discordgo.Czech: "hráč"}}
	dm := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "dm", Required: true,
		Description: "Also send me each reminder as a direct message", DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Czech: "Posílej mi každou připomínku i soukromou zprávou"}}
	return []command{
		{def: newCommand("away", games.Say("Let the AI play your seat until you come back", "Ať za tebe hraje AI, dokud se nevrátíš")),
			handle: func(b *Bot, c *call) error { return b.away(c, "") }, ack: ackEphemeral},
		{def: newCommand("back", games.Say("Play your seat yourself again", "Hraj zase sám/sama")),
			handle: func(b *Bot, c *call) error { return b.back(c) }, ack: ackEphemeral},
		{def: newCommand("kick", games.Say("Let the AI play an absent player's seat (host or Manage Channels)", "Ať za nepřítomného hráče hraje AI (zakladatel nebo Spravovat kanály)"), player),
			handle: (*Bot).onKick, ack: ackEphemeral},
		{def: newCommand("games", games.Say("Your unfinished games on this server", "Tvoje rozehrané hry na tomto serveru")),
			handle: func(b *Bot, c *call) error { return b.myGames(c) }, ack: ackEphemeral},
		{def: newCommand("notify", games.Say("Reminders by direct message: on or off", "Připomínky soukromou zprávou: zapnout či vypnout"), dm),
			handle: (*Bot).onNotify, ack: ackEphemeral},
	}
}

// onKick asks to confirm putting a player's seat on the AI.
func (b *Bot) onKick(c *call) error {
	var user string
	for _, o := range c.i.ApplicationCommandData().Options {
		if v, ok := o.Value.(string); ok && o.Name == "player" {
			user = v
		}
	}
	if user == "" {
		return refuse("Name the player.", "Uveď hráče.")
	}
	t, err := b.tables.Load(c.ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	seat, ok := t.SeatOf(user)
	switch {
	case t.Status != table.StatusPlaying:
		return refuse("No game is running in this channel.", "V tomto kanálu neběží žádná hra.")
	case !ok:
		return refuse("That person has no seat at this table.", "Ten člověk u tohoto stolu nesedí.")
	}
	name := t.Seats[seat].Name
	return c.reply(message{ephemeral: true,
		content: c.say(games.Say("Let the AI play for %s until they come back (/back)?", "Má za hráče %s hrát AI, dokud se nevrátí (/back)?", name)),
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: c.say(games.Say("Let the AI play for %s", "Předat AI: %s", name)), Style: discordgo.DangerButton,
				CustomID: buildID(t.Game, t.Rev(), verbKick, user)},
		}}}})
}

// onNotify turns reminders by direct message on or off for the caller.
func (b *Bot) onNotify(c *call) error {
	on, ok := false, false
	for _, o := range c.i.ApplicationCommandData().Options {
		if v, isBool := o.Value.(bool); isBool && o.Name == "dm" {
			on, ok = v, true
		}
	}
	if !ok {
		return refuse("Say dm: True or False.", "Zadej dm: True nebo False.")
	}
	if err := b.tables.SetDM(c.ctx, c.user, on, string(c.i.Locale)); err != nil {
		return err
	}
	text := games.Say("🔕 No direct messages: reminders come in the game's channel only.", "🔕 Žádné soukromé zprávy: připomínky jen v kanálu hry.")
	if on {
		text = games.Say("🔔 Each reminder also comes to you as a direct message.", "🔔 Každou připomínku ti pošlu i soukromou zprávou.")
	}
	return c.reply(message{ephemeral: true, content: c.say(text)})
}
