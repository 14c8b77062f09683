package fakediscord_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// gatewayBot is a real discordgo session connected to the fake's gateway,
// with its READY and interactions delivered to channels.
type gatewayBot struct {
	s            *discordgo.Session
	ready        chan readyInfo
	guilds       chan discordgo.Guild
	interactions chan *discordgo.InteractionCreate
}

// readyInfo is what READY told the bot, copied in the handler. The guilds
// are left out: discordgo's state overwrites the Guild values READY lists
// when GUILD_CREATE follows, racing with any handler still reading them.
type readyInfo struct {
	sessionID, userID, appID string
	bot                      bool
}

// openBot opens a discordgo session against fake and closes it when the
// test ends.
func openBot(t *testing.T, fake *fakediscord.Server) *gatewayBot {
	t.Helper()
	b := &gatewayBot{
		s:            restSession(t, fake),
		ready:        make(chan readyInfo, 4),
		guilds:       make(chan discordgo.Guild, 4),
		interactions: make(chan *discordgo.InteractionCreate, 16),
	}
	b.s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		info := readyInfo{sessionID: r.SessionID}
		if r.User != nil {
			info.userID, info.bot = r.User.ID, r.User.Bot
		}
		if r.Application != nil {
			info.appID = r.Application.ID
		}
		b.ready <- info
	})
	b.s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { b.interactions <- ic })
	// discordgo's state copies the event into the guild READY created, so
	// the event's own value is not written to after this handler gets it.
	b.s.AddHandler(func(_ *discordgo.Session, gc *discordgo.GuildCreate) { b.guilds <- *gc.Guild })
	if err := b.s.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := b.s.Close(); err != nil {
			t.Errorf("close session: %v", err)
		}
	})
	return b
}

// next returns the next interaction the bot received.
func (b *gatewayBot) next(t *testing.T) *discordgo.Interaction {
	t.Helper()
	select {
	case ic := <-b.interactions:
		return ic.Interaction
	case <-time.After(5 * time.Second):
		t.Fatal("no INTERACTION_CREATE within 5s")
		return nil
	}
}

