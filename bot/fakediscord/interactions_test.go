package fakediscord_test

import (
	"encoding/json"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

func TestBuildersDecodeWithDiscordgo(t *testing.T) {
	fake := fakediscord.Start(t, fakediscord.Config{})
	fake.SetGuild(fakediscord.Guild{ID: "g1", PreferredLocale: "de"})

	sel, err := fake.Select(alice, "fits:r2:piece", "3", "7").Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	d := sel.MessageComponentData()
	if sel.Type != discordgo.InteractionMessageComponent || d.ComponentType != discordgo.SelectMenuComponent ||
		d.CustomID != "fits:r2:piece" || len(d.Values) != 2 || d.Values[1] != "7" {
		t.Errorf("select = %+v", d)
	}
	if sel.Message == nil || sel.Message.Author == nil || sel.Message.Author.ID != fake.ApplicationID() {
		t.Errorf("a component interaction carries the bot's message: %+v", sel.Message)
	}
	if sel.GuildLocale == nil || *sel.GuildLocale != "de" || sel.Locale != "cs" {
		t.Errorf("locales %v %q", sel.GuildLocale, sel.Locale)
	}

	modal, err := fake.ModalSubmit(alice, "coords", map[string]string{"row": "B", "col": "4"}).Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	md := modal.ModalSubmitData()
	if modal.Type != discordgo.InteractionModalSubmit || md.CustomID != "coords" || len(md.Components) != 2 {
		t.Fatalf("modal = %+v", md)
	}
	values := map[string]string{}
	for _, c := range md.Components {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok || len(row.Components) != 1 {
			t.Fatalf("modal row = %#v", c)
		}
		in, ok := row.Components[0].(*discordgo.TextInput)
		if !ok {
			t.Fatalf("modal input = %#v", row.Components[0])
		}
		values[in.CustomID] = in.Value
	}
	if values["row"] != "B" || values["col"] != "4" {
		t.Errorf("modal values = %v", values)
	}

	dm := fakediscord.Actor{User: fakediscord.User{ID: "200", Username: "bob"}, ChannelID: "dm1"}
	ix, err := fake.SlashCommand(dm, "history",
		fakediscord.SubCommand("show", fakediscord.UserOption("player", "100"), fakediscord.BooleanOption("all", true)),
	).Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	if ix.Member != nil || ix.User == nil || ix.User.ID != "200" || ix.GuildID != "" || ix.Locale != "en-US" || ix.Context != discordgo.InteractionContextBotDM {
		t.Errorf("DM interaction = %+v", ix)
	}
	sub := ix.ApplicationCommandData().Options[0]
	if sub.Name != "show" || sub.Type != discordgo.ApplicationCommandOptionSubCommand || !sub.GetOption("all").BoolValue() {
		t.Errorf("sub-command = %+v", sub)
	}
	if u := ix.ApplicationCommandData().Resolved; u == nil || u.Users["100"] == nil || u.Users["100"].Username != "alice" {
		t.Errorf("resolved = %+v", u)
	}

	seen := map[string]bool{}
	for range 50 {
		ix := fake.Click(alice, "x")
		if seen[ix.ID] || seen[ix.Token] || ix.ApplicationID != fake.ApplicationID() {
			t.Fatalf("repeated or wrong ids: %+v", ix)
		}
		seen[ix.ID], seen[ix.Token] = true, true
	}

	// The raw JSON has the fields Discord sends that discordgo drops.
	var raw map[string]any
	if err := json.Unmarshal(fake.Click(alice, "x").Raw, &raw); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"id", "application_id", "type", "data", "guild_id", "channel_id", "channel", "member", "token", "version", "locale", "guild_locale", "app_permissions", "message", "authorizing_integration_owners", "context", "entitlements"} {
		if _, ok := raw[key]; !ok {
			t.Errorf("interaction JSON lacks %q", key)
		}
	}
	if raw["type"] != float64(fakediscord.InteractionComponent) || raw["version"] != float64(1) {
		t.Errorf("type %v version %v", raw["type"], raw["version"])
	}
}

func TestUpdateMessageCallback(t *testing.T) {
	fake, s := startREST(t)
	board, err := s.ChannelMessageSendComplex("c1", &discordgo.MessageSend{Content: "turn 1", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Draw", CustomID: "draw", Style: 1}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := fake.Message(board.ID)
	click, err := fake.Click(alice.On(stored), "draw").Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	if click.Message.ID != board.ID || click.Message.Content != "turn 1" || len(click.Message.Components) != 1 {
		t.Fatalf("clicked message = %+v", click.Message)
	}
	if err := s.InteractionRespond(click, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		t.Fatal(err)
	}
	empty := []discordgo.MessageComponent{}
	content := "turn 2"
	if _, err := s.InteractionResponseEdit(click, &discordgo.WebhookEdit{Content: &content, Components: &empty}); err != nil {
		t.Fatal(err)
	}
	msgs := fake.ChannelMessages("c1")
	if len(msgs) != 1 || msgs[0].ID != board.ID || msgs[0].Content != "turn 2" || string(msgs[0].Components) != "[]" {
		t.Errorf("channel = %+v", msgs)
	}
	dg, err := msgs[0].Discordgo()
	if err != nil || dg.Content != "turn 2" || dg.EditedTimestamp == nil {
		t.Errorf("Discordgo() = %+v, %v", dg, err)
	}
}

func TestWebhookMessages(t *testing.T) {
	fake, s := startREST(t)
	ix, err := fake.SlashCommand(alice, "hint").Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.InteractionRespond(ix, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "thinking about it"}}); err != nil {
		t.Fatal(err)
	}
	orig, err := s.InteractionResponse(ix)
	if err != nil || orig.Content != "thinking about it" || orig.Author == nil || !orig.Author.Bot {
		t.Fatalf("GET @original = %+v, %v", orig, err)
	}
	fu, err := s.FollowupMessageCreate(ix, true, &discordgo.WebhookParams{Content: "try B4"})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := s.FollowupMessageCreate(ix, false, &discordgo.WebhookParams{Content: "no wait"}); err != nil || m != nil {
		t.Errorf("follow-up without wait = %+v, %v", m, err)
	}
	edited := "try C5"
	if m, err := s.FollowupMessageEdit(ix, fu.ID, &discordgo.WebhookEdit{Content: &edited}); err != nil || m.Content != edited {
		t.Errorf("edit follow-up = %+v, %v", m, err)
	}
	if err := s.FollowupMessageDelete(ix, fu.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.FollowupMessageEdit(ix, fu.ID, &discordgo.WebhookEdit{Content: &edited})
	wantCode(t, err, 404, 10008)
	if err := s.InteractionResponseDelete(ix); err != nil {
		t.Fatal(err)
	}
	if msgs := fake.ChannelMessages("c1"); len(msgs) != 1 || msgs[0].Content != "no wait" {
		t.Errorf("channel = %+v", msgs)
	}
	if rs := fake.Responses(ix.Token); len(rs) != 8 {
		t.Errorf("%d requests with the token, want 8", len(rs))
	}
}
