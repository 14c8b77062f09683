package search

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/games/gamestest"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/games/sideboards"
)

// table is a set-up of a real game for the tests.
type table struct {
	name    string
	game    games.Game
	players int
	options string
}

var tables = []table{
	{"fits-solo", fits.Game{}, 1, `{"boards":[1,2,3,4]}`},
	{"fits-3", fits.Game{}, 3, `{"boards":[4,2]}`},
	{"ingenious-2", ingenious.Game{}, 2, `{}`},
	{"ingenious-teams", ingenious.Game{}, 4, `{"teams":true}`},
	{"ingenious-solo", ingenious.Game{}, 1, `{}`},
	// FITS trusts its ranking and grows no tree: Sideboards is the real game of choices made
	// at once (hidden until all have chosen) that the tree is tested on.
	{"sideboards-3", sideboards.Game{}, 3, `{}`},
	// Shelfie's only hidden information is the card each seat has chosen this round.
	{"shelfie-3", shelfie.Game{}, 3, `{}`},
}

// positions plays games of tb with a mix of hints and random legal moves and returns n
// copies of the states met where a player must decide, spread over the games (a game that
// ends first is followed by another).
func positions(t testing.TB, tb table, r *rand.Rand, n int) []games.State {
	t.Helper()
	names := []string{"Ada", "Bo", "Cy", "Di"}[:tb.players]
	var out []games.State
	for played := 0; len(out) < n; played++ {
		if played == 20 {
			t.Fatalf("%s: %d positions in %d games, want %d", tb.name, len(out), played, n)
		}
		st, err := tb.game.New(names, json.RawMessage(tb.options))
		if err != nil {
			t.Fatalf("%s: new: %v", tb.name, err)
		}
		for moves := 0; !games.Over(st) && len(out) < n; moves++ {
			if moves > 5000 {
				t.Fatalf("%s: no end", tb.name)
			}
			act := st.ToAct()
			seat := act[r.IntN(len(act))]
			var a games.Action
			if seat == games.Chance {
				a = st.SampleChance(r)
			} else {
				if r.IntN(6) == 0 {
					out = append(out, st.Clone())
				}
				if legal := st.Legal(seat); r.IntN(4) == 0 && len(legal) > 0 {
					a = legal[r.IntN(len(legal))]
				} else {
					a = st.Hint(seat)
				}
			}
			if _, err := st.Apply(seat, a); err != nil {
				t.Fatalf("%s: %s refused: %v", tb.name, st.Describe(a), err)
			}
		}
	}
	return out
}

// mustBeLegal fails unless a is among the moves Legal lists for seat in st and applies to a
// copy of st.
func mustBeLegal(t *testing.T, st games.State, seat games.Seat, a games.Action) {
	t.Helper()
	if a == nil {
		t.Fatalf("no move for seat %v", seat)
	}
	want, _ := json.Marshal(a)
	found := false
	for _, l := range st.Legal(seat) {
		if b, _ := json.Marshal(l); string(b) == string(want) {
			found = true
			break
		}
	}
	if !found {
		t.Fatalf("move %s of seat %v is not listed by Legal", want, seat)
	}
	if _, err := st.Clone().Apply(seat, a); err != nil {
		t.Fatalf("move %s of seat %v refused: %v", want, seat, err)
	}
}

// tiny is a budget small enough for many searches in a test.
func tiny(nodes int) Config {
	return Config{Budget: Budget{Nodes: nodes}, Trees: 2, Horizon: 4}
}

func TestSearchReturnsLegalMoves(t *testing.T) {
	seed := gamestest.Seed(t)
	r := rand.New(rand.NewPCG(seed, 1))
	for _, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			states := positions(t, tb, r, 6)
			if len(states) == 0 {
				t.Fatal("no position met")
			}
			for i, st := range states {
				before := gamestest.Fingerprint(st)
				for _, seat := range st.ToAct() {
					c, err := Search(context.Background(), st, seat, tiny(12), uint64(i))
					if err != nil {
						t.Fatalf("position %d seat %v: %v", i, seat, err)
					}
					mustBeLegal(t, st, seat, c.Action)
				}
				if gamestest.Fingerprint(st) != before {
					t.Fatalf("position %d: the search changed the state", i)
				}
			}
		})
	}
}

