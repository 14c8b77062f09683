package table

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

func TestLobby(t *testing.T) {
	ctx := context.Background()
	s := newService(t, storetest.OpenBolt(t), newClock())
	lobby, err := s.Open(ctx, who(ada, "", 0), "ingenious", []byte(`{"teams":true}`), Pace{}, "cs")
	if err != nil {
		t.Fatal(err)
	}
	if lobby.Status != StatusLobby || lobby.Creator != ada || len(lobby.Seats) != 1 || lobby.Lang() != games.Czech {
		t.Fatalf("lobby %+v", lobby)
	}
	_, err = s.Open(ctx, who(ben, "", 0), "fits", nil, Pace{}, "en")
	wantKind(t, "second Open", err, ErrBusy)
	_, err = s.Join(ctx, who(ada, "ingenious", lobby.Rev()))
	wantKind(t, "Ada joins twice", err, ErrLobby)
	_, err = s.Join(ctx, who(ben, "fits", lobby.Rev()))
	wantKind(t, "a button of another game", err, ErrLobby)
	_, err = s.Join(ctx, who(ben, "ingenious", lobby.Opened-1))
	wantKind(t, "a button of an earlier table", err, ErrLobby)
	lobby, err = s.Join(ctx, who(ben, "ingenious", lobby.Rev()))
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.AddAI(ctx, who(ben, "ingenious", lobby.Rev()), search.Easy)
	wantKind(t, "Ben adds an AI", err, ErrNotAllowed)
	_, err = s.Start(ctx, who(ben, "ingenious", lobby.Rev()))
	wantKind(t, "Ben starts", err, ErrNotAllowed)
	// Teams need four: the options are refused at the start for the two seated.
	_, err = s.Start(ctx, who(ada, "ingenious", lobby.Rev()))
	wantKind(t, "teams with two", err, ErrBadOptions)
	// The host leaves: Ben hosts.
	lobby, err = s.Leave(ctx, who(ada, "ingenious", lobby.Rev()))
	if err != nil || lobby.Creator != ben || len(lobby.Seats) != 1 {
		t.Fatalf("after Ada left: %+v %v", lobby, err)
	}
	_, err = s.Cancel(ctx, who(cid, "ingenious", lobby.Rev()))
	wantKind(t, "Cid cancels", err, ErrNotAllowed)
	manager := who(cid, "ingenious", lobby.Rev())
	manager.Manager = true
	if lobby, err = s.Cancel(ctx, manager); err != nil || lobby.Status != StatusOver {
		t.Fatalf("a manager cancels: %+v %v", lobby, err)
	}
	if _, err := s.Open(ctx, who(cid, "", 0), "fits", nil, Pace{}, "en"); err != nil {
		t.Fatalf("a new table after the cancel: %v", err)
	}
}

func TestOpenChecksOptions(t *testing.T) {
	ctx := context.Background()
	s := newService(t, storetest.OpenBolt(t), newClock())
	for _, bad := range []string{`{"board":[1]}`, `{"boards":"1,2"}`, `{"boards":[1,1]}`, `[1]`} {
		_, err := s.Open(ctx, who(ada, "", 0), "fits", []byte(bad), Pace{}, "en")
		wantKind(t, bad, err, ErrBadOptions)
	}
	if _, err := s.Load(ctx, channel); !errors.Is(err, ErrNoTable) {
		t.Fatalf("a refused Open left a table: %v", err)
	}
	_, err := s.Open(ctx, who(ada, "", 0), "chess", nil, Pace{}, "en")
	wantKind(t, "unknown game", err, ErrBadOptions)
}

