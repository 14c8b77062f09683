package table

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"io"
	"log/slog"
	"slices"
	"strings"
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

// seatedToPlace opens an Ingenious game of Ada and Ben on s and returns the seat in turn,
// which has a tile to place.
func seatedToPlace(t *testing.T, s *Service) Seated {
	t.Helper()
	ctx := context.Background()
	out := started(t, s, "ingenious", "{}", ben)
	for _, user := range []string{ada, ben} {
		p, err := s.Seated(ctx, who(user, "ingenious", out.Table.Rev()))
		if err != nil {
			t.Fatal(err)
		}
		if games.IsToAct(p.State, p.Seat) {
			return p
		}
	}
	t.Fatal("nobody is to place")
	return Seated{}
}

// menuOf composes p's panel at draft and returns its menu.
func menuOf(t *testing.T, p Seated, draft string) *games.Menu {
	t.Helper()
	panel, err := p.State.(games.Composer).Compose(p.Seat, draft)
	if err != nil {
		t.Fatal(err)
	}
	if panel.Menu == nil {
		t.Fatalf("the panel at %q has no menu", draft)
	}
	return panel.Menu
}

// tileDrafts returns the drafts of the distinct tiles on the rack of p's seat, from its
// first panel's buttons.
func tileDrafts(t *testing.T, p Seated) []string {
	t.Helper()
	panel, err := p.State.(games.Composer).Compose(p.Seat, "")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range panel.Controls {
		if !c.Suggest {
			out = append(out, c.Next)
		}
	}
	return out
}

// TestAdvise checks the best-places menu ranked by the search AI: at a tile's draft the
// menu says the AI ranked it and offers the same places as the quick ranking; the ranking is
// remembered for the position, so other drafts of the same menu get it while every search
// slot is taken; with the slots taken a menu not yet ranked falls back to the quick ranking
// and says it ranks by points now; panels without a menu, and a Service without search, are
// left as they are.
func TestAdvise(t *testing.T) {
	ctx := context.Background()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	s, err := New(storetest.OpenBolt(t), testGames(), Options{Seed: 7, Logger: quiet, Suggest: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	p := seatedToPlace(t, s)
	tiles := tileDrafts(t, p)
	if len(tiles) < 2 {
		t.Fatalf("rack of %d distinct tiles, want two to rank one and not the other", len(tiles))
	}
	first, second := tiles[0], tiles[1]

	if got, ranked := s.Advise(ctx, p, ""); ranked || got.State != p.State {
		t.Fatal("the first step, which has no menu, was advised")
	}
	advised, ranked := s.Advise(ctx, p, first)
	if !ranked {
		t.Fatal("the menu was not ranked by the AI with search slots free")
	}
	quick, ai := menuOf(t, p, first), menuOf(t, advised, first)
	if !strings.Contains(ai.Placeholder.EN, "AI's judgement") || !strings.Contains(ai.Placeholder.CS, "úsudku AI") {
		t.Errorf("the advised menu says %+v", ai.Placeholder)
	}
	if !strings.Contains(quick.Placeholder.EN, "by points now") {
		t.Errorf("the quick menu says %q", quick.Placeholder.EN)
	}
	var want, got []string
	for i := range quick.Choices {
		want, got = append(want, quick.Choices[i].Next), append(got, ai.Choices[i].Next)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(want, got) {
		t.Fatalf("the AI's menu offers other places than the quick one:\n%v\n%v", got, want)
	}

	// Every search slot taken: the bot is busy.
	for range cap(s.ai.slots) {
		s.ai.slots <- struct{}{}
	}
	picked := ai.Choices[len(ai.Choices)-1].Next // a place picked from the menu: same menu
	again, ranked := s.Advise(ctx, p, picked)
	if !ranked {
		t.Fatal("the remembered ranking was not reused while busy")
	}
	if m := menuOf(t, again, picked); m.Choices[0].Next != ai.Choices[0].Next || !m.Choices[len(m.Choices)-1].Default {
		t.Errorf("the picked place's menu is not the remembered ranking with the pick marked")
	}
	busy, ranked := s.Advise(ctx, p, second)
	if ranked || busy.State != p.State {
		t.Fatal("a busy bot did not fall back to the quick ranking")
	}
	if m := menuOf(t, busy, second); !strings.Contains(m.Placeholder.EN, "by points now") || !strings.Contains(m.Placeholder.CS, "podle bodů za tento tah") {
		t.Errorf("the busy fallback's menu says %+v", m.Placeholder)
	}
	for range cap(s.ai.slots) {
		<-s.ai.slots
	}

	off, err := New(storetest.OpenBolt(t), testGames(), Options{Seed: 7, Logger: quiet, Suggest: -1})
	if err != nil {
		t.Fatal(err)
	}
	if _, ranked := off.Advise(ctx, seatedToPlace(t, off), first); ranked {
		t.Error("advised with no search configured")
	}
}