func TestChooseEveryLevel(t *testing.T) {
	seed := gamestest.Seed(t)
	for _, l := range Levels() {
		st := &guessState{rounds: 3, card: 1}
		a, err := Choose(context.Background(), st, 0, l, seed)
		if err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		mustBeLegal(t, st, 0, a)
	}
	// Easy is the game's own hint.
	r := rand.New(rand.NewPCG(seed, 2))
	st := positions(t, tables[2], r, 1)[0]
	seat := st.ToAct()[0]
	a, err := Choose(context.Background(), st, seat, Easy, seed)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, st.Hint(seat)) {
		t.Fatalf("easy chose %s, want the hint %s", st.Describe(a), st.Describe(st.Hint(seat)))
	}
	if _, err := Choose(context.Background(), st, seat, Level(7), seed); !errors.Is(err, ErrBadLevel) {
		t.Fatalf("level 7: %v, want ErrBadLevel", err)
	}
}

func TestDeterministic(t *testing.T) {
	seed := gamestest.Seed(t)
	r := rand.New(rand.NewPCG(seed, 3))
	for _, tb := range []table{tables[0], tables[1], tables[2], tables[5]} {
		t.Run(tb.name, func(t *testing.T) {
			st := positions(t, tb, r, 2)[0]
			seat := st.ToAct()[0]
			cfg := tiny(40)
			cfg.Trees = 3
			var first Choice
			for i, parallel := range []int{1, 3, 2} {
				cfg.Parallel = parallel
				c, err := Search(context.Background(), st, seat, cfg, seed)
				if err != nil {
					t.Fatal(err)
				}
				if i == 0 {
					first = c
					continue
				}
				if got, want := choiceText(st, c), choiceText(st, first); got != want {
					t.Fatalf("same seed, %d at once: %s\nwant %s", parallel, got, want)
				}
			}
		})
	}
}

// choiceText prints a choice with its statistics.
func choiceText(st games.State, c Choice) string {
	s := fmt.Sprintf("%s nodes=%d trees=%d", st.Describe(c.Action), c.Nodes, c.Trees)
	for _, m := range c.Moves {
		s += fmt.Sprintf(" [%s %d %.6f]", st.Describe(m.Action), m.Visits, m.Mean)
	}
	return s
}

func TestNeverPeeksToy(t *testing.T) {
	cfg := Config{Budget: Budget{Nodes: 200}, Trees: 2}
	var moves []string
	for card := range cards {
		st := &guessState{rounds: 1, card: card}
		c, err := Search(context.Background(), st, 0, cfg, 99)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, choiceText(st, c))
	}
	for _, m := range moves[1:] {
		if m != moves[0] {
			t.Fatalf("the guess depends on the hidden card:\n%s\nwant\n%s", m, moves[0])
		}
	}
	// The same search on states that show everything (no Determinizer) finds the card: so
	// the test above would catch a search that looked at it.
	for card := range cards {
		st := peekingState{&guessState{rounds: 1, card: card}}
		c, err := Search(context.Background(), st, 0, cfg, 99)
		if err != nil {
			t.Fatal(err)
		}
		if c.Action != (guess{card}) {
			t.Fatalf("peeking search guessed %v with the card %d in sight", c.Action, card)
		}
	}
}

func TestNeverPeeksRealGames(t *testing.T) {
	seed := gamestest.Seed(t)
	r := rand.New(rand.NewPCG(seed, 4))
	for _, tb := range []table{tables[1], tables[2], tables[3], tables[5], tables[6]} {
		t.Run(tb.name, func(t *testing.T) {
			// Positions are drawn 12 at a time until 12 comparisons are made (or 120
			// positions met), so that a game whose hidden information is short-lived (the
			// card chosen in Shelfie) meets some.
			compared := 0
			for batch := 0; batch < 10 && compared < 12; batch++ {
				for _, st := range positions(t, tb, r, 12) {
					comparePeeking(t, st, r, seed, &compared)
				}
			}
			if compared == 0 {
				t.Fatal("no position had hidden information to vary")
			}
			t.Logf("%d comparisons", compared)
		})
	}
}

