package bot

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
)

func TestDescribeOptions(t *testing.T) {
	t.Parallel()
	kits := catalog.Kits()
	fits, _ := catalog.Find(kits, "fits")
	if got := describeOptions(fits.Game, []byte(`{"boards":[3,1]}`), games.English); got != "Boards: 3, 1" {
		t.Errorf("fits: %q", got)
	}
	ing, _ := catalog.Find(kits, "ingenious")
	if got := describeOptions(ing.Game, []byte(`{"teams":true}`), games.Czech); got != "Týmy: ano · Rady spoluhráčů: ne" {
		t.Errorf("ingenious: %q", got)
	}
}

// TestAddAILevels checks the lobby's AI levels: Add AI seats an easy AI, the menu a stronger
// one, and the lobby names each AI's level.
func TestAddAILevels(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	lobby := h.openLobby(in)
	lobby, err := h.click(in, ada, lobby, mustFind(t, lobby, verbAddAI, "Add AI"))
	if err != nil {
		t.Fatal(err)
	}
	menu := mustFind(t, lobby, verbAddAI, "")
	for _, c := range components(t, lobby) {
		if c.Type == 3 {
			menu = c
		}
	}
	lobby, err = h.choose(in, ada, lobby, menu, "strong")
	if err != nil {
		t.Fatal(err)
	}
	seats := h.table().Seats
	if len(seats) != 3 || seats[1].Level != search.Easy || seats[2].Level != search.Strong {
		t.Fatalf("seats %+v, want an easy and a strong AI", seats)
	}
	if !strings.Contains(lobby.Content, "(easy)") || !strings.Contains(lobby.Content, "(strong)") {
		t.Errorf("the lobby does not name the levels: %q", lobby.Content)
	}
}