func TestCommit(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := newService(t, storetest.OpenBolt(t), clk)
	out := started(t, s, "ingenious", "", ben)
	if !out.Announce || out.Table.Owed == nil || out.Table.Owed.Through != len(out.Table.Record.Moves) {
		t.Fatalf("the first board is not owed: %+v", out.Table.Owed)
	}
	r := rand.New(rand.NewPCG(1, 2))
	seat := out.State.ToAct()[0]
	mover, other := ada, ben
	if seat == 1 {
		mover, other = ben, ada
	}
	drawn := out.Table.Rev()
	draft := draftFor(t, out.State, seat, r)

	_, err := s.Commit(ctx, who(cid, "ingenious", drawn), draft)
	wantKind(t, "a stranger commits", err, ErrNotSeated)
	_, err = s.Commit(ctx, who(mover, "fits", drawn), draft)
	wantKind(t, "a button of another game", err, ErrStale)
	_, err = s.Commit(ctx, who(other, "ingenious", drawn), draft)
	if !errors.Is(err, games.ErrNotYourTurn) && !errors.Is(err, games.ErrIllegal) {
		t.Fatalf("the other player commits: %v", err)
	}
	before := len(out.Table.Record.Moves)
	got, err := s.Commit(ctx, who(mover, "ingenious", drawn), draft)
	if err != nil {
		t.Fatal(err)
	}
	if got.Seat != seat || len(got.Steps) == 0 || got.Steps[0].Seat != seat || got.Table.Rev() != drawn+1 {
		t.Fatalf("outcome %+v", got)
	}
	if n := len(got.Table.Record.Moves); n <= before {
		t.Fatalf("record has %d moves, had %d", n, before)
	}
	// The same click again: the move was already made, and nothing changes.
	_, err = s.Commit(ctx, who(mover, "ingenious", drawn), draft)
	wantKind(t, "the same click again", err, ErrAlreadyMoved)
	again, err := s.Load(ctx, channel)
	if err != nil || again.Rev() != got.Table.Rev() {
		t.Fatalf("a refused commit wrote: %v", err)
	}
	// A broken draft is the game's refusal.
	next := got.State.ToAct()[0]
	nextUser := ada
	if next == 1 {
		nextUser = ben
	}
	_, err = s.Commit(ctx, who(nextUser, "ingenious", got.Table.Rev()), "ZZ:A1-A2")
	if !errors.Is(err, games.ErrIllegal) {
		t.Fatalf("a broken draft: %v", err)
	}
}

func TestAnnouncements(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	st := storetest.OpenBolt(t)
	s := newService(t, st, clk)
	out := started(t, s, "ingenious", "", ben)
	// Nobody may claim the first board while its poster's lease runs.
	if got, err := s.ClaimAnnouncement(ctx, channel); err != nil || got != nil {
		t.Fatalf("claimed a leased board: %+v %v", got, err)
	}
	// The poster failed: after the lease, the board is claimed once, with every step since the
	// last board posted (none yet: all of them).
	clk.Add(time.Minute)
	cur, _ := s.Load(ctx, channel)
	if !cur.OwesBoard(clk.Now()) {
		t.Fatal("the table does not owe its board")
	}
	got, err := s.ClaimAnnouncement(ctx, channel)
	if err != nil || got == nil {
		t.Fatalf("claim: %+v %v", got, err)
	}
	if len(got.Steps) != len(out.Steps) || got.Table.Owed.Attempts != 1 {
		t.Fatalf("claimed %d steps (want %d), attempt %d", len(got.Steps), len(out.Steps), got.Table.Owed.Attempts)
	}
	if again, _ := s.ClaimAnnouncement(ctx, channel); again != nil {
		t.Fatal("claimed twice")
	}
	// The due-queue hands the check to the scheduler once the new lease has run out.
	clk.Add(time.Minute)
	tasks, err := s.Due(ctx, clk.Now(), 10)
	if err != nil || len(tasks) != 1 || tasks[0].Kind != TaskAnnounce || tasks[0].Channel != channel {
		t.Fatalf("due: %+v %v", tasks, err)
	}
	if err := s.Announced(ctx, channel, got.Table.ID, got.Table.Owed.Through, &PostedBoard{ID: "m1", At: clk.Now()}); err != nil {
		t.Fatal(err)
	}
	cur, _ = s.Load(ctx, channel)
	if cur.Owed != nil || cur.Announced != len(cur.Record.Moves) || cur.Board == nil || cur.Board.ID != "m1" {
		t.Fatalf("after Announced: owed %+v, announced %d of %d, board %+v", cur.Owed, cur.Announced, len(cur.Record.Moves), cur.Board)
	}
	if got, _ := s.ClaimAnnouncement(ctx, channel); got != nil {
		t.Fatal("claimed a board already posted")
	}
	// Two moves whose boards both fail: the next claim covers both.
	r := rand.New(rand.NewPCG(5, 6))
	from := cur.Announced
	for range 2 {
		cur, _ = s.Load(ctx, channel)
		st, _ := s.State(cur)
		seat := st.ToAct()[0]
		user := []string{ada, ben}[seat]
		if _, err := s.Commit(ctx, who(user, "ingenious", cur.Rev()), draftFor(t, st, seat, r)); err != nil {
			t.Fatal(err)
		}
	}
	clk.Add(time.Minute)
	got, err = s.ClaimAnnouncement(ctx, channel)
	if err != nil || got == nil {
		t.Fatalf("claim: %v", err)
	}
	if want := got.Table.Owed.Through - from; len(got.Steps) != want || want < 2 {
		t.Fatalf("claimed %d steps, want the %d since the last board", len(got.Steps), want)
	}
}

