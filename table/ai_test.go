package table

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store/storetest"
)

// TestAILevels checks that an AI seat plays at its level: a normal AI's move in the record is
// the search AI's move for that position and seed (not necessarily the hint), an easy AI's is
// the game's hint, and the level is kept in the stored table.
func TestAILevels(t *testing.T) {
	ctx := context.Background()
	for _, level := range []search.Level{search.Easy, search.Normal} {
		t.Run(level.String(), func(t *testing.T) {
			s := newService(t, storetest.OpenBolt(t), newClock())
			lobby, err := s.Open(ctx, who(ada, "", 0), "fits", []byte(`{"boards":[1]}`), Pace{}, "en-US")
			if err != nil {
				t.Fatal(err)
			}
			lobby, err = s.AddAI(ctx, who(ada, "fits", lobby.Rev()), level)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Start(ctx, who(ada, "fits", lobby.Rev())); err != nil {
				t.Fatal(err)
			}
			tb, err := s.Load(ctx, channel)
			if err != nil {
				t.Fatal(err)
			}
			if tb.Seats[1].Level != level {
				t.Fatalf("stored level %v, want %v", tb.Seats[1].Level, level)
			}
			// Find the AI's first move and the position it was made in.
			g, _ := s.Game("fits")
			for i, m := range tb.Record.Moves {
				if m.Seat != 1 {
					continue
				}
				before := *tb.Record
				before.Moves = before.Moves[:i]
				st, n, err := games.Replay(g, before)
				if err != nil || n != i {
					t.Fatalf("replay to move %d: %v", i, err)
				}
				want := st.Hint(1)
				if level.Searches() {
					h := fnv.New64a()
					h.Write([]byte(positionKey(tb.ID, before.Moves, 1, level.String())))
					want, err = search.Choose(ctx, st, 1, level, h.Sum64())
					if err != nil {
						t.Fatal(err)
					}
				}
				wantJSON, _ := json.Marshal(want)
				if string(m.Action) != string(wantJSON) {
					t.Errorf("the %s AI played %s, want %s", level, m.Action, wantJSON)
				}
				return
			}
			t.Fatal("the AI never moved")
		})
	}
}

// TestTakeoverLevel checks that a player who is away is played at the Service's takeover level:
// the move recorded for Ben ("by":"ai") is the search AI's at that level.
func TestTakeoverLevel(t *testing.T) {
	ctx := context.Background()
	s, err := New(storetest.OpenBolt(t), testGames(), Options{Seed: 7, Now: newClock().Now, Takeover: search.Normal, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	started(t, s, "fits", `{"boards":[1]}`, ben)
	tb, err := s.Load(ctx, channel)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetAway(ctx, who(ben, "fits", tb.Rev()), true); err != nil {
		t.Fatal(err)
	}
	if tb, err = s.Load(ctx, channel); err != nil {
		t.Fatal(err)
	}
	g, _ := s.Game("fits")
	for i, m := range tb.Record.Moves {
		if m.Seat != 1 || m.By != games.ByAI {
			continue
		}
		before := *tb.Record
		before.Moves = before.Moves[:i]
		st, _, err := games.Replay(g, before)
		if err != nil {
			t.Fatal(err)
		}
		h := fnv.New64a()
		h.Write([]byte(positionKey(tb.ID, before.Moves, 1, search.Normal.String())))
		want, err := search.Choose(ctx, st, 1, search.Normal, h.Sum64())
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(want)
		if string(m.Action) != string(wantJSON) {
			t.Errorf("the AI played %s for Ben, want the normal search's %s", m.Action, wantJSON)
		}
		return
	}
	t.Fatalf("nothing was decided for Ben while away: %d moves", len(tb.Record.Moves))
}

// TestSuggest checks the 💡 button's search: its draft resolves to one of the seat's legal
// moves, it is remembered for the position, and without a search (a negative budget) or for
// a seat that need not act the game's own suggestion is kept.
func TestSuggest(t *testing.T) {
	ctx := context.Background()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, game := range []string{"fits", "ingenious"} {
		t.Run(game, func(t *testing.T) {
			st := storetest.OpenBolt(t)
			s, err := New(st, testGames(), Options{Seed: 7, Logger: quiet, Suggest: 200 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			out := started(t, s, game, "{}", ben)
			p, err := s.Seated(ctx, who(ada, game, out.Table.Rev()))
			if err != nil {
				t.Fatal(err)
			}
			seat := p.Seat
			if !games.IsToAct(p.State, seat) {
				p, err = s.Seated(ctx, who(ben, game, out.Table.Rev()))
				if err != nil {
					t.Fatal(err)
				}
				seat = p.Seat
			}
			draft := s.Suggest(ctx, p, "fallback")
			if draft == "fallback" {
				t.Fatal("the search's suggestion fell back to the game's own")
			}
			a, err := p.State.(games.Composer).Resolve(seat, draft)
			if err != nil {
				t.Fatalf("the suggested draft %q does not resolve: %v", draft, err)
			}
			legal := map[string]bool{}
			for _, l := range p.State.Legal(seat) {
				b, _ := json.Marshal(l)
				legal[string(b)] = true
			}
			if b, _ := json.Marshal(a); !legal[string(b)] {
				t.Fatalf("the suggestion %s is not a legal move", b)
			}
			if again := s.Suggest(ctx, p, "fallback"); again != draft {
				t.Fatalf("asked again: %q, want the remembered %q", again, draft)
			}
			other := p
			other.Seat = 1 - seat
			if !games.IsToAct(p.State, other.Seat) {
				if got := s.Suggest(ctx, other, "fallback"); got != "fallback" {
					t.Fatalf("a seat that need not act: %q, want the fallback", got)
				}
			}
			off, err := New(st, testGames(), Options{Seed: 7, Logger: quiet, Suggest: -1})
			if err != nil {
				t.Fatal(err)
			}
			if got := off.Suggest(ctx, p, "fallback"); got != "fallback" {
				t.Fatalf("with no search: %q, want the fallback", got)
			}
		})
	}
}
