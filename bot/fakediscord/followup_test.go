package fakediscord_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// TestFirstFollowupFillsTheDeferral: after a deferred response, the first follow-up is the
// "thinking…" message itself — same ID, and the visibility the deferral chose whatever flags
// the follow-up asks for — so deleting the original deletes what it said; once the deferred
// message is deleted, a follow-up is a message of its own with its own flags.
func TestFirstFollowupFillsTheDeferral(t *testing.T) {
	fake, s := startREST(t)
	bob := fakediscord.Actor{User: fakediscord.User{ID: "200", Username: "bob"}, GuildID: "g1", ChannelID: "c1"}
	defer1 := func(ephemeral bool) (*fakediscord.Interaction, *discordgo.Interaction) {
		t.Helper()
		ix := fake.SlashCommand(alice, "start")
		dg, err := ix.Discordgo()
		if err != nil {
			t.Fatal(err)
		}
		data := &discordgo.InteractionResponseData{}
		if ephemeral {
			data.Flags = discordgo.MessageFlagsEphemeral
		}
		if err := s.InteractionRespond(dg, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: data}); err != nil {
			t.Fatal(err)
		}
		return ix, dg
	}
	eph := discordgo.MessageFlagsEphemeral

	// A public deferral: an "ephemeral" first follow-up is the public placeholder.
	ix, dg := defer1(false)
	fu, err := s.FollowupMessageCreate(dg, true, &discordgo.WebhookParams{Content: "no", Flags: eph})
	if err != nil {
		t.Fatal(err)
	}
	orig, _ := fake.Original(ix.Token)
	if fu.ID != orig.ID || orig.Ephemeral() || orig.Content != "no" {
		t.Fatalf("first follow-up %s, original %+v: want the public placeholder filled in", fu.ID, orig)
	}
	if len(fake.Visible("c1", bob.User.ID)) != 1 {
		t.Fatalf("bob sees %+v, want the public follow-up", fake.Visible("c1", bob.User.ID))
	}
	// Deleting the original deletes what the follow-up said.
	if err := s.InteractionResponseDelete(dg); err != nil {
		t.Fatal(err)
	}
	if v := fake.Visible("c1", alice.User.ID); len(v) != 0 {
		t.Fatalf("after deleting the original alice sees %+v", v)
	}

	// A public deferral deleted first: the follow-up is a new ephemeral message.
	ix, dg = defer1(false)
	if err := s.InteractionResponseDelete(dg); err != nil {
		t.Fatal(err)
	}
	fu, err = s.FollowupMessageCreate(dg, true, &discordgo.WebhookParams{Content: "only you", Flags: eph})
	if err != nil {
		t.Fatal(err)
	}
	if orig, _ := fake.Original(ix.Token); fu.ID == orig.ID {
		t.Fatal("a follow-up after the deleted deferral replaced it")
	}
	if v := fake.Visible("c1", alice.User.ID); len(v) != 1 || v[0].ID != fu.ID || !v[0].Ephemeral() || v[0].Content != "only you" {
		t.Fatalf("alice sees %+v, want her ephemeral follow-up", v)
	}
	if v := fake.Visible("c1", bob.User.ID); len(v) != 0 {
		t.Fatalf("bob sees alice's ephemeral message: %+v", v)
	}
	if msgs := fake.ChannelMessages("c1"); len(msgs) != 0 {
		t.Fatalf("the channel shows %+v", msgs)
	}

	// An ephemeral deferral: a follow-up without flags stays ephemeral.
	ix, dg = defer1(true)
	fu, err = s.FollowupMessageCreate(dg, true, &discordgo.WebhookParams{Content: "private"})
	if err != nil {
		t.Fatal(err)
	}
	if orig, _ := fake.Original(ix.Token); fu.ID != orig.ID || !orig.Ephemeral() {
		t.Fatalf("follow-up of an ephemeral deferral: %+v", orig)
	}
	if v := fake.Visible("c1", bob.User.ID); len(v) != 0 {
		t.Fatalf("bob sees %+v", v)
	}
}
