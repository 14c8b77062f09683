package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"log/slog"
	"math"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
	"github.com/tablebot/tablebot/table"
)

// picture draws and encodes the table as viewer sees it. A seat the AI plays for its absent
// player is named with "(AI)" on the picture.
func (b *Bot) picture(t *table.Table, st games.State, viewer games.Seat, lang games.Lang) (*discordgo.File, error) {
	kit, _ := b.kit(t.Game)
	st = markAway(kit.Game, t, st)
	// A board is posted after a move, a start or an end: the players wait for it to play on.
	return b.encode(kit, "table", true, func() (image.Image, error) { return kit.Art.Table(st.View(viewer), lang) })
}

// markAway returns st with the names of seats whose player is away marked "(AI)", by replaying
// the record for players so named. It returns st itself when nobody is away, or when st is not
// the table's current state (the picture of a round just scored).
func markAway(g games.Game, t *table.Table, st games.State) games.State {
	names := st.Players()
	marked := false
	for i, seat := range t.Seats {
		if seat.Away && i < len(names) {
			names[i] += " (AI)"
			marked = true
		}
	}
	if !marked || t.Record == nil {
		return st
	}
	rec := *t.Record
	rec.Players = names
	shown, _, err := games.Replay(g, rec)
	if err != nil || fmt.Sprint(shown.ToAct(), shown.Result()) != fmt.Sprint(st.ToAct(), st.Result()) {
		return st
	}
	return shown
}

// privatePicture draws and encodes what seat alone sees for a panel at draft; urgent when the
// panel carries on a move already applied (see encode).
func (b *Bot) privatePicture(urgent bool, t *table.Table, st games.State, seat games.Seat, draft string, lang games.Lang) (*discordgo.File, error) {
	kit, _ := b.kit(t.Game)
	return b.encode(kit, "private", urgent, func() (image.Image, error) { return kit.Art.Private(st.View(seat), draft, lang) })
}

// encode draws a picture of kit's game and encodes it as a PNG attachment with the bot's
// pooled encoder, timing both for the metrics, and gives the picture back to the game's art
// when it takes pictures back (images.Recycler). An urgent picture (of a move already applied)
// is drawn before the others waiting.
func (b *Bot) encode(kit images.GameArt, kind string, urgent bool, draw func() (image.Image, error)) (*discordgo.File, error) {
	game := kit.Game.Name()
	// Drawing and encoding are the handlers' CPU work: only so many at once, so that the many
	// handlers waiting on Discord do not crowd the processor (or memory) with pictures.
	b.drawSlots.enter(urgent)
	defer b.drawSlots.leave()
	start := time.Now()
	img, err := draw()
	if err != nil {
		return nil, fmt.Errorf("draw %s %s picture: %w", game, kind, err)
	}
	// Room for the picture at once, about the size the last of its kind took: growing the
	// buffer by doubling copied each picture two or three times over.
	last := b.pictureSizes.of(game + "/" + kind)
	buf := bytes.NewBuffer(make([]byte, 0, last.Load()*9/8+4096))
	err = b.encoder.Encode(buf, img)
	last.Store(int64(buf.Len()))
	if rc, ok := kit.Art.(images.Recycler); ok {
		rc.Recycle(img)
	}
	if err != nil {
		return nil, fmt.Errorf("encode %s %s picture: %w", game, kind, err)
	}
	b.metrics.render.WithLabelValues(game, kind).Observe(time.Since(start).Seconds())
	return &discordgo.File{Name: kind + ".png", ContentType: "image/png", Reader: buf}, nil
}

// sizes remembers the size of the last picture of each kind, by name, to size the next one's
// buffer. It is safe for concurrent use.
type sizes struct{ m sync.Map }

// of returns the size remembered for name (0 until one is stored).
func (s *sizes) of(name string) *atomic.Int64 {
	if v, ok := s.m.Load(name); ok {
		return v.(*atomic.Int64)
	}
	v, _ := s.m.LoadOrStore(name, new(atomic.Int64))
	return v.(*atomic.Int64)
}

