package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// openFITS opens a FITS lobby (live unless pace is given), seats players after Ada and starts.
func (h *harness) openFITS(in *instance, players []fakediscord.User, opts ...fakediscord.CommandOption) {
	h.t.Helper()
	lobby := h.openGameLobby(in, "fits", opts...)
	for _, u := range players[1:] {
		var err error
		if lobby, err = h.click(in, u, lobby, mustFind(h.t, lobby, verbJoin, "")); err != nil {
			h.t.Fatalf("%s joining: %v", u.GlobalName, err)
		}
	}
	if _, err := h.click(in, ada, lobby, mustFind(h.t, lobby, verbStart, "")); err != nil {
		h.t.Fatalf("start: %v", err)
	}
}

// panelShows reports whether panel, as on its player's screen, shows seat's current decision
// in t: a confirming button drawn at or after the decision began.
func panelShows(t *testing.T, tb *table.Table, seat games.Seat, panel fakediscord.Message) bool {
	c, ok := commitButton(t, panel)
	if !ok {
		return false
	}
	id, err := ParseID(c.CustomID)
	return err == nil && !tb.Stale(seat, id.Rev)
}

// panelInView is u's panel for seat's decision in tb: panel, when it is on their screen (ok)
// and shows that decision, else one opened anew (fresh) with Your turn on board.
func (h *harness) panelInView(in *instance, u fakediscord.User, tb *table.Table, seat games.Seat, board, panel fakediscord.Message, ok bool) (_ fakediscord.Message, fresh bool, _ error) {
	if ok && panelShows(h.t, tb, seat, panel) {
		return panel, false, nil
	}
	open := h.fake.Click(actor(u).On(board), mustFind(h.t, board, verbTurn, "").CustomID)
	if err := h.send(in, open); err != nil {
		return fakediscord.Message{}, false, fmt.Errorf("%s opening the panel: %v", u.GlobalName, err)
	}
	return h.seen(open), true, nil
}

// livePlayers play one simultaneous step as people at their screens: each human who must act
// confirms in the panel they have on screen when it shows their decision, and otherwise opens
// one with Your turn on the newest board (and keeps it in onScreen). All click at once, each
// through one of the bot processes (seat by seat in turn). It returns how many opened a panel
// from the board.
func (h *harness) livePlayers(in *instance, onScreen map[string]string) int {
	return h.livePlayersDeciding(in, onScreen, nil)
}

