package bot

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// panel is a panel message as drawn: what the panel cache keeps.
type panel struct {
	content    string
	components []discordgo.MessageComponent
	file       []byte
	fileName   string
}

// panelMessage builds seat's ephemeral panel at draft: the private picture, the hint, and the
// panel's buttons and menu. note, when set, is shown above the hint (an error or "moved on").
// A panel is a pure function of the table's revision, the seat, the draft, the note, the
// language and whose ranking its menu shows, so panels drawn once are kept in a small cache:
// a storm of identical clicks costs one drawing. A menu the search AI can rank is ranked first (Service.Advise: up to the
// Suggest budget, after the acknowledgement; the quick ranking when the bot is busy).
func (b *Bot) panelMessage(c *call, p table.Seated, draft, note string) (message, error) {
	p, advised := b.tables.Advise(c.ctx, p, draft)
	key := fmt.Sprintf("%s\x00%d\x00%d\x00%s\x00%s\x00%s\x00%t", p.Table.ID, p.Table.Rev(), p.Seat, draft, note, c.lang, advised)
	if hit, ok := b.panels.get(key); ok {
		b.metrics.panelHits.Inc()
		return hit.message(), nil
	}
	drawn, shared, err := b.drawing.do(key, func() (panel, error) {
		m, err := b.drawPanel(c, p, draft, note)
		if err != nil {
			return panel{}, err
		}
		pn := panel{content: m.content, components: m.components}
		if len(m.files) == 1 {
			file, err := readAll(m.files[0].Reader)
			if err != nil {
				return panel{}, fmt.Errorf("read panel picture: %w", err)
			}
			pn.file, pn.fileName = file, m.files[0].Name
		}
		b.panels.put(key, pn)
		return pn, nil
	})
	if err != nil {
		return message{}, err
	}
	if shared {
		b.metrics.panelHits.Inc()
	}
	return drawn.message(), nil
}

// showPanel edits the message c answers into seat p.Seat's panel at draft, with note on top
// (see panelMessage).
func (b *Bot) showPanel(c *call, p table.Seated, draft, note string) error {
	m, err := b.panelMessage(c, p, draft, note)
	if err != nil {
		return err
	}
	return c.edit(m)
}

// seated is the seat an outcome was for, at the outcome's table and state.
func seated(out table.Outcome) table.Seated {
	return table.Seated{Table: out.Table, State: out.State, Seat: out.Seat}
}

// welcomeBack is the note on the panel of a player who plays their seat again.
func welcomeBack(c *call) string {
	return "👋 " + c.say(games.Say("Welcome back — you play your seat again.", "Vítej zpět — znovu hraješ sám/sama."))
}

// message is the panel as a message to send (each send reads its own copy of the picture).
func (p panel) message() message {
	m := message{ephemeral: true, content: p.content, components: p.components}
	if p.file != nil {
		m.files = []*discordgo.File{{Name: p.fileName, ContentType: "image/png", Reader: bytes.NewReader(p.file)}}
	}
	return m
}

// drawPanel draws a panel message; see panelMessage.
func (b *Bot) drawPanel(c *call, p table.Seated, draft, note string) (message, error) {
	t, st, seat := p.Table, p.State, p.Seat
	m := message{ephemeral: true}
	var lines []string
	if note != "" {
		lines = append(lines, note)
	}
	if t.Seats[seat].Away {
		lines = append(lines, "🤖 "+c.say(games.Say("The AI is playing your seat for now.", "Za tebe teď hraje AI.")))
		file, err := b.privatePicture(c.urgent, t, st, seat, "", c.lang)
		if err != nil {
			return message{}, err
		}
		m.content, m.files = strings.Join(lines, "\n"), []*discordgo.File{file}
		m.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: c.say(games.Say("I'm back", "Jsem zpět")), Emoji: &discordgo.ComponentEmoji{Name: "👋"},
				Style: discordgo.PrimaryButton, CustomID: buildID(t.Game, t.Rev(), verbBack, "")}}}}
		return m, nil
	}
	composer, canCompose := st.(games.Composer)
	undo := b.tables.CanUndo(t, seat)
	if !games.IsToAct(st, seat) || !canCompose {
		waiting, _ := statusLine(t, st, c.lang, "")
		switch {
		case undo && len(st.ToAct()) > 0:
			// A hidden choice in a simultaneous step: it may change until the last seat chooses.
			lines = append(lines, c.say(games.Say("Your choice is made and hidden from the others; you can still change it.",
				"Tvoje volba je hotová a ostatní ji nevidí; ještě ji můžeš změnit.")), waiting)
		case note == "":
			lines = append(lines, c.say(games.Say("Nothing to decide for you right now.", "Teď nemáš co rozhodovat.")), waiting)
		default:
			lines = append(lines, waiting)
		}
		file, err := b.privatePicture(c.urgent, t, st, seat, "", c.lang)
		if err != nil {
			return message{}, err
		}
		m.content, m.files = strings.Join(lines, "\n"), []*discordgo.File{file}
		if undo {
			m.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{undoButton(c, t, st, seat)}}}
		}
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
	file, err := b.privatePicture(c.urgent, t, st, seat, panel.Draft, c.lang)
	if err != nil {
		return message{}, err
	}
	m.content, m.files = strings.Join(lines, "\n"), []*discordgo.File{file}
	var extra []discordgo.MessageComponent
	if undo {
		extra = append(extra, undoButton(c, t, st, seat))
	}
	m.components = panelComponents(c, t, panel, extra...)
	if panel.Input != nil {
		b.inputs.put(buildID(t.Game, t.Rev(), verbType, panel.Draft), *panel.Input)
	}
	return m, nil
}