// statusLine says who must act now ("Ben to play") and returns the users to mention: those
// who must act, but not inPanel (a user already deciding in their panel) and no AI.
func statusLine(t *table.Table, st games.State, lang games.Lang, inPanel string) (string, []string) {
	if t.Status == table.StatusOver {
		return "", nil
	}
	var names, mentions []string
	for _, s := range st.ToAct() {
		if s < 0 || int(s) >= len(t.Seats) {
			continue
		}
		seat := t.Seats[s]
		names = append(names, "**"+seat.Name+"**")
		if !seat.AI && seat.User != inPanel {
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

// boardMessage is the public message after steps: header, what happened, the picture, who is
// next (mentioning them, but not inPanel), and the buttons anyone at the table may need. The
// picture shows st, or shown when set (a round just scored, before the next was dealt).
func (b *Bot) boardMessage(t *table.Table, st games.State, steps []games.Step, lang games.Lang, inPanel string, shown ...games.State) (message, error) {
	kit, _ := b.kit(t.Game)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s **%s** · %s", kit.Game.Emoji(), kit.Game.Title().In(lang), progress(t, st).In(lang))
	if !t.Pace.Live() {
		fmt.Fprintf(&sb, " · ⏱ %s", games.Say("%s per move", "%s na tah", paceName(t.Pace.Per, lang)).In(lang))
	}
	sb.WriteString("\n")
	log := newBoardLog(steps, lang)
	sb.WriteString(log.full)
	sb.WriteString(sinceLine(t, st, steps, lang))
	body := sb.String()
	line, mentions := statusLine(t, st, lang, inPanel)
	sb.WriteString(line)
	if len(mentions) > 0 {
		sb.WriteString(" — " + mentionAll(mentions))
	}
	sb.WriteString(dueNote(t, st))
	pictured := st
	if len(shown) > 0 && shown[0] != nil {
		pictured = shown[0]
	}
	file, err := b.picture(t, pictured, games.NoSeat, lang)
	if err != nil {
		return message{}, err
	}
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		turnButton(t, lang),
		discordgo.Button{Label: games.Say("Scores", "Skóre").In(lang), Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, t.Rev(), verbScores, "")},
		discordgo.Button{Label: games.Say("Rules", "Pravidla").In(lang), Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, t.Rev(), verbRules, "")},
		discordgo.Button{Label: games.Say("My games", "Moje hry").In(lang), Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, t.Rev(), verbGames, "")},
	}}
	return message{content: sb.String(), body: body, files: []*discordgo.File{file}, components: []discordgo.MessageComponent{row}, mentions: mentions, log: log}, nil
}

// maxSince bounds the moves sinceLine lists.
const maxSince = 8

// sinceLine lists, for the one player who must act now, the moves the others made since that
// player's last move — what someone coming back to a game of three or four missed — when
// there are more of them than this message's own lines tell. Empty otherwise.
func sinceLine(t *table.Table, st games.State, steps []games.Step, lang games.Lang) string {
	toAct := st.ToAct()
	if len(toAct) != 1 || toAct[0] < 0 || t.Record == nil {
		return ""
	}
	seat := toAct[0]
	told := 0
	for _, s := range steps {
		if s.Seat != games.Chance {
			told++
		}
	}
	var since []games.Move
	for i := len(t.Record.Moves) - 1; i >= 0; i-- {
		m := t.Record.Moves[i]
		if m.Seat == seat {
			break
		}
		if m.Seat != games.Chance {
			since = append(since, m)
		}
	}
	if len(since) <= told || len(since) < 2 {
		return ""
	}
	names := t.Names()
	var parts []string
	for i := min(len(since), maxSince) - 1; i >= 0; i-- {
		m := since[i]
		a, err := st.Game().DecodeAction(m.Action)
		if err != nil || int(m.Seat) >= len(names) {
			continue
		}
		said := games.Text{EN: st.Describe(a), CS: st.Describe(a)}
		if tl, ok := st.(games.Teller); ok {
			said = tl.Tell(a) // in words, not the notation ("W5 C r1")
		}
		parts = append(parts, names[m.Seat]+" "+said.In(lang))
	}
	if int(seat) >= len(names) || len(parts) == 0 {
		return ""
	}
	return games.Say("%s, since your last turn: %s", "%s, od tvého posledního tahu: %s", names[seat], strings.Join(parts, " · ")).In(lang) + "\n"
}

// progress is the header's account of where the game stands: the game's own, or the number of
// moves the players have made.
func progress(t *table.Table, st games.State) games.Text {
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
	return games.Count(moves, "move played", "moves played", "odehraný tah", "odehrané tahy", "odehraných tahů")
}

// medals decorate the first three places.
var medals = []string{"🥇", "🥈", "🥉"}

// resultText lists the ranking with each seat's score and breakdown; medals only once the
// game is over.
func resultText(t *table.Table, st games.State, lang games.Lang) string {
	res := st.Result()
	var sb strings.Builder
	for place, group := range res.Ranking {
		mark := fmt.Sprintf("%d.", place+1)
		if place < len(medals) && res.Over {
			mark = medals[place]
		}
		for _, s := range group {
			if int(s) >= len(res.Seats) {
				continue
			}
			r := res.Seats[s]
			name := games.NameOf(st, s)
			if int(s) < len(t.Seats) {
				name = t.Seats[s].Name
			}
			fmt.Fprintf(&sb, "%s **%s** — %d (%s)\n", mark, name, r.Score, r.Breakdown.In(lang))
		}
	}
	if !res.Summary.IsZero() {
		sb.WriteString(res.Summary.In(lang) + "\n")
	}
	return sb.String()
}

