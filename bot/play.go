package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// seated loads the channel's playing table and the caller's seat in it.
func (b *Bot) seated(c *call, id ID) (*Table, games.State, games.Seat, error) {
	t, err := b.loadTable(c.ctx, c.i.ChannelID)
	if err != nil {
		return nil, nil, 0, err
	}
	if id.Game != "" && t.Game != id.Game {
		return nil, nil, 0, errStale
	}
	seat, ok := t.SeatOf(c.user)
	if !ok {
		return nil, nil, 0, refuse("You are not seated at this table — watch, or join the next game.", "U tohoto stolu nesedíš — dívej se, nebo se přidej do další hry.")
	}
	switch t.Status {
	case StatusLobby:
		return nil, nil, 0, refuse("The game has not started yet — the host starts it from the lobby.", "Hra ještě nezačala — spustí ji zakladatel ve vstupní místnosti.")
	case StatusOver:
		return nil, nil, 0, refuse("This game is over. Start a new one with /start.", "Tato hra skončila. Novou založíš příkazem /start.")
	}
	st, err := b.state(t)
	if err != nil {
		return nil, nil, 0, err
	}
	return t, st, seat, nil
}

// panelMessage builds seat's ephemeral panel at draft: the private picture, the hint, and the
// panel's buttons and menu. note, when set, is shown above the hint (an error or "moved on").
func (b *Bot) panelMessage(c *call, t *Table, st games.State, seat games.Seat, draft, note string) (message, error) {
	m := message{ephemeral: true}
	var lines []string
	if note != "" {
		lines = append(lines, note)
	}
	composer, canCompose := st.(games.Composer)
	if !games.IsToAct(st, seat) || !canCompose {
		waiting, _ := statusLine(t, st, c.lang)
		lines = append(lines, c.say(games.Say("Nothing to decide for you right now.", "Teď nemáš co rozhodovat.")), waiting)
		file, err := b.privatePicture(t, st, seat, "", c.lang)
		if err != nil {
			return message{}, err
		}
		m.content, m.files = strings.Join(lines, "\n"), []*discordgo.File{file}
		return m, nil
	}
	panel, err := composer.Compose(seat, draft)
	if err != nil && draft != "" {
		lines = append(lines, "⚠️ "+c.say(games.ReasonOf(err)))
		draft = ""
		panel, err = composer.Compose(seat, draft)
	}
	if err != nil {
		return message{}, fmt.Errorf("compose panel of seat %d: %w", seat, err)
	}
	lines = append(lines, "👉 "+c.say(panel.Hint))
	file, err := b.privatePicture(t, st, seat, panel.Draft, c.lang)
	if err != nil {
		return message{}, err
	}
	m.content, m.files = strings.Join(lines, "\n"), []*discordgo.File{file}
	m.components = b.panelComponents(c, t, panel)
	return m, nil
}

// panelComponents turns a games.Panel into Discord components: buttons in rows of five, the
// input button with them, then the menu.
func (b *Bot) panelComponents(c *call, t *Table, p games.Panel) []discordgo.MessageComponent {
	var buttons []discordgo.MessageComponent
	for _, ctl := range p.Controls {
		v := verbDraft
		if ctl.Commit {
			v = verbCommit
		}
		// Games use symbols such as ⟳ and ⇋ that Discord does not accept as button emoji, so
		// the symbol leads the label instead.
		label := strings.TrimSpace(ctl.Emoji + " " + c.say(ctl.Label))
		buttons = append(buttons, discordgo.Button{Label: truncate(label, 80), Style: buttonStyle(ctl.Style),
			CustomID: buildID(t.Game, t.rev, v, ctl.Next), Disabled: ctl.Disabled})
	}
	if p.Input != nil {
		buttons = append(buttons, discordgo.Button{Label: "⌨️ " + c.say(p.Input.Button),
			Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, t.rev, verbType, p.Draft)})
	}
	uniqueIDs(buttons)
	var rows []discordgo.MessageComponent
	for len(buttons) > 0 && len(rows) < 4 {
		n := min(5, len(buttons))
		rows = append(rows, discordgo.ActionsRow{Components: buttons[:n]})
		buttons = buttons[n:]
	}
	if p.Menu != nil && len(p.Menu.Choices) > 0 {
		var opts []discordgo.SelectMenuOption
		for _, ch := range p.Menu.Choices[:min(25, len(p.Menu.Choices))] {
			opts = append(opts, discordgo.SelectMenuOption{Label: c.say(ch.Label), Description: truncate(c.say(ch.Description), 100), Value: ch.Next, Default: ch.Default})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: buildID(t.Game, t.rev, verbMenu, ""), Placeholder: c.say(p.Menu.Placeholder), Options: opts,
		}}})
	}
	return rows
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func buttonStyle(s games.Style) discordgo.ButtonStyle {
	switch s {
	case games.Primary:
		return discordgo.PrimaryButton
	case games.Success:
		return discordgo.SuccessButton
	case games.Danger:
		return discordgo.DangerButton
	}
	return discordgo.SecondaryButton
}