func TestGameEndsArchivedOnce(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	st := storetest.OpenBolt(t)
	s := newService(t, st, clk)
	out := started(t, s, "fits", `{"boards":[1]}`)
	r := rand.New(rand.NewPCG(8, 9))
	for !games.Over(out.State) {
		seat := out.State.ToAct()[0]
		var err error
		out, err = s.Commit(ctx, who(ada, "fits", out.Table.Rev()), draftFor(t, out.State, seat, r))
		if err != nil {
			t.Fatal(err)
		}
	}
	if out.Table.Status != StatusOver || !out.Table.Archived {
		t.Fatalf("finished table: status %s archived %v", out.Table.Status, out.Table.Archived)
	}
	// A solo game is archived, not rated: it is no win and no game played on the leaderboard,
	// and its score is a solo record.
	if board, err := s.Leaderboard(ctx, guild, "fits", 0, 5); err != nil || board.Total != 0 {
		t.Fatalf("a solo game on the leaderboard: %+v %v", board, err)
	}
	score := out.State.Result().Seats[0].Score
	if recs, err := s.SoloRecords(ctx, guild, "fits", 5); err != nil || len(recs) != 1 || recs[0].Score != score ||
		recs[0].UserID != ada || recs[0].GameID != out.Table.ID {
		t.Fatalf("solo records %+v %v; want Ada's %d", recs, err, score)
	}
	// A rematch by a player; a second click points to the open lobby.
	lobby, err := s.Rematch(ctx, who(ada, "fits", out.Table.Rev()))
	if err != nil || lobby.Status != StatusLobby || len(lobby.Seats) != 1 || string(lobby.Options) != string(out.Table.Options) {
		t.Fatalf("rematch %+v %v", lobby, err)
	}
	_, err = s.Rematch(ctx, who(ada, "fits", out.Table.Rev()))
	wantKind(t, "second rematch", err, ErrBusy)
	h, _ := s.History(ctx, guild, 5)
	if len(h) != 1 {
		t.Fatalf("history has %d games", len(h))
	}
	// The archive keeps the solo game and its score.
	a, err := s.ArchivedGame(ctx, guild, h[0].GameID)
	if err != nil {
		t.Fatal(err)
	}
	if rec, err := games.DecodeRecord(a.Record); err != nil || len(rec.Moves) != len(out.Table.Record.Moves) ||
		a.Solo == nil || a.Solo.Score != score {
		t.Fatalf("archived solo record: %v", err)
	}
}