// endMessage is the public message at the end: ranking, final table, each rated player's
// rating change (ratings, from Outcome.Ratings; none when empty), a rematch button; it
// mentions every human player once.
func (b *Bot) endMessage(t *table.Table, st games.State, steps []games.Step, lang games.Lang, ratings []table.RatingChange) (message, error) {
	m, err := b.boardMessage(t, st, steps, lang, "")
	if err != nil {
		return message{}, err
	}
	mentions := t.Humans()
	result := resultText(t, st, lang)
	if s := st.Result().Summary.In(lang); s != "" && m.log != nil && strings.Contains(m.log.full, s) {
		// The end is said once, under 🏁: a log line that says the summary ("Game over. Ada
		// wins…") is left out; the summary stands under the ranking, where no fit drops it.
		before := m.log.drop(s)
		m.content = strings.Replace(m.content, before, m.log.full, 1)
		m.body = strings.Replace(m.body, before, m.log.full, 1)
	}
	m.content += "🏁 " + games.Say("**Game over!**", "**Konec hry!**").In(lang) + " " + mentionAll(mentions) + "\n" + result
	m.content += ratingLines(ratings, lang)
	m.mentions = mentions
	m.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: games.Say("Rematch", "Odveta").In(lang), Emoji: &discordgo.ComponentEmoji{Name: "🔁"}, Style: discordgo.SuccessButton, CustomID: buildID(t.Game, t.Rev(), verbRematch, "")},
	}}}
	return m, nil
}

// ratingLines is the end message's account of the rating changes, one player a line
// ("📈 Ada 27.1 → 28.4, +1.3"), under a heading; empty when nobody was rated.
func ratingLines(ratings []table.RatingChange, lang games.Lang) string {
	if len(ratings) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString(games.Say("**Ratings:**", "**Hodnocení:**").In(lang) + "\n")
	for _, r := range ratings {
		trend := "📈 "
		if math.Round(r.Delta()*10) < 0 {
			trend = "📉 "
		}
		sb.WriteString(trend + table.ChangeLine(r).In(lang) + "\n")
	}
	return sb.String()
}

// post sends a public message to a channel once. A thread Discord archived (a slow game's,
// idle for days) refuses posts: it is reopened and the message sent again, never left unsaid.
func (b *Bot) post(ctx context.Context, channel string, m message) (*discordgo.Message, error) {
	m = m.fitted()
	payload := &channelPost{MessageSend: discordgo.MessageSend{
		Content: m.content, Files: m.files, Components: m.components, AllowedMentions: m.allowed(),
	}, Nonce: m.nonce, EnforceNonce: m.nonce != ""}
	data, err := fileBytes(m.files)
	if err != nil {
		return nil, err
	}
	id, err := send(ctx, b.rest.get(), http.MethodPost, discordgo.EndpointChannelMessages(channel), payload, filesOf(m.files, data))
	if restCode(err) == codeThreadArchived {
		if err = b.setArchived(ctx, channel, false); err == nil {
			id, err = send(ctx, b.rest.get(), http.MethodPost, discordgo.EndpointChannelMessages(channel), payload, filesOf(m.files, data))
		}
	}
	if err != nil {
		return nil, fmt.Errorf("post to channel %s: %w", channel, err)
	}
	return &discordgo.Message{ID: id, ChannelID: channel}, nil
}

// postRetrying sends a public message, retrying with back-off (250 ms, doubling) when Discord
// fails on its side (5xx) or cannot be reached; a refusal (4xx) is not retried.
func (b *Bot) postRetrying(ctx context.Context, channel string, m message) (*discordgo.Message, error) {
	data, err := fileBytes(m.files)
	if err != nil {
		return nil, err
	}
	wait := 250 * time.Millisecond
	for attempt := 0; ; attempt++ {
		try := m
		try.files = filesOf(m.files, data)
		msg, err := b.post(ctx, channel, try)
		if err == nil || attempt >= b.postRetries || !retryable(err) {
			return msg, err
		}
		b.metrics.retries.Inc()
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return nil, fmt.Errorf("post to channel %s: %w (after %v)", channel, ctx.Err(), err)
		}
		wait *= 2
	}
}

// fileBytes reads files to their ends, so that they can be sent more than once (filesOf).
func fileBytes(files []*discordgo.File) ([][]byte, error) {
	data := make([][]byte, len(files))
	for i, f := range files {
		b, err := readAll(f.Reader)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", f.Name, err)
		}
		data[i] = b
	}
	return data, nil
}