// stale reports whether a panel drawn at rev no longer fits seat's current decision.
func stale(t *Table, seat games.Seat, rev store.Revision) bool {
	return int(seat) >= len(t.Since) || rev < t.Since[seat]
}

// movedOn is the note on a fresh panel that replaces a stale one.
func movedOn(c *call) string {
	return "🔄 " + c.say(games.Say("This board has moved on — here is the current one.", "Hra mezitím pokročila — tady je aktuální stav."))
}

// openPanel answers with the caller's panel as a new ephemeral message.
func (b *Bot) openPanel(c *call, id ID) error {
	if err := c.ackReply(true); err != nil {
		return err
	}
	t, st, seat, err := b.seated(c, id)
	if err != nil {
		return err
	}
	m, err := b.panelMessage(c, t, st, seat, "", "")
	if err != nil {
		return err
	}
	return c.edit(m)
}

// onTurn opens the caller's panel from a public board message.
func (b *Bot) onTurn(c *call, id ID) error { return b.openPanel(c, ID{}) }

// showDraft redraws the panel in place at draft with note on top. A stale panel is replaced
// by a fresh one, saying so unless note already explains.
func (b *Bot) showDraft(c *call, id ID, draft, note string) error {
	if err := c.ackUpdate(); err != nil {
		return err
	}
	t, st, seat, err := b.seated(c, id)
	if err != nil {
		return err
	}
	if stale(t, seat, id.Rev) {
		draft = ""
		if note == "" {
			note = movedOn(c)
		}
	}
	m, err := b.panelMessage(c, t, st, seat, draft, note)
	if err != nil {
		return err
	}
	return c.edit(m)
}

func (b *Bot) onDraft(c *call, id ID) error { return b.showDraft(c, id, id.Arg, "") }

func (b *Bot) onMenu(c *call, id ID) error {
	values := c.i.MessageComponentData().Values
	if len(values) != 1 {
		return refuse("Pick one option from the menu.", "Vyber v nabídce jednu možnost.")
	}
	return b.showDraft(c, id, values[0], "")
}

// onType opens the modal where a move is typed.
func (b *Bot) onType(c *call, id ID) error {
	t, st, seat, err := b.seated(c, id)
	if err != nil {
		return err
	}
	composer, ok := st.(games.Composer)
	if !ok || stale(t, seat, id.Rev) {
		return b.showDraft(c, id, "", "")
	}
	panel, err := composer.Compose(seat, id.Arg)
	if err != nil || panel.Input == nil {
		return b.showDraft(c, id, "", "")
	}
	in := panel.Input
	return c.modal(buildID(t.Game, t.rev, verbTyped, id.Arg), truncate(c.say(in.Title), 45), discordgo.TextInput{
		CustomID: "move", Label: truncate(c.say(in.Label), 45), Style: discordgo.TextInputShort,
		Placeholder: c.say(in.Placeholder), Required: true, MaxLength: 40,
	})
}

// onTyped reads the typed move and shows the panel at the draft it leads to.
func (b *Bot) onTyped(c *call, id ID) error {
	text := ""
	for _, row := range c.i.ModalSubmitData().Components {
		if r, ok := row.(*discordgo.ActionsRow); ok {
			for _, comp := range r.Components {
				if in, ok := comp.(*discordgo.TextInput); ok && in.CustomID == "move" {
					text = in.Value
				}
			}
		}
	}
	if err := c.ackUpdate(); err != nil {
		return err
	}
	t, st, seat, err := b.seated(c, id)
	if err != nil {
		return err
	}
	composer, ok := st.(games.Composer)
	if !ok || stale(t, seat, id.Rev) {
		m, err := b.panelMessage(c, t, st, seat, "", movedOn(c))
		if err != nil {
			return err
		}
		return c.edit(m)
	}
	draft, err := composer.Typed(seat, id.Arg, text)
	note := ""
	if err != nil {
		draft, note = id.Arg, "⚠️ "+c.say(games.ReasonOf(err))
	}
	m, err := b.panelMessage(c, t, st, seat, draft, note)
	if err != nil {
		return err
	}
	return c.edit(m)
}

// committed is the outcome of a commit: the table written, the steps taken, the seats still
// deciding in a simultaneous step; or why nothing was written.
type committed struct {
	table   *Table
	state   games.State
	steps   []step
	waiting []games.Seat
	// stale is set when the panel was drawn before the seat's current decision.
	stale bool
	// refusal is the game's reason when the move is illegal now.
	refusal error
}

