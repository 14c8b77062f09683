package bot

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

// Discord's limits on what a bot sends (API reference: message, component, embed and modal
// objects). Discord counts characters as Unicode code points; the bot counts UTF-16 code
// units (textLen), which are never fewer, so that a text the bot thinks fits always does.
const (
	maxContent     = 2000 // message content
	maxRows        = 5    // action rows in a classic message
	maxRowButtons  = 5    // buttons in one action row
	maxButtonLabel = 80   // button label
	maxOptions     = 25   // options of a select menu
	maxOptionText  = 100  // a select option's label, value and description
	maxPlaceholder = 150  // a select menu's placeholder
	maxModalTitle  = 45   // a modal's title
	maxInputLabel  = 45   // a text input's label
	maxInputHint   = 100  // a text input's placeholder
	maxInputValue  = 4000 // a text input's value
	maxModalRows   = 5    // rows of a modal
	maxFiles       = 10   // attachments of a message
	maxEmbeds      = 10   // embeds of a message
	maxEmbedTitle  = 256  // an embed's title, author name and field names
	maxEmbedText   = 4096 // an embed's description
	maxEmbedFields = 25   // fields of an embed
	maxEmbedValue  = 1024 // a field's value
	maxEmbedFooter = 2048 // an embed's footer text
	maxEmbedsTotal = 6000 // all the text of all the embeds of a message
	// maxLog bounds a board message's account of what happened, so that a long run of the
	// AI's moves reads as a summary on a phone rather than a wall of lines.
	maxLog      = 1200
	ellipsis    = "…"
	ellipsisLen = 1
	mentionOpen = "<@"
)

// textLen is the length of s as the bot counts it against Discord's limits: UTF-16 code units.
func textLen(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// cutText shortens s to at most limit characters (textLen) ending in "…": at the end of a word
// (inside a word only when s has one word), never inside a mention, a channel link or a
// timestamp (<…>), and without leaving a bold or code mark open. s itself when it fits.
func cutText(s string, limit int) string {
	if textLen(s) <= limit {
		return s
	}
	if limit < ellipsisLen {
		return ""
	}
	room := limit - ellipsisLen
	// The longest prefix within room.
	end, n := 0, 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > room {
			break
		}
		n += w
		end = i + len(string(r))
	}
	cut := s[:end]
	// Back up to the end of a word, unless the cut already falls between words.
	if next, _ := utf8.DecodeRuneInString(s[end:]); end < len(s) && !unicode.IsSpace(next) {
		if sp := strings.LastIndexFunc(cut, unicode.IsSpace); sp > 0 {
			cut = cut[:sp]
		}
	}
	// Never end inside <@…>, <#…> or <t:…>: drop the unfinished tag whole.
	if open := strings.LastIndex(cut, "<"); open >= 0 && !strings.Contains(cut[open:], ">") {
		cut = cut[:open]
	}
	cut = strings.TrimRightFunc(cut, func(r rune) bool {
		return unicode.IsSpace(r) || r == '\u200d' || r == '·' || r == '—' || r == ',' || r == ':'
	})
	for _, mark := range []string{"**", "`"} {
		if strings.Count(cut, mark)%2 == 1 {
			i := strings.LastIndex(cut, mark)
			cut = cut[:i] + cut[i+len(mark):]
		}
	}
	return cut + ellipsis
}

// fitLines shortens a text of several lines to at most limit characters by dropping whole lines,
// one "…" line standing where lines were dropped. It keeps the first line (a header), the last
// (a status or a result) and every line that mentions someone, dropping the others from the
// end back; only when those alone do not fit is a line itself cut (cutText). s itself when it
// fits.
func fitLines(s string, limit int) string {
	if textLen(s) <= limit {
		return s
	}
	trail := ""
	if strings.HasSuffix(s, "\n") {
		s, trail = strings.TrimSuffix(s, "\n"), "\n"
	}
	lines := strings.Split(s, "\n")
	if len(lines) < 3 {
		return cutText(s+trail, limit)
	}
	keep := make([]bool, len(lines))
	total := textLen(trail) - 1 // n lines take n-1 newlines
	for i, l := range lines {
		keep[i] = true
		total += textLen(l) + 1
	}
	must := func(i int) bool {
		return i == 0 || i == len(lines)-1 || strings.Contains(lines[i], mentionOpen)
	}
	// The cost of the "…" lines: one per run of dropped lines.
	gaps := func() int {
		n := 0
		for i := range lines {
			if !keep[i] && (i == 0 || keep[i-1]) {
				n++
			}
		}
		return n * (ellipsisLen + 1)
	}
	for i := len(lines) - 2; i > 0 && total+gaps() > limit; i-- {
		if !must(i) {
			keep[i] = false
			total -= textLen(lines[i]) + 1
		}
	}
	var out []string
	for i, l := range lines {
		switch {
		case keep[i]:
			out = append(out, l)
		case i == 0 || keep[i-1]:
			out = append(out, ellipsis)
		}
	}
	joined := strings.Join(out, "\n") + trail
	if textLen(joined) <= limit {
		return joined
	}
	// The lines that must stay do not fit: give each the same share, and cut what is over.
	share := limit/len(out) - 1
	for i, l := range out {
		out[i] = cutText(l, max(share, ellipsisLen))
	}
	return cutText(strings.Join(out, "\n")+trail, limit)
}