// comparePeeking searches st for each seat to act and, on a state drawn by Determinize that
// some other seat sees differently, for the same seat with the same seed; the two choices
// must be the same. It counts the comparisons made in compared.
func comparePeeking(t *testing.T, st games.State, r *rand.Rand, seed uint64, compared *int) {
	t.Helper()
	for _, seat := range st.ToAct() {
		// other: a state that differs in what seat cannot see, and only there.
		other := st.(games.Determinizer).Determinize(seat, r)
		if view(other, seat) != view(st, seat) {
			t.Fatalf("Determinize changed seat %v's view", seat)
		}
		if !hiddenDiffers(st, other, seat) {
			continue
		}
		a, err := Search(context.Background(), st, seat, tiny(16), seed)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Search(context.Background(), other, seat, tiny(16), seed)
		if err != nil {
			t.Fatal(err)
		}
		if choiceText(st, a) != choiceText(st, b) {
			t.Fatalf("seat %v: the search differs on states it cannot tell apart:\n%s\n%s", seat, choiceText(st, a), choiceText(st, b))
		}
		*compared++
	}
}

// view prints seat's view of st.
func view(st games.State, seat games.Seat) string {
	v := st.View(seat)
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		v = rv.Elem().Interface()
	}
	return fmt.Sprintf("%+v", v)
}

// hiddenDiffers reports whether some other seat sees a and b differently: they differ in
// something seat cannot see.
func hiddenDiffers(a, b games.State, seat games.Seat) bool {
	for i := range a.Players() {
		if s := games.Seat(i); s != seat && view(a, s) != view(b, s) {
			return true
		}
	}
	return false
}