// TestLeaderboardRanksGamesAgainstOthers: the leaderboard rates every game with two or more
// seats — against a person or an AI seat — for each human seat, counting the winners' wins
// and every score; a solo game in between changes nothing on it, also when its archiving is
// repaired. It is ordered by ordinal.
func TestLeaderboardRanksGamesAgainstOthers(t *testing.T) {
	ctx := context.Background()
	flaky := &flakyFinish{Store: storetest.OpenBolt(t)}
	s := newService(t, flaky, newClock())
	r := rand.New(rand.NewPCG(12, 13))
	play := func(others ...string) games.State {
		t.Helper()
		out := started(t, s, "fits", `{"boards":[1]}`, others...)
		for !games.Over(out.State) {
			seat := out.State.ToAct()[0]
			var err error
			out, err = s.Commit(ctx, who(out.Table.Seats[seat].User, "fits", out.Table.Rev()), draftFor(t, out.State, seat, r))
			if err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := s.Current(ctx, channel); err != nil { // repairs a failed archive
			t.Fatal(err)
		}
		// The end shows each rated person's change (none for a solo game).
		want := len(others) + 1 - countAI(others) // the people at the table
		if len(others) == 0 || flaky.broken {
			want = 0 // a solo game is not rated; a failed archive shows nothing
		}
		if len(out.Ratings) != want {
			t.Errorf("game with %v: %d rating changes, want %d: %+v", others, len(out.Ratings), want, out.Ratings)
		}
		for _, c := range out.Ratings {
			if c.Name == "" || c.Before == c.After || ChangeLine(c).CS == "" {
				t.Errorf("rating change %+v", c)
			}
		}
		return out.State
	}
	type line struct{ wins, played, best int }
	want := map[string]line{}
	count := func(st games.State, users ...string) {
		res := st.Result()
		for i, u := range users {
			l := want[u]
			l.played++
			if res.PlaceOf(games.Seat(i)) == 1 {
				l.wins++
			}
			l.best = max(l.best, res.Seats[i].Score)
			if l.played == 1 {
				l.best = res.Seats[i].Score
			}
			want[u] = l
		}
	}
	count(play(ben), ada, ben)
	count(play("AI"), ada)
	flaky.broken = true // the solo game's archive is repaired by the next operation
	play()
	flaky.broken = false
	if _, _, err := s.Current(ctx, channel); err != nil {
		t.Fatal(err)
	}
	board, err := s.Leaderboard(ctx, guild, "fits", 0, 5)
	if err != nil || len(board.Standings) != len(want) || board.Total != len(want) {
		t.Fatalf("leaderboard %+v %v, want %+v", board, err, want)
	}
	for i, b := range board.Standings {
		if got := (line{b.Wins, b.Games, b.Best}); got != want[b.UserID] {
			t.Errorf("%s: wins, played, best %+v, want %+v", b.UserID, got, want[b.UserID])
		}
		if i > 0 && b.Ordinal() > board.Standings[i-1].Ordinal() {
			t.Errorf("%s is placed after a lower rating", b.UserID)
		}
	}
	if h, _ := s.History(ctx, guild, 5); len(h) != 3 {
		t.Fatalf("history has %d games, want all 3", len(h))
	}
}

// countAI counts the AI seats among others.
func countAI(others []string) int {
	n := 0
	for _, o := range others {
		if o == "AI" {
			n++
		}
	}
	return n
}

// flakyFinish is a store whose Finish fails while broken is set.
type flakyFinish struct {
	store.Store
	broken bool
}

func (f *flakyFinish) Finish(ctx context.Context, fin store.Final) (bool, error) {
	if f.broken {
		return false, errors.New("disk full")
	}
	return f.Store.Finish(ctx, fin)
}

func TestArchiveRepaired(t *testing.T) {
	ctx := context.Background()
	flaky := &flakyFinish{Store: storetest.OpenBolt(t), broken: true}
	s := newService(t, flaky, newClock())
	out := started(t, s, "fits", `{"boards":[1]}`)
	r := rand.New(rand.NewPCG(10, 11))
	for !games.Over(out.State) {
		var err error
		out, err = s.Commit(ctx, who(ada, "fits", out.Table.Rev()), draftFor(t, out.State, out.State.ToAct()[0], r))
		if err != nil {
			t.Fatalf("a failed archive must not fail the move: %v", err)
		}
	}
	if out.Table.Archived {
		t.Fatal("archived although Finish failed")
	}
	flaky.broken = false
	tb, _, err := s.Current(ctx, channel)
	if err != nil || !tb.Archived {
		t.Fatalf("Current did not repair the archive: %v", err)
	}
	if h, _ := s.History(ctx, guild, 5); len(h) != 1 {
		t.Fatalf("history has %d games", len(h))
	}
}

func TestAbandon(t *testing.T) {
	ctx := context.Background()
	s := newService(t, storetest.OpenBolt(t), newClock())
	out := started(t, s, "ingenious", "", ben)
	_, err := s.CheckAbandon(ctx, who(ben, "", 0))
	wantKind(t, "Ben abandons", err, ErrNotAllowed)
	_, err = s.Abandon(ctx, who(ada, "", 0), "another-table")
	wantKind(t, "a confirmation of another table", err, ErrOver)
	tb, err := s.Abandon(ctx, who(ada, "", 0), out.Table.ID)
	if err != nil || tb.Status != StatusOver || tb.Owed != nil {
		t.Fatalf("abandon: %+v %v", tb, err)
	}
	_, err = s.Seated(ctx, who(ada, "", 0))
	wantKind(t, "a panel after the abandon", err, ErrOver)
	if h, _ := s.History(ctx, guild, 5); len(h) != 0 {
		t.Fatal("an abandoned game was archived")
	}
	if _, err := s.Open(ctx, who(ben, "", 0), "fits", nil, Pace{}, "en"); err != nil {
		t.Fatal(err)
	}
}

func TestAISeatsMove(t *testing.T) {
	s := newService(t, storetest.OpenBolt(t), newClock())
	out := started(t, s, "ingenious", "", "AI", "AI")
	if got := out.State.ToAct(); len(got) != 1 || got[0] != 0 {
		// Seat 0 starts: the AIs wait. After Ada's move, both AIs move before her next turn.
		t.Fatalf("to act %v", got)
	}
	r := rand.New(rand.NewPCG(1, 1))
	next, err := s.Commit(context.Background(), who(ada, "ingenious", out.Table.Rev()), draftFor(t, out.State, 0, r))
	if err != nil {
		t.Fatal(err)
	}
	auto := 0
	for _, st := range next.Steps[1:] {
		if st.Auto {
			auto++
		}
	}
	if auto < 2 || !games.IsToAct(next.State, 0) && !games.Over(next.State) {
		t.Fatalf("%d AI moves; to act %v", auto, next.State.ToAct())
	}
}

func TestImport(t *testing.T) {
	ctx := context.Background()
	s := newService(t, storetest.OpenBolt(t), newClock())
	rec, _ := games.Start(testGames()[0], []string{"Ada", "Ben"}, nil)
	if _, err := games.Advance(rec, rand.New(rand.NewPCG(1, 2)), nil); err != nil {
		t.Fatal(err)
	}
	seats := []SeatInfo{{User: ada, Name: "Ada"}, {User: ben, Name: "Ben"}}
	_, err := s.Import(ctx, who(ada, "", 0), seats[:1], rec.Record)
	wantKind(t, "wrong seats", err, ErrBadOptions)
	tb, err := s.Import(ctx, who(ada, "", 0), seats, rec.Record)
	if err != nil || tb.Status != StatusPlaying || tb.Announced != len(rec.Record.Moves) {
		t.Fatalf("import %+v %v", tb, err)
	}
	p, err := s.Seated(ctx, who(ada, "ingenious", tb.Rev()))
	if err != nil || p.Seat != 0 || p.Table.Stale(0, tb.Rev()) {
		t.Fatalf("seated %+v %v", p, err)
	}
}

func TestUndo(t *testing.T) {
	ctx := context.Background()
	s := newService(t, storetest.OpenBolt(t), newClock())
	r := rand.New(rand.NewPCG(3, 3))

	// FITS for two: Ada's hidden choice may be changed until Ben has chosen too.
	out := started(t, s, "fits", `{"boards":[1]}`, ben)
	_, err := s.Undo(ctx, who(ada, "fits", out.Table.Rev()))
	wantKind(t, "undo before any move", err, ErrAlreadyMoved)
	first, err := s.Commit(ctx, who(ada, "fits", out.Table.Rev()), draftFor(t, out.State, 0, r))
	if err != nil {
		t.Fatal(err)
	}
	if !s.CanUndo(first.Table, 0) || s.CanUndo(first.Table, 1) {
		t.Fatal("Ada should be able to take back her hidden choice, Ben nothing")
	}
	back, err := s.Undo(ctx, who(ada, "fits", first.Table.Rev()))
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Table.Record.Moves) != len(out.Table.Record.Moves) || !games.IsToAct(back.State, 0) {
		t.Fatalf("after the undo: %d moves (want %d), to act %v", len(back.Table.Record.Moves), len(out.Table.Record.Moves), back.State.ToAct())
	}
	if !back.Table.Stale(0, first.Table.Rev()) || back.Table.Stale(1, out.Table.Rev()) {
		t.Fatal("the undo must make Ada's old panels stale and leave Ben's")
	}
	// Ada chooses again, then Ben chooses: Ada may still change while Ben's choice stays.
	again, err := s.Commit(ctx, who(ada, "fits", back.Table.Rev()), draftFor(t, back.State, 0, r))
	if err != nil {
		t.Fatal(err)
	}
	if !s.CanUndo(again.Table, 0) {
		t.Fatal("Ada cannot change her choice")
	}
	last, err := s.Commit(ctx, who(ben, "fits", again.Table.Rev()), draftFor(t, again.State, 1, r))
	if err != nil {
		t.Fatal(err)
	}
	// The step is complete: chance turned the next card; nobody may take anything back.
	if s.CanUndo(last.Table, 0) || s.CanUndo(last.Table, 1) {
		t.Fatal("an undo after the reveal")
	}
	_, err = s.Undo(ctx, who(ada, "fits", last.Table.Rev()))
	wantKind(t, "undo after the reveal", err, ErrAlreadyMoved)
	if _, err := s.Undo(ctx, who(cid, "fits", last.Table.Rev())); !errors.Is(err, ErrNotSeated) {
		t.Fatalf("a stranger's undo: %v", err)
	}
}