// filesOf is files afresh, each reading data[i] from its start.
func filesOf(files []*discordgo.File, data [][]byte) []*discordgo.File {
	out := make([]*discordgo.File, len(files))
	for i, f := range files {
		out[i] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(data[i])}
	}
	return out
}

// retryable reports whether a failed REST call may succeed when tried again: Discord failed on
// its side, or did not answer.
func retryable(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) {
		return rest.Response != nil && rest.Response.StatusCode >= http.StatusInternalServerError
	}
	return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

// editWindow is how old a board message may be for its status line to be edited: Discord
// rate-limits edits of messages older than an hour.
const editWindow = 50 * time.Minute

// refreshStatus rewrites the status line of the newest board message after a seat has chosen
// in a simultaneous step ("Waiting for Ben"), without mentioning anybody again. Failure is
// only logged: the line is a courtesy.
func (b *Bot) refreshStatus(c *call, out table.Outcome) {
	t := out.Table
	if t.Board == nil || b.tables.Now().Sub(t.Board.At) > editWindow || t.Status != table.StatusPlaying {
		return
	}
	line, _ := statusLine(t, out.State, t.Lang(), "")
	content := fitLines(t.Board.Body+line+dueNote(t, out.State), maxContent)
	_, err := b.rest.get().ChannelMessageEditComplex(&discordgo.MessageEdit{ID: t.Board.ID, Channel: t.Channel, Content: &content,
		AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(c.ctx))
	if err != nil {
		c.log.Warn("could not refresh the board's status line", "err", err)
	}
}

// announce posts the board message an outcome owes its channel (the result, when the game is
// over) and tells the referee it was posted; inPanel is a user not to ping, already deciding in
// their panel. A board that could not be posted stays owed in the table, and is posted by the
// next interaction on the table or by the scheduler.
func (b *Bot) announce(ctx context.Context, log *slog.Logger, out table.Outcome, inPanel string, lead ...games.Text) {
	t, st := out.Table, out.State
	log = tableLog(log, t)
	over := games.Over(st)
	var m message
	var err error
	if over {
		m, err = b.endMessage(t, st, out.Board, t.Lang(), out.Ratings)
	} else {
		m, err = b.boardMessage(t, st, out.Board, t.Lang(), inPanel, out.Shown)
	}
	if err != nil {
		log.Error("could not draw the board message; it stays owed", "err", err)
		return
	}
	for _, l := range lead {
		// A line that explains the board (a deadline, a seat handed to the AI) after the header.
		head, rest, _ := strings.Cut(m.content, "\n")
		m.content = head + "\n" + l.In(t.Lang()) + "\n" + rest
	}
	through := len(t.Record.Moves)
	if t.Owed != nil {
		through = t.Owed.Through
	}
	m.nonce = boardNonce(t, through-len(out.Board), through)
	m = m.fitted() // the body kept for refreshStatus is the one posted
	if t.Parent != "" && t.Announced == 0 {
		// The first board of a table with a thread of its own: the thread comes first.
		if err := b.openThread(ctx, log, t); err != nil {
			log.Error("could not open the table's thread; the board stays owed", "err", err)
			return
		}
	}
	msg, err := b.postRetrying(ctx, t.Channel, m)
	if err != nil {
		var rest *discordgo.RESTError
		if errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusForbidden {
			// A permission taken away: the server's doing, explained on the next click.
			log.Warn("the channel refuses the board message (a missing permission); it stays owed", "err", err)
			return
		}
		log.Error("could not post the board message; it stays owed", "err", err)
		return
	}
	// The newest board: its status line follows a simultaneous step, and "my games" links to it.
	board := &table.PostedBoard{ID: msg.ID, At: b.tables.Now(), Body: m.body}
	if err := b.tables.Announced(ctx, t.Channel, t.ID, through, board); err != nil {
		log.Warn("posted a board message but could not record it", "err", err)
	}
	if over && t.Parent != "" {
		b.closeThread(ctx, log, t, resultCard(t, st))
	}
}

// repost posts the board message the channel's table owes, if nobody else is posting it, with
// the line that explains it (a deadline's) if the first poster would have said one. It fails
// only when the owed board could not be claimed.
func (b *Bot) repost(ctx context.Context, channel string) error {
	out, err := b.tables.ClaimAnnouncement(ctx, channel)
	if errors.Is(err, table.ErrNoTable) {
		return nil
	}
	if err != nil {
		b.log.Warn("could not claim an owed board message", "channel", channel, "err", err)
		return fmt.Errorf("claim an owed board message: %w", err)
	}
	if out != nil {
		var lead []games.Text
		if o := out.Table.Owed; o != nil && o.Lead != nil {
			lead = append(lead, *o.Lead)
		}
		b.announce(ctx, b.log.With("channel", channel), *out, "", lead...)
	}
	return nil
}