// undoButton takes back the seat's last move: "Change choice" while a simultaneous step is
// open, "Undo" otherwise.
func undoButton(c *call, t *table.Table, st games.State, seat games.Seat) discordgo.Button {
	label := games.Say("↩️ Undo", "↩️ Vzít zpět")
	if !games.IsToAct(st, seat) && len(st.ToAct()) > 0 {
		label = games.Say("↩️ Change choice", "↩️ Změnit volbu")
	}
	return discordgo.Button{Label: c.say(label), Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, t.Rev(), verbUndo, "")}
}

// onUndo takes back the caller's last move and shows their panel at the first step again.
func (b *Bot) onUndo(c *call, id ID) error {
	if err := c.ackUpdate(); err != nil {
		return err
	}
	return b.undo(c, id)
}

// undo takes back the caller's last move and answers with their fresh panel.
func (b *Bot) undo(c *call, id ID) error {
	out, err := b.tables.Undo(c.ctx, c.panelClick(id))
	if err != nil {
		return err
	}
	note := "↩️ " + c.say(games.Say("Taken back — choose again.", "Vzato zpět — vyber znovu."))
	if err := b.showPanel(c, seated(out), "", note); err != nil {
		return err
	}
	b.refreshStatus(c, out)
	return nil
}

// panelComponents turns a games.Panel into Discord components: buttons in rows of five (at
// most games.MaxControls of the game's, the input button and the bot's extra buttons: four
// rows at most), then the menu.
func panelComponents(c *call, t *table.Table, p games.Panel, extra ...discordgo.MessageComponent) []discordgo.MessageComponent {
	var buttons []discordgo.MessageComponent
	for _, ctl := range p.Controls[:min(len(p.Controls), games.MaxControls)] {
		v := verbDraft
		switch {
		case ctl.Commit:
			v = verbCommit
		case ctl.Suggest:
			v = verbSuggest
		}
		// Games use symbols such as ⟳ and ⇋ that Discord does not accept as button emoji, so
		// the symbol leads the label instead.
		label := strings.TrimSpace(ctl.Emoji + " " + c.say(ctl.Label))
		buttons = append(buttons, discordgo.Button{Label: truncate(label, 80), Style: buttonStyle(ctl.Style),
			CustomID: buildID(t.Game, t.Rev(), v, ctl.Next), Disabled: ctl.Disabled})
	}
	if p.Input != nil {
		buttons = append(buttons, discordgo.Button{Label: "⌨️ " + c.say(p.Input.Button),
			Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, t.Rev(), verbType, p.Draft)})
	}
	buttons = append(buttons, extra...)
	uniqueIDs(buttons)
	var rows []discordgo.MessageComponent
	for len(buttons) > 0 && len(rows) < 4 {
		n := min(5, len(buttons))
		rows = append(rows, discordgo.ActionsRow{Components: buttons[:n]})
		buttons = buttons[n:]
	}
	if p.Menu != nil && len(p.Menu.Choices) > 0 {
		var opts []discordgo.SelectMenuOption
		for _, ch := range p.Menu.Choices[:min(games.MaxChoices, len(p.Menu.Choices))] {
			opts = append(opts, discordgo.SelectMenuOption{Label: truncate(c.say(ch.Label), 100), Description: truncate(c.say(ch.Description), 100), Value: ch.Next, Default: ch.Default})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: buildID(t.Game, t.Rev(), verbMenu, ""), Placeholder: truncate(c.say(p.Menu.Placeholder), 150), Options: opts,
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

// movedOn is the note on a fresh panel that replaces a stale one.
func movedOn(c *call) string {
	return "🔄 " + c.say(games.Say("This board has moved on — here is the current one.", "Hra mezitím pokročila — tady je aktuální stav."))
}

// openPanel answers with the caller's panel as a new ephemeral message.
func (b *Bot) openPanel(c *call, id ID) error {
	if err := c.ackReply(true); err != nil {
		return err
	}
	p, err := b.tables.Seated(c.ctx, c.click(id))
	if err != nil {
		return err
	}
	b.repostIfOwed(c, p.Table)
	note := ""
	if p.Table.Seats[p.Seat].Away {
		// Any click of an away player's own brings them back.
		out, err := b.tables.SetAway(c.ctx, c.click(ID{}), false)
		if err != nil {
			return err
		}
		p, note = seated(out), welcomeBack(c)
	}
	return b.showPanel(c, p, "", note)
}

// onTurn opens the caller's panel from a public board message: the channel's current game,
// whatever game the board was drawn for.
func (b *Bot) onTurn(c *call, id ID) error { return b.openPanel(c, ID{}) }

// clickedSeat acknowledges a click on the caller's panel, which is then edited in place, and
// loads the caller's seat in the channel's game (see Service.Seated).
func (b *Bot) clickedSeat(c *call, id ID) (table.Seated, error) {
	if err := c.ackUpdate(); err != nil {
		return table.Seated{}, err
	}
	return b.tables.Seated(c.ctx, c.click(id))
}

// showDraft redraws the panel in place at draft with note on top. A stale panel is replaced
// by a fresh one, saying so unless note already explains.
func (b *Bot) showDraft(c *call, id ID, draft, note string) error {
	p, err := b.clickedSeat(c, id)
	if err != nil {
		return err
	}
	if p.Table.Stale(p.Seat, id.Rev) {
		draft = ""
		if note == "" {
			note = movedOn(c)
		}
	}
	return b.showPanel(c, p, draft, note)
}

func (b *Bot) onDraft(c *call, id ID) error { return b.showDraft(c, id, id.Arg, "") }

// onSuggest shows the panel at the move the search AI suggests (Service.Suggest: a search of
// about a second, after the acknowledgement), or at the game's own suggestion, draft Arg.
func (b *Bot) onSuggest(c *call, id ID) error {
	p, err := b.clickedSeat(c, id)
	if err != nil {
		return err
	}
	draft, note := id.Arg, ""
	if p.Table.Stale(p.Seat, id.Rev) {
		draft, note = "", movedOn(c)
	} else {
		draft = b.tables.Suggest(c.ctx, p, draft)
	}
	return b.showPanel(c, p, draft, note)
}

func (b *Bot) onMenu(c *call, id ID) error {
	values := c.i.MessageComponentData().Values
	if len(values) != 1 {
		return refuse("Pick one option from the menu.", "Vyber v nabídce jednu možnost.")
	}
	return b.showDraft(c, id, values[0], "")
}

// onType opens the modal where a move is typed, at once: its texts are those of the panel the
// button was drawn on (or generic ones, when this process did not draw it). Whether the draft
// still fits is checked when the typed move comes back.
func (b *Bot) onType(c *call, id ID) error {
	in, ok := b.inputs.get(id.String())
	if !ok {
		in = games.Input{Title: games.Say("Type your move", "Napiš svůj tah"), Label: games.Say("Your move", "Tvůj tah")}
	}
	return c.modal(buildID(id.Game, id.Rev, verbTyped, id.Arg), truncate(c.say(in.Title), 45), discordgo.TextInput{
		CustomID: "move", Label: truncate(c.say(in.Label), 45), Style: discordgo.TextInputShort,
		Placeholder: truncate(c.say(in.Placeholder), 100), Required: true, MaxLength: 40,
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
	p, err := b.clickedSeat(c, id)
	if err != nil {
		return err
	}
	composer, ok := p.State.(games.Composer)
	if !ok || p.Table.Stale(p.Seat, id.Rev) {
		return b.showPanel(c, p, "", movedOn(c))
	}
	draft, err := composer.Typed(p.Seat, id.Arg, text)
	note := ""
	if err != nil {
		draft, note = id.Arg, "⚠️ "+c.say(games.ReasonOf(err))
	}
	return b.showPanel(c, p, draft, note)
}

// onCommit applies the move of a complete draft and tells the player and the table.
func (b *Bot) onCommit(c *call, id ID) error {
	if err := c.ackUpdate(); err != nil {
		return err
	}
	out, err := b.tables.Commit(c.ctx, c.panelClick(id), id.Arg)
	var refusal *games.Refusal
	switch {
	case errors.Is(err, table.ErrAlreadyMoved):
		// A second click of the move already made: show the current panel instead. Not ✅: the
		// click did nothing (the confirmation was the first click's).
		return b.showDraft(c, id, "", "ℹ️ "+c.say(games.ReasonOf(err)))
	case errors.Is(err, table.ErrStale):
		// A panel of an earlier state (another move, or one taken back): the current panel.
		return b.showDraft(c, id, "", movedOn(c))
	case errors.As(err, &refusal) && refusal.Kind != table.ErrNotSeated && refusal.Kind != table.ErrOver:
		return b.showDraft(c, id, id.Arg, "⚠️ "+c.say(refusal.Reason))
	case err != nil:
		return err
	}
	b.countMoves(out)
	note := "✅ " + confirmation(out, c.lang)
	// The move is applied: from here on nothing the player did can fail. A failed edit or post
	// is logged, and an owed board message is posted later.
	inPanel := ""
	if !games.Over(out.State) && games.IsToAct(out.State, out.Seat) {
		// The same player decides again (a bonus placement, the next card, every solo step):
		// the panel goes on with that decision; no new ping, no second "Your turn" click.
		inPanel = c.user
	}
	// The player's panel and the table's board are independent: both go out at once, so the
	// board is seen one Discord round trip sooner.
	var panelDone sync.WaitGroup
	panelDone.Go(func() {
		if err := b.showPanel(c, seated(out), "", note); err != nil {
			c.log.Warn("could not show the panel after an applied move", "err", err)
		}
	})
	switch {
	case out.Announce:
		// In live play the next decision of a simultaneous step shows in every player's panel
		// and in the round's board, edited; otherwise the board is posted (and pings).
		if !b.showInPlace(c, out) {
			b.announce(c.ctx, c.log, out, inPanel)
		}
	case len(out.Waiting) > 0:
		// A simultaneous step goes on: the others' choices stay hidden and no board is posted
		// until the last of them has moved; the board's status line now waits for the rest.
		b.refreshStatus(c, out)
	}
	panelDone.Wait()
	if len(out.Waiting) > 0 {
		b.catchUp(c, id, out)
	}
	return nil
}

// panelClick is c.click for a click on the caller's panel: it carries the interaction's token
// and locale, which the referee keeps so that the panel can be edited later (showInPlace).
func (c *call) panelClick(id ID) table.Click {
	click := c.click(id)
	click.Token, click.Locale = c.i.Token, string(c.i.Locale)
	return click
}

// confirmation says what the committing seat's move did, in lang: its own lines of the
// outcome (the reveal of a simultaneous step names every seat's choice; the confirmation only
// the committer's).
func confirmation(out table.Outcome, lang games.Lang) string {
	var own, all []string
	for _, e := range out.Steps[0].Events {
		if e.Seat == out.Seat {
			own = append(own, e.Text.In(lang))
		}
		if !e.Minor {
			all = append(all, e.Text.In(lang))
		}
	}
	if len(own) == 0 {
		own = all
	}
	return strings.Join(own, "\n")
}

// countMoves counts the moves of an applied outcome.
func (b *Bot) countMoves(out table.Outcome) {
	for _, s := range out.Steps {
		by := "player"
		switch {
		case s.Seat == games.Chance:
			by = "chance"
		case s.Auto:
			by = "ai"
		}
		b.metrics.moves.WithLabelValues(out.Table.Game, by).Inc()
	}
}

// onScores shows the current standing, ephemeral.
func (b *Bot) onScores(c *call, id ID) error {
	t, st, err := b.tables.Current(c.ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	b.repostIfOwed(c, t)
	if st == nil {
		return refuse("The game has not started yet.", "Hra ještě nezačala.")
	}
	return c.reply(message{content: resultText(t, st, c.lang), ephemeral: true})
}

// onRulesButton shows the rules of the game the button belongs to, ephemeral.
func (b *Bot) onRulesButton(c *call, id ID) error {
	if id.Arg == rulesPageArg {
		return b.onRulesPage(c, id)
	}
	return b.showRules(c, id.Game)
}

// showRules answers with a game's rules summary.
func (b *Bot) showRules(c *call, game string) error {
	kit, ok := b.kit(game)
	if !ok {
		return refuse("I do not know the game %q.", "Hru %q neznám.", game)
	}
	return c.reply(rulesMessage(c, kit.Game, 0))
}