// livePlayersDeciding is livePlayers where each player, with r set, walks their panel to a
// decision as decide does (for games whose panels need drafting first); with r nil, they
// confirm what the panel offers.
func (h *harness) livePlayersDeciding(in *instance, onScreen map[string]string, r *rand.Rand) int {
	h.t.Helper()
	tb, st := h.current()
	board := h.lastBoard()
	var mu sync.Mutex
	opened := 0
	var wg sync.WaitGroup
	errs := make(chan error, len(tb.Seats))
	for _, seat := range st.ToAct() {
		if seat < 0 || tb.Seats[seat].Auto() {
			continue
		}
		u := people[tb.Seats[seat].User]
		mu.Lock()
		panel, ok := h.fake.Message(onScreen[u.ID])
		mu.Unlock()
		in := h.bots[int(seat)%len(h.bots)]
		wg.Go(func() {
			panel, fresh, err := h.panelInView(in, u, tb, seat, board, panel, ok)
			if err != nil {
				errs <- err
				return
			}
			if fresh {
				mu.Lock()
				onScreen[u.ID] = panel.ID
				opened++
				mu.Unlock()
			}
			if r != nil {
				mu.Lock()
				ur := rand.New(rand.NewPCG(r.Uint64(), uint64(seat)))
				mu.Unlock()
				errs <- h.walkPanel(in, u, panel, ur)
				return
			}
			_, err = h.confirm(in, u, panel)
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			h.t.Fatal(err)
		}
	}
	return opened
}

// walkPanel walks u's panel to a committed decision, as decide does from a fresh panel.
func (h *harness) walkPanel(in *instance, u fakediscord.User, panel fakediscord.Message, r *rand.Rand) error {
	for range 16 {
		if c, ok := find(h.t, panel, verbCommit, ""); ok && !c.Disabled {
			done := h.fake.Click(actor(u).On(panel), c.CustomID)
			if err := h.send(in, done); err != nil {
				return fmt.Errorf("%s committing %s: %v", u.GlobalName, c.Label, err)
			}
			return nil
		}
		c, menu, ok := nextStep(h.t, panel, r)
		if !ok {
			return fmt.Errorf("%s's panel offers no way on: %q", u.GlobalName, panel.Content)
		}
		ix := h.fake.Click(actor(u).On(panel), c.CustomID)
		if menu {
			ix = h.fake.Select(actor(u).On(panel), c.CustomID, c.Options[r.IntN(len(c.Options))].Value)
		}
		if err := h.send(in, ix); err != nil {
			return fmt.Errorf("%s: %v", u.GlobalName, err)
		}
		panel = h.seen(ix)
	}
	return fmt.Errorf("%s reached no committing button in 16 clicks", u.GlobalName)
}

// TestSideboardsLiveKeepsPanelsInView: three people draft a whole Sideboards game live; each
// turn's next hand shows in their panels and the board is edited, not posted anew.
func TestSideboardsLiveKeepsPanelsInView(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	players := []fakediscord.User{ada, ben, cid}
	lobby := h.openGameLobby(in, "sideboards", fakediscord.StringOption("pace", "live"))
	for _, u := range players[1:] {
		var err error
		if lobby, err = h.click(in, u, lobby, mustFind(t, lobby, verbJoin, "")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.click(in, ada, lobby, mustFind(t, lobby, verbStart, "")); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	onScreen := map[string]string{}
	steps, inPlace := 0, 0
	for ; !games.Over(h.state()); steps++ {
		if steps > 200 {
			t.Fatal("the game did not end after 200 steps")
		}
		before := len(h.fake.ChannelMessages(testChannel))
		h.livePlayersDeciding(in, onScreen, r)
		tb, st := h.current()
		if games.Over(st) || len(h.fake.ChannelMessages(testChannel)) > before || tb.Announced != len(tb.Record.Moves) {
			continue
		}
		inPlace++
		for _, seat := range st.ToAct() {
			panel, _ := h.fake.Message(onScreen[tb.Seats[seat].User])
			if _, ok := find(t, panel, verbDraft, ""); !ok {
				if _, ok := find(t, panel, verbMenu, ""); !ok {
					t.Fatalf("step %d: %s's panel offers no decision: %q", steps, tb.Seats[seat].Name, panel.Content)
				}
			}
			if panelRev(t, panel) < tb.Since[seat] {
				t.Fatalf("step %d: %s's panel shows an earlier decision: %q", steps, tb.Seats[seat].Name, panel.Content)
			}
		}
	}
	posted := len(h.fake.ChannelMessages(testChannel))
	t.Logf("%d steps, %d shown in place; %d channel messages", steps, inPlace, posted)
	if inPlace == 0 || posted > 6 {
		t.Fatalf("%d channel messages, %d steps shown in place: want the turns shown in place", posted, inPlace)
	}
	h.checkFinished(players...)
}

// panelRev is the revision a panel's components were drawn at.
func panelRev(t *testing.T, panel fakediscord.Message) table.Revision {
	for _, c := range components(t, panel) {
		if id, err := ParseID(c.CustomID); err == nil {
			return id.Rev
		}
	}
	return 0
}

// TestFITSLiveKeepsPanelsInView: four people play a whole FITS game live, clicking in their
// panels. Each card's reveal shows the next card in every player's panel, edited in place,
// and edits the round's board instead of posting one: the channel gets the lobby, a board per
// round and the result — not a board per card — and the players open a panel from a board
// only when a new one is posted.
func TestFITSLiveKeepsPanelsInView(t *testing.T) {
	t.Parallel()
	h := newHarness(t, openRedis(t))
	in := h.addBot("gateway")
	h.addBot("http") // a second process on the same store: the next click may reach either
	players := []fakediscord.User{ada, ben, cid, dan}
	h.openFITS(in, players, fakediscord.StringOption("pace", "live"))
	onScreen := map[string]string{}
	steps, opened, inPlace := 0, 0, 0
	for ; ; steps++ {
		if steps > 400 {
			t.Fatal("the game did not end after 400 steps")
		}
		prev := h.state()
		if games.Over(prev) {
			break
		}
		before := len(h.fake.ChannelMessages(testChannel))
		opened += h.livePlayers(in, onScreen)
		tb, st := h.current()
		if games.Over(st) || len(h.fake.ChannelMessages(testChannel)) > before {
			continue // a round begins (or the game ends): a new board was posted
		}
		if tb.Announced != len(tb.Record.Moves) {
			continue // a hidden choice: nothing revealed yet
		}
		inPlace++
		board := h.lastBoard()
		if !strings.Contains(board.Content, progress(tb, st).In(games.English)) || len(board.Attachments) != 1 {
			t.Fatalf("step %d: the round's board does not show where the game stands (%s): %q", steps, progress(tb, st).EN, board.Content)
		}
		for _, seat := range st.ToAct() {
			u := tb.Seats[seat].User
			panel, _ := h.fake.Message(onScreen[u])
			if !panelShows(t, tb, seat, panel) || strings.Contains(panel.Content, "hidden") || strings.Contains(panel.Content, "nevidí") {
				t.Fatalf("step %d: %s's panel does not show the next card: %q", steps, tb.Seats[seat].Name, panel.Content)
			}
			if (games.IsToAct(prev, seat) && !strings.HasPrefix(panel.Content, "✅")) || len(panel.Attachments) != 1 {
				t.Fatalf("step %d: %s's panel does not confirm the revealed choice: %q", steps, tb.Seats[seat].Name, panel.Content)
			}
		}
	}
	posted := len(h.fake.ChannelMessages(testChannel))
	t.Logf("%d steps, %d shown in place; %d channel messages; %d panels opened from a board", steps, inPlace, posted, opened)
	if posted > 12 {
		t.Fatalf("a live 4-player FITS game posted %d channel messages, want at most 12", posted)
	}
	if inPlace < 4*14 {
		t.Fatalf("only %d of %d steps were shown in place", inPlace, steps)
	}
	if opened > 4*len(players)+len(players) {
		t.Fatalf("players opened %d panels from a board: their panels did not follow the game", opened)
	}
	h.checkFinished(players...)
	if p := h.table().Panels; len(p) != 0 {
		t.Fatalf("the panel tokens are kept after the end: %+v", p)
	}
}

// TestFITSAsyncPostsAndPings: when a player's last click is older than a panel token lives,
// every reveal is posted as a new board that pings the players who must act, as in async
// play; with fresh tokens again, the next reveal is shown in place.
func TestFITSAsyncPostsAndPings(t *testing.T) {
	t.Parallel()
	h := asyncHarness(t, openBolt)
	in := h.addBot("http")
	players := []fakediscord.User{ada, ben, cid}
	h.openFITS(in, players, fakediscord.StringOption("pace", "live"))
	onScreen := map[string]string{}
	play := func() { h.livePlayers(in, onScreen) }
	// The start pieces: a step of three. Then each card: Ada and Ben confirm, the clock runs
	// past a token's life, and Cid confirms last.
	play()
	for card := range 3 {
		st := h.state()
		if len(st.ToAct()) != 3 {
			t.Fatalf("card %d: %d seats to act", card, len(st.ToAct()))
		}
		before := len(h.fake.ChannelMessages(testChannel))
		last := h.table().Seats[st.ToAct()[len(st.ToAct())-1]].User
		h.oneStepLate(in, onScreen, last, table.PanelLife+time.Minute)
		msgs := h.fake.ChannelMessages(testChannel)
		if len(msgs) != before+1 {
			t.Fatalf("card %d: %d new channel messages, want the board posted", card, len(msgs)-before)
		}
		board := msgs[len(msgs)-1]
		tb, st := h.current()
		for _, seat := range st.ToAct() {
			u := tb.Seats[seat].User
			if u == last {
				if strings.Contains(board.Content, "<@"+u+">") {
					t.Errorf("card %d: the board pings %s, who decides in their panel", card, tb.Seats[seat].Name)
				}
				continue
			}
			if !strings.Contains(board.Content, "<@"+u+">") || !strings.Contains(string(board.AllowedMentions), u) {
				t.Fatalf("card %d: the board does not ping %s: %q %s", card, tb.Seats[seat].Name, board.Content, board.AllowedMentions)
			}
		}
	}
	// Everyone clicks within a token's life again: the reveal is shown in place.
	before := len(h.fake.ChannelMessages(testChannel))
	play()
	if got := len(h.fake.ChannelMessages(testChannel)); got != before {
		t.Fatalf("with fresh tokens %d boards were posted, want the board edited", got-before)
	}
}

// oneStepLate plays a step in which every human who must act but late confirms at once, then
// the clock moves on by wait, then late confirms.
func (h *harness) oneStepLate(in *instance, onScreen map[string]string, late string, wait time.Duration) {
	h.t.Helper()
	tb, st := h.current()
	board := h.lastBoard()
	confirm := func(seat games.Seat) {
		u := people[tb.Seats[seat].User]
		panel, ok := h.fake.Message(onScreen[u.ID])
		panel, _, err := h.panelInView(in, u, tb, seat, board, panel, ok)
		if err != nil {
			h.t.Fatal(err)
		}
		onScreen[u.ID] = panel.ID
		if _, err := h.confirm(in, u, panel); err != nil {
			h.t.Fatal(err)
		}
	}
	var lateSeat games.Seat = -1
	for _, seat := range st.ToAct() {
		if tb.Seats[seat].User == late {
			lateSeat = seat
			continue
		}
		confirm(seat)
	}
	h.clock.Add(wait)
	confirm(lateSeat)
}
