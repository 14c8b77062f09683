package fakediscord_test

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestAppPermissions: interactions carry the bot's own permissions in their channel
// (app_permissions: every one but Administrator unless the test sets them), and a channel post
// they do not allow is refused as Discord refuses it — 403 Missing Access without View Channel,
// 403 Missing Permissions without Send Messages, or without Attach Files for a post with files —
// and creates nothing; a post they allow goes through.
func TestAppPermissions(t *testing.T) {
	fake, s := startREST(t)
	ix, err := fake.SlashCommand(alice, "start").Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	all := ix.AppPermissions
	if all&discordgo.PermissionAttachFiles == 0 || all&discordgo.PermissionAdministrator != 0 {
		t.Fatalf("default app_permissions %b", all)
	}
	withFile := func() *discordgo.MessageSend {
		return &discordgo.MessageSend{Content: "board",
			Files: []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(tinyPNG(t, 2, 2))}}}
	}
	for _, tc := range []struct {
		lacks       int64
		text, files int // the code of a post without, with files (0: allowed)
	}{
		{discordgo.PermissionViewChannel, 50001, 50001},
		{discordgo.PermissionSendMessages, 50013, 50013},
		{discordgo.PermissionAttachFiles, 0, 50013},
		{discordgo.PermissionEmbedLinks, 0, 0},
	} {
		fake.SetAppPermissions("c1", all&^tc.lacks)
		ix, err := fake.SlashCommand(alice, "start").Discordgo()
		if err != nil {
			t.Fatal(err)
		}
		if ix.AppPermissions != all&^tc.lacks {
			t.Errorf("app_permissions %b, want %b", ix.AppPermissions, all&^tc.lacks)
		}
		before := len(fake.ChannelMessages("c1"))
		created := 0
		post := func(what string, m *discordgo.MessageSend, code int) {
			t.Helper()
			_, err := s.ChannelMessageSendComplex("c1", m)
			switch {
			case code != 0:
				wantCode(t, err, http.StatusForbidden, code)
			case err != nil:
				t.Errorf("lacking %b, %s: %v", tc.lacks, what, err)
			default:
				created++
			}
		}
		post("a text post", &discordgo.MessageSend{Content: "hello"}, tc.text)
		post("a post with a file", withFile(), tc.files)
		if got := len(fake.ChannelMessages("c1")) - before; got != created {
			t.Errorf("lacking %b: %d messages created, want %d", tc.lacks, got, created)
		}
	}
	// An edit of the bot's own message needs no Send Messages; a new file needs Attach Files.
	fake.SetAppPermissions("c1", all)
	m, err := s.ChannelMessageSendComplex("c1", withFile())
	if err != nil {
		t.Fatal(err)
	}
	fake.SetAppPermissions("c1", all&^discordgo.PermissionSendMessages)
	text := "edited"
	if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: "c1", Content: &text}); err != nil {
		t.Errorf("an edit without Send Messages: %v", err)
	}
	fake.SetAppPermissions("c1", all&^discordgo.PermissionAttachFiles)
	_, err = s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: "c1", Content: &text, Attachments: &[]*discordgo.MessageAttachment{},
		Files: []*discordgo.File{{Name: "new.png", ContentType: "image/png", Reader: bytes.NewReader(tinyPNG(t, 2, 2))}}})
	wantCode(t, err, http.StatusForbidden, 50013)
	if got, _ := fake.Message(m.ID); len(got.Attachments) != 1 || got.Attachments[0].Filename != "board.png" {
		t.Errorf("a refused edit changed the pictures: %+v", got.Attachments)
	}

	// Another channel keeps the default.
	other := alice
	other.ChannelID = "c2"
	ix, err = fake.SlashCommand(other, "start").Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	if ix.AppPermissions != all {
		t.Errorf("another channel's app_permissions %b, want %b", ix.AppPermissions, all)
	}
}