// logEntry is one step's lines in a board message's account of what happened.
type logEntry struct {
	text string // the step's lines, each ending in a newline
	// move: a seat's move (not chance); auto: made by the AI; keep: worth keeping over others
	// (a person's move, a round scored).
	move, auto, keep bool
}

// boardLog is the account of what happened in a board message, which may be summarised to fit:
// full is the text as it stands in the message's content and body.
type boardLog struct {
	full    string
	entries []logEntry
	lang    games.Lang
}

// newBoardLog builds the account of steps in lang: each step's events that are not minor, a
// move of the AI marked 🤖.
func newBoardLog(steps []games.Step, lang games.Lang) *boardLog {
	l := &boardLog{lang: lang}
	var sb strings.Builder
	for _, s := range steps {
		var e logEntry
		var lines strings.Builder
		for _, ev := range s.Events {
			if ev.Minor {
				continue
			}
			if s.Auto {
				lines.WriteString("🤖 ")
			}
			lines.WriteString(ev.Text.In(lang) + "\n")
			e.keep = e.keep || ev.Milestone
		}
		if lines.Len() == 0 {
			continue
		}
		e.text = lines.String()
		e.move, e.auto = s.Seat != games.Chance, s.Auto
		e.keep = e.keep || (e.move && !s.Auto)
		l.entries = append(l.entries, e)
		sb.WriteString(e.text)
	}
	l.full = sb.String()
	return l
}

// drop leaves out of the account every line that says said (the end's summary, which the end
// message says once under its own header), and returns the account as it stood before.
func (l *boardLog) drop(said string) (before string) {
	before = l.full
	var sb strings.Builder
	entries := l.entries[:0]
	for _, e := range l.entries {
		var kept []string
		for _, line := range strings.SplitAfter(e.text, "\n") {
			if line != "" && !strings.Contains(line, said) {
				kept = append(kept, line)
			}
		}
		if len(kept) == 0 {
			continue
		}
		e.text = strings.Join(kept, "")
		entries = append(entries, e)
		sb.WriteString(e.text)
	}
	l.entries, l.full = entries, sb.String()
	return before
}

// fit returns the account shortened to at most room characters: the AI's moves and chance's
// dealings are dropped from the last back, then, if that is not enough, the others too; one
// line says how many moves were left out and where to see the table ("… and 14 more moves by
// the AI: see /status"), where the first of them stood.
func (l *boardLog) fit(room int) string {
	if textLen(l.full) <= room {
		return l.full
	}
	dropped := make([]bool, len(l.entries))
	var left leftOut
	total := textLen(l.full)
	for _, keepers := range []bool{false, true} {
		for i := len(l.entries) - 1; i >= 0 && total+textLen(left.line(l.lang)) > room; i-- {
			if e := l.entries[i]; !dropped[i] && e.keep == keepers {
				dropped[i] = true
				total -= textLen(e.text)
				left.add(e)
			}
		}
	}
	var sb strings.Builder
	told := false
	for i, e := range l.entries {
		switch {
		case !dropped[i]:
			sb.WriteString(e.text)
		case !told:
			sb.WriteString(left.line(l.lang))
			told = true
		}
	}
	if out := sb.String(); textLen(out) <= room {
		return out
	}
	return "" // not even the summary fits: the message's other lines take all the room
}

// leftOut counts the entries a board message leaves out of its account.
type leftOut struct{ entries, moves, people int }

