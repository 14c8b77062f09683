package fakediscord_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// rawRequest sends a request to the fake without discordgo.
func rawRequest(t *testing.T, fake *fakediscord.Server, method, path, auth, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, fake.URL().String()+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out map[string]any
	_ = json.Unmarshal(data, &out)
	return resp.StatusCode, out
}

func TestAuthAndUnknownRoutes(t *testing.T) {
	fake := fakediscord.Start(t, fakediscord.Config{Token: "secret"})
	bot := "Bot secret"
	cases := []struct {
		method, path, auth, body string
		status                   int
		code                     float64
	}{
		{"POST", "/api/v9/channels/1/messages", "", `{"content":"x"}`, 401, 0},
		{"POST", "/api/v9/channels/1/messages", "Bot wrong", `{"content":"x"}`, 401, 0},
		{"POST", "/api/v9/channels/1/messages", "secret", `{"content":"x"}`, 401, 0},
		{"POST", "/api/v10/channels/1/messages", bot, `{"content":"x"}`, 200, -1},
		{"GET", "/api/v9/nowhere", bot, "", 404, 0},
		{"GET", "/not-the-api", bot, "", 404, 0},
		{"PUT", "/api/v9/channels/1/messages", bot, "", 405, 0},
		{"POST", "/api/v9/channels/1/messages", bot, `{"content":`, 400, 50109},
		{"POST", "/api/v9/channels/1/messages", bot, `{"content":""}`, 400, 50006},
		{"GET", "/api/v9/gateway", "", "", 200, -1},
		{"GET", "/api/v9/gateway/bot", "", "", 401, 0},
	}
	for _, c := range cases {
		status, body := rawRequest(t, fake, c.method, c.path, c.auth, c.body)
		if status != c.status {
			t.Errorf("%s %s (auth %q): status %d, want %d (%v)", c.method, c.path, c.auth, status, c.status, body)
			continue
		}
		if c.code >= 0 && body["code"] != c.code {
			t.Errorf("%s %s: body %v, want code %v", c.method, c.path, body, c.code)
		}
	}
	reqs := fake.Requests()
	if len(reqs) != len(cases) {
		t.Fatalf("recorded %d requests, want %d", len(reqs), len(cases))
	}
	if r := reqs[4]; r.Route != "" || r.Status != 404 || r.Path != "/nowhere" || r.APIVersion != 9 {
		t.Errorf("unknown route recorded as %+v", r)
	}
	if r := reqs[3]; r.Route != "POST /channels/{channel}/messages" || r.APIVersion != 10 || r.Params["channel"] != "1" || r.Seq != 4 {
		t.Errorf("message post recorded as %+v", r)
	}
}

