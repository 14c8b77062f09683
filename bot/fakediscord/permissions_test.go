package fakediscord_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// TestMemberPermissions: a user's interactions carry the permissions the test gives them, as
// the member's and the channel's; a user without any set has every permission but
// Administrator.
func TestMemberPermissions(t *testing.T) {
	fake := fakediscord.Start(t, fakediscord.Config{})
	member := fakediscord.Actor{User: fakediscord.User{ID: "300", Username: "carol", Permissions: "2048"}, GuildID: "g1", ChannelID: "c1"}
	ix, err := fake.SlashCommand(member, "start").Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	if ix.Member == nil || ix.Member.Permissions != discordgo.PermissionSendMessages {
		t.Errorf("a member with their own permissions: %+v, want %d", ix.Member, discordgo.PermissionSendMessages)
	}
	ix, err = fake.SlashCommand(alice, "start").Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	if p := ix.Member.Permissions; p&discordgo.PermissionManageChannels == 0 || p&discordgo.PermissionAdministrator != 0 {
		t.Errorf("a member with the default permissions has %b", p)
	}
}
