package bot

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
)

// picture draws and encodes the table as viewer sees it.
func (b *Bot) picture(t *Table, st games.State, viewer games.Seat, lang games.Lang) (*discordgo.File, error) {
	kit, _ := b.kit(t.Game)
	return b.encode(t.Game, "table", func() (image.Image, error) { return kit.Art.Table(st.View(viewer), lang) })
}

// privatePicture draws and encodes what seat alone sees for a panel at draft.
func (b *Bot) privatePicture(t *Table, st games.State, seat games.Seat, draft string, lang games.Lang) (*discordgo.File, error) {
	kit, _ := b.kit(t.Game)
	return b.encode(t.Game, "private", func() (image.Image, error) { return kit.Art.Private(st.View(seat), draft, lang) })
}

// encode draws a picture and encodes it as a PNG attachment, timing both for the metrics.
func (b *Bot) encode(game, kind string, draw func() (image.Image, error)) (*discordgo.File, error) {
	start := time.Now()
	img, err := draw()
	if err != nil {
		return nil, fmt.Errorf("draw %s %s picture: %w", game, kind, err)
	}
	var buf bytes.Buffer
	if err := images.EncodePNG(&buf, img); err != nil {
		return nil, fmt.Errorf("encode %s %s picture: %w", game, kind, err)
	}
	b.metrics.render.WithLabelValues(game, kind).Observe(time.Since(start).Seconds())
	return &discordgo.File{Name: kind + ".png", ContentType: "image/png", Reader: &buf}, nil
}

// statusLine says who must act now ("Ben to play") and returns the users to mention.
func statusLine(t *Table, st games.State, lang games.Lang) (string, []string) {
	var names, mentions []string
	for _, s := range st.ToAct() {
		if s < 0 || int(s) >= len(t.Seats) {
			continue
		}
		seat := t.Seats[s]
		names = append(names, "**"+seat.Name+"**")
		if !seat.AI {
			mentions = append(mentions, seat.User)
		}
	}
	switch len(names) {
	case 0:
		return "", nil
	case 1:
		return games.Say("%s to play", "Na tahu: %s", names[0]).In(lang), mentions
	}
	return games.Say("Waiting for %s", "Čeká se na: %s", strings.Join(names, ", ")).In(lang), mentions
}

// mentionAll writes the mentions of users.
func mentionAll(users []string) string {
	var parts []string
	for _, u := range users {
		parts = append(parts, "<@"+u+">")
	}
	return strings.Join(parts, " ")
}

// boardMessage is the public message after a step: header, what happened, the picture, who is
// next, and the buttons anyone at the table may need.
func (b *Bot) boardMessage(t *Table, st games.State, steps []step, lang games.Lang) (message, error) {
	kit, _ := b.kit(t.Game)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s **%s** · %s\n", kit.Game.Emoji(), kit.Game.Title().In(lang), progress(t, st).In(lang))
	for _, s := range steps {
		for _, e := range s.events {
			if e.Minor {
				continue
			}
			prefix := ""
			if s.ai {
				prefix = "🤖 "
			}
			sb.WriteString(prefix + e.Text.In(lang) + "\n")
		}
	}
	body := sb.String()
	line, mentions := statusLine(t, st, lang)
	sb.WriteString(line)
	if len(mentions) > 0 {
		sb.WriteString(" — " + mentionAll(mentions))
	}
	file, err := b.picture(t, st, games.NoSeat, lang)
	if err != nil {
		return message{}, err
	}
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: games.Say("Your turn", "Tvůj tah").In(lang), Emoji: &discordgo.ComponentEmoji{Name: "🎲"}, Style: discordgo.PrimaryButton, CustomID: buildID(t.Game, t.rev, verbTurn, "")},
		discordgo.Button{Label: games.Say("Scores", "Skóre").In(lang), Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, t.rev, verbScores, "")},
		discordgo.Button{Label: games.Say("Rules", "Pravidla").In(lang), Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, t.rev, verbRules, "")},
	}}
	return message{content: sb.String(), body: body, files: []*discordgo.File{file}, components: []discordgo.MessageComponent{row}, mentions: mentions}, nil
}

// progress is the header's account of where the game stands: the game's own, or the number of
// moves the players have made.
func progress(t *Table, st games.State) games.Text {
	if p, ok := st.(games.Progress); ok {
		return p.Progress()
	}
	moves := 0
	for _, m := range t.Record.Moves {
		if m.Seat != games.Chance {
			moves++
		}
	}
	if moves == 0 {
		return games.Say("the game begins", "hra začíná")
	}
	return games.Say("move %d", "tah %d", moves)
}

