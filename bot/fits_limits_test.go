package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/bot/restproxy"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
	"github.com/tablebot/tablebot/table"
)

// refusals lists what Discord refuses in m as the bot sends it — fakediscord's rules, which
// are Discord's — and, more strictly than Discord, content over 2000 UTF-16 code units.
func refusals(m message) []string {
	payload, err := json.Marshal(discordgo.MessageSend{Content: m.content, Components: m.components, Embeds: m.embeds})
	if err != nil {
		return []string{err.Error()}
	}
	return checkPayload(payload, len(m.files))
}

// checkPayload is refusals for a payload as sent.
func checkPayload(payload []byte, files int) []string {
	out := fakediscord.MessageRefusals(payload, files)
	var p struct {
		Content string `json:"content"`
	}
	if err := json.Unmarshal(payload, &p); err == nil && textLen(p.Content) > maxContent {
		out = append(out, fmt.Sprintf("content: %d UTF-16 code units", textLen(p.Content)))
	}
	return out
}

// modalRefusals lists what Discord refuses in a modal as c.modal sends it.
func modalRefusals(customID, title string, inputs []discordgo.TextInput) []string {
	rows := make([]discordgo.MessageComponent, len(inputs))
	for i, in := range inputs {
		rows[i] = discordgo.ActionsRow{Components: []discordgo.MessageComponent{in}}
	}
	data, err := json.Marshal(discordgo.InteractionResponseData{CustomID: customID, Title: title, Components: rows})
	if err != nil {
		return []string{err.Error()}
	}
	return fakediscord.ModalRefusals(data)
}

// outbox is a stand-in for Discord that keeps everything the bot sends: the first responses
// to interactions and the REST calls that create or edit messages (answered with an ID).
type outbox struct {
	mu   sync.Mutex
	sent []sentPayload
	url  *url.URL
}

// sentPayload is one message or modal as the bot sent it.
type sentPayload struct {
	what    string
	payload []byte
	files   int
	modal   bool
}