func (o *leftOut) add(e logEntry) {
	o.entries++
	if e.move {
		o.moves++
		if !e.auto {
			o.people++
		}
	}
}

// line is the line that stands for the entries left out ("" when none is).
func (o leftOut) line(lang games.Lang) string {
	if o.entries == 0 {
		return ""
	}
	return moreMoves(o.moves, o.people == 0).In(lang) + "\n"
}

// moreMoves is the line that stands for moves a board message leaves out: "… and 14 more
// moves by the AI: see /status" (of the AI when ai is set), "… and more events: see /status"
// when none of what is left out is a move (a card turned, a round dealt).
func moreMoves(n int, ai bool) games.Text {
	if n == 0 {
		return games.Say("… and more events: see /status", "… a další události: viz /status")
	}
	en := games.Count(n, "more move", "more moves", "", "", "").EN
	// Czech agrees the adjective with the number: "ještě 1 tah", "další 3 tahy", "dalších 14 tahů".
	cs := ""
	switch {
	case n == 1:
		cs = "ještě 1 tah"
	case n >= 2 && n <= 4:
		cs = games.Say("", "další %d tahy", n).CS
	default:
		cs = games.Say("", "dalších %d tahů", n).CS
	}
	if ai {
		return games.Text{EN: "… and " + en + " by the AI: see /status", CS: "… a " + cs + " AI: viz /status"}
	}
	return games.Text{EN: "… and " + en + ": see /status", CS: "… a " + cs + ": viz /status"}
}

// fitted returns m as Discord takes it, whatever was built: the account of what happened
// summarised (boardLog) to at most maxLog characters and so that the content fits; any other content over the limit shortened
// by whole lines (fitLines); labels, placeholders and option texts cut with "…" (cutText);
// rows, buttons, options, embeds and files beyond Discord's counts left out. custom_ids and
// option values are the bot's own words to itself and are never cut (buildID keeps them short).
// Every message the bot sends passes through fitted, so that none is refused for its size;
// fitting a fitted message changes nothing.
func (m message) fitted() message {
	if m.log != nil {
		full := m.log.full
		room := min(maxLog, maxContent-(textLen(m.content)-textLen(full)))
		if at := strings.Index(m.content, full); full != "" && at >= 0 && textLen(full) > room {
			short := m.log.fit(room)
			m.content = m.content[:at] + short + m.content[at+len(full):]
			m.body = strings.Replace(m.body, full, short, 1)
		}
		m.log = nil
	}
	m.content = fitLines(m.content, maxContent)
	m.body = fitLines(m.body, maxContent)
	m.components = fitComponents(m.components)
	m.embeds = fitEmbeds(m.embeds)
	if len(m.files) > maxFiles {
		m.files = m.files[:maxFiles]
	}
	return m
}

// fitComponents fits a classic message's action rows (see fitted).
func fitComponents(rows []discordgo.MessageComponent) []discordgo.MessageComponent {
	if rows == nil {
		return nil
	}
	out := make([]discordgo.MessageComponent, 0, min(len(rows), maxRows))
	for _, r := range rows[:min(len(rows), maxRows)] {
		switch row := r.(type) {
		case discordgo.ActionsRow:
			out = append(out, discordgo.ActionsRow{ID: row.ID, Components: fitRow(row.Components)})
		case *discordgo.ActionsRow:
			out = append(out, &discordgo.ActionsRow{ID: row.ID, Components: fitRow(row.Components)})
		default:
			out = append(out, r)
		}
	}
	return out
}

// fitRow fits the components of one action row.
func fitRow(comps []discordgo.MessageComponent) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, 0, min(len(comps), maxRowButtons))
	for _, c := range comps[:min(len(comps), maxRowButtons)] {
		switch x := c.(type) {
		case discordgo.Button:
			out = append(out, fitButton(x))
		case *discordgo.Button:
			b := fitButton(*x)
			out = append(out, &b)
		case discordgo.SelectMenu:
			out = append(out, fitSelect(x))
		case *discordgo.SelectMenu:
			s := fitSelect(*x)
			out = append(out, &s)
		default:
			out = append(out, c)
		}
	}
	return out
}

func fitButton(b discordgo.Button) discordgo.Button {
	b.Label = cutText(b.Label, maxButtonLabel)
	return b
}

