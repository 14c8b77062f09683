package fakediscord_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// TestMessageLimits sends, for every limit Discord puts on a message, a message at the limit
// (accepted) and one past it (refused with 50035 Invalid Form Body), through the fake's create
// route, and checks that MessageRefusals agrees. Lengths count code points, as Discord's do:
// 2000 emoji (4000 UTF-16 code units) still fit.
func TestMessageLimits(t *testing.T) {
	_, s := startREST(t)
	button := func(label string) discordgo.MessageComponent {
		return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: label, CustomID: "b", Style: discordgo.PrimaryButton}}}
	}
	selectRow := func(m discordgo.SelectMenu) []discordgo.MessageComponent {
		m.CustomID, m.MenuType = "menu", discordgo.StringSelectMenu
		if m.Options == nil {
			m.Options = []discordgo.SelectMenuOption{{Label: "a", Value: "a"}}
		}
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{m}}}
	}
	embed := func(e discordgo.MessageEmbed) []*discordgo.MessageEmbed { return []*discordgo.MessageEmbed{&e} }
	fields := func(n int, name, value string) []*discordgo.MessageEmbedField {
		out := make([]*discordgo.MessageEmbedField, n)
		for i := range out {
			out[i] = &discordgo.MessageEmbedField{Name: name, Value: value}
		}
		return out
	}
	x := func(n int) string { return strings.Repeat("x", n) }
	cases := []limitCase[*discordgo.MessageSend]{
		{"content", 2000, func(n int) *discordgo.MessageSend { return &discordgo.MessageSend{Content: x(n)} }},
		{"content of emoji", 2000, func(n int) *discordgo.MessageSend { return &discordgo.MessageSend{Content: strings.Repeat("🎲", n)} }},
		{"button label", 80, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Components: []discordgo.MessageComponent{button(x(n))}}
		}},
		{"custom_id", 100, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "b", CustomID: x(n), Style: discordgo.PrimaryButton}}}}}
		}},
		{"options", 25, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Components: selectRow(discordgo.SelectMenu{Options: letterOptions(n)})}
		}},
		{"option label", 100, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Components: selectRow(discordgo.SelectMenu{Options: []discordgo.SelectMenuOption{{Label: x(n), Value: "v"}}})}
		}},
		{"option value", 100, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Components: selectRow(discordgo.SelectMenu{Options: []discordgo.SelectMenuOption{{Label: "l", Value: x(n)}}})}
		}},
		{"option description", 100, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Components: selectRow(discordgo.SelectMenu{Options: []discordgo.SelectMenuOption{{Label: "l", Value: "v", Description: x(n)}}})}
		}},
		{"placeholder", 150, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Components: selectRow(discordgo.SelectMenu{Placeholder: x(n)})}
		}},
		{"max_values", 25, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Components: selectRow(discordgo.SelectMenu{MaxValues: n, Options: letterOptions(25)})}
		}},
		{"rows", 5, func(n int) *discordgo.MessageSend {
			m := &discordgo.MessageSend{}
			for i := range n {
				m.Components = append(m.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: "b", CustomID: x(i + 1), Style: discordgo.PrimaryButton}}})
			}
			return m
		}},
		{"buttons in a row", 5, func(n int) *discordgo.MessageSend {
			row := discordgo.ActionsRow{}
			for i := range n {
				row.Components = append(row.Components, discordgo.Button{Label: "b", CustomID: x(i + 1), Style: discordgo.PrimaryButton})
			}
			return &discordgo.MessageSend{Components: []discordgo.MessageComponent{row}}
		}},
		{"embeds", 10, func(n int) *discordgo.MessageSend {
			m := &discordgo.MessageSend{}
			for range n {
				m.Embeds = append(m.Embeds, &discordgo.MessageEmbed{Title: "t"})
			}
			return m
		}},
		{"embed title", 256, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Title: x(n)})}
		}},
		{"embed description", 4096, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Description: x(n)})}
		}},
		{"embed fields", 25, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Fields: fields(n, "n", "v")})}
		}},
		{"field name", 256, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Fields: fields(1, x(n), "v")})}
		}},
		{"field value", 1024, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Fields: fields(1, "n", x(n))})}
		}},
		{"footer", 2048, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Footer: &discordgo.MessageEmbedFooter{Text: x(n)}})}
		}},
		{"author", 256, func(n int) *discordgo.MessageSend {
			return &discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Author: &discordgo.MessageEmbedAuthor{Name: x(n)}})}
		}},
		{"embeds' total", 6000, func(n int) *discordgo.MessageSend {
			// Two embeds of 4000 and n-4000 characters: each fits alone.
			return &discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Description: x(4000)}, {Description: x(n - 4000)}}}
		}},
		{"attachments", 10, func(n int) *discordgo.MessageSend {
			m := &discordgo.MessageSend{Content: "x"}
			for i := range n {
				m.Files = append(m.Files, &discordgo.File{Name: x(i+1) + ".png", ContentType: "image/png", Reader: bytes.NewReader(tinyPNG(t, 1, 1))})
			}
			return m
		}},
	}
	checkLimits(t, cases, func(m *discordgo.MessageSend) ([]string, error) {
		payload, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		refusals := fakediscord.MessageRefusals(payload, len(m.Files))
		_, err = s.ChannelMessageSendComplex("c1", m)
		return refusals, err
	})
}