func TestSessionGatewayAndResponses(t *testing.T) {
	ctx := testCtx(t)
	fake := fakediscord.Start(t, fakediscord.Config{})
	fake.SetGuild(fakediscord.Guild{ID: "g1", Name: "Tables", PreferredLocale: "cs"})
	bot := openBot(t, fake)

	if err := fake.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-bot.ready:
		if r.sessionID == "" || r.userID != fake.ApplicationID() || !r.bot || r.appID != fake.ApplicationID() {
			t.Errorf("READY = %+v", r)
		}

	case <-time.After(5 * time.Second):
		t.Fatal("no READY")
	}
	// GUILD_CREATE follows READY for the guild set beforehand.
	select {
	case g := <-bot.guilds:
		if g.ID != "g1" || g.Name != "Tables" || g.PreferredLocale != "cs" || g.Unavailable {
			t.Errorf("GUILD_CREATE = %+v", g)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no GUILD_CREATE for g1")
	}
	ids := fake.Identifies()
	if len(ids) != 1 || ids[0].Token != "Bot "+fake.Token() || ids[0].Intents == 0 {
		t.Fatalf("identifies = %+v", ids)
	}

	// A slash command over the gateway, answered with plain JSON.
	cmd := fake.SlashCommand(alice, "start", fakediscord.StringOption("game", "fits"), fakediscord.IntegerOption("seats", 3))
	if err := fake.DispatchInteraction(ctx, cmd); err != nil {
		t.Fatal(err)
	}
	got := bot.next(t)
	data := got.ApplicationCommandData()
	if got.ID != cmd.ID || got.Token != cmd.Token || got.AppID != fake.ApplicationID() || data.Name != "start" {
		t.Fatalf("interaction = %+v data %+v", got, data)
	}
	if data.GetOption("game").StringValue() != "fits" || data.GetOption("seats").IntValue() != 3 {
		t.Errorf("options = %+v", data.Options)
	}
	if got.Member == nil || got.Member.User == nil || got.Member.User.ID != "100" || got.User != nil {
		t.Errorf("member = %+v user = %+v", got.Member, got.User)
	}
	if got.Locale != "cs" || got.GuildLocale == nil || *got.GuildLocale != "cs" || got.ChannelID != "c1" || got.GuildID != "g1" {
		t.Errorf("locale %q guild locale %v channel %q guild %q", got.Locale, got.GuildLocale, got.ChannelID, got.GuildID)
	}
	err := bot.s.InteractionRespond(got, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: "FITS lobby",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Join", Style: discordgo.PrimaryButton, CustomID: "fits:r1:join"},
			}}},
		},
	})
	if err != nil {
		t.Fatalf("InteractionRespond: %v", err)
	}
	cb, err := fake.WaitResponse(ctx, cmd.Token)
	if err != nil {
		t.Fatal(err)
	}
	var resp struct {
		Type int `json:"type"`
		Data struct {
			Content    string            `json:"content"`
			Components []json.RawMessage `json:"components"`
		} `json:"data"`
	}
	if err := cb.Decode(&resp); err != nil {
		t.Fatal(err)
	}
	if cb.Status != http.StatusNoContent || cb.Inline || resp.Type != 4 || resp.Data.Content != "FITS lobby" || len(resp.Data.Components) != 1 {
		t.Errorf("callback %d inline=%v payload %s", cb.Status, cb.Inline, cb.JSON)
	}
	lobby := fake.ChannelMessages("c1")
	if len(lobby) != 1 || lobby[0].Content != "FITS lobby" || lobby[0].Type != 20 || lobby[0].InteractionToken != cmd.Token {
		t.Fatalf("channel messages = %+v", lobby)
	}

	// A click on the lobby's button, answered with an ephemeral picture.
	click := fake.Click(alice.On(lobby[0]), "fits:r1:join")
	if err := fake.DispatchInteraction(ctx, click); err != nil {
		t.Fatal(err)
	}
	got = bot.next(t)
	if got.MessageComponentData().CustomID != "fits:r1:join" || got.Message == nil || got.Message.ID != lobby[0].ID {
		t.Fatalf("click = %+v message %+v", got.MessageComponentData(), got.Message)
	}
	if len(got.Message.Components) != 1 {
		t.Errorf("clicked message components = %+v", got.Message.Components)
	}
	pic := tinyPNG(t, 4, 3)
	err = bot.s.InteractionRespond(got, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: "your rack",
			Flags:   discordgo.MessageFlagsEphemeral,
			Files:   []*discordgo.File{{Name: "rack.png", ContentType: "image/png", Reader: bytes.NewReader(pic)}},
		},
	})
	if err != nil {
		t.Fatalf("InteractionRespond with file: %v", err)
	}
	cb, err = fake.WaitResponse(ctx, click.Token)
	if err != nil {
		t.Fatal(err)
	}
	if cb.ContentType != "multipart/form-data" || len(cb.Files) != 1 || cb.Files[0].Name != "rack.png" ||
		cb.Files[0].ContentType != "image/png" || !bytes.Equal(cb.Files[0].Data, pic) {
		t.Fatalf("callback %s files %+v", cb.ContentType, cb.Files)
	}
	if err := cb.Decode(&resp); err != nil || resp.Data.Content != "your rack" {
		t.Errorf("multipart payload %s (%v)", cb.JSON, err)
	}
	orig, ok := fake.Original(click.Token)
	att, hasAtt := orig.Attachment("rack.png")
	if !ok || !orig.Ephemeral() || !hasAtt || att.Size != len(pic) || att.Width != 4 || att.Height != 3 {
		t.Fatalf("original = %+v", orig)
	}
	if n := len(fake.ChannelMessages("c1")); n != 1 {
		t.Errorf("ephemeral response appeared in the channel: %d messages", n)
	}

	// A channel message with the table picture.
	sent, err := bot.s.ChannelMessageSendComplex("c1", &discordgo.MessageSend{
		Content:         "<@100> to move",
		Files:           []*discordgo.File{{Name: "table.png", ContentType: "image/png", Reader: bytes.NewReader(pic)}},
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{"100"}},
	})
	if err != nil {
		t.Fatalf("ChannelMessageSendComplex: %v", err)
	}
	if sent.ID == "" || sent.ChannelID != "c1" || len(sent.Attachments) != 1 || sent.Attachments[0].Filename != "table.png" ||
		sent.Attachments[0].Size != len(pic) || sent.Author == nil || sent.Author.ID != fake.ApplicationID() {
		t.Fatalf("sent = %+v", sent)
	}
	posts := fake.Matching("POST /channels/{id}/messages")
	if len(posts) != 1 || !bytes.Equal(posts[0].Files[0].Data, pic) || posts[0].Params["channel"] != "c1" {
		t.Fatalf("recorded posts = %+v", posts)
	}
	var payload struct {
		AllowedMentions struct {
			Users []string `json:"users"`
		} `json:"allowed_mentions"`
	}
	if err := posts[0].Decode(&payload); err != nil || len(payload.AllowedMentions.Users) != 1 {
		t.Errorf("payload %s (%v)", posts[0].JSON, err)
	}
	res, err := http.Get(sent.Attachments[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	served, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if !bytes.Equal(served, pic) {
		t.Errorf("attachment URL served %d bytes, want %d", len(served), len(pic))
	}
	if msgs := fake.ChannelMessages("c1"); len(msgs) != 2 || msgs[1].ID != sent.ID {
		t.Errorf("channel messages = %+v", msgs)
	}

	// Commands: bulk overwrite echoes ids, keeps them across overwrites, and
	// slash commands carry the registered id.
	cmds := []*discordgo.ApplicationCommand{{Name: "start", Description: "Start a game", Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game", Required: true},
	}}}
	created, err := bot.s.ApplicationCommandBulkOverwrite(fake.ApplicationID(), "g1", cmds)
	if err != nil {
		t.Fatalf("ApplicationCommandBulkOverwrite: %v", err)
	}
	if len(created) != 1 || created[0].ID == "" || created[0].ApplicationID != fake.ApplicationID() || created[0].GuildID != "g1" || created[0].Name != "start" {
		t.Fatalf("created = %+v", created)
	}
	again, err := bot.s.ApplicationCommandBulkOverwrite(fake.ApplicationID(), "g1", cmds)
	if err != nil || len(again) != 1 || again[0].ID != created[0].ID {
		t.Fatalf("second overwrite = %+v, %v", again, err)
	}
	slash, err := fake.SlashCommand(alice, "start").Discordgo()
	if err != nil || slash.ApplicationCommandData().ID != created[0].ID {
		t.Errorf("slash command id = %v (%v), want %s", slash, err, created[0].ID)
	}

	// Deferred response, then a follow-up that replaces the "thinking"
	// message, then an edit of the original.
	deferred := fake.SlashCommand(alice, "history")
	if err := fake.DispatchInteraction(ctx, deferred); err != nil {
		t.Fatal(err)
	}
	got = bot.next(t)
	if err := bot.s.InteractionRespond(got, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatal(err)
	}
	if m, _ := fake.Original(deferred.Token); !m.Deferred {
		t.Errorf("original after defer = %+v", m)
	}
	fm, err := bot.s.FollowupMessageCreate(got, true, &discordgo.WebhookParams{Content: "12 games played"})
	if err != nil {
		t.Fatalf("FollowupMessageCreate: %v", err)
	}
	if o, _ := fake.Original(deferred.Token); fm.ID != o.ID || o.Deferred || o.Content != "12 games played" {
		t.Errorf("follow-up %+v, original %+v", fm, o)
	}
	second, err := bot.s.FollowupMessageCreate(got, true, &discordgo.WebhookParams{Content: "details", Flags: discordgo.MessageFlagsEphemeral})
	if err != nil || second.ID == fm.ID {
		t.Fatalf("second follow-up = %+v, %v", second, err)
	}
	content := "13 games played"
	if _, err := bot.s.InteractionResponseEdit(got, &discordgo.WebhookEdit{Content: &content}); err != nil {
		t.Fatalf("InteractionResponseEdit: %v", err)
	}
	if o, _ := fake.Original(deferred.Token); o.Content != content || o.EditedAt.IsZero() {
		t.Errorf("original after edit = %+v", o)
	}
	if fu := fake.Followups(deferred.Token); len(fu) != 1 || fu[0].ID != second.ID || !fu[0].Ephemeral() {
		t.Errorf("followups = %+v", fu)
	}
	if rs := fake.Responses(deferred.Token); len(rs) != 4 {
		t.Errorf("responses for deferred token: %d, want 4 (callback, 2 follow-ups, edit)", len(rs))
	}
	if msgs := fake.ChannelMessages("c1"); len(msgs) != 3 || msgs[2].Content != content {
		t.Errorf("channel after follow-ups = %+v", msgs)
	}
}

