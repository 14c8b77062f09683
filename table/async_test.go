package table

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

// startedPace is started with a pace.
func startedPace(t *testing.T, s *Service, game string, pace Pace, others ...string) Outcome {
	t.Helper()
	ctx := context.Background()
	lobby, err := s.Open(ctx, who(ada, "", 0), game, nil, pace, "en")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range others {
		if lobby, err = s.Join(ctx, who(o, game, lobby.Rev())); err != nil {
			t.Fatal(err)
		}
	}
	out, err := s.Start(ctx, who(ada, game, lobby.Rev()))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// due claims the tasks due now, of the given kind; it hands the others back.
func due(t *testing.T, s *Service, clk *clock, kind string) []Task {
	t.Helper()
	tasks, err := s.Due(context.Background(), clk.Now(), 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []Task
	for _, task := range tasks {
		if task.Kind == kind {
			out = append(out, task)
		} else if err := s.Release(context.Background(), task, clk.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// oneDue is the one task of kind due at clk's time (see due); it fails the test unless there is
// exactly one.
func oneDue(t *testing.T, s *Service, clk *clock, kind string) Task {
	t.Helper()
	tasks := due(t, s, clk, kind)
	if len(tasks) != 1 {
		t.Fatalf("%s tasks due at %v: %+v, want one", kind, clk.Now(), tasks)
	}
	return tasks[0]
}

func TestReminderThenDeadlineAI(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	st := storetest.OpenBolt(t)
	s := newService(t, st, clk)
	out := startedPace(t, s, "ingenious", Pace{Per: 24 * time.Hour}, ben)
	seat := out.State.ToAct()[0]
	if got := out.Table.Due[seat]; !got.Equal(clk.Now().Add(24 * time.Hour)) {
		t.Fatalf("deadline %v", got)
	}
	if other := 1 - seat; !out.Table.Due[other].IsZero() {
		t.Fatal("a seat that need not act has a deadline")
	}
	clk.Add(11 * time.Hour)
	if got := due(t, s, clk, TaskRemind); len(got) != 0 {
		t.Fatalf("a reminder before half the time: %+v", got)
	}
	clk.Add(time.Hour)
	reminders := due(t, s, clk, TaskRemind)
	if len(reminders) != 1 || reminders[0].Seat != seat || reminders[0].Rev != out.Table.Rev() {
		t.Fatalf("reminders at 12 h: %+v", reminders)
	}
	r, err := s.Remind(ctx, channel, reminders[0].Rev, reminders[0].Seat)
	if err != nil || r == nil || len(r.Seats) != 1 || r.Seats[0] != seat {
		t.Fatalf("remind: %+v %v", r, err)
	}
	// Until the reminder is recorded as posted, it is prepared again the same (a process that
	// died before recording it); once recorded, never again.
	if again, _ := s.Remind(ctx, channel, reminders[0].Rev, reminders[0].Seat); again == nil || again.Key() != r.Key() {
		t.Fatalf("the unrecorded reminder prepared again: %+v, want %+v", again, r)
	}
	if err := s.Reminded(ctx, r); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Remind(ctx, channel, reminders[0].Rev, reminders[0].Seat); again != nil {
		t.Fatal("reminded twice")
	}
	// A restart between the reminder and the deadline: a new process finds the deadline.
	s = newService(t, st, clk)
	clk.Add(12 * time.Hour)
	deadline := oneDue(t, s, clk, TaskDeadline)
	d, err := s.Deadline(ctx, channel, deadline.Rev, deadline.Seat)
	if err != nil || !d.Fired || d.Waiting || len(d.Outcome.Steps) == 0 || !d.Outcome.Steps[0].Auto || d.Outcome.Steps[0].Seat != seat {
		t.Fatalf("deadline: %+v %v", d, err)
	}
	moves := d.Outcome.Table.Record.Moves
	var byAI int
	for _, m := range moves {
		if m.Seat == seat && m.By == games.ByAI {
			byAI++
		}
	}
	if byAI != 1 || d.Outcome.Table.Seats[seat].Away {
		t.Fatalf("%d moves by the AI for the seat; away %v (the player keeps the seat)", byAI, d.Outcome.Table.Seats[seat].Away)
	}
	if again, err := s.Deadline(ctx, channel, deadline.Rev, deadline.Seat); err != nil || again.Fired {
		t.Fatalf("the same deadline fired twice: %+v %v", again, err)
	}
	// The game goes on: the next seat to act has its own deadline, and replay agrees.
	next := d.Outcome.State.ToAct()[0]
	if d.Outcome.Table.Due[next].IsZero() {
		t.Fatal("the next decision has no deadline")
	}
	if _, err := s.State(d.Outcome.Table); err != nil {
		t.Fatal(err)
	}
}

func TestTwoProcessesFireEachTaskOnce(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	st := storetest.OpenRedis(t)
	procs := []*Service{newService(t, st, clk), newService(t, st, clk)}
	startedPace(t, procs[0], "ingenious", Pace{Per: time.Hour}, ben)
	var mu sync.Mutex
	fired := map[string]int{}
	var wg sync.WaitGroup
	work := func() {
		for _, p := range append(procs, procs...) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tasks, err := p.Due(ctx, clk.Now(), 100)
				defer func() {
					for _, task := range tasks {
						if err := p.Done(ctx, task); err != nil {
							t.Error(err)
						}
					}
				}()
				if err != nil {
					t.Error(err)
					return
				}
				for _, task := range tasks {
					switch task.Kind {
					case TaskRemind:
						if r, err := p.Remind(ctx, task.Channel, task.Rev, task.Seat); err == nil && r != nil {
							mu.Lock()
							fired["remind"]++
							mu.Unlock()
						}
					case TaskDeadline:
						if d, err := p.Deadline(ctx, task.Channel, task.Rev, task.Seat); err == nil && d.Fired {
							mu.Lock()
							fired["deadline"]++
							mu.Unlock()
						}
					}
				}
			}()
		}
		wg.Wait()
	}
	clk.Add(time.Hour / 2) // the reminder is due
	work()
	clk.Add(time.Hour / 2) // the deadline is due
	work()
	if fired["remind"] != 1 || fired["deadline"] != 1 {
		t.Fatalf("fired %v, want one reminder and one deadline", fired)
	}
}

func TestSimultaneousDeadlineLeavesTheChosen(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := newService(t, storetest.OpenBolt(t), clk)
	out := startedPace(t, s, "fits", Pace{Per: time.Hour}, ben)
	r := newRand()
	chose, err := s.Commit(ctx, who(ada, "fits", out.Table.Rev()), draftFor(t, out.State, 0, r))
	if err != nil {
		t.Fatal(err)
	}
	adaMove := chose.Table.Record.Moves[len(chose.Table.Record.Moves)-1]
	clk.Add(time.Hour)
	fired := 0
	for _, task := range due(t, s, clk, TaskDeadline) {
		d, err := s.Deadline(ctx, task.Channel, task.Rev, task.Seat)
		if err != nil {
			t.Fatal(err)
		}
		if d.Fired {
			fired++
			if task.Seat != 1 {
				t.Fatalf("the deadline of seat %d, which had chosen, fired", task.Seat)
			}
		}
	}
	if fired != 1 {
		t.Fatalf("%d deadlines fired, want Ben's", fired)
	}
	tb, _ := s.Load(ctx, channel)
	var ada, benAI bool
	for _, m := range tb.Record.Moves {
		if m.Seat == 0 && string(m.Action) == string(adaMove.Action) && m.By == "" {
			ada = true
		}
		if m.Seat == 1 && m.By == games.ByAI {
			benAI = true
		}
	}
	if !ada || !benAI {
		t.Fatalf("Ada's own choice kept %v, Ben's made by the AI %v", ada, benAI)
	}
}

func TestWaitModeVote(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := newService(t, storetest.OpenBolt(t), clk)
	out := startedPace(t, s, "ingenious", Pace{Per: time.Hour, Wait: true}, ben)
	late := out.State.ToAct()[0]
	lateUser, voter := []string{ada, ben}[late], []string{ada, ben}[1-late]
	_, err := s.Vote(ctx, who(voter, "", 0), late)
	wantKind(t, "a vote before the deadline", err, ErrStale)
	clk.Add(time.Hour)
	tasks := due(t, s, clk, TaskDeadline)
	d, err := s.Deadline(ctx, channel, tasks[0].Rev, tasks[0].Seat)
	if err != nil || !d.Fired || !d.Waiting || len(d.Outcome.Steps) != 0 {
		t.Fatalf("wait-mode deadline: %+v %v", d, err)
	}
	_, err = s.Vote(ctx, who(lateUser, "", 0), late)
	wantKind(t, "a vote about one's own seat", err, ErrNotAllowed)
	voted, err := s.Vote(ctx, who(voter, "", 0), late)
	if err != nil || !voted.Table.Seats[late].Away || len(voted.Steps) == 0 {
		t.Fatalf("the vote of the only other player: %+v %v", voted.Table.Seats[late], err)
	}
	if games.IsToAct(voted.State, late) {
		t.Fatal("the AI did not move for the seat handed to it")
	}
}

func TestAwayAndBack(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := newService(t, storetest.OpenBolt(t), clk)
	out := startedPace(t, s, "ingenious", Pace{Per: time.Hour}, ben)
	seat := out.State.ToAct()[0]
	user := []string{ada, ben}[seat]
	away, err := s.SetAway(ctx, who(user, "", 0), true)
	if err != nil || !away.Table.Seats[seat].Away || len(away.Steps) == 0 || !away.Announce {
		t.Fatalf("away: %+v %v", away.Table.Seats, err)
	}
	_, err = s.Kick(ctx, who(user, "", 0), user)
	wantKind(t, "kicking oneself", err, ErrNotAllowed)
	other := []string{ada, ben}[1-seat]
	if other != ada {
		_, err = s.Kick(ctx, who(other, "", 0), ada)
		wantKind(t, "Ben kicks the host", err, ErrNotAllowed)
	}
	back, err := s.SetAway(ctx, who(user, "", 0), false)
	if err != nil || back.Table.Seats[seat].Away {
		t.Fatalf("back: %v", err)
	}
	_, err = s.SetAway(ctx, who(user, "", 0), false)
	wantKind(t, "back twice", err, ErrNotAllowed)
	if _, err := s.SetAway(ctx, who(cid, "", 0), true); !errorsIs(err, ErrNotSeated) {
		t.Fatalf("a stranger goes away: %v", err)
	}
}

func TestMyGamesAndSettings(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	st := storetest.OpenBolt(t)
	s := newService(t, st, clk)
	for i, ch := range []string{"c1", "c2", "c3"} {
		adaAndBen(t, s, ch, Pace{Per: time.Duration(i+1) * time.Hour})
	}
	list, err := s.MyGames(ctx, guild, ben)
	if err != nil || len(list) != 3 {
		t.Fatalf("Ben's games: %d %v", len(list), err)
	}
	for i := 1; i < len(list); i++ {
		if list[i].ToAct && !list[i-1].ToAct {
			t.Fatal("games waiting for Ben are not listed first")
		}
	}
	if _, err := s.Abandon(ctx, Click{Guild: guild, Channel: "c2", User: ada}, list[0].Table.ID); err != nil && list[0].Table.Channel == "c2" {
		t.Fatal(err)
	}
	if other, _ := s.MyGames(ctx, "another-guild", ben); len(other) != 0 {
		t.Fatal("games of another server listed")
	}
	if set, err := s.SettingsOf(ctx, ben); err != nil || set.DM {
		t.Fatalf("default settings %+v %v", set, err)
	}
	if err := s.SetDM(ctx, ben, true, "cs"); err != nil {
		t.Fatal(err)
	}
	if set, _ := s.SettingsOf(ctx, ben); !set.DM || set.Lang(games.English) != games.Czech {
		t.Fatalf("DM not kept, or not in Czech: %+v", set)
	}
	var _ store.Store = st
}

// TestDeadlineCallsTheLatePlayerAgain checks that when the AI's move at a deadline leaves the
// absent player another decision (every card of a FITS solo game), the channel is owed a
// board that calls them, and that decision has a deadline of its own.
func TestDeadlineCallsTheLatePlayerAgain(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := newService(t, storetest.OpenBolt(t), clk)
	startedPace(t, s, "fits", Pace{Per: time.Hour})
	clk.Add(time.Hour)
	deadline := oneDue(t, s, clk, TaskDeadline)
	d, err := s.Deadline(ctx, channel, deadline.Rev, deadline.Seat)
	if err != nil || !d.Fired {
		t.Fatalf("deadline: %+v %v", d, err)
	}
	if !games.IsToAct(d.Outcome.State, 0) {
		t.Fatalf("Ada need not act after the AI's move: %v", d.Outcome.State.ToAct())
	}
	if !d.Outcome.Announce || d.Outcome.Table.Owed == nil {
		t.Error("the late player's next decision is not announced on the channel")
	}
	if due := d.Outcome.Table.Due[0]; !due.Equal(clk.Now().Add(time.Hour)) {
		t.Errorf("the next decision's deadline is %v, want an hour from now", due)
	}
}