// TestModalLimits answers a slash command with a modal at each of Discord's modal limits
// (accepted) and past it (refused with 50035), and checks that ModalRefusals agrees.
func TestModalLimits(t *testing.T) {
	fake, s := startREST(t)
	x := func(n int) string { return strings.Repeat("x", n) }
	input := func(in discordgo.TextInput) discordgo.MessageComponent {
		if in.CustomID == "" {
			in.CustomID = "move"
		}
		if in.Label == "" {
			in.Label = "Move"
		}
		in.Style = discordgo.TextInputShort
		return discordgo.ActionsRow{Components: []discordgo.MessageComponent{in}}
	}
	modal := func(title string, rows ...discordgo.MessageComponent) *discordgo.InteractionResponseData {
		return &discordgo.InteractionResponseData{CustomID: "g/1/typed/", Title: title, Components: rows}
	}
	cases := []limitCase[*discordgo.InteractionResponseData]{
		{"title", 45, func(n int) *discordgo.InteractionResponseData { return modal(x(n), input(discordgo.TextInput{})) }},
		{"label", 45, func(n int) *discordgo.InteractionResponseData {
			return modal("t", input(discordgo.TextInput{Label: x(n)}))
		}},
		{"placeholder", 100, func(n int) *discordgo.InteractionResponseData {
			return modal("t", input(discordgo.TextInput{Placeholder: x(n)}))
		}},
		{"value", 4000, func(n int) *discordgo.InteractionResponseData {
			return modal("t", input(discordgo.TextInput{Value: x(n)}))
		}},
		{"max_length", 4000, func(n int) *discordgo.InteractionResponseData {
			return modal("t", input(discordgo.TextInput{MaxLength: n}))
		}},
		{"label component", 45, func(n int) *discordgo.InteractionResponseData {
			return modal("t", labelComponent{Label: x(n), Component: discordgo.TextInput{CustomID: "move", Style: discordgo.TextInputShort}})
		}},
		{"label description", 100, func(n int) *discordgo.InteractionResponseData {
			return modal("t", labelComponent{Label: "l", Description: x(n), Component: discordgo.TextInput{CustomID: "move", Style: discordgo.TextInputShort}})
		}},
		{"options of a select in a label", 25, func(n int) *discordgo.InteractionResponseData {
			m := discordgo.SelectMenu{CustomID: "pick", MenuType: discordgo.StringSelectMenu, Options: letterOptions(n)}
			return modal("t", labelComponent{Label: "l", Component: m})
		}},
		{"rows", 5, func(n int) *discordgo.InteractionResponseData {
			var rows []discordgo.MessageComponent
			for i := range n {
				rows = append(rows, input(discordgo.TextInput{CustomID: x(i + 1)}))
			}
			return modal("t", rows...)
		}},
	}
	checkLimits(t, cases, func(data *discordgo.InteractionResponseData) ([]string, error) {
		raw, err := json.Marshal(data)
		if err != nil {
			t.Fatal(err)
		}
		refusals := fakediscord.ModalRefusals(raw)
		ix, err := fake.SlashCommand(alice, "start").Discordgo()
		if err != nil {
			t.Fatal(err)
		}
		return refusals, s.InteractionRespond(ix, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: data})
	})
}

// limitCase is one of Discord's limits on a payload: build makes a payload of n (characters,
// options, rows...).
type limitCase[T any] struct {
	name  string
	limit int
	build func(n int) T
}

// checkLimits sends, for every case, a payload at its limit, which Discord accepts, and one
// past it, which it refuses with 400 and 50035 Invalid Form Body. send sends a payload and
// returns what the fake's validator refuses in it and the answer.
func checkLimits[T any](t *testing.T, cases []limitCase[T], send func(T) ([]string, error)) {
	t.Helper()
	for _, c := range cases {
		for _, n := range []int{c.limit, c.limit + 1} {
			refusals, err := send(c.build(n))
			if n == c.limit {
				if err != nil || len(refusals) > 0 {
					t.Errorf("%s of %d refused: %v %v", c.name, n, err, refusals)
				}
				continue
			}
			if err == nil || len(refusals) == 0 {
				t.Errorf("%s of %d accepted: %v %v", c.name, n, err, refusals)
				continue
			}
			wantCode(t, err, 400, 50035)
		}
	}
}

// letterOptions returns n select options, labelled and valued "A", "B", ...
func letterOptions(n int) []discordgo.SelectMenuOption {
	out := make([]discordgo.SelectMenuOption, n)
	for i := range out {
		v := string(rune('A' + i))
		out[i] = discordgo.SelectMenuOption{Label: v, Value: v}
	}
	return out
}

// labelComponent is a modal's label component (type 18), which discordgo v0.29.0 lacks.
type labelComponent struct {
	Label, Description string
	Component          discordgo.MessageComponent
}

func (labelComponent) Type() discordgo.ComponentType { return 18 }

func (l labelComponent) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"type": 18, "label": l.Label, "description": l.Description, "component": l.Component})
}
