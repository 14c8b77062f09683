package table

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/internal/testlog"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

// strongService is a "process" whose takeover AI is strong, logging into logs.
func strongService(t testing.TB, st store.Store, clk *clock, logs *testlog.Buffer, steps StepDown) *Service {
	t.Helper()
	s, err := New(st, testGames(), Options{Seed: 7, Now: clk.Now, Takeover: search.Strong, StepDown: steps,
		Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStepDownRule(t *testing.T) {
	sd := StepDown{}.withDefaults()
	for _, c := range []struct {
		takeover search.Level
		late     time.Duration
		want     search.Level
	}{
		{search.Strong, 0, search.Strong},
		{search.Strong, 999 * time.Millisecond, search.Strong},
		{search.Strong, 1 * time.Second, search.Normal},
		{search.Strong, 2999 * time.Millisecond, search.Normal},
		{search.Strong, 3 * time.Second, search.Easy},
		{search.Strong, time.Hour, search.Easy},
		{search.Normal, 2 * time.Second, search.Normal},
		{search.Normal, 4 * time.Second, search.Easy},
		{search.Easy, 0, search.Easy},
	} {
		if got := sd.Level(c.takeover, c.late); got != c.want {
			t.Errorf("%v late %v: %v, want %v", c.takeover, c.late, got, c.want)
		}
	}
	off := StepDown{Normal: -1, Easy: -1}.withDefaults()
	if got := off.Level(search.Strong, time.Hour); got != search.Strong {
		t.Errorf("step-down off, an hour late: %v", got)
	}
	if got := (StepDown{Normal: time.Second, Easy: -1}).Level(search.Strong, time.Hour); got != search.Normal {
		t.Errorf("no easy step, an hour late: %v", got)
	}
}

// TestDeadlineStepsDownWhenLate works three deadlines in turn, on a fake clock: one on time
// (strong), one 6 s late (normal), one 11 s late (easy: the game's hint); each level is
// recorded in the Deadline and the step downs are logged with their lateness.
func TestDeadlineStepsDownWhenLate(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	logs := &testlog.Buffer{}
	s := strongService(t, storetest.OpenBolt(t), clk, logs, StepDown{})
	pace := Pace{Per: time.Hour}
	out := startedPace(t, s, "ingenious", pace, ben)
	tab := out.Table
	for _, c := range []struct {
		late time.Duration
		want search.Level
	}{{0, search.Strong}, {2 * time.Second, search.Normal}, {4 * time.Second, search.Easy}} {
		seat := -1
		for i, d := range tab.Due {
			if !d.IsZero() {
				seat = i
			}
		}
		if seat < 0 {
			t.Fatal("no seat has a deadline")
		}
		clk.Add(tab.Due[seat].Sub(clk.Now()) + c.late)
		tasks := due(t, s, clk, TaskDeadline)
		if len(tasks) != 1 || int(tasks[0].Seat) != seat {
			t.Fatalf("late %v: deadlines %+v, want seat %d's", c.late, tasks, seat)
		}
		st, err := s.State(tab)
		if err != nil {
			t.Fatal(err)
		}
		hint, _ := json.Marshal(st.Hint(tasks[0].Seat))
		d, err := s.Deadline(ctx, channel, tasks[0].Rev, tasks[0].Seat)
		if err != nil || !d.Fired || len(d.Outcome.Steps) == 0 {
			t.Fatalf("late %v: %+v %v", c.late, d, err)
		}
		if d.Level != c.want || d.Late != c.late {
			t.Errorf("late %v: played at %v, recorded late %v; want %v", c.late, d.Level, d.Late, c.want)
		}
		if c.want == search.Easy {
			if got, _ := json.Marshal(d.Outcome.Steps[0].Action); !bytes.Equal(got, hint) {
				t.Errorf("easy move %s, want the hint %s", got, hint)
			}
		}
		if err := s.Done(ctx, tasks[0]); err != nil {
			t.Fatal(err)
		}
		tab = d.Outcome.Table
	}
	log := logs.String()
	for _, want := range []string{
		`msg="a deadline worked late: the takeover AI steps down"`, "late=2s level=normal takeover=strong",
		"late=4s level=easy takeover=strong",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	if n := strings.Count(log, "steps down"); n != 2 {
		t.Errorf("%d step downs logged, want 2 (not the one on time):\n%s", n, log)
	}
}

// TestDeadlineWaitsForADueSlot: a deadline's search waits for a due-work search slot, never
// taking an interaction's (the 💡 Suggest slots stay free), and its lateness counts the wait:
// a deadline on time whose slot frees 12 s later is played at easy.
func TestDeadlineWaitsForADueSlot(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	logs := &testlog.Buffer{}
	s := strongService(t, storetest.OpenBolt(t), clk, logs, StepDown{})
	out := startedPace(t, s, "ingenious", Pace{Per: time.Hour}, ben)
	seat := out.State.ToAct()[0]
	clk.Add(time.Hour)
	task := oneDue(t, s, clk, TaskDeadline)
	var held []func()
	for range cap(s.ai.due) {
		free, err := s.ai.dueSlot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, free)
	}
	// Every due slot busy: a deadline cut short by its time limit is retriable, and an
	// interaction still gets its slot.
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	_, err := s.Deadline(short, channel, task.Rev, task.Seat)
	cancel()
	if err == nil || !Retriable(err) {
		t.Fatalf("a deadline with no free slot: %v, want a retriable error", err)
	}
	if free, ok := s.ai.slot(ctx); !ok {
		t.Fatal("an interaction found no search slot while due work held all of its own")
	} else {
		free()
	}
	done := make(chan Deadline)
	go func() {
		d, err := s.Deadline(ctx, channel, task.Rev, task.Seat)
		if err != nil {
			t.Error(err)
		}
		done <- d
	}()
	time.Sleep(50 * time.Millisecond)
	clk.Add(12 * time.Second)
	for _, free := range held {
		free()
	}
	d := <-done
	if !d.Fired || d.Seat != seat || d.Level != search.Easy || d.Late != 12*time.Second {
		t.Fatalf("after the wait: fired %v seat %v level %v late %v; want easy, 12s late", d.Fired, d.Seat, d.Level, d.Late)
	}
}
