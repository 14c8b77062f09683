package bot

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
)

// commitButton is the panel's confirming button: the enabled success one (Drop), else any
// enabled commit (Set aside).
func commitButton(t *testing.T, panel fakediscord.Message) (component, bool) {
	var fallback *component
	for _, c := range components(t, panel) {
		id, err := ParseID(c.CustomID)
		if err != nil || id.Verb != string(verbCommit) || c.Disabled {
			continue
		}
		if c.Style == 3 {
			return c, true
		}
		if fallback == nil {
			fallback = &c
		}
	}
	if fallback != nil {
		return *fallback, true
	}
	return component{}, false
}

// playSimultaneous plays a game where several seats act at once: every human who must act
// opens a panel from the newest board and confirms it, all of them at the same time. It
// returns the number of steps played.
func (h *harness) playSimultaneous(in *instance) int {
	h.t.Helper()
	steps := 0
	for ; ; steps++ {
		if steps > 400 {
			h.t.Fatal("game did not end after 400 steps")
		}
		t, st := h.current()
		if games.Over(st) {
			return steps
		}
		board := h.lastBoard()
		turn := mustFind(h.t, board, verbTurn, "")
		var wg sync.WaitGroup
		errs := make(chan error, len(t.Seats))
		for _, seat := range st.ToAct() {
			if seat < 0 || t.Seats[seat].AI {
				continue
			}
			u := people[t.Seats[seat].User]
			wg.Add(1)
			go func() {
				defer wg.Done()
				open := h.fake.Click(actor(u).On(board), turn.CustomID)
				if err := h.send(in, open); err != nil {
					errs <- fmt.Errorf("%s opening the panel: %v", u.GlobalName, err)
					return
				}
				panel := h.seen(open)
				if len(panel.Attachments) != 1 {
					errs <- fmt.Errorf("%s's panel has %d pictures: %q", u.GlobalName, len(panel.Attachments), panel.Content)
					return
				}
				done, err := h.confirm(in, u, panel)
				if err != nil {
					errs <- err
					return
				}
				if said := h.lastSaid(done.Token); !strings.HasPrefix(said, "✅") {
					errs <- fmt.Errorf("%s's confirmation: %q", u.GlobalName, said)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			h.t.Fatal(err)
		}
	}
}

func TestFITSTwoPlayersAndAISimultaneous(t *testing.T) {
	t.Parallel()
	h := newHarness(t, openRedis(t))
	in := h.addBot("gateway")
	lobby := h.openGameLobby(in, "fits")
	h.seatAndStart(in, lobby, ben.ID, "AI")
	// Ada places her start piece first: the board's status line then waits for Ben alone, and
	// nothing new is posted.
	board := h.lastBoard()
	if !strings.Contains(board.Content, "**Ada**") || !strings.Contains(board.Content, "**Ben**") {
		t.Fatalf("the first board does not wait for both: %q", board.Content)
	}
	h.commit(in, ada, h.turnPanel(in, ada, board))
	if m, _ := h.fake.Message(board.ID); strings.Contains(m.Content, "**Ada**") || !strings.Contains(m.Content, "**Ben**") || m.ID != h.lastBoard().ID {
		t.Fatalf("after Ada's choice the board should wait for Ben only: %q", m.Content)
	}
	before := len(h.fake.ChannelMessages(testChannel))
	steps := h.playSimultaneous(in)
	if steps < 4*17 {
		t.Fatalf("%d steps, want at least 4 rounds of 17", steps)
	}
	// Played live (every click within a panel token's life), the cards are shown in place:
	// a new board for each of the three rounds that follow and the result (see live_test.go).
	posted := len(h.fake.ChannelMessages(testChannel)) - before
	if posted < 4 || posted > 5 {
		t.Fatalf("%d board messages for %d steps: want one per round and the result, not one per card or per click", posted, steps)
	}
	h.checkFinished(ada, ben)
}

func TestFITSSolo(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "http")
	h.seatAndStart(in, h.openGameLobby(in, "fits"))
	h.playSimultaneous(in)
	end := h.lastBoard().Content
	h.checkFinished(ada)
	for _, rating := range []string{"master builder", "architect", "bricklayer", "labourer", "gardener", "novice", "clean-up crew"} {
		if strings.Contains(end, rating) {
			return
		}
	}
	t.Fatalf("the solo result names no rating: %q", end)
}

func TestFITSBoardsOption(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	// Options no number of players allows are refused at once, and no lobby opens.
	bad := h.fake.SlashCommand(actor(ada), "start", fakediscord.SubCommand("fits", fakediscord.StringOption("boards", "1,1")))
	if err := h.send(in, bad); err == nil || !strings.Contains(h.seen(bad).Content, "⚠️") {
		t.Fatalf("duplicate boards accepted: %q", h.seen(bad).Content)
	}
	ix := h.fake.SlashCommand(actor(ada), "start", fakediscord.SubCommand("fits", fakediscord.StringOption("boards", "3,1")))
	if err := h.send(in, ix); err != nil {
		t.Fatal(err)
	}
	if got := string(h.table().Options); !strings.Contains(got, "[3,1]") {
		t.Fatalf("options %s", got)
	}
	if !strings.Contains(h.seen(ix).Content, "Boards: 3, 1") {
		t.Fatalf("lobby does not show the boards as a player reads them: %q", h.seen(ix).Content)
	}
}