// medals decorate the first three places.
var medals = []string{"🥇", "🥈", "🥉"}

// resultText lists the ranking with each seat's score and breakdown.
func resultText(t *Table, res games.Result, lang games.Lang) string {
	var sb strings.Builder
	for place, group := range res.Ranking {
		mark := fmt.Sprintf("%d.", place+1)
		if place < len(medals) {
			mark = medals[place]
		}
		for _, s := range group {
			r := res.Seats[s]
			fmt.Fprintf(&sb, "%s **%s** — %d (%s)\n", mark, t.Seats[s].Name, r.Score, r.Breakdown.In(lang))
		}
	}
	if !res.Summary.IsZero() {
		sb.WriteString(res.Summary.In(lang) + "\n")
	}
	return sb.String()
}

// endMessage is the public message at the end: ranking, final table, a rematch button; it
// mentions every human player once.
func (b *Bot) endMessage(t *Table, st games.State, steps []step, lang games.Lang) (message, error) {
	m, err := b.boardMessage(t, st, steps, lang)
	if err != nil {
		return message{}, err
	}
	var mentions []string
	for _, s := range t.Seats {
		if !s.AI {
			mentions = append(mentions, s.User)
		}
	}
	m.content += "🏁 " + games.Say("**Game over!**", "**Konec hry!**").In(lang) + " " + mentionAll(mentions) + "\n" + resultText(t, st.Result(), lang)
	m.mentions = mentions
	m.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: games.Say("Rematch", "Odveta").In(lang), Emoji: &discordgo.ComponentEmoji{Name: "🔁"}, Style: discordgo.SuccessButton, CustomID: buildID(t.Game, t.rev, verbRematch, "")},
	}}}
	return m, nil
}

// post sends a public message to the table's channel.
func (b *Bot) post(c *call, t *Table, m message) (*discordgo.Message, error) {
	msg, err := b.rest.ChannelMessageSendComplex(t.Channel, &discordgo.MessageSend{
		Content: m.content, Files: m.files, Components: m.components, AllowedMentions: m.allowed(),
	}, discordgo.WithContext(c.ctx))
	if err != nil {
		return nil, fmt.Errorf("post to channel %s: %w", t.Channel, err)
	}
	return msg, nil
}

// editWindow is how old a board message may be for its status line to be edited: Discord
// rate-limits edits of messages older than an hour.
const editWindow = 50 * time.Minute

// rememberBoard notes the newest board message in the table, so its status line can follow a
// simultaneous step.
func (b *Bot) rememberBoard(c *call, t *Table, msg *discordgo.Message, body string) error {
	_, err := b.mutate(c.ctx, t.Channel, func(cur *Table) error {
		if cur.ID != t.ID {
			return errStale
		}
		cur.Board = &PostedBoard{ID: msg.ID, At: b.now(), Body: body}
		return nil
	})
	if err != nil && !errors.Is(err, errStale) {
		return fmt.Errorf("remember board message: %w", err)
	}
	return nil
}

// refreshStatus rewrites the status line of the newest board message after a seat has chosen
// in a simultaneous step ("Waiting for Ben"), without mentioning anybody again.
func (b *Bot) refreshStatus(c *call) error {
	t, err := b.loadTable(c.ctx, c.i.ChannelID)
	if err != nil || t.Board == nil || b.now().Sub(t.Board.At) > editWindow || t.Status != StatusPlaying {
		return err
	}
	st, err := b.state(t)
	if err != nil {
		return err
	}
	line, _ := statusLine(t, st, t.Lang())
	content := t.Board.Body + line
	_, err = b.rest.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: t.Board.ID, Channel: t.Channel, Content: &content,
		AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(c.ctx))
	if err != nil {
		return fmt.Errorf("refresh the board's status line: %w", err)
	}
	return nil
}

// announce posts the board of state st after steps (and the result when the game is over),
// and archives a finished game.
func (b *Bot) announce(c *call, t *Table, st games.State, steps []step) error {
	if games.Over(st) {
		m, err := b.endMessage(t, st, steps, t.Lang())
		if err != nil {
			return err
		}
		if _, err := b.post(c, t, m); err != nil {
			return err
		}
		return b.archive(c, t, st)
	}
	m, err := b.boardMessage(t, st, steps, t.Lang())
	if err != nil {
		return err
	}
	msg, err := b.post(c, t, m)
	if err != nil {
		return err
	}
	if len(st.ToAct()) < 2 {
		return nil // one seat decides: the status line will not change before the next board
	}
	return b.rememberBoard(c, t, msg, m.body)
}