func TestBudgetNodes(t *testing.T) {
	st := &guessState{rounds: 3, card: 2}
	for _, c := range []struct{ nodes, trees, wantTrees int }{{1, 2, 1}, {7, 3, 3}, {64, 4, 4}} {
		ch, err := Search(context.Background(), st, 0, Config{Budget: Budget{Nodes: c.nodes}, Trees: c.trees, Verify: -1}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if ch.Nodes > c.nodes || ch.Trees != c.wantTrees {
			t.Fatalf("budget %d nodes in %d trees: did %d in %d trees", c.nodes, c.trees, ch.Nodes, ch.Trees)
		}
		visits := 0
		for _, m := range ch.Moves {
			visits += m.Visits
		}
		if visits != ch.Nodes {
			t.Fatalf("%d nodes: root moves visited %d times", ch.Nodes, visits)
		}
	}
}

func TestBudgetTime(t *testing.T) {
	// Only a time bound: the search stops on its own and answers with a legal move.
	st := &guessState{rounds: 50, card: 1}
	c, err := Search(context.Background(), st, 0, Config{Budget: Budget{Time: 20 * time.Millisecond}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	mustBeLegal(t, st, 0, c.Action)
	if c.Nodes == 0 {
		t.Fatal("no iteration in 20 ms")
	}
}

func TestCancel(t *testing.T) {
	st := &guessState{rounds: 50, card: 1}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Search(ctx, st, 0, tiny(10), 1); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled before: %v", err)
	}
	if _, err := Choose(ctx, st, 0, Easy, 1); !errors.Is(err, context.Canceled) {
		t.Fatalf("easy, cancelled before: %v", err)
	}
	// Cancelled while searching without a bound of its own but time.
	ctx, cancel = context.WithCancel(context.Background())
	go func() {
		time.Sleep(10 * time.Millisecond)
		cancel()
	}()
	if _, err := Search(ctx, st, 0, Config{Budget: Budget{Time: time.Hour}}, 1); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled during the search: %v", err)
	}
}

func TestRefusals(t *testing.T) {
	st := &guessState{rounds: 1, card: -1} // chance to deal
	if _, err := Search(context.Background(), st, 0, tiny(4), 1); !errors.Is(err, ErrNotToAct) {
		t.Fatalf("seat 0 while chance deals: %v", err)
	}
	st.card = 0
	for _, seat := range []games.Seat{games.Chance, 1, games.NoSeat} {
		if _, err := Choose(context.Background(), st, seat, Strong, 1); !errors.Is(err, ErrNotToAct) {
			t.Fatalf("seat %v: %v", seat, err)
		}
		if _, err := Choose(context.Background(), st, seat, Easy, 1); !errors.Is(err, ErrNotToAct) {
			t.Fatalf("easy, seat %v: %v", seat, err)
		}
	}
	for _, cfg := range []Config{{}, {Budget: Budget{Nodes: -1}}, {Budget: Budget{Nodes: 5}, Trees: -1}} {
		if _, err := Search(context.Background(), st, 0, cfg, 1); !errors.Is(err, ErrBadConfig) {
			t.Fatalf("config %+v: %v, want ErrBadConfig", cfg, err)
		}
	}
}

func TestOptionalPowers(t *testing.T) {
	calls := &powerCalls{}
	st := &powered{guessState: guessState{rounds: 20, card: 3}, calls: calls}
	c, err := Search(context.Background(), st, 0, Config{Budget: Budget{Nodes: 30}, Horizon: 2, Epsilon: -1}, 5)
	if err != nil {
		t.Fatal(err)
	}
	mustBeLegal(t, st, 0, c.Action)
	if calls.estimate.Load() == 0 || calls.rollout.Load() == 0 || calls.ranked.Load() == 0 {
		t.Fatalf("powers unused: Estimate %d, RolloutMove %d, RankMoves %d calls", calls.estimate.Load(), calls.rollout.Load(), calls.ranked.Load())
	}
	// The ranking decides the first move tried: the highest card.
	c, err = Search(context.Background(), st, 0, Config{Budget: Budget{Nodes: 1}, Trees: 1}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Moves) != 1 || c.Moves[0].Action != (guess{cards - 1}) {
		t.Fatalf("first move tried %+v, want the ranking's first, %v", c.Moves, guess{cards - 1})
	}
}

// A search whose time runs out before any iteration finishes plays the policy's move: the
// game's best-ranked move where it has a Ranker (here the highest card; its hint is card 0),
// else its hint.
func TestNoIterationPlaysThePolicy(t *testing.T) {
	calls := &powerCalls{}
	ranked := &powered{guessState: guessState{rounds: 20, card: 3}, calls: calls}
	plain := &guessState{rounds: 20, card: 3}
	for _, c := range []struct {
		st   games.State
		want games.Action
	}{{ranked, guess{cards - 1}}, {plain, guess{0}}} {
		ch, err := Search(context.Background(), c.st, 0, Config{Budget: Budget{Time: time.Nanosecond}}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if ch.Nodes != 0 {
			t.Fatalf("%d iterations in a nanosecond", ch.Nodes)
		}
		if ch.Action != c.want || !ch.Policy {
			t.Fatalf("%T: played %v (policy %v), want the policy's %v", c.st, ch.Action, ch.Policy, c.want)
		}
	}
}

// A game that trusts its ranking has its best-ranked move played at every searching level,
// without a tree: no rollout, no estimate.
func TestRankingTrust(t *testing.T) {
	calls := &powerCalls{}
	st := &trusting{powered{guessState: guessState{rounds: 20, card: 3}, calls: calls}}
	for _, l := range []Level{Normal, Strong} {
		c, err := Search(context.Background(), st, 0, l.Config(), 5)
		if err != nil {
			t.Fatal(err)
		}
		if c.Action != (guess{cards - 1}) || !c.Policy || c.Nodes != 0 || c.Trees != 0 {
			t.Fatalf("%v: played %v (policy %v, %d nodes in %d trees), want the ranking's first %v at once", l, c.Action, c.Policy, c.Nodes, c.Trees, guess{cards - 1})
		}
	}
	if calls.ranked.Load() == 0 || calls.rollout.Load() != 0 || calls.estimate.Load() != 0 {
		t.Fatalf("RankMoves %d, RolloutMove %d, Estimate %d calls: want the ranking alone", calls.ranked.Load(), calls.rollout.Load(), calls.estimate.Load())
	}
}

func TestLevels(t *testing.T) {
	for _, l := range Levels() {
		got, err := ParseLevel(" " + l.String() + " ")
		if err != nil || got != l {
			t.Fatalf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
		b, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Level
		if err := back.UnmarshalText(b); err != nil || back != l {
			t.Fatalf("text round trip of %v: %v, %v", l, back, err)
		}
		if l.Searches() != (l.Config().Budget.Nodes > 0) {
			t.Fatalf("%v: searches %v but budget %+v", l, l.Searches(), l.Config().Budget)
		}
	}
	if got, _ := ParseLevel("STRONG"); got != Strong {
		t.Fatalf("ParseLevel(STRONG) = %v", got)
	}
	if _, err := ParseLevel("hard"); !errors.Is(err, ErrBadLevel) {
		t.Fatalf("ParseLevel(hard): %v", err)
	}
	if _, err := Level(9).MarshalText(); !errors.Is(err, ErrBadLevel) {
		t.Fatalf("Level(9).MarshalText: %v", err)
	}
	if Normal.Config().Budget.Nodes >= Strong.Config().Budget.Nodes {
		t.Fatal("normal searches as much as strong")
	}
}

func TestReward(t *testing.T) {
	near := func(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
	for _, c := range []struct {
		name    string
		scores  []float64
		ranking [][]games.Seat
		seat    games.Seat
		want    float64
	}{
		{"solo is the score", []float64{17}, [][]games.Seat{{0}}, 0, 17},
		{"winner by 2 of 10", []float64{10, 8}, [][]games.Seat{{0}, {1}}, 0, 0.9 + 0.1*(0.5+0.5*0.2)},
		{"loser by 2 of 10", []float64{10, 8}, [][]games.Seat{{0}, {1}}, 1, 0.1 * (0.5 - 0.5*0.2)},
		{"shared first of 2", []float64{5, 5}, [][]games.Seat{{0, 1}}, 1, 0.9*0.5 + 0.1*0.5},
		{"middle of 3, tie-break by the game", []float64{6, 6, 1}, [][]games.Seat{{1}, {0}, {2}}, 0, 0.9*0.5 + 0.1*0.5},
		{"team first: a shared place", []float64{9, 4, 9, 4}, [][]games.Seat{{0, 2}, {1, 3}}, 2, 0.9*(1-0.5/3) + 0.1*(0.5+0.5*5.0/9)},
	} {
		if got := rewardFrom(c.scores, c.ranking, c.seat); !near(got, c.want) {
			t.Errorf("%s: reward %v, want %v", c.name, got, c.want)
		}
	}
	if got := rankingOf([]float64{3, 7, 3}); fmt.Sprint(got) != "[[1] [0 2]]" {
		t.Errorf("rankingOf = %v", got)
	}
}

func TestAmbition(t *testing.T) {
	// Both moves win; holding wins by more, building scores more. Without ambition the
	// search takes the margin, with it the own score.
	for _, c := range []struct {
		st    games.State
		build bool
	}{{&buildState{}, false}, {&ambitiousState{}, true}} {
		got, err := Search(context.Background(), c.st, 0, Config{Budget: Budget{Nodes: 40}}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got.Action != (choose{c.build}) {
			t.Errorf("%T: search chose %v, want %v (moves %+v)", c.st, got.Action, choose{c.build}, got.Moves)
		}
	}
	// The reward: (1-share) of the place and margin, share of the own score over the full one.
	amb := ambitionOf(&ambitiousState{})
	want := 0.5*(0.9+0.1*(0.5+0.5/9.0)) + 0.5*0.9
	if got := amb.reward([]float64{9, 8}, [][]games.Seat{{0}, {1}}, 0); got-want > 1e-9 || want-got > 1e-9 {
		t.Errorf("ambitious reward %v, want %v", got, want)
	}
	if got := amb.reward([]float64{17}, [][]games.Seat{{0}}, 0); got != 17 {
		t.Errorf("ambitious solo reward %v, want the score, 17", got)
	}
	if a := ambitionOf(&buildState{}); a.share != 0 {
		t.Errorf("no power: share %v, want 0", a.share)
	}
}

func TestSignificant(t *testing.T) {
	// Futures differ a lot, but a beats b by 1 in every one of them: clearly better.
	if !significant([]float64{1, 1, 1.5, 0.5}, 2) {
		t.Error("a steady gain is not significant")
	}
	// The same mean gain, but noisy.
	if significant([]float64{10, -9, 9, -6}, 2) {
		t.Error("a noisy gain is significant")
	}
	if significant([]float64{30}, 0) || significant([]float64{-1, -1, -1}, -1) {
		t.Error("one difference, or a loss, is significant")
	}
}

func TestDuelKeepsPolicy(t *testing.T) {
	// A guessing game has no better guess than the hint: the search keeps it (but for the
	// rare seed where luck looks like evidence).
	kept := 0
	for seed := range uint64(20) {
		c, err := Search(context.Background(), &guessState{rounds: 1, card: 3}, 0, Config{Budget: Budget{Nodes: 400}}, seed)
		if err != nil {
			t.Fatal(err)
		}
		if c.Action == (guess{0}) && c.Policy {
			kept++
		}
	}
	if kept < 18 {
		t.Errorf("the hint kept in %d searches of 20", kept)
	}
}
