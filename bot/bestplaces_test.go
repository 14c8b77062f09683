package bot

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// placeMenu is the select menu of a panel as the person sees it.
type placeMenu struct {
	Placeholder string `json:"placeholder"`
	Options     []struct {
		Label   string `json:"label"`
		Value   string `json:"value"`
		Default bool   `json:"default"`
	} `json:"options"`
}

// menuSeen returns the select menu of m.
func menuSeen(t *testing.T, m fakediscord.Message) placeMenu {
	t.Helper()
	var rows []struct {
		Components []struct {
			Type int `json:"type"`
			placeMenu
		} `json:"components"`
	}
	if err := json.Unmarshal(m.Components, &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		for _, c := range r.Components {
			if c.Type == 3 {
				return c.placeMenu
			}
		}
	}
	t.Fatalf("no menu on the panel: %s", m.Components)
	return placeMenu{}
}

// TestBestPlacesThroughDiscord clicks a tile in an Ingenious game with the 💡 search on: the
// panel's menu says the AI ranked the places and numbers them 1, 2, … with their immediate
// gains; after a place is picked from it, the panel shows the same ranking, the pick marked.
// Without the search (the harness's default) the menu says it ranks by points now.
func TestBestPlacesThroughDiscord(t *testing.T) {
	t.Parallel()
	for _, search := range []bool{true, false} {
		t.Run(fmt.Sprint("search ", search), func(t *testing.T) {
			h := newHarness(t, openBolt(t))
			if search {
				h.suggest = 50 * time.Millisecond
			}
			in := h.addBot("gateway")
			h.startGame(in, "AI")
			board := h.lastBoard()
			panel := h.turnPanel(in, ada, board)
			tile := components(t, panel)[0]
			shown := h.press(in, ada, panel, tile)
			menu := menuSeen(t, shown)
			want := "by points now"
			if search {
				want = "by the AI's judgement"
			}
			if !strings.Contains(menu.Placeholder, want) {
				t.Fatalf("the menu says %q, want %q", menu.Placeholder, want)
			}
			for i, o := range menu.Options {
				if !strings.HasPrefix(o.Label, fmt.Sprintf("%d · ", i+1)) || !strings.Contains(o.Label, " · ") {
					t.Errorf("row %d: %q is not numbered with its gain", i+1, o.Label)
				}
			}
			pick := menu.Options[len(menu.Options)-1].Value
			picked, err := h.choose(in, ada, shown, mustFind(t, shown, verbMenu, ""), pick)
			if err != nil {
				t.Fatal(err)
			}
			again := menuSeen(t, picked)
			if again.Placeholder != menu.Placeholder || len(again.Options) != len(menu.Options) {
				t.Fatalf("after the pick the menu says %q with %d rows, want %q with %d", again.Placeholder, len(again.Options), menu.Placeholder, len(menu.Options))
			}
			for i, o := range again.Options {
				if o.Value != menu.Options[i].Value || o.Default != (o.Value == pick) {
					t.Errorf("after the pick, row %d is %s (marked %v), want %s", i+1, o.Value, o.Default, menu.Options[i].Value)
				}
			}
		})
	}
}