func newOutbox(t *testing.T) *outbox {
	o := &outbox{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		payload, files := readPayload(t, r)
		if len(payload) > 0 {
			o.keep(sentPayload{what: r.Method + " " + r.URL.Path, payload: payload, files: files})
		}
		if r.Method == http.MethodDelete {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"1","channel_id":"1"}`)
	}))
	t.Cleanup(srv.Close)
	o.url, _ = url.Parse(srv.URL)
	return o
}

// readPayload returns a request's JSON payload (payload_json of a multipart body) and the
// number of files it carries.
func readPayload(t *testing.T, r *http.Request) ([]byte, int) {
	kind, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if !strings.HasPrefix(kind, "multipart/") {
		data, _ := io.ReadAll(r.Body)
		return data, 0
	}
	var payload []byte
	files := 0
	mr := multipart.NewReader(r.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err != nil {
			break
		}
		data, _ := io.ReadAll(part)
		if part.FormName() == "payload_json" {
			payload = data
		} else {
			files++
		}
	}
	if payload == nil {
		t.Errorf("a multipart request without payload_json to %s", r.URL.Path)
	}
	return payload, files
}

func (o *outbox) keep(s sentPayload) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, s)
}

// respond is a Responder that keeps the first response.
func (o *outbox) respond(_ context.Context, r *discordgo.InteractionResponse) error {
	if r.Data == nil {
		return nil
	}
	data, err := json.Marshal(r.Data)
	if err != nil {
		return err
	}
	o.keep(sentPayload{what: fmt.Sprintf("callback %d", r.Type), payload: data, files: len(r.Data.Files), modal: r.Type == discordgo.InteractionResponseModal})
	return nil
}

// check fails t for every payload sent since the last check that Discord would refuse, and
// returns how many there were.
func (o *outbox) check(t *testing.T, context string) int {
	t.Helper()
	o.mu.Lock()
	sent := o.sent
	o.sent = nil
	o.mu.Unlock()
	for _, s := range sent {
		var problems []string
		if s.modal {
			problems = fakediscord.ModalRefusals(s.payload)
		} else {
			problems = checkPayload(s.payload, s.files)
		}
		if len(problems) > 0 {
			t.Errorf("%s: Discord refuses %s: %v\n%.3000s", context, s.what, problems, s.payload)
		}
	}
	return len(sent)
}

// stubArt draws every picture as one pixel: the messages are under test, not the pictures.
type stubArt struct{}

func (stubArt) Table(any, games.Lang) (image.Image, error) {
	return image.NewGray(image.Rect(0, 0, 1, 1)), nil
}
func (stubArt) Private(any, string, games.Lang) (image.Image, error) {
	return image.NewGray(image.Rect(0, 0, 1, 1)), nil
}

// longNames are players' names as long as Discord allows (32 characters), in several scripts,
// with emoji, markdown and what looks like a mention.
var longNames = []string{
	"Ada",
	"Bartoloměj Veliký z Vyšehradu 🎲",
	"李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小",
	"**Cid** `the` _bold_ ~~one~~ 🐉🐉",
	"Eva 👩‍👩‍👧 🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲",
	"Filip <@123456789> @everyone x",
}

// probe is a bot on a stand-in Discord (outbox), with pictures of one pixel.
type probe struct {
	t   *testing.T
	bot *Bot
	out *outbox
	n   int // interactions made
	// checked counts the payloads checked.
	checked int
}

func newProbe(t *testing.T) *probe {
	out := newOutbox(t)
	session, err := discordgo.New("Bot test")
	if err != nil {
		t.Fatal(err)
	}
	session.Client = restproxy.Client(out.url, 10*time.Second)
	session.MaxRestRetries = 0
	kits := catalog.Kits()
	for i := range kits {
		kits[i].Art = stubArt{}
	}
	b, err := New(kits, newTables(t, openBolt(t)), session, Options{ApplicationID: "1", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return &probe{t: t, bot: b, out: out}
}

// call is an interaction of user (by seat number) in channel, in lang, with data.
func (p *probe) call(user int, channel string, lang games.Lang, typ discordgo.InteractionType, data discordgo.InteractionData) *call {
	p.n++
	locale := discordgo.EnglishUS
	if lang == games.Czech {
		locale = discordgo.Czech
	}
	i := &discordgo.Interaction{ID: fmt.Sprint(p.n), AppID: "1", Token: fmt.Sprint("token", p.n), Type: typ, GuildID: testGuild,
		ChannelID: channel, Locale: locale, Data: data, Message: &discordgo.Message{ID: "1", ChannelID: channel},
		Member: &discordgo.Member{User: &discordgo.User{ID: seatUser(user), Username: "u", GlobalName: longNames[user%len(longNames)]},
			Permissions: discordgo.PermissionManageChannels}}
	return p.bot.newCall(context.Background(), i, p.out.respond)
}

// command runs a slash command as user.
func (p *probe) command(user int, channel string, lang games.Lang, name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) {
	c := p.call(user, channel, lang, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: name, Options: opts})
	cmd, ok := p.bot.commands[name]
	if !ok {
		p.t.Fatalf("no command /%s", name)
	}
	p.bot.explain(c, guard(func() error { return cmd.handle(p.bot, c) }))
}

func seatUser(i int) string { return fmt.Sprintf("1000000000000001%02d", i) }

// TestEveryBuiltMessageFits plays random games of every game in the catalog — at every table
// size, the moves chosen at random or by the AI, with players' names as long as Discord allows
// — and at points along each game builds every message the bot would: the board after the
// last moves and after the whole game as one run of the AI (a seat away from start to end, a
// solo game against Shem Bot), the result, the lobby, every seated player's panel along random
// drafts, the modal of a typed move, and the answers to /status, Scores, /rules, /help,
// /games, /leaderboard and /history, in English and Czech. Everything sent must be what
// Discord takes (fakediscord's rules), and every board must still mention whom it pings.
func TestEveryBuiltMessageFits(t *testing.T) {
	seed := gamestest.Seed(t)
	for _, k := range catalog.Kits() {
		least, most := k.Game.Seats()
		sizes := []int{least, most}
		if least == most {
			sizes = sizes[:1]
		}
		for _, n := range sizes {
			var opts []json.RawMessage
			opts = append(opts, nil)
			if k.Game.Name() == "shelfie" && n == 1 {
				opts = append(opts, json.RawMessage(`{"solo":"bot"}`))
			}
			for oi, o := range opts {
				t.Run(fmt.Sprintf("%s/%d/%d", k.Game.Name(), n, oi), func(t *testing.T) {
					t.Parallel()
					r := rand.New(rand.NewPCG(seed, uint64(n*10+oi+len(k.Game.Name()))))
					playAndBuild(t, newProbe(t), k.Game, longNames[:n], o, r)
				})
			}
		}
	}
}

// playAndBuild plays one random game of g and builds every message along it (see
// TestEveryBuiltMessageFits).
func playAndBuild(t *testing.T, p *probe, g games.Game, names []string, options json.RawMessage, r *rand.Rand) {
	rec, err := games.Start(g, names, options)
	if err != nil {
		t.Fatal(err)
	}
	var all []games.Step
	resume, stopping := true, false
	decide := func(st games.State, seat games.Seat) games.Action {
		if !resume && (stopping || r.IntN(8) == 0) {
			stopping = true // people decide here (all of a simultaneous step): build the messages
			return nil
		}
		resume = false
		if r.IntN(2) == 0 {
			return st.Hint(seat)
		}
		legal := st.Legal(seat)
		return legal[r.IntN(len(legal))]
	}
	for point := 0; ; point++ {
		steps, err := games.Advance(rec, r, decide)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, steps...)
		over := games.Over(rec.State)
		if point%4 == 0 || over {
			p.build(t, g, rec.Record, names, steps, all, r)
		}
		if over {
			t.Logf("%d moves in %d runs, %d payloads checked", len(rec.Record.Moves), point+1, p.checked)
			return
		}
		resume, stopping = true, false
	}
}

// build sets up rec in a channel of its own and builds every message of it.
func (p *probe) build(t *testing.T, g games.Game, rec games.Record, names []string, steps, all []games.Step, r *rand.Rand) {
	t.Helper()
	ctx := context.Background()
	channel := fmt.Sprintf("9200000000%08d", p.n)
	p.n++
	seats := make([]table.SeatInfo, len(names))
	for i, name := range names {
		seats[i] = table.SeatInfo{User: seatUser(i), Name: name}
		switch {
		case i > 0 && i%3 == 2:
			seats[i] = table.SeatInfo{Name: name, AI: true}
		case i == 1:
			seats[i].Away = true
		}
	}
	host := table.Click{Guild: testGuild, Channel: channel, User: seatUser(0), Name: names[0], Manager: true}
	tb, err := p.bot.tables.Import(ctx, host, seats, rec)
	if err != nil {
		t.Fatal(err)
	}
	st, err := p.bot.tables.State(tb)
	if err != nil {
		t.Fatal(err)
	}
	where := fmt.Sprintf("%s after %d moves", g.Name(), len(rec.Moves))
	for _, lang := range []games.Lang{games.English, games.Czech} {
		// The board after the last moves, and after the whole game as one run of the AI, with
		// a lead line as announce adds.
		for _, run := range [][]games.Step{steps, all} {
			var m message
			if games.Over(st) {
				m, err = p.bot.endMessage(tb, st, run, lang, nil)
			} else {
				m, err = p.bot.boardMessage(tb, st, run, lang, "")
			}
			if err != nil {
				t.Fatal(err)
			}
			head, rest, _ := strings.Cut(m.content, "\n")
			m.content = head + "\n" + games.Say("🤖 The AI plays for %s for now.", "🤖 Za hráče %s teď hraje AI.", names[0]).In(lang) + "\n" + rest
			f := m.fitted()
			if problems := refusals(f); len(problems) > 0 {
				t.Errorf("%s: Discord refuses the board: %v\n%s", where, problems, f.content)
			}
			for _, u := range f.mentions {
				if !strings.Contains(f.content, "<@"+u+">") {
					t.Errorf("%s: the board no longer mentions %s:\n%s", where, u, f.content)
				}
			}
			if fmt.Sprint(f.components) != fmt.Sprint(m.components) {
				t.Errorf("%s: the board's buttons had to be fitted: %v", where, m.components)
			}
			if _, err := p.bot.post(ctx, channel, m); err != nil {
				t.Fatal(err)
			}
			if textLen(m.log.full) > maxLog && !strings.Contains(f.content, "/status") {
				t.Errorf("%s: a long account is not summarised:\n%s", where, f.content)
			}
		}
		// The lobby, as a table of these seats would show it.
		lobby := p.bot.lobbyMessage(tb, lang)
		if problems := refusals(lobby.fitted()); len(problems) > 0 {
			t.Errorf("%s: Discord refuses the lobby: %v", where, problems)
		}
		// The status line refreshed after a hidden choice.
		if tb.Board == nil {
			tb.Board = &table.PostedBoard{ID: "1", At: p.bot.tables.Now(), Body: strings.Repeat("🤖 A long account of moves.\n", 120)}
		}
		c := p.call(0, channel, lang, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "status"})
		p.bot.refreshStatus(c, table.Outcome{Table: tb, State: st})
		// Every seated person's panel along a random walk of drafts, and the modal of a typed
		// move wherever the panel offers one.
		for seat := range names {
			if seats[seat].AI {
				continue
			}
			p.panels(t, channel, tb, st, games.Seat(seat), lang, r)
		}
		// The commands and buttons that answer with the table or a list.
		for _, name := range []string{"status", "help", "games", "history", "undo", "hand"} {
			p.command(0, channel, lang, name)
		}
		p.command(0, channel, lang, "rules")
		p.command(0, channel, lang, "leaderboard")
		for _, k := range p.bot.kits {
			p.command(0, channel, lang, "rules", &discordgo.ApplicationCommandInteractionDataOption{Name: "game", Type: discordgo.ApplicationCommandOptionString, Value: k.Game.Name()})
		}
		sc := p.call(0, channel, lang, discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: buildID(g.Name(), tb.Rev(), verbScores, "")})
		p.bot.explain(sc, guard(func() error { return p.bot.onScores(sc, ID{}) }))
		sent := p.out.check(t, where)
		if sent == 0 {
			t.Fatalf("%s: nothing was sent", where)
		}
		p.checked += sent
	}
}

// panels opens seat's panel and walks a few random drafts from it, opening the modal of a typed
// move wherever offered.
func (p *probe) panels(t *testing.T, channel string, tb *table.Table, st games.State, seat games.Seat, lang games.Lang, r *rand.Rand) {
	draft := ""
	for range 5 {
		c := p.call(int(seat), channel, lang, discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: buildID(tb.Game, tb.Rev(), verbDraft, draft)})
		m, err := p.bot.panelMessage(c, table.Seated{Table: tb, State: st, Seat: seat}, draft, "⚠️ "+strings.Repeat("A note on top of the panel. ", 3))
		if err != nil {
			t.Fatalf("panel of seat %d at %q: %v", seat, draft, err)
		}
		if err := c.update(m); err != nil {
			t.Fatal(err)
		}
		composer, ok := st.(games.Composer)
		if !ok || !games.IsToAct(st, seat) || tb.Seats[seat].Away {
			return
		}
		panel, err := composer.Compose(seat, draft)
		if err != nil {
			return
		}
		if panel.Input != nil {
			mc := p.call(int(seat), channel, lang, discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: buildID(tb.Game, tb.Rev(), verbType, panel.Draft)})
			if err := p.bot.onType(mc, parseIDMust(t, buildID(tb.Game, tb.Rev(), verbType, panel.Draft))); err != nil {
				t.Fatal(err)
			}
		}
		var next []string
		for _, ctl := range panel.Controls {
			if !ctl.Disabled && !ctl.Commit {
				next = append(next, ctl.Next)
			}
		}
		if panel.Menu != nil {
			for _, ch := range panel.Menu.Choices {
				next = append(next, ch.Next)
			}
		}
		if len(next) == 0 {
			return
		}
		draft = next[r.IntN(len(next))]
	}
}

// parseIDMust parses a custom_id the bot built.
func parseIDMust(t *testing.T, s string) ID {
	t.Helper()
	id, err := ParseID(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
