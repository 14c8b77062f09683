package bot

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// clickOnMessage is a button click as Discord posts it, with the message the button is on.
const clickOnMessage = `{"id":"1200","application_id":"900","type":3,"token":"tok","version":1,"locale":"cs",
"guild_id":"800","channel_id":"810","app_permissions":"2147483648",
"member":{"user":{"id":"820","username":"ada","global_name":"Ada"},"roles":[],"nick":null},
"data":{"custom_id":"ingenious/3/turn/","component_type":2},
"message":{"id":"5500","channel_id":"810","flags":64,"content":"Your turn","embeds":[],
"attachments":[{"id":"7","filename":"private.png","size":1000,"url":"https://cdn.example/p.png"}],
"components":[{"type":1,"components":[{"type":2,"custom_id":"ingenious/3/suggest/","style":1,"label":"💡"},
{"type":3,"custom_id":"ingenious/3/menu/","options":[{"label":"1","value":"RG:F7-F8"}]}]}]}}`

// decodedLikeDiscordgo checks that decodeInteraction agrees with discordgo's own decoder on
// body: when discordgo decodes it, so does decodeInteraction, to the same interaction but for
// the message, of which only the ID, channel and flags are kept.
func decodedLikeDiscordgo(t *testing.T, body []byte) {
	t.Helper()
	got, err := decodeInteraction(body)
	var want discordgo.Interaction
	if werr := json.Unmarshal(body, &want); werr != nil {
		return // discordgo refuses it; decodeInteraction may decode less and accept it
	}
	if err != nil {
		t.Fatalf("discordgo decodes %s but decodeInteraction fails: %v", body, err)
	}
	if m := want.Message; m != nil {
		want.Message = &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID, Flags: m.Flags}
	}
	if !reflect.DeepEqual(*got, want) {
		t.Fatalf("%s:\ngot  %+v\nwant %+v", body, *got, want)
	}
}

func TestDecodeInteractionMatchesDiscordgo(t *testing.T) {
	fake := fakediscord.Start(t, fakediscord.Config{})
	a := fakediscord.Actor{User: ada, GuildID: testGuild, ChannelID: testChannel}
	for _, ix := range []*fakediscord.Interaction{fake.SlashCommand(a, "help"), fake.SlashCommand(a, "start", fakediscord.SubCommand("fits")),
		fake.Click(a, "fits/1/join/"), fake.Select(a, "ingenious/2/menu/", "RG:F7-F8"), fake.ModalSubmit(a, "ingenious/2/typed/RG", map[string]string{"move": "F7 F8"})} {
		decodedLikeDiscordgo(t, []byte(ix.Raw))
	}
	decodedLikeDiscordgo(t, []byte(clickOnMessage))
	i, err := decodeInteraction([]byte(clickOnMessage))
	if err != nil {
		t.Fatal(err)
	}
	if i.Message == nil || i.Message.ID != "5500" || i.Message.Flags != discordgo.MessageFlagsEphemeral || i.MessageComponentData().CustomID != "ingenious/3/turn/" || i.Member.User.ID != "820" {
		t.Errorf("decoded %+v (message %+v)", i, i.Message)
	}
	for _, bad := range []string{``, `{`, `{"type":3,"data":{"custom_id":5}}`, `{"type":2}`, `{"type":"x"}`} {
		if _, err := decodeInteraction([]byte(bad)); err == nil {
			t.Errorf("%s: want an error", bad)
		}
	}
}

// FuzzDecodeInteraction: decodeInteraction never panics and agrees with discordgo's decoder
// wherever discordgo decodes the body.
func FuzzDecodeInteraction(f *testing.F) {
	f.Add([]byte(clickOnMessage))
	f.Add([]byte(`{"type":2,"data":{"name":"start","options":[{"name":"fits","type":1}]}}`))
	f.Add([]byte(`{"type":5,"data":{"custom_id":"x","components":[{"type":1,"components":[{"type":4,"custom_id":"move","value":"F7"}]}]}}`))
	f.Add([]byte(`{"type":1,"message":null}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		decodedLikeDiscordgo(t, body)
	})
}

// BenchmarkDecodeInteraction decodes a click on a panel with discordgo's decoder (the
// baseline) and with decodeInteraction; x-faster is the ratio in the run.
func BenchmarkDecodeInteraction(b *testing.B) {
	body := []byte(clickOnMessage)
	var baseNs float64
	b.Run("discordgo", func(b *testing.B) {
		for b.Loop() {
			var i discordgo.Interaction
			if err := json.Unmarshal(body, &i); err != nil {
				b.Fatal(err)
			}
		}
		baseNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	b.Run("lean", func(b *testing.B) {
		for b.Loop() {
			if _, err := decodeInteraction(body); err != nil {
				b.Fatal(err)
			}
		}
		if baseNs > 0 {
			b.ReportMetric(baseNs/(float64(b.Elapsed().Nanoseconds())/float64(b.N)), "x-faster")
		}
	})
}
