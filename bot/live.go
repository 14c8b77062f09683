package bot

import (
	"net/http"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// Live play keeps each player's panel in view (see the table package's Service.InPlace): when
// a simultaneous step's next decision belongs to the same round and every player who must
// decide has a panel the bot can still edit, the next decision appears in those panels and the
// round's board message is edited, so that nothing new lands below the panels. Otherwise the
// board is posted and pings, as in async play.

// showInPlace shows the board message out owes without posting one, when the referee allows
// it (Service.InPlace): it edits the other players' panels to their next decision through the
// tokens the table keeps, then the newest board message. It reports false when the caller must
// post the board instead: the step does not qualify, or a panel of a player who must act, or
// the board, could not be edited (the post then pings them as ever).
func (b *Bot) showInPlace(c *call, out table.Outcome) bool {
	seats, ok := b.tables.InPlace(out)
	if !ok {
		return false
	}
	t, st := out.Table, out.State
	var wg sync.WaitGroup
	var missed atomic.Bool
	for _, seat := range seats {
		wg.Go(func() {
			if err := b.editPanel(c, out, seat); err != nil {
				c.log.Warn("could not show a player's next decision in their panel", "seat", int(seat), "err", err)
				if games.IsToAct(st, seat) {
					missed.Store(true)
				}
			}
		})
	}
	wg.Wait()
	if missed.Load() {
		return false
	}
	if err := b.editBoard(c, out); err != nil {
		c.log.Warn("could not edit the round's board message; posting a new one", "board", t.Board.ID, "err", err)
		return false
	}
	return true
}

// editPanel redraws seat's panel at out through the token of the player's last confirmed
// choice, in their language, with their own lines of the step on top.
func (b *Bot) editPanel(c *call, out table.Outcome, seat games.Seat) error {
	t := out.Table
	p := t.Panels[seat]
	lang := games.LangOf(p.Locale)
	other := &call{ctx: c.ctx, rest: c.rest, lang: lang, urgent: true, acked: true,
		i:    &discordgo.Interaction{AppID: c.i.AppID, Token: p.Token, GuildID: c.i.GuildID, ChannelID: c.i.ChannelID},
		user: t.Seats[seat].User, name: t.Seats[seat].Name, log: c.log.With("seat", int(seat))}
	return b.showPanel(other, table.Seated{Table: t, State: out.State, Seat: seat}, "", revealNote(out, seat, lang))
}

// revealNote is seat's own lines among the steps out's board shows (its choice revealed), as
// a confirmation on its panel; "" when it has none.
func revealNote(out table.Outcome, seat games.Seat, lang games.Lang) string {
	var own []string
	for _, s := range out.Board {
		for _, e := range s.Events {
			if e.Seat == seat && !e.Minor {
				own = append(own, e.Text.In(lang))
			}
		}
	}
	if len(own) == 0 {
		return ""
	}
	return "✅ " + strings.Join(own, "\n")
}

// editBoard replaces the table's newest board message with the board out owes — its steps,
// picture and status line, mentioning nobody (the players decide in their panels) — and tells
// the referee it was shown. The message keeps the time it was posted.
func (b *Bot) editBoard(c *call, out table.Outcome) error {
	t, st := out.Table, out.State
	lang := t.Lang()
	m, err := b.boardMessage(t, st, out.Board, lang, "", out.Shown)
	if err != nil {
		return err
	}
	m = m.fitted()
	line, _ := statusLine(t, st, lang, "")
	content := fitLines(m.body+line+dueNote(t, st), maxContent)
	// Under v10 the attachments array is the whole list after the edit: the new picture, listed
	// by its index, replaces the old one.
	edit := boardEdit{&discordgo.MessageEdit{Content: &content, Components: &m.components,
		AllowedMentions: &discordgo.MessageAllowedMentions{}}, newAttachments(m.files)}
	if _, err := send(c.ctx, b.rest.get(), http.MethodPatch, discordgo.EndpointChannelMessage(t.Channel, t.Board.ID), edit, m.files); err != nil {
		return err
	}
	through := len(t.Record.Moves)
	if t.Owed != nil {
		through = t.Owed.Through
	}
	board := &table.PostedBoard{ID: t.Board.ID, At: t.Board.At, Body: m.body}
	if err := b.tables.Announced(c.ctx, t.Channel, t.ID, through, board); err != nil {
		c.log.Warn("edited the board message but could not record it", "err", err)
	}
	return nil
}

// catchUp redraws the caller's panel after a hidden choice when the step was completed
// meanwhile and the player must decide again: the player who completed it edits this panel to
// the next decision, but that edit may reach Discord before this call's own, which would leave
// the panel showing a choice still hidden. The redrawn panel is the one that edit shows: the
// next decision, under the choice revealed. Each redraw is checked against the table read after
// it, so the last edit to land shows the newest decision.
//
// The same goes for the board's status line, which this call rewrote (refreshStatus): when the
// step's last choice has edited the same board message since, the line is written again under
// that board's text, in case this call's edit landed last.
func (b *Bot) catchUp(c *call, id ID, out table.Outcome) {
	seat, drawnAt, moves := out.Seat, out.Table.Rev(), len(out.Table.Record.Moves)
	for i := range 3 {
		p, err := b.tables.Seated(c.ctx, c.click(id))
		if err != nil {
			return
		}
		if was, now := out.Table.Board, p.Table.Board; i == 0 && was != nil && now != nil && now.ID == was.ID && now.Body != was.Body {
			b.refreshStatus(c, table.Outcome{Table: p.Table, State: p.State})
		}
		if !p.Table.Stale(seat, drawnAt) || !games.IsToAct(p.State, seat) {
			return
		}
		note := ""
		if steps, err := b.tables.StepsSince(p.Table, moves, len(p.Table.Record.Moves)); err == nil {
			note = revealNote(table.Outcome{Board: steps}, seat, c.lang)
		}
		if err := b.showPanel(c, p, "", note); err != nil {
			c.log.Warn("could not bring the panel up to date", "err", err)
			return
		}
		drawnAt = p.Table.Rev()
	}
}

// boardEdit is a channel message edit whose attachments array lists its new files (see
// newAttachments), as API v10 wants of an edit that uploads a picture.
type boardEdit struct {
	*discordgo.MessageEdit
	Attachments []attachmentRef `json:"attachments"`
}
