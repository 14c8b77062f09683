package table

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/games/gamestest"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
)

// clock is a settable time for tests.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// testGames are the games the referee's tests play.
func testGames() []games.Game { return []games.Game{ingenious.Game{}, fits.Game{}} }

// newService is one "process": a Service on st with deterministic chance and the clock.
func newService(t testing.TB, st store.Store, clk *clock) *Service {
	t.Helper()
	s, err := New(st, testGames(), Options{Seed: 7, Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

const (
	guild   = "g1"
	channel = "c1"
	ada     = "u-ada"
	ben     = "u-ben"
	cid     = "u-cid"
)

// who is a click by user in the test channel, drawn for game at rev.
func who(user string, game string, rev Revision) Click {
	return Click{Guild: guild, Channel: channel, User: user, Name: "Name of " + user, Game: game, Rev: rev}
}

// wantKind fails unless err is a *games.Refusal of kind.
func wantKind(t *testing.T, what string, err error, kind error) {
	t.Helper()
	var r *games.Refusal
	if !errors.As(err, &r) || !errors.Is(err, kind) {
		t.Fatalf("%s: got %v, want a refusal of kind %v", what, err, kind)
	}
	if r.Reason.EN == "" || r.Reason.CS == "" {
		t.Fatalf("%s: refusal without both languages: %+v", what, r.Reason)
	}
}

// started opens a lobby of game with Ada hosting, seats the others (user IDs, or "AI"), and
// starts it.
func started(t *testing.T, s *Service, game string, options string, others ...string) Outcome {
	t.Helper()
	ctx := context.Background()
	lobby, err := s.Open(ctx, who(ada, "", 0), game, []byte(options), Pace{}, "en-US")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range others {
		if o == "AI" {
			lobby, err = s.AddAI(ctx, who(ada, game, lobby.Rev()), search.Easy)
		} else {
			lobby, err = s.Join(ctx, who(o, game, lobby.Rev()))
		}
		if err != nil {
			t.Fatalf("seat %s: %v", o, err)
		}
	}
	out, err := s.Start(ctx, who(ada, game, lobby.Rev()))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// draftFor walks the panels of seat at st to a random commit draft.
func draftFor(t testing.TB, st games.State, seat games.Seat, r *rand.Rand) string {
	t.Helper()
	d, err := gamestest.RandomDraft(st.(games.Composer), seat, r)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// newRand is a fixed random source for a test.
func newRand() *rand.Rand { return rand.New(rand.NewPCG(21, 21)) }

// errorsIs is errors.Is.
func errorsIs(err, target error) bool { return errors.Is(err, target) }