func TestBotRoutes(t *testing.T) {
	fake := fakediscord.Start(t, fakediscord.Config{BotUsername: "referee"})
	fake.SetGuild(fakediscord.Guild{ID: "g1", PreferredLocale: "cs"})
	s := restSession(t, fake)

	me, err := s.User("@me")
	if err != nil || me.ID != fake.ApplicationID() || me.Username != "referee" || !me.Bot {
		t.Errorf("users/@me = %+v, %v", me, err)
	}
	app, err := s.Application("@me")
	if err != nil || app.ID != fake.ApplicationID() || app.VerifyKey != fake.PublicKeyHex() {
		t.Errorf("application = %+v, %v", app, err)
	}
	gw, err := s.GatewayBot()
	if err != nil || gw.URL != fake.GatewayURL() || gw.Shards != 1 {
		t.Errorf("gateway/bot = %+v, %v", gw, err)
	}
	g, err := s.Guild("g1")
	if err != nil || g.PreferredLocale != "cs" {
		t.Errorf("guild = %+v, %v", g, err)
	}
	if g, err := s.Guild("g2"); err != nil || g.PreferredLocale != fakediscord.DefaultLocale {
		t.Errorf("unknown guild = %+v, %v", g, err)
	}
	// A channel is known from the interactions built in it.
	fake.SlashCommand(alice, "start")
	ch, err := s.Channel("c1")
	if err != nil || ch.GuildID != "g1" || ch.Type != discordgo.ChannelTypeGuildText {
		t.Errorf("channel = %+v, %v", ch, err)
	}
	fake.SetChannel(fakediscord.Channel{ID: "t1", GuildID: "g1", Name: "fits-game", Type: 11})
	if ch, err := s.Channel("t1"); err != nil || ch.Type != discordgo.ChannelTypeGuildPublicThread || ch.Name != "fits-game" {
		t.Errorf("thread = %+v, %v", ch, err)
	}

	m, err := s.ChannelMessageSend("c1", "hello")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.ChannelMessage("c1", m.ID); err != nil || got.Content != "hello" {
		t.Errorf("get message = %+v, %v", got, err)
	}
	if got, err := s.ChannelMessageEdit("c1", m.ID, "edited"); err != nil || got.Content != "edited" || got.EditedTimestamp == nil {
		t.Errorf("edit message = %+v, %v", got, err)
	}
	if err := s.ChannelMessageDelete("c1", m.ID); err != nil {
		t.Fatal(err)
	}
	if len(fake.ChannelMessages("c1")) != 0 {
		t.Error("deleted message still listed")
	}
	_, err = s.ChannelMessage("c1", m.ID)
	wantCode(t, err, 404, 10008)
	if stored, ok := fake.Message(m.ID); !ok || !stored.Deleted || stored.Content != "edited" {
		t.Errorf("stored = %+v", stored)
	}
}

func TestMessageValidation(t *testing.T) {
	fake, s := startREST(t)
	row := func(ids ...string) discordgo.ActionsRow {
		var r discordgo.ActionsRow
		for _, id := range ids {
			r.Components = append(r.Components, discordgo.Button{Label: id, Style: discordgo.SecondaryButton, CustomID: id})
		}
		return r
	}
	send := func(m *discordgo.MessageSend) error {
		_, err := s.ChannelMessageSendComplex("c1", m)
		return err
	}
	ok := &discordgo.MessageSend{Content: "ok", Components: []discordgo.MessageComponent{row("a", "b", "c", "d", "e")}}
	if err := send(ok); err != nil {
		t.Fatalf("valid message rejected: %v", err)
	}
	sixRows := &discordgo.MessageSend{Content: "x"}
	for i := range 6 {
		sixRows.Components = append(sixRows.Components, row(string(rune('a'+i))))
	}
	bad := map[string]*discordgo.MessageSend{
		"six rows":        sixRows,
		"six buttons":     {Content: "x", Components: []discordgo.MessageComponent{row("a", "b", "c", "d", "e", "f")}},
		"long custom_id":  {Content: "x", Components: []discordgo.MessageComponent{row(strings.Repeat("x", 101))}},
		"duplicate ids":   {Content: "x", Components: []discordgo.MessageComponent{row("a"), row("a")}},
		"long content":    {Content: strings.Repeat("é", 2001)},
		"26 options":      {Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu(26)}}}},
		"menu and button": {Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu(2), discordgo.Button{Label: "b", CustomID: "b", Style: 1}}}}},
		"v2 with content": {Content: "x", Flags: discordgo.MessageFlagsIsComponentsV2, Components: []discordgo.MessageComponent{discordgo.TextDisplay{Content: "hi"}}},
		"v2 over 40":      {Flags: discordgo.MessageFlagsIsComponentsV2, Components: textDisplays(41)},
	}
	for name, m := range bad {
		err := send(m)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if re := restError(t, err); re.Message == nil || re.Message.Code != 50035 || !strings.Contains(string(re.ResponseBody), `"_errors"`) {
			t.Errorf("%s: error %v", name, err)
		}
	}
	if err := send(&discordgo.MessageSend{Flags: discordgo.MessageFlagsIsComponentsV2, Components: textDisplays(40)}); err != nil {
		t.Errorf("40 text displays rejected: %v", err)
	}
	if n := len(fake.ChannelMessages("c1")); n != 2 {
		t.Errorf("channel has %d messages, want the 2 valid ones", n)
	}

	lenient := fakediscord.Start(t, fakediscord.Config{SkipValidation: true})
	if _, err := restSession(t, lenient).ChannelMessageSendComplex("c1", sixRows); err != nil {
		t.Errorf("SkipValidation: %v", err)
	}
}

