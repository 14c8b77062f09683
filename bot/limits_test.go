package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

func TestTextLenCountsUTF16(t *testing.T) {
	for s, want := range map[string]int{"": 0, "Ada": 3, "žluťoučký": 9, "🎲": 2, "⏱": 1, "a🎲b": 4} {
		if got := textLen(s); got != want {
			t.Errorf("textLen(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestCutText(t *testing.T) {
	cases := []struct {
		s     string
		limit int
		want  string
	}{
		{"Place the tile", 80, "Place the tile"},
		{"Place the red–green tile on B4", 20, "Place the red–green…"},
		{"Nejlepší místa podle silné AI", 16, "Nejlepší místa…"},
		// A cut never leaves half a mention, a link or a timestamp.
		{"Ben to play — <@100000000000000002>", 30, "Ben to play…"},
		{"due <t:1795940639:R> soon", 15, "due…"},
		// …nor an open bold mark.
		{"**Ada** and **Bartoloměj Veliký**", 24, "**Ada** and…"},
		{"**Ada** and **Bartoloměj Veliký**", 26, "**Ada** and Bartoloměj…"},
		// One long word is cut inside.
		{strings.Repeat("x", 100), 10, "xxxxxxxxx…"},
		// Emoji take two code units; none is split.
		{strings.Repeat("🎲", 50), 11, "🎲🎲🎲🎲🎲…"},
	}
	for _, c := range cases {
		got := cutText(c.s, c.limit)
		if got != c.want {
			t.Errorf("cutText(%q, %d) = %q, want %q", c.s, c.limit, got, c.want)
		}
		if textLen(got) > c.limit {
			t.Errorf("cutText(%q, %d) is %d long", c.s, c.limit, textLen(got))
		}
	}
}

func TestFitLinesDropsWholeLines(t *testing.T) {
	head := "🔶 **Ingenious** · 80 tiles left"
	var lines []string
	for i := range 100 {
		lines = append(lines, fmt.Sprintf("Cid placed tile number %d somewhere on the board.", i))
	}
	tail := "**Ada** to play — <@100000000000000001>"
	s := head + "\n" + strings.Join(lines[:50], "\n") + "\nBen pinged <@100000000000000002>\n" + strings.Join(lines[50:], "\n") + "\n" + tail
	got := fitLines(s, 2000)
	if textLen(got) > 2000 {
		t.Fatalf("%d long", textLen(got))
	}
	out := strings.Split(got, "\n")
	if out[0] != head || out[len(out)-1] != tail || !strings.Contains(got, "<@100000000000000002>") || !strings.Contains(got, "\n…\n") {
		t.Fatalf("the header, the mentions, the last line or the mark of what was left out are gone:\n%s", got)
	}
	for _, l := range out {
		if l != head && l != tail && l != ellipsis && !strings.HasPrefix(l, "Cid placed tile number ") && !strings.HasPrefix(l, "Ben pinged") {
			t.Fatalf("a line was cut: %q", l)
		}
		if strings.HasPrefix(l, "Cid") && !strings.HasSuffix(l, "board.") {
			t.Fatalf("a line was cut: %q", l)
		}
	}
	// A text of one huge line is cut at a word's end.
	one := strings.Repeat("word ", 1000)
	if got := fitLines(one, 2000); textLen(got) > 2000 || !strings.HasSuffix(got, "word…") {
		t.Fatalf("one line: %d long, ends %q", textLen(got), got[len(got)-20:])
	}
	if got := fitLines("short\ntext\n", 2000); got != "short\ntext\n" {
		t.Fatalf("a text that fits changed: %q", got)
	}
}

// aiRun is n steps of the AI's moves (a line each), with a round scored after every tenth and
// chance dealing a card before each.
func aiRun(n int) []games.Step {
	var steps []games.Step
	for i := range n {
		steps = append(steps, games.Step{Seat: games.Chance, Events: []games.Event{{Text: games.Say("Card %d.", "Karta %d.", i)}}})
		events := []games.Event{{Seat: 0, Text: games.Say("Ada placed piece %d in column A.", "Ada položila dílek %d do sloupce A.", i)}}
		if i%10 == 9 {
			events = append(events, games.Event{Seat: 0, Text: games.Say("Round %d scored.", "Kolo %d sečteno.", i/10+1), Milestone: true})
		}
		steps = append(steps, games.Step{Seat: 0, Auto: true, Events: events})
	}
	return steps
}

func TestBoardLogSummarises(t *testing.T) {
	for _, lang := range []games.Lang{games.English, games.Czech} {
		steps := append([]games.Step{{Seat: 1, Events: []games.Event{{Seat: 1, Text: games.Say("Ben placed piece X.", "Ben položil dílek X.")}}}}, aiRun(60)...)
		l := newBoardLog(steps, lang)
		got := l.fit(800)
		if textLen(got) > 800 {
			t.Fatalf("%d long", textLen(got))
		}
		more := map[games.Lang]string{games.English: "more moves by the AI: see /status", games.Czech: "tahů AI: viz /status"}[lang]
		if !strings.Contains(got, more) {
			t.Fatalf("%s: no summary line:\n%s", lang, got)
		}
		// Ben's own move and every round scored are kept; what was left out is counted.
		for _, keep := range []string{"Ben", "Round 6", "Kolo 6"} {
			if strings.HasPrefix(keep, "Kolo") != (lang == games.Czech) {
				continue
			}
			if !strings.Contains(got, keep) {
				t.Errorf("%s: %q was left out:\n%s", lang, keep, got)
			}
		}
		kept := strings.Count(got, "🤖 Ada placed") + strings.Count(got, "🤖 Ada položila")
		var n int
		if lang == games.English {
			_, _ = fmt.Sscanf(got[strings.Index(got, "… and ")+len("… and "):], "%d", &n)
		} else {
			_, _ = fmt.Sscanf(got[strings.Index(got, "… a dalších ")+len("… a dalších "):], "%d", &n)
		}
		if kept+n != 60 {
			t.Errorf("%s: %d moves shown and %d counted as left out, want 60 in all:\n%s", lang, kept, n, got)
		}
	}
	if l := newBoardLog(aiRun(3), games.English); l.fit(2000) != l.full {
		t.Fatal("a short account was changed")
	}
}

func TestMoreMovesCzechPlurals(t *testing.T) {
	for n, want := range map[int]string{
		1: "… a ještě 1 tah AI: viz /status", 3: "… a další 3 tahy AI: viz /status",
		5: "… a dalších 5 tahů AI: viz /status", 14: "… a dalších 14 tahů AI: viz /status",
	} {
		if got := moreMoves(n, true).In(games.Czech); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
	if got := moreMoves(1, true).In(games.English); got != "… and 1 more move by the AI: see /status" {
		t.Errorf("%q", got)
	}
	if got := moreMoves(14, false).In(games.English); got != "… and 14 more moves: see /status" {
		t.Errorf("%q", got)
	}
	if got := moreMoves(0, true).In(games.Czech); got != "… a další události: viz /status" {
		t.Errorf("%q", got)
	}
}

func TestFittedFitsAndIsStable(t *testing.T) {
	var opts []discordgo.SelectMenuOption
	for i := range 30 {
		opts = append(opts, discordgo.SelectMenuOption{Label: strings.Repeat("label ", 30), Value: fmt.Sprint(i), Description: strings.Repeat("d ", 80)})
	}
	var buttons []discordgo.MessageComponent
	for i := range 7 {
		buttons = append(buttons, discordgo.Button{Label: strings.Repeat("🎲", 60), CustomID: fmt.Sprint("b", i), Style: discordgo.SecondaryButton})
	}
	m := message{
		content: strings.Repeat("A line of text.\n", 300),
		components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: buttons},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "m", Placeholder: strings.Repeat("p", 200), Options: opts, MaxValues: 30}}},
		},
		embeds: []*discordgo.MessageEmbed{{Title: strings.Repeat("t", 300), Description: strings.Repeat("d\n", 3000)}, {Description: strings.Repeat("e\n", 3000)}},
	}
	for range 12 {
		m.files = append(m.files, &discordgo.File{Name: "x.png"})
	}
	f := m.fitted()
	if problems := refusals(f); len(problems) > 0 {
		t.Fatalf("Discord refuses the fitted message: %v", problems)
	}
	g := f.fitted()
	if g.content != f.content || fmt.Sprint(g.components) != fmt.Sprint(f.components) || embedsLen(g.embeds) != embedsLen(f.embeds) {
		t.Fatal("fitting a fitted message changed it")
	}
	title, inputs := fitModal(strings.Repeat("Type your move ", 5), []discordgo.TextInput{{CustomID: "move", Label: strings.Repeat("l", 50), Placeholder: strings.Repeat("p", 120), Style: discordgo.TextInputShort, MaxLength: 5000}})
	if problems := modalRefusals("g/1/typed/", title, inputs); len(problems) > 0 {
		t.Fatalf("Discord refuses the fitted modal: %v", problems)
	}
}
