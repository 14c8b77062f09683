package bot

import (
	"encoding/json"
	"os"
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
	// The channel object, which discordgo does not read: its type and parent when it is one.
	_, where, _ := decodeInteractionIn(body)
	var w struct {
		Channel *struct {
			Type     discordgo.ChannelType `json:"type"`
			ParentID string                `json:"parent_id"`
			Meta     *struct {
				Archived bool `json:"archived"`
			} `json:"thread_metadata"`
		} `json:"channel"`
	}
	var wantWhere place
	if json.Unmarshal(body, &w) == nil && w.Channel != nil {
		wantWhere = place{Type: w.Channel.Type, ParentID: w.Channel.ParentID}
		wantWhere.Thread.Archived = w.Channel.Meta != nil && w.Channel.Meta.Archived
	}
	if where != wantWhere {
		t.Fatalf("%s: channel read as %+v, want %+v", body, where, wantWhere)
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
	for _, body := range awkwardBodies {
		f.Add([]byte(body))
	}
	f.Add([]byte(`{"type":2,"data":{"name":"start","options":[{"name":"fits","type":1}]}}`))
	f.Add([]byte(`{"type":5,"data":{"custom_id":"x","components":[{"type":1,"components":[{"type":4,"custom_id":"move","value":"F7"}]}]}}`))
	f.Add([]byte(`{"type":1,"message":null}`))
	// From inside a thread: the channel object says so (discordgo ignores it; the bot reads it).
	f.Add([]byte(`{"type":2,"channel_id":"5","channel":{"id":"5","type":11,"parent_id":"4","thread_metadata":{"archived":false}},"data":{"name":"status"}}`))
	f.Add([]byte(`{"type":3,"channel_id":"5","channel":{"type":"11"},"message":{"id":"6"},"data":{"custom_id":"a"}}`))
	f.Add([]byte(`{"type":3,"channel":{"type":11},"Channel":[1],"message":{"id":"6","channel_id":"5"},"data":{"custom_id":"a"}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		decodedLikeDiscordgo(t, body)
	})
}

// awkwardBodies are interactions that are valid JSON but not plainly what Discord sends, where
// a scan could misread the message: decodeInteraction must still agree with discordgo.
var awkwardBodies = []string{
	`{"type":3,"MESSAGE":{"id":"1","flags":64},"data":{"custom_id":"a"}}`,
	`{"type":3,"message":{"id":"1"},"Message":{"id":"2"},"data":{"custom_id":"a"}}`,
	`{"type":3,"message":{"id":"1"},"message":{"id":"2"},"data":{"custom_id":"a"}}`,
	`{"type":3,"mess\u0061ge":{"id":"7"},"data":{"custom_id":"a"}}`,
	`{"type":3,"message":{"ID":"1","id":"2"},"data":{"custom_id":"a"}}`,
	`{"type":3,"message":{"id":"1","id":"2"},"data":{"custom_id":"a"}}`,
	`{"type":3,"message":{"content":"a \"}\" b \\","id":"9","flags":64,"components":[{"type":1,"components":[]}]},"data":{"custom_id":"a"}}`,
	`{"type":3,"message":null,"data":{"custom_id":"a"}}`,
	`{"type":3,"message":"text","data":{"custom_id":"a"}}`,
	`{"type":3,"message":{"id":5},"data":{"custom_id":"a"}}`,
	`{"type":3,"message":{"flags":"64"},"data":{"custom_id":"a"}}`,
	` { "type" : 3 , "message" : { "id" : "3" , "channel_id" : "4" } , "data" : { "custom_id" : "a" } } `,
	`{"type":3,"message":{"id":"1"},"data":{"custom_id":"a"}} {}`,
	`{"type":3,"message":{"id":"1","e":[1,{"x":[]},"]"]},"data":{"custom_id":"a"}}`,
	`{"type":3,"message":{"id":"1"},"data":{"custom_id":"a"},"ü":1}`,
}

// TestDecodeInteractionSkims: a click as the fake Discord sends it takes the fast path, and
// decodes as discordgo decodes it; awkward bodies decode as discordgo decodes them too.
func TestDecodeInteractionSkims(t *testing.T) {
	place, err := os.ReadFile("testdata/click-commit.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, head, ok := withoutMessage(place); !ok || head == nil || head.ID == "" || head.Flags != discordgo.MessageFlagsEphemeral {
		t.Fatalf("a Place click does not take the fast path: ok %v, message %+v", ok, head)
	}
	decodedLikeDiscordgo(t, place)
	for _, body := range awkwardBodies {
		decodedLikeDiscordgo(t, []byte(body))
	}
}

// BenchmarkDecodeInteraction decodes clicks on a panel — a small one, and a Place click as
// the fake Discord sends it in the load test, most of it the panel's menu and picture — with
// discordgo's decoder (the baseline), with encoding/json skipping the message, and with
// decodeInteraction, which scans past the message first; x-faster is each one's ratio to the
// baseline in the same run.
func BenchmarkDecodeInteraction(b *testing.B) {
	place, err := os.ReadFile("testdata/click-commit.json")
	if err != nil {
		b.Fatal(err)
	}
	for _, body := range []struct {
		name string
		data []byte
	}{{"small", []byte(clickOnMessage)}, {"place", place}} {
		var baseNs float64
		ratio := func(b *testing.B) {
			if baseNs > 0 {
				b.ReportMetric(baseNs/(float64(b.Elapsed().Nanoseconds())/float64(b.N)), "x-faster")
			}
		}
		b.Run(body.name+"/discordgo", func(b *testing.B) {
			for b.Loop() {
				var i discordgo.Interaction
				if err := json.Unmarshal(body.data, &i); err != nil {
					b.Fatal(err)
				}
			}
			baseNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		})
		b.Run(body.name+"/skipped", func(b *testing.B) {
			for b.Loop() {
				if _, _, err := decodeSkimmed(body.data, nil); err != nil {
					b.Fatal(err)
				}
			}
			ratio(b)
		})
		b.Run(body.name+"/skimmed", func(b *testing.B) {
			for b.Loop() {
				if _, err := decodeInteraction(body.data); err != nil {
					b.Fatal(err)
				}
			}
			ratio(b)
		})
	}
}
