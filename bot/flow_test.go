package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/table"
)

// TestFITSSoloOnePanel: a solo player opens their panel once and plays the whole game in it —
// every card, every round — while the channel gets one message per round plus the end.
func TestFITSSoloOnePanel(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	h.seatAndStart(in, h.openGameLobby(in, "fits"))
	before := len(h.fake.ChannelMessages(testChannel))
	board := h.lastBoard()
	panel, err := h.click(in, ada, board, mustFind(t, board, verbTurn, ""))
	if err != nil {
		t.Fatal(err)
	}
	commits := 0
	for st := h.state(); !games.Over(st); st = h.state() {
		c, ok := commitButton(t, panel)
		if !ok {
			t.Fatalf("the panel offers no move after %d commits: %q", commits, panel.Content)
		}
		if panel, err = h.click(in, ada, panel, c); err != nil {
			t.Fatalf("commit %d: %v", commits, err)
		}
		if !strings.HasPrefix(panel.Content, "✅") {
			t.Fatalf("commit %d did not confirm: %q", commits, panel.Content)
		}
		commits++
	}
	if commits < 4*16 {
		t.Fatalf("%d commits for four rounds", commits)
	}
	posted := len(h.fake.ChannelMessages(testChannel)) - before
	if posted > 4 {
		t.Fatalf("%d channel messages after the first board for a solo game of 4 rounds, want at most 4 (3 rounds scored, the end)", posted)
	}
	for _, m := range h.fake.ChannelMessages(testChannel)[before:] {
		if strings.Contains(m.Content, "<@"+ada.ID+">") && !strings.Contains(m.Content, "🏁") {
			t.Fatalf("a round's board pings the player who is playing in her panel: %q", m.Content)
		}
	}
	h.checkFinished(ada)
}

// state replays the channel's game.
func (h *harness) state() games.State {
	h.t.Helper()
	_, st := h.current()
	return st
}

