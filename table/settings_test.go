package table

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

// settingsService is a Service on st that offers paces (nil: any) and takes over at easy.
func settingsService(t *testing.T, st store.Store, paces ...time.Duration) *Service {
	t.Helper()
	s, err := New(st, testGames(), Options{Seed: 7, Now: newClock().Now, Paces: paces,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestServerSettingsDefaults: a server that chose nothing gets every default — tables in the
// channel, every game, the caller's pace, the configured takeover level.
func TestServerSettingsDefaults(t *testing.T) {
	s := settingsService(t, storetest.OpenBolt(t))
	st, err := s.ServerSettings(context.Background(), guild)
	if err != nil {
		t.Fatal(err)
	}
	def := Pace{Per: 24 * time.Hour}
	if st.TablesOr(TablesChannel) != TablesChannel || !st.Offers("fits") || !st.Offers("ingenious") || st.Lang != "" ||
		st.PaceOr(def) != def || s.Takeover(st) != search.Easy {
		t.Errorf("defaults: %+v (mode %s, pace %+v, AI %v)", st, st.TablesOr(TablesChannel), st.PaceOr(def), s.Takeover(st))
	}
}

// TestServerSettingsChange changes every setting, and a new Service on the same store (a
// restart) reads them all back; another server keeps its defaults.
func TestServerSettingsChange(t *testing.T) {
	bothStores(t, func(t *testing.T, db store.Store) {
		ctx := context.Background()
		s := settingsService(t, db, time.Hour, 24*time.Hour)
		changes := []func(*ServerSettings){
			func(st *ServerSettings) { st.Tables = TablesThreads },
			func(st *ServerSettings) { st.Pace = new(time.Hour) },
			func(st *ServerSettings) { st.Wait = new(true) },
			func(st *ServerSettings) { st.AI = new(search.Strong) },
			func(st *ServerSettings) { st.Off = []string{"fits", "fits"} },
			func(st *ServerSettings) { st.Lang = LangCzech },
		}
		for _, change := range changes {
			if _, err := s.ChangeServerSettings(ctx, guild, change); err != nil {
				t.Fatal(err)
			}
		}
		again := settingsService(t, db, time.Hour, 24*time.Hour)
		st, err := again.ServerSettings(ctx, guild)
		if err != nil {
			t.Fatal(err)
		}
		if st.TablesOr(TablesChannel) != TablesThreads || st.Offers("fits") || !st.Offers("ingenious") || !slices.Equal(st.Off, []string{"fits"}) ||
			st.PaceOr(Pace{Per: 24 * time.Hour}) != (Pace{Per: time.Hour, Wait: true}) || again.Takeover(st) != search.Strong || st.Lang != LangCzech {
			t.Errorf("after a restart: %+v", st)
		}
		other, err := again.ServerSettings(ctx, "g2")
		if err != nil || other.TablesOr(TablesChannel) != TablesChannel || other.Pace != nil || other.AI != nil {
			t.Errorf("another server: %+v %v", other, err)
		}
		// Back to the default: nothing chosen.
		st, err = again.ChangeServerSettings(ctx, guild, func(st *ServerSettings) { st.Pace, st.Off = nil, nil })
		if err != nil || st.Pace != nil || !st.Offers("fits") {
			t.Errorf("reset: %+v %v", st, err)
		}
	})
}

// TestServerSettingsRefused: settings outside what the referee allows are refused in both
// languages and nothing is written.
func TestServerSettingsRefused(t *testing.T) {
	ctx := context.Background()
	db := storetest.OpenBolt(t)
	offering := settingsService(t, db, time.Hour, 24*time.Hour)
	anyPace := settingsService(t, db)
	for _, c := range []struct {
		what   string
		s      *Service
		change func(*ServerSettings)
	}{
		{"tables in a forum", offering, func(st *ServerSettings) { st.Tables = "forum" }},
		{"German", offering, func(st *ServerSettings) { st.Lang = "de" }},
		{"a pace not offered", offering, func(st *ServerSettings) { st.Pace = new(12 * time.Hour) }},
		{"a pace under a minute", anyPace, func(st *ServerSettings) { st.Pace = new(30 * time.Second) }},
		{"a pace over MaxPace", anyPace, func(st *ServerSettings) { st.Pace = new(MaxPace + time.Hour) }},
		{"a negative pace", anyPace, func(st *ServerSettings) { st.Pace = new(-time.Hour) }},
		{"an AI level 7", offering, func(st *ServerSettings) { st.AI = new(search.Level(7)) }},
		{"an unknown game off", offering, func(st *ServerSettings) { st.Off = []string{"chess"} }},
		{"every game off", offering, func(st *ServerSettings) { st.Off = []string{"ingenious", "fits"} }},
	} {
		_, err := c.s.ChangeServerSettings(ctx, guild, c.change)
		wantKind(t, c.what, err, ErrBadSettings)
	}
	if _, err := db.LoadSettings(ctx, guild); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused change wrote settings: %v", err)
	}
	// Live and, without configured paces, 12 h are allowed.
	if _, err := anyPace.ChangeServerSettings(ctx, guild, func(st *ServerSettings) { st.Pace = new(12 * time.Hour) }); err != nil {
		t.Error(err)
	}
	if _, err := offering.ChangeServerSettings(ctx, guild, func(st *ServerSettings) { st.Pace = new(time.Duration(0)) }); err != nil {
		t.Error(err)
	}
}

// TestServerSettingsConcurrent: managers of one server changing different settings at once
// from two processes lose none of the changes.
func TestServerSettingsConcurrent(t *testing.T) {
	ctx := context.Background()
	db := storetest.OpenRedis(t)
	procs := []*Service{settingsService(t, db), settingsService(t, db)}
	const each = 10
	var wg sync.WaitGroup
	for p, s := range procs {
		wg.Go(func() {
			for i := range each {
				_, err := s.ChangeServerSettings(ctx, guild, func(st *ServerSettings) {
					if p == 0 {
						st.Pace = new(time.Duration(i+1) * time.Hour)
					} else {
						st.Lang = []string{LangEnglish, LangCzech}[i%2]
					}
				})
				if err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	st, err := procs[0].ServerSettings(ctx, guild)
	if err != nil {
		t.Fatal(err)
	}
	if st.Pace == nil || *st.Pace != each*time.Hour || st.Lang != LangCzech || st.rev != 2*each {
		t.Errorf("after %d changes each: %+v at revision %d", each, st, st.rev)
	}
}

// TestTakeoverPerTable: a table opened with the server's AI level plays its deadlines at that
// level, whatever the configured takeover level; an older table without one, at the
// configured level.
func TestTakeoverPerTable(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		level *search.Level
		want  search.Level
	}{{new(search.Normal), search.Normal}, {nil, search.Easy}} {
		clk := newClock()
		s := newService(t, storetest.OpenBolt(t), clk) // takeover: easy
		startedPace(t, s, "ingenious", Pace{Per: time.Hour, AI: c.level}, ben)
		clk.Add(time.Hour)
		task := oneDue(t, s, clk, TaskDeadline)
		d, err := s.Deadline(ctx, channel, task.Rev, task.Seat)
		if err != nil || !d.Fired {
			t.Fatalf("deadline: %+v %v", d, err)
		}
		if d.Level != c.want {
			t.Errorf("table AI %v: the deadline was played at %v, want %v", c.level, d.Level, c.want)
		}
	}
}