func TestSessionResume(t *testing.T) {
	ctx := testCtx(t)
	fake := fakediscord.Start(t, fakediscord.Config{})
	bot := openBot(t, fake)
	if err := fake.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	if err := fake.Dispatch(ctx, "INTERACTION_CREATE", fake.Ping()); err != nil {
		t.Fatal(err)
	}
	if got := bot.next(t); got.Type != discordgo.InteractionPing {
		t.Fatalf("first dispatch = %+v", got)
	}
	if err := fake.RequestReconnect(ctx); err != nil {
		t.Fatal(err)
	}
	var resume json.RawMessage
	for resume == nil {
		for _, f := range fake.GatewayFrames() {
			if f.Op == 6 {
				resume = f.Data
			}
		}
		select {
		case <-ctx.Done():
			t.Fatal("no RESUME after RECONNECT")
		case <-time.After(20 * time.Millisecond):
		}
	}
	var r struct {
		SessionID string `json:"session_id"`
		Seq       int    `json:"seq"`
	}
	if err := json.Unmarshal(resume, &r); err != nil || r.SessionID == "" || r.Seq != 2 {
		t.Fatalf("RESUME = %s (%v), want seq 2 (READY, then one dispatch)", resume, err)
	}
	if err := fake.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	ix := fake.Click(alice, "fits:r2:draw")
	if err := fake.DispatchInteraction(ctx, ix); err != nil {
		t.Fatal(err)
	}
	if got := bot.next(t); got.ID != ix.ID {
		t.Fatalf("after resume got %+v, want %s", got, ix.ID)
	}
	if n := len(fake.Identifies()); n != 1 {
		t.Errorf("bot identified %d times, want 1 (resumed instead)", n)
	}
}