func fitSelect(s discordgo.SelectMenu) discordgo.SelectMenu {
	s.Placeholder = cutText(s.Placeholder, maxPlaceholder)
	if len(s.Options) > 0 {
		opts := make([]discordgo.SelectMenuOption, min(len(s.Options), maxOptions))
		for i, o := range s.Options[:len(opts)] {
			o.Label = cutText(o.Label, maxOptionText)
			o.Description = cutText(o.Description, maxOptionText)
			opts[i] = o
		}
		s.Options = opts
		if s.MaxValues > len(opts) {
			s.MaxValues = len(opts)
		}
	}
	return s
}

// fitEmbeds fits embeds to Discord's limits: each text cut (cutText), fields beyond 25 left
// out, and, while all the embeds' text is over 6000 characters, the descriptions shortened and
// then fields left out from the last back.
func fitEmbeds(embeds []*discordgo.MessageEmbed) []*discordgo.MessageEmbed {
	if embeds == nil {
		return nil
	}
	out := make([]*discordgo.MessageEmbed, 0, min(len(embeds), maxEmbeds))
	for _, e := range embeds[:min(len(embeds), maxEmbeds)] {
		if e == nil {
			continue
		}
		c := *e
		c.Title = cutText(c.Title, maxEmbedTitle)
		c.Description = fitLines(c.Description, maxEmbedText)
		if c.Author != nil {
			a := *c.Author
			a.Name = cutText(a.Name, maxEmbedTitle)
			c.Author = &a
		}
		if c.Footer != nil {
			f := *c.Footer
			f.Text = cutText(f.Text, maxEmbedFooter)
			c.Footer = &f
		}
		fields := make([]*discordgo.MessageEmbedField, 0, min(len(c.Fields), maxEmbedFields))
		for _, f := range c.Fields[:min(len(c.Fields), maxEmbedFields)] {
			if f == nil {
				continue
			}
			g := *f
			g.Name = cutText(g.Name, maxEmbedTitle)
			g.Value = fitLines(g.Value, maxEmbedValue)
			fields = append(fields, &g)
		}
		c.Fields = fields
		out = append(out, &c)
	}
	for over := embedsLen(out) - maxEmbedsTotal; over > 0; over = embedsLen(out) - maxEmbedsTotal {
		// The longest description gives way first, then the last field of the last embed.
		longest := -1
		for i, e := range out {
			if textLen(e.Description) > 0 && (longest < 0 || textLen(e.Description) > textLen(out[longest].Description)) {
				longest = i
			}
		}
		if longest >= 0 && textLen(out[longest].Description) > ellipsisLen {
			d := out[longest].Description
			out[longest].Description = fitLines(d, max(ellipsisLen, textLen(d)-over))
			continue
		}
		trimmed := false
		for i := len(out) - 1; i >= 0 && !trimmed; i-- {
			if n := len(out[i].Fields); n > 0 {
				out[i].Fields, trimmed = out[i].Fields[:n-1], true
			}
		}
		if !trimmed {
			for _, e := range out {
				e.Title = cutText(e.Title, ellipsisLen)
				if e.Author != nil {
					e.Author.Name = ""
				}
				if e.Footer != nil {
					e.Footer.Text = ""
				}
			}
			break
		}
	}
	return out
}

// embedsLen is what Discord counts against 6000: the titles, descriptions, field names and
// values, footer texts and author names of all the embeds.
func embedsLen(embeds []*discordgo.MessageEmbed) int {
	n := 0
	for _, e := range embeds {
		n += textLen(e.Title) + textLen(e.Description)
		for _, f := range e.Fields {
			n += textLen(f.Name) + textLen(f.Value)
		}
		if e.Footer != nil {
			n += textLen(e.Footer.Text)
		}
		if e.Author != nil {
			n += textLen(e.Author.Name)
		}
	}
	return n
}

// fitModal fits a modal's title and text inputs (at most five) to Discord's limits.
func fitModal(title string, inputs []discordgo.TextInput) (string, []discordgo.TextInput) {
	out := make([]discordgo.TextInput, min(len(inputs), maxModalRows))
	for i, in := range inputs[:len(out)] {
		in.Label = cutText(in.Label, maxInputLabel)
		in.Placeholder = cutText(in.Placeholder, maxInputHint)
		in.Value = cutText(in.Value, maxInputValue)
		in.MaxLength = min(in.MaxLength, maxInputValue)
		out[i] = in
	}
	return cutText(title, maxModalTitle), out
}