// menu is a string select with n options.
func menu(n int) discordgo.SelectMenu {
	m := discordgo.SelectMenu{CustomID: "menu", MenuType: discordgo.StringSelectMenu}
	for i := range n {
		v := string(rune('a' + i))
		m.Options = append(m.Options, discordgo.SelectMenuOption{Label: v, Value: v})
	}
	return m
}

// textDisplays is n Components V2 text displays.
func textDisplays(n int) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, n)
	for i := range out {
		out[i] = discordgo.TextDisplay{Content: "line"}
	}
	return out
}

func TestInteractionRules(t *testing.T) {
	fake, s := startREST(t)
	ix, err := fake.SlashCommand(alice, "start").Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.InteractionResponse(ix)
	wantCode(t, err, 404, 10015) // no webhook before the callback
	_, err = s.FollowupMessageCreate(ix, true, &discordgo.WebhookParams{Content: "early"})
	wantCode(t, err, 404, 10015)
	err = s.InteractionRespond(ix, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{Content: "x"}})
	wantCode(t, err, 400, 50035) // UPDATE_MESSAGE does not fit a slash command

	modal := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
		CustomID: "fits:r1:coords", Title: "Place a piece",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "cell", Label: "Cell", Style: discordgo.TextInputShort, Required: true},
		}}},
	}}
	noTitle := *modal
	noTitleData := *modal.Data
	noTitleData.Title = ""
	noTitle.Data = &noTitleData
	wantCode(t, s.InteractionRespond(ix, &noTitle), 400, 50035)
	if err := s.InteractionRespond(ix, modal); err != nil {
		t.Fatalf("modal: %v", err)
	}
	wantCode(t, s.InteractionRespond(ix, modal), 400, 40060)
	if _, ok := fake.Original(ix.Token); ok {
		t.Error("a modal has no original message")
	}

	// The modal's submission, answered by updating nothing but a message.
	sub, err := fake.ModalSubmit(alice, "fits:r1:coords", map[string]string{"cell": "B4"}).Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.InteractionRespond(sub, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "placed at B4"}}); err != nil {
		t.Fatal(err)
	}
	if o, _ := fake.Original(sub.Token); o.Content != "placed at B4" {
		t.Errorf("original = %+v", o)
	}
	// Someone else's interaction ID with this token is unknown.
	other := *sub
	other.ID = "1"
	wantCode(t, s.InteractionRespond(&other, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "x"}}), 404, 10062)
	// Webhooks of another application are unknown.
	_, err = s.WebhookMessage("999", sub.Token, "@original")
	wantCode(t, err, 404, 10015)
}

func TestInjectError(t *testing.T) {
	fake, s := startREST(t)
	fake.InjectError("POST /channels/{id}/messages", 1, http.StatusForbidden, 50013, "Missing Permissions")
	_, err := s.ChannelMessageSend("c1", "one")
	wantCode(t, err, 403, 50013)
	if _, err := s.ChannelMessageSend("c1", "two"); err != nil {
		t.Fatalf("second send: %v", err)
	}
	fake.InjectError("/channels/{id}/messages", 0, http.StatusInternalServerError, 0, "boom")
	for range 2 {
		_, err := s.ChannelMessageSend("c1", "x")
		wantCode(t, err, 500, 0)
	}
	fake.ClearErrors()
	if _, err := s.ChannelMessageSend("c1", "three"); err != nil {
		t.Fatal(err)
	}
	if msgs := fake.ChannelMessages("c1"); len(msgs) != 2 || msgs[0].Content != "two" || msgs[1].Content != "three" {
		t.Errorf("channel = %+v", msgs)
	}
	if n := len(fake.Filter(fakediscord.All(fakediscord.Route("POST /channels/{id}/messages"), func(r fakediscord.Request) bool { return r.Status >= 400 }))); n != 3 {
		t.Errorf("%d failed posts recorded, want 3", n)
	}
}