// TestBonusPlacementInOnePanel: Ada's placement reaches 18 and earns a bonus placement; her
// panel goes on with it — no second "Your turn" click, no board message and no ping until her
// turn ends, and then one board shows both placements and mentions Ben only.
func TestBonusPlacementInOnePanel(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	rec, bonus := bonusPosition(t)
	if _, err := in.bot.tables.Import(t.Context(), table.Click{Guild: testGuild, Channel: testChannel, User: ada.ID},
		[]table.SeatInfo{{User: ada.ID, Name: "Ada"}, {User: ben.ID, Name: "Ben"}}, rec); err != nil {
		t.Fatal(err)
	}
	before := len(h.fake.ChannelMessages(testChannel))
	panel := h.openPanel(in, ada)
	tile, _ := ingenious.ParseDraft(bonus, 5)
	panel, err := h.click(in, ada, panel, mustFind(t, panel, verbDraft, tileLabel(t, panel, tile)))
	if err != nil {
		t.Fatal(err)
	}
	menu := mustFind(t, panel, verbMenu, "")
	if panel, err = h.choose(in, ada, panel, menu, bonus); err != nil {
		t.Fatal(err)
	}
	if panel, err = h.click(in, ada, panel, mustFind(t, panel, verbCommit, "")); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(panel.Content, "✅") || len(components(t, panel)) == 0 {
		t.Fatalf("after the placement that earned a bonus the panel does not go on: %q", panel.Content)
	}
	if got := len(h.fake.ChannelMessages(testChannel)); got != before {
		t.Fatalf("%d channel messages during Ada's run of decisions, want none", got-before)
	}
	// Ada plays on in the same panel until Ben must act.
	for st := h.state(); games.IsToAct(st, 0); st = h.state() {
		if c, ok := find(t, panel, verbCommit, ""); ok { // keep or swap
			panel, err = h.click(in, ada, panel, c)
		} else {
			panel, err = h.click(in, ada, panel, components(t, panel)[0])
			if err == nil {
				m := mustFind(t, panel, verbMenu, "")
				panel, err = h.choose(in, ada, panel, m, m.Options[0].Value)
			}
			if err == nil {
				panel, err = h.click(in, ada, panel, mustFind(t, panel, verbCommit, ""))
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	msgs := h.fake.ChannelMessages(testChannel)[before:]
	if len(msgs) != 1 {
		t.Fatalf("%d board messages at the end of Ada's turn, want 1", len(msgs))
	}
	if c := msgs[0].Content; !strings.Contains(c, "<@"+ben.ID+">") || strings.Contains(c, "<@"+ada.ID+">") || strings.Count(c, "Ada placed") < 2 {
		t.Fatalf("the board after Ada's turn should show both placements and ping Ben only: %q", c)
	}
}

// openPanel opens u's panel with /hand.
func (h *harness) openPanel(in *instance, u fakediscord.User) fakediscord.Message {
	h.t.Helper()
	return h.command(in, u, "hand")
}

// tileLabel returns the label of the panel's button for tile.
func tileLabel(t *testing.T, panel fakediscord.Message, tile ingenious.Draft) string {
	t.Helper()
	for _, c := range components(t, panel) {
		id, err := ParseID(c.CustomID)
		if err != nil || id.Verb != string(verbDraft) {
			continue
		}
		if d, err := ingenious.ParseDraft(id.Arg, 5); err == nil && d.Tile != nil && tile.Tile != nil && *d.Tile == *tile.Tile {
			return c.Label
		}
	}
	t.Fatalf("no button for tile %v in %s", tile.Tile, panel.Components)
	return ""
}

// bonusPosition plays AI games of two until seat 0 could place a tile that earns a bonus
// placement; it returns the record up to there and that placement's draft.
func bonusPosition(t *testing.T) (games.Record, string) {
	t.Helper()
	for seed := uint64(1); seed < 50; seed++ {
		rec, err := games.Start(ingenious.Game{}, []string{"Ada", "Ben"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var draft string
		stop := func(st games.State) bool {
			s := st.(*ingenious.State)
			if s.Phase() != ingenious.PhasePlace || !games.IsToAct(s, 0) || s.Bonus() > 0 {
				return false
			}
			for _, a := range s.Legal(0) {
				c := s.Clone().(*ingenious.State)
				if _, err := c.Apply(0, a); err == nil && c.Bonus() > 0 && c.Phase() == ingenious.PhasePlace {
					p := a.(ingenious.Place)
					draft = string([]byte{p.First.Letter(), p.Second.Letter()}) + ":" + p.Cells[0].Label(s.Radius()) + "-" + p.Cells[1].Label(s.Radius())
					return true
				}
			}
			return false
		}
		if _, err := games.AdvanceUntil(rec, rand.New(rand.NewPCG(seed, 1)), games.Hints, stop); err != nil {
			t.Fatal(err)
		}
		if draft != "" {
			return rec.Record, draft
		}
	}
	t.Fatal("no AI game offered seat 0 a bonus placement")
	return games.Record{}, ""
}

// TestChangeChoice: in FITS for two, Ada chooses; reopening her panel says her choice is made
// and offers Change choice (not "Nothing to decide"); changing it brings back her first step
// while Ben's decision is untouched; once Ben has chosen too, the card is revealed and nothing
// can be changed any more.
func TestChangeChoice(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	h.seatAndStart(in, h.openGameLobby(in, "fits"), ben.ID)
	board := h.lastBoard()
	h.commit(in, ada, h.turnPanel(in, ada, board))
	moves := len(h.table().Record.Moves)
	reopened := h.openPanel(in, ada)
	if strings.Contains(reopened.Content, "Nothing to decide") || !strings.Contains(reopened.Content, "change") {
		t.Fatalf("Ada's panel after choosing: %q", reopened.Content)
	}
	change := mustFind(t, reopened, verbUndo, "")
	if !strings.Contains(change.Label, "Change choice") {
		t.Fatalf("the button reads %q", change.Label)
	}
	back := h.press(in, ada, reopened, change)
	if _, ok := commitButton(t, back); !ok || len(h.table().Record.Moves) != moves-1 {
		t.Fatalf("after Change choice: %q, %d moves (want %d)", back.Content, len(h.table().Record.Moves), moves-1)
	}
	// Ada chooses again, Ben chooses: the card is revealed and the old button is refused.
	h.commit(in, ada, back)
	h.commit(in, ben, h.turnPanel(in, ben, board))
	if _, err := h.click(in, ada, reopened, change); err == nil {
		t.Fatal("a choice was changed after the reveal")
	}
}
