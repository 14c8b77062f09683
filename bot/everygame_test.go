package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
)

// TestEveryGamePlaysThroughDiscord plays a whole game of every game in the catalog through
// the fake Discord as people would — /start, Join, Add AI, Start, then for every person to act
// Your turn and the panel's own buttons and menus (💡 Suggest, the menu's first row, the first
// button that moves on, then the committing button) — and checks the result message, the
// archive and the leaderboard. It is the architecture's test: a game registered in the catalog
// plays in Discord with no code of its own in the bot.
func TestEveryGamePlaysThroughDiscord(t *testing.T) {
	for _, k := range catalog.Kits() {
		least, most := k.Game.Seats()
		// Alone (where the game has a solo), two people with an AI, and — where a table takes
		// more than four — a full table of two people and AIs. (Each game's own tests play
		// its other sizes.)
		tables := map[string][]string{}
		if least == 1 {
			tables["solo"] = nil
		}
		if most >= 3 {
			tables["3"] = []string{ben.ID, "AI"}
		} else if most == 2 {
			tables["2"] = []string{ben.ID}
		}
		if most > 4 {
			full := []string{ben.ID}
			for len(full) < most-1 {
				full = append(full, "AI")
			}
			tables[fmt.Sprint(most)] = full
		}
		for name, others := range tables {
			t.Run(k.Game.Name()+"/"+name, func(t *testing.T) {
				t.Parallel()
				h, in := newBot(t, "gateway")
				lobby := h.openGameLobby(in, k.Game.Name())
				h.seatAndStart(in, lobby, others...)
				r := rand.New(rand.NewPCG(1, uint64(len(k.Game.Name())+len(others))))
				for step := 0; ; step++ {
					if step > 3000 {
						t.Fatal("the game did not end after 3000 decisions")
					}
					tb, st := h.current()
					if games.Over(st) {
						if len(tb.Seats) != len(others)+1 {
							t.Fatalf("%d seats, want %d", len(tb.Seats), len(others)+1)
						}
						break
					}
					played := false
					for _, seat := range st.ToAct() {
						if seat < 0 || tb.Seats[seat].AI {
							continue
						}
						h.decide(in, people[tb.Seats[seat].User], r)
						played = true
					}
					if !played {
						t.Fatalf("nobody to act in %v and the game is not over", st.ToAct())
					}
				}
				if len(others) == 0 {
					h.checkFinished(ada)
				} else {
					h.checkFinished(ada, ben)
				}
			})
		}
	}
}

// TestShelfieAgainstShemBot plays a solo Shelfie Stacker game against Shem Bot through the
// fake Discord: the bot's opponent is a seat of the result but no player, and the result
// message names it.
func TestShelfieAgainstShemBot(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	lobby := h.openGameLobby(in, "shelfie", fakediscord.StringOption("solo", "bot"))
	h.seatAndStart(in, lobby)
	r := rand.New(rand.NewPCG(3, 4))
	for step := 0; ; step++ {
		if step > 2000 {
			t.Fatal("the game did not end after 2000 decisions")
		}
		st := h.state()
		if games.Over(st) {
			break
		}
		h.decide(in, ada, r)
	}
	if end := h.lastBoard(); !strings.Contains(end.Content, "Shem Bot") {
		t.Errorf("the result does not name Shem Bot: %q", end.Content)
	}
	h.checkFinished(ada)
}

// decide makes u's current decision through the panel, from the newest board's Your turn.
func (h *harness) decide(in *instance, u fakediscord.User, r *rand.Rand) {
	h.t.Helper()
	board := h.lastBoard()
	turn := mustFind(h.t, board, verbTurn, "")
	panel, err := h.click(in, u, board, turn)
	if err != nil {
		h.t.Fatalf("%s opening the panel: %v", u.GlobalName, err)
	}
	for range 16 {
		if c, ok := find(h.t, panel, verbCommit, ""); ok && !c.Disabled {
			done, err := h.click(in, u, panel, c)
			if err != nil || !strings.HasPrefix(done.Content, "✅") {
				h.t.Fatalf("%s committing %s: %v %q", u.GlobalName, c.Label, err, done.Content)
			}
			return
		}
		var next fakediscord.Message
		switch c, menu, ok := nextStep(h.t, panel, r); {
		case !ok:
			h.t.Fatalf("%s's panel offers no way on: %q %s", u.GlobalName, panel.Content, panel.Components)
		case menu:
			next, err = h.choose(in, u, panel, c, c.Options[r.IntN(len(c.Options))].Value)
		default:
			next, err = h.click(in, u, panel, c)
		}
		if err != nil {
			h.t.Fatalf("%s: %v", u.GlobalName, err)
		}
		panel = next
	}
	h.t.Fatalf("%s reached no committing button in 16 clicks: %q", u.GlobalName, fmt.Sprint(panel.Components))
}

// nextStep picks a panel's next step: 💡 Suggest, else a row of its menu, else the first
// enabled button that moves on (not back, not undo).
func nextStep(t *testing.T, panel fakediscord.Message, r *rand.Rand) (component, bool, bool) {
	for _, c := range components(t, panel) {
		id, err := ParseID(c.CustomID)
		if err == nil && (id.Verb == string(verbDraft) || id.Verb == string(verbSuggest)) && !c.Disabled && strings.HasPrefix(c.Label, "💡") {
			return c, false, true
		}
	}
	if c, ok := find(t, panel, verbMenu, ""); ok && len(c.Options) > 0 && r.IntN(2) == 0 {
		return c, true, true
	}
	for _, c := range components(t, panel) {
		id, err := ParseID(c.CustomID)
		if err == nil && id.Verb == string(verbDraft) && !c.Disabled && !strings.HasPrefix(c.Label, "◀") {
			return c, false, true
		}
	}
	if c, ok := find(t, panel, verbMenu, ""); ok && len(c.Options) > 0 {
		return c, true, true
	}
	return component{}, false, false
}

// TestSuggestThroughDiscord clicks 💡 Suggest in a solo FITS game: the button routes to the
// search (verb suggest, after a deferred update), and the panel it leads to confirms a move
// the game accepts.
func TestSuggestThroughDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t, openBolt(t))
	h.suggest = 50 * time.Millisecond
	in := h.addBot("gateway")
	lobby := h.openGameLobby(in, "fits")
	h.seatAndStart(in, lobby)
	board := h.lastBoard()
	panel := h.turnPanel(in, ada, board)
	suggest := mustFind(t, panel, verbSuggest, "")
	if !strings.HasPrefix(suggest.Label, "💡") {
		t.Fatalf("the suggest verb is on %q, want the 💡 button", suggest.Label)
	}
	shown := h.press(in, ada, panel, suggest)
	if done := h.commit(in, ada, shown); !strings.HasPrefix(done.Content, "✅") {
		t.Fatalf("confirming the suggestion: %q", done.Content)
	}
	if n := len(h.table().Record.Moves); n == 0 {
		t.Fatal("no move recorded")
	}
}