func TestUndoTurnBased(t *testing.T) {
	ctx := context.Background()
	s := newService(t, storetest.OpenBolt(t), newClock())
	out := started(t, s, "ingenious", "", ben)
	r := rand.New(rand.NewPCG(4, 4))
	seat := out.State.ToAct()[0]
	user := []string{ada, ben}[seat]
	moved, err := s.Commit(ctx, who(user, "ingenious", out.Table.Rev()), draftFor(t, out.State, seat, r))
	if err != nil {
		t.Fatal(err)
	}
	// After a placement chance refills the rack (or the player decides on a swap); a refill is a
	// reveal, so only a placement followed by the player's own decision may be taken back.
	want := games.IsToAct(moved.State, seat)
	if got := s.CanUndo(moved.Table, seat); got != want {
		t.Fatalf("CanUndo = %v, want %v (to act %v)", got, want, moved.State.ToAct())
	}
	if !want {
		_, err := s.Undo(ctx, who(user, "ingenious", moved.Table.Rev()))
		wantKind(t, "undo after the refill", err, ErrAlreadyMoved)
	}
}

func TestRoundEndShowsTheFinishedBoard(t *testing.T) {
	ctx := context.Background()
	s := newService(t, storetest.OpenBolt(t), newClock())
	out := started(t, s, "fits", `{"boards":[1,2]}`)
	r := rand.New(rand.NewPCG(12, 12))
	boards := 0
	for !games.Over(out.State) {
		var err error
		out, err = s.Commit(ctx, who(ada, "fits", out.Table.Rev()), draftFor(t, out.State, 0, r))
		if err != nil {
			t.Fatal(err)
		}
		if !out.Announce {
			if out.Shown != nil {
				t.Fatal("a picture to show without a board message")
			}
			continue
		}
		boards++
		if games.Over(out.State) {
			break
		}
		// Solo: the only board before the end is the first round's scoring, whose picture is the
		// finished board 1, not the next round's empty board 2.
		if out.Shown == nil || out.Shown.(interface{ Board() int }).Board() != 1 || out.State.(interface{ Board() int }).Board() != 2 {
			t.Fatalf("round end: shown %v, state on board %d", out.Shown, out.State.(interface{ Board() int }).Board())
		}
	}
	if boards != 2 {
		t.Fatalf("%d board messages in a solo game of two rounds, want 2 (the first round scored, the end)", boards)
	}
}