// commit applies user's move of the draft id.Arg to the channel's game, lets chance and AI
// seats follow, and writes the table with compare-and-set, re-validating after every lost race.
func (b *Bot) commit(ctx context.Context, channel, user string, id ID) (committed, error) {
	var out committed
	t, err := b.mutate(ctx, channel, func(t *Table) error {
		out = committed{}
		seat, ok := t.SeatOf(user)
		switch {
		case t.Game != id.Game:
			return errStale
		case !ok:
			return refuse("You are not seated at this table — watch, or join the next game.", "U tohoto stolu nesedíš — dívej se, nebo se přidej do další hry.")
		case t.Status != StatusPlaying:
			return refuse("This game is not running any more.", "Tato hra už neběží.")
		case stale(t, seat, id.Rev):
			out.stale = true
			return errStale
		}
		st, err := b.state(t)
		if err != nil {
			return err
		}
		composer, ok := st.(games.Composer)
		if !ok {
			return fmt.Errorf("%s has no panels", t.Game)
		}
		a, err := composer.Resolve(seat, id.Arg)
		if err != nil {
			out.refusal = err
			return err
		}
		before := st.ToAct()
		rec := &games.Recorder{State: st, Record: *t.Record}
		events, err := rec.Apply(seat, a)
		if err != nil {
			out.refusal = err
			return err
		}
		b.metrics.moves.WithLabelValues(t.Game, "player").Inc()
		out.steps = append(out.steps, step{seat: seat, events: events})
		more, err := b.advance(t, rec)
		if err != nil {
			return err
		}
		out.steps = append(out.steps, more...)
		moved := map[games.Seat]bool{seat: true}
		for _, s := range more {
			moved[s.seat] = true
		}
		refreshSince(t, before, moved)
		out.waiting = stillDeciding(before, moved, rec.State.ToAct())
		out.state = rec.State
		t.Record = &rec.Record
		if games.Over(rec.State) {
			t.Status = StatusOver
		}
		return nil
	})
	out.table = t
	if out.stale || out.refusal != nil {
		return out, nil
	}
	return out, err
}

// onCommit applies the move of a complete draft and tells the player and the table.
func (b *Bot) onCommit(c *call, id ID) error {
	if err := c.ackUpdate(); err != nil {
		return err
	}
	res, err := b.commit(c.ctx, c.i.ChannelID, c.user, id)
	if err != nil {
		return err
	}
	t, steps, waiting := res.table, res.steps, res.waiting
	staleNow, refusal := res.stale, res.refusal
	if !staleNow && refusal == nil {
		tableLog(c.log, t).Info("move applied", "draft", id.Arg, "steps", len(steps), "waiting", len(waiting))
	}
	if staleNow || refusal != nil {
		// A commit drawn before the seat's current decision means the seat has moved since:
		// this is a second click of a move already made.
		note := "✅ " + c.say(games.Say("That move was already made — here is the current state.", "Tento tah už je zahraný — tady je aktuální stav."))
		if refusal != nil {
			note = "⚠️ " + c.say(games.ReasonOf(refusal))
		}
		draft := ""
		if refusal != nil {
			draft = id.Arg
		}
		return b.showDraft(c, id, draft, note)
	}
	var done []string
	for _, e := range steps[0].events {
		if !e.Minor {
			done = append(done, e.Text.In(c.lang))
		}
	}
	if err := c.edit(message{content: "✅ " + strings.Join(done, "\n"), ephemeral: true}); err != nil {
		return err
	}
	if len(waiting) > 0 {
		// A simultaneous step goes on: the others' choices stay hidden and no board is posted
		// until the last of them has moved; the board's status line now waits for the rest.
		return b.refreshStatus(c)
	}
	return b.announce(c, t, res.state, steps)
}

// stillDeciding lists the seats that were deciding before a write, did not move in it and
// still must act: the rest of a simultaneous step.
func stillDeciding(before []games.Seat, moved map[games.Seat]bool, after []games.Seat) []games.Seat {
	var out []games.Seat
	for _, s := range before {
		if !moved[s] && slices.Contains(after, s) {
			out = append(out, s)
		}
	}
	return out
}

// onScores shows the current standing, ephemeral.
func (b *Bot) onScores(c *call, id ID) error {
	t, err := b.loadTable(c.ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	if t.Record == nil {
		return refuse("The game has not started yet.", "Hra ještě nezačala.")
	}
	st, err := b.state(t)
	if err != nil {
		return err
	}
	return c.reply(message{content: resultText(t, st.Result(), c.lang), ephemeral: true})
}

// onRulesButton shows the rules of the game the button belongs to, ephemeral.
func (b *Bot) onRulesButton(c *call, id ID) error { return b.showRules(c, id.Game) }

// showRules answers with a game's rules summary.
func (b *Bot) showRules(c *call, game string) error {
	kit, ok := b.kit(game)
	if !ok {
		return refuse("I do not know the game %q.", "Hru %q neznám.", game)
	}
	return c.reply(message{content: c.say(kit.Game.Rules()), ephemeral: true})
}
