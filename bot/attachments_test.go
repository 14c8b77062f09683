package bot

import (
	"bytes"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// TestPanelEditShowsTheNewPicture plays a turn's first steps through the panel, as a person
// does: each click redraws the panel with a new picture (the board with the tile held, then
// the tile placed), and under Discord API v10 an edit that uploads a picture must list it in
// the message's attachments or Discord drops it. After every edit the panel must show exactly
// one picture, and the new one; and the bot must have spoken v10.
func TestPanelEditShowsTheNewPicture(t *testing.T) {
	for _, transport := range []string{"gateway", "http"} {
		t.Run(transport, func(t *testing.T) {
			h, in := newBot(t, transport)
			h.startGame(in, "Ben")
			board := h.lastBoard()
			if len(board.Attachments) != 1 {
				t.Fatalf("the board shows %d pictures", len(board.Attachments))
			}
			tb, st := h.current()
			u := people[tb.Seats[st.ToAct()[0]].User]
			panel, err := h.click(in, u, board, mustFind(t, board, verbTurn, ""))
			if err != nil || len(panel.Attachments) != 1 {
				t.Fatalf("the panel shows %d pictures (%v): %s", len(panel.Attachments), err, panel.Content)
			}
			shows := func(step string, before, after fakediscord.Message) {
				t.Helper()
				if len(after.Attachments) != 1 || after.ID != before.ID {
					t.Fatalf("after %s the panel (message %s, was %s) shows %d pictures: %q", step, after.ID, before.ID, len(after.Attachments), after.Content)
				}
				if bytes.Equal(after.Attachments[0].Data, before.Attachments[0].Data) || after.Attachments[0].Width == 0 {
					t.Fatalf("after %s the panel still shows the picture it showed before", step)
				}
			}
			tiles := components(t, panel)
			held, err := h.click(in, u, panel, tiles[0])
			if err != nil {
				t.Fatalf("tile: %v", err)
			}
			shows("picking a tile", panel, held)
			menu := mustFind(t, held, verbMenu, "")
			placed, err := h.choose(in, u, held, menu, menu.Options[0].Value)
			if err != nil {
				t.Fatalf("place: %v", err)
			}
			shows("choosing a place", held, placed)
			for _, r := range h.fake.Requests() {
				if r.APIVersion != 0 && r.APIVersion != 10 {
					t.Fatalf("%s %s was sent under API v%d, want v10", r.Method, r.URL, r.APIVersion)
				}
			}
		})
	}
}