func TestWaitFor(t *testing.T) {
	ctx := testCtx(t)
	fake, s := startREST(t)
	if _, err := s.ChannelMessageSend("c1", "old"); err != nil {
		t.Fatal(err)
	}
	mark := fake.Mark()
	go func() {
		time.Sleep(50 * time.Millisecond)
		_, _ = s.ChannelMessageSend("c1", "new")
	}()
	r, err := fake.WaitFor(ctx, fakediscord.All(fakediscord.After(mark), fakediscord.Route("POST /channels/{c}/messages"), fakediscord.Param("channel", "c1")))
	if err != nil {
		t.Fatal(err)
	}
	if r.Seq != mark+1 || !strings.Contains(string(r.JSON), "new") {
		t.Errorf("waited for %+v", r)
	}
	msgs, err := fake.WaitChannelMessages(ctx, "c1", 2)
	if err != nil || len(msgs) != 2 {
		t.Fatalf("WaitChannelMessages = %v, %v", msgs, err)
	}

	short, cancel := context.WithTimeout(ctx, 30*time.Millisecond)
	defer cancel()
	if _, err := fake.WaitFor(short, fakediscord.Route("DELETE /channels/{c}/messages/{m}")); err == nil {
		t.Error("WaitFor returned without a match")
	}
	fake.Close()
	if _, err := fake.WaitFor(ctx, fakediscord.Route("GET /nothing")); err != fakediscord.ErrClosed {
		t.Errorf("after Close: %v", err)
	}
}

func TestRequestMatches(t *testing.T) {
	r := fakediscord.Request{Method: "PATCH", Path: "/webhooks/1/tok/messages/@original"}
	for pattern, want := range map[string]bool{
		"PATCH /webhooks/{app}/{token}/messages/{message}": true,
		"patch /webhooks/{a}/{b}/messages/@original":       true,
		"/webhooks/{a}/{b}/messages/{c}":                   true,
		"GET /webhooks/{a}/{b}/messages/{c}":               false,
		"PATCH /webhooks/{a}/{b}":                          false,
		"PATCH /webhooks/{a}/{b}/messages/123":             false,
	} {
		if got := r.Matches(pattern); got != want {
			t.Errorf("Matches(%q) = %v, want %v", pattern, got, want)
		}
	}
}

// TestLastChannelMessage checks that LastChannelMessage returns the newest message everyone in
// the channel sees, as ChannelMessages lists it last: a deleted one is skipped, and a channel
// without messages has none.
func TestLastChannelMessage(t *testing.T) {
	fake, s := startREST(t)
	if _, ok := fake.LastChannelMessage("c1"); ok {
		t.Fatal("a message in an empty channel")
	}
	first, err := s.ChannelMessageSend("c1", "first")
	if err != nil {
		t.Fatal(err)
	}
	second, err := s.ChannelMessageSend("c1", "second")
	if err != nil {
		t.Fatal(err)
	}
	if m, ok := fake.LastChannelMessage("c1"); !ok || m.ID != second.ID || m.Content != "second" {
		t.Fatalf("last = %+v, %v; want the second", m, ok)
	}
	if err := s.ChannelMessageDelete("c1", second.ID); err != nil {
		t.Fatal(err)
	}
	all := fake.ChannelMessages("c1")
	if m, ok := fake.LastChannelMessage("c1"); !ok || m.ID != first.ID || len(all) != 1 || all[0].ID != m.ID {
		t.Fatalf("after deleting the second, last = %+v, %v; listed %d", m, ok, len(all))
	}
}
