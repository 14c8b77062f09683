package sideboards

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

func TestOptions(t *testing.T) {
	for _, c := range []struct {
		in, want string
	}{
		{``, `{"variant":"basic","tasks":null}`},
		{`{}`, `{"variant":"basic","tasks":null}`},
		{`{"variant":"four"}`, `{"variant":"four","tasks":null}`},
		{`{"tasks":[2]}`, `{"variant":"basic","tasks":[2,9,18]}`},
		{`{"tasks":[4]}`, `{"variant":"basic","tasks":[4,11,16]}`},
		{`{"tasks":[7,14,30],"variant":"basic"}`, `{"variant":"basic","tasks":[7,14,30]}`},
		{`{"tasks":null}`, `{"variant":"basic","tasks":null}`},
	} {
		st, err := Game{}.New(names[:2], json.RawMessage(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := string(st.Options()); got != c.want {
			t.Errorf("%s: options %s, want %s", c.in, got, c.want)
		}
		if err := games.CheckOptions(Game{}, json.RawMessage(c.in)); err != nil {
			t.Errorf("CheckOptions(%s): %v", c.in, err)
		}
	}
	gamestest.BadOptions(t, Game{}, names[:2], `{"variant":"five"}`, `{"tasks":[8,1,17]}`, `{"tasks":[1,8]}`, `{"tasks":[5]}`, `{"tasks":[0]}`,
		`{"tasks":[1,8,31]}`, `{"tasks":[1,8,14]}`, `{"colour":1}`, `[]`, `{"tasks":"1,8,17"}`)
	gamestest.BadOptions(t, Game{}, names[:1], `{"variant":"four"}`) // solo with 4 cards
	gamestest.CheckSeating(t, Game{})
	if lo, hi := (Game{}).Seats(); lo != 1 || hi != 6 {
		t.Errorf("seats %d–%d", lo, hi)
	}
}

// TestTasksByChance: with the option null, chance draws one task of each kind first.
func TestTasksByChance(t *testing.T) {
	s := newGame(t, 2, DefaultOptions())
	if !slices.Equal(s.ToAct(), []games.Seat{games.Chance}) || s.Phase() != PhaseTasks {
		t.Fatalf("to act %v in phase %d", s.ToAct(), s.Phase())
	}
	if n := len(s.Legal(games.Chance)); n != 7*7*16 {
		t.Fatalf("%d task draws listed", n)
	}
	must.Refuse(t, s, games.Chance, Tasks{Tasks: []int{8, 1, 17}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Tasks{Tasks: []int{1, 8}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Deal{Hands: [][]Card{{1, 2, 3}, {4, 5, 6}}}, games.ErrUnknownAction)
	must.Refuse(t, s, 0, Start{Cards: []Card{1, 2}, Turned: []bool{false, false}}, games.ErrNotYourTurn)
	ev := must.Apply(t, s, games.Chance, Tasks{Tasks: []int{3, 12, 19}})
	if s.TasksInPlay() != [3]Task{3, 12, 19} || s.Phase() != PhaseDeal {
		t.Fatalf("tasks %v phase %d", s.TasksInPlay(), s.Phase())
	}
	if !strings.Contains(ev[0].Text.EN, "longest red run") || !strings.Contains(ev[0].Text.CS, "nejdelší červená řada") {
		t.Errorf("event %+v", ev[0].Text)
	}
	r := testRand(1)
	for range 50 {
		a := newGame(t, 2, DefaultOptions()).SampleChance(r).(Tasks)
		if Task(a.Tasks[0]).Kind() != ColourTask || Task(a.Tasks[1]).Kind() != HandleTask || Task(a.Tasks[2]).Kind() != RowTask {
			t.Fatalf("sampled tasks %v", a.Tasks)
		}
	}
}

func TestDeal(t *testing.T) {
	s := newGame(t, 2, Options{Variant: Basic, Tasks: []int{1, 8, 17}})
	must.Refuse(t, s, games.Chance, Deal{Hands: [][]Card{{1, 2, 3}}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Deal{Hands: [][]Card{{1, 2, 3}, {4, 5}}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Deal{Hands: [][]Card{{1, 2, 3}, {3, 4, 5}}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Deal{Hands: [][]Card{{1, 2, 3}, {4, 5, 61}}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Tasks{Tasks: []int{1, 8, 17}}, games.ErrUnknownAction)
	must.Apply(t, s, games.Chance, Deal{Hands: [][]Card{{9, 2, 3}, {4, 5, 6}}})
	if !slices.Equal(s.Hand(0), []Card{2, 3, 9}) || len(s.pile) != 54 || s.Turn() != 1 {
		t.Fatalf("hand %v pile %d turn %d", s.Hand(0), len(s.pile), s.Turn())
	}
	if !slices.Equal(s.ToAct(), []games.Seat{0, 1}) {
		t.Fatalf("to act %v", s.ToAct())
	}
	four := newGame(t, 3, Options{Variant: Four, Tasks: []int{1, 8, 17}})
	must.Refuse(t, four, games.Chance, Deal{Hands: [][]Card{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}}, games.ErrIllegal)
	d := four.SampleChance(testRand(2)).(Deal)
	if len(d.Hands) != 3 || len(d.Hands[2]) != 4 {
		t.Fatalf("4-card deal %v", d.Hands)
	}
	must.Apply(t, four, games.Chance, d)
}

// TestFirstTurn: keep 2 of 3, order and turn them, pass the third to seat s+1; everything
// hidden until all have laid; then chance draws for seat 0, 1, 2 in order, one card each.
func TestFirstTurn(t *testing.T) {
	s := dealt(t, 3, Options{})
	if n := len(s.Legal(0)); n != 3*2*4 {
		t.Fatalf("%d starts listed, want 24", n)
	}
	must.Refuse(t, s, 0, Start{Cards: []Card{1, 1}, Turned: []bool{false, false}}, games.ErrIllegal)
	must.Refuse(t, s, 0, Start{Cards: []Card{1, 4}, Turned: []bool{false, false}}, games.ErrIllegal)
	must.Refuse(t, s, 0, Start{Cards: []Card{1, 2, 3}, Turned: []bool{false, false, false}}, games.ErrIllegal)
	must.Refuse(t, s, 0, Start{Cards: []Card{1, 2}, Turned: []bool{false}}, games.ErrIllegal)
	must.Refuse(t, s, 0, Place{Card: 1, Side: Left}, games.ErrUnknownAction)
	must.Refuse(t, s, 0, Exchange{}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{30}}, games.ErrNotYourTurn)
	ev := must.Apply(t, s, 0, Start{Cards: []Card{3, 1}, Turned: []bool{true, false}})
	if len(ev) != 1 || !ev[0].Minor || strings.Contains(ev[0].Text.EN, "3") {
		t.Fatalf("a hidden start says %+v", ev)
	}
	must.Refuse(t, s, 0, Start{Cards: []Card{1, 2}, Turned: []bool{false, false}}, games.ErrNotYourTurn)
	if len(s.Board(0)) != 0 || !slices.Equal(s.ToAct(), []games.Seat{1, 2}) {
		t.Fatalf("after seat 0: board %v, to act %v", s.Board(0), s.ToAct())
	}
	must.Apply(t, s, 2, Start{Cards: []Card{7, 8}, Turned: []bool{false, false}})
	ev = must.Apply(t, s, 1, Start{Cards: []Card{6, 5}, Turned: []bool{false, true}})
	if len(ev) != 3 || ev[0].Text.EN != "Ada laid 3 turned and 1." || ev[1].Text.CS != "Ben položil(a) 6 a 5 otočenou." {
		t.Fatalf("reveal events %+v", ev)
	}
	if got := s.Board(0); !slices.Equal(got, []Placed{{3, true}, {1, false}}) {
		t.Fatalf("seat 0 laid %v", got)
	}
	// The third cards went to the left neighbours: 2 → Ben, 4 → Cid, 9 → Ada.
	if !slices.Equal(s.Hand(0), []Card{9}) || !slices.Equal(s.Hand(1), []Card{2}) || !slices.Equal(s.Hand(2), []Card{4}) {
		t.Fatalf("hands after passing %v %v %v", s.Hand(0), s.Hand(1), s.Hand(2))
	}
	if s.Phase() != PhaseDraw || s.Turn() != 2 {
		t.Fatalf("phase %d turn %d", s.Phase(), s.Turn())
	}
	// Chance draws for seat 0, 1, 2 in order, one card each.
	if n := len(s.Legal(games.Chance)); n != len(s.pile) {
		t.Fatalf("%d draws listed, pile %d", n, len(s.pile))
	}
	must.Refuse(t, s, games.Chance, Draw{Seat: 1, Cards: []Card{30}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{30, 31}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{2}}, games.ErrIllegal)
	must.Refuse(t, s, 0, Place{Card: 9, Side: Left}, games.ErrNotYourTurn)
	for seat, c := range []Card{30, 31, 32} {
		must.Apply(t, s, games.Chance, Draw{Seat: games.Seat(seat), Cards: []Card{c}})
	}
	if !slices.Equal(s.Hand(0), []Card{9, 30}) || s.Phase() != PhaseTurn || !slices.Equal(s.ToAct(), []games.Seat{0, 1, 2}) {
		t.Fatalf("turn 2: hand %v phase %d to act %v", s.Hand(0), s.Phase(), s.ToAct())
	}
}

// TestTwoPlayersPass: with two players the card goes to the opponent.
func TestTwoPlayersPass(t *testing.T) {
	s := dealt(t, 2, Options{})
	must.Apply(t, s, 1, Start{Cards: []Card{4, 5}, Turned: []bool{false, false}})
	must.Apply(t, s, 0, Start{Cards: []Card{1, 2}, Turned: []bool{false, false}})
	if !slices.Equal(s.Hand(0), []Card{6}) || !slices.Equal(s.Hand(1), []Card{3}) {
		t.Fatalf("hands %v %v", s.Hand(0), s.Hand(1))
	}
}

// TestPlaceEnds: a card goes to the left or right end, turned or not; placed cards never move.
func TestPlaceEnds(t *testing.T) {
	s := secondTurn(t)
	if n := len(s.Legal(0)); n != 2*2*2+1 {
		t.Fatalf("%d moves listed in turn 2, want 8 placements and the exchange", n)
	}
	must.Refuse(t, s, 0, Place{Card: 1, Side: Left}, games.ErrIllegal)
	must.Refuse(t, s, 0, Place{Card: 6, Side: Side(3)}, games.ErrIllegal)
	must.Refuse(t, s, 0, Start{Cards: []Card{6, 10}, Turned: []bool{false, false}}, games.ErrUnknownAction)
	must.Apply(t, s, 0, Place{Card: 10, Side: Left, Turned: true})
	ev := must.Apply(t, s, 1, Place{Card: 3, Side: Right})
	if ev[0].Text.EN != "Ada placed 10 turned on the left." || ev[1].Text.CS != "Ben přiložil(a) 3 zprava." {
		t.Fatalf("events %+v", ev)
	}
	if got := s.Board(0); !slices.Equal(got, []Placed{{10, true}, {1, false}, {2, false}}) {
		t.Fatalf("seat 0: %v", got)
	}
	if got := s.Board(1); !slices.Equal(got, []Placed{{4, false}, {5, false}, {3, false}}) {
		t.Fatalf("seat 1: %v", got)
	}
	if v := s.view(1); !slices.Equal(v.Seats[0].Newest, []Card{10}) || !slices.Equal(v.Seats[1].Newest, []Card{3}) {
		t.Fatalf("newest %v %v", v.Seats[0].Newest, v.Seats[1].Newest)
	}
}

// TestExchange: turns 2–7, before placing, once; both cards to the discard pile; chance draws 2
// for the seat at once; the +1 is lost.
func TestExchange(t *testing.T) {
	s := dealt(t, 3, Options{})
	for seat := range games.Seat(3) {
		must.Apply(t, s, seat, s.starts(seat)[0])
	}
	r := testRand(3)
	advance(t, s, r)
	before := s.Scores()[1].Total
	hand := s.Hand(1)
	must.Apply(t, s, 0, s.places(0)[0])
	ev := must.Apply(t, s, 1, Exchange{})
	if !strings.Contains(ev[0].Text.EN, joinCards(hand)) || s.Scores()[1].Total != before-1 {
		t.Fatalf("exchange event %+v, score %d → %d", ev, before, s.Scores()[1].Total)
	}
	if !slices.Equal(s.discard, hand) || len(s.Hand(1)) != 0 {
		t.Fatalf("discard %v hand %v", s.discard, s.Hand(1))
	}
	if !slices.Equal(s.ToAct(), []games.Seat{games.Chance}) {
		t.Fatalf("to act %v", s.ToAct())
	}
	must.Refuse(t, s, 2, s.places(2)[0], games.ErrNotYourTurn)
	must.Refuse(t, s, games.Chance, Draw{Seat: 2, Cards: []Card{s.pile[0], s.pile[1]}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Draw{Seat: 1, Cards: []Card{s.pile[0]}}, games.ErrIllegal)
	if s.Legal(games.Chance) != nil {
		t.Fatal("a two-card draw is listed")
	}
	must.Apply(t, s, games.Chance, Draw{Seat: 1, Cards: []Card{s.pile[0], s.pile[1]}})
	if len(s.Hand(1)) != 2 || !slices.Equal(s.ToAct(), []games.Seat{1, 2}) {
		t.Fatalf("after the exchange draw: hand %v to act %v", s.Hand(1), s.ToAct())
	}
	if slices.Contains(s.Legal(1), games.Action(Exchange{})) {
		t.Fatal("the exchange card is offered twice")
	}
	must.Refuse(t, s, 1, Exchange{}, games.ErrIllegal)
	gamestest.UndoableRows(t, Game{}, []games.Action{Place{}, Start{}}, []games.Action{Exchange{}, Draw{}})
}

// TestReshuffle: when the draw pile runs short, its last cards are drawn and then the discard
// pile becomes the new draw pile.
func TestReshuffle(t *testing.T) {
	s := dealt(t, 2, Options{})
	for seat := range games.Seat(2) {
		must.Apply(t, s, seat, s.starts(seat)[0])
	}
	advance(t, s, testRand(4))
	// Move all but one card of the draw pile to the discard pile, as if many had exchanged.
	last := s.pile[0]
	s.discard = append(s.discard, s.pile[1:]...)
	s.pile = s.pile[:1]
	hand := s.Hand(0)
	must.Apply(t, s, 0, Exchange{})
	must.Refuse(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{s.discard[0], s.discard[1]}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{last, last}}, games.ErrIllegal)
	ev := must.Apply(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{last, hand[0]}})
	if !strings.Contains(ev[0].Text.EN, "shuffled") || len(s.discard) != 0 || slices.Contains(s.pile, hand[0]) || !slices.Contains(s.pile, hand[1]) {
		t.Fatalf("after the reshuffle: events %+v pile %v discard %v", ev, s.pile, s.discard)
	}
	if err := invariant(s); err != nil {
		t.Fatal(err)
	}
	// SampleChance draws past the end of the pile the same way.
	c := s.clone()
	c.discard = append(c.discard, c.pile[1:]...)
	c.pile = c.pile[:1]
	must.Apply(t, c, 1, Exchange{})
	must.Apply(t, c, games.Chance, c.SampleChance(testRand(5)))
}

// TestSixPlayersExchangeAll: six players who all exchange early run the draw pile dry, and
// the game still ends with every card accounted for.
func TestSixPlayersExchangeAll(t *testing.T) {
	r := testRand(6)
	s := newGame(t, 6, Options{Variant: Basic, Tasks: []int{1, 8, 17}})
	reshuffled := false
	for !games.Over(s) {
		act := s.ToAct()
		seat := act[0]
		var a games.Action
		if seat == games.Chance {
			a = s.SampleChance(r)
		} else if s.canExchange(seat) {
			a = Exchange{}
		} else {
			a = s.Hint(seat)
		}
		for _, e := range must.Apply(t, s, seat, a) {
			reshuffled = reshuffled || strings.Contains(e.Text.EN, "shuffled")
		}
		if err := invariant(s); err != nil {
			t.Fatal(err)
		}
	}
	if !reshuffled {
		t.Fatal("six exchanges in turn 2 did not empty the draw pile")
	}
}

// TestLastTurn: after the 8th card there is no pass and no draw; the leftovers are thrown
// away and the game ends.
func TestLastTurn(t *testing.T) {
	s := dealt(t, 2, Options{Variant: Four})
	r := testRand(7)
	for s.Turn() < Turns || s.Phase() != PhaseTurn {
		act := s.ToAct()
		if act[0] == games.Chance {
			must.Apply(t, s, games.Chance, s.SampleChance(r))
			continue
		}
		must.Apply(t, s, act[0], s.Legal(act[0])[0])
	}
	pile := len(s.pile)
	must.Apply(t, s, 0, s.Legal(0)[0])
	ev := must.Apply(t, s, 1, s.Legal(1)[0])
	if !games.Over(s) || s.ToAct() != nil || len(s.pile) != pile || len(s.discard) != 4 || len(s.Hand(0)) != 0 {
		t.Fatalf("end: over %v to act %v pile %d→%d discard %v", games.Over(s), s.ToAct(), pile, len(s.pile), s.discard)
	}
	if last := ev[len(ev)-1]; !last.Milestone || !strings.Contains(last.Text.EN, "win") {
		t.Fatalf("last event %+v", last)
	}
	must.Refuse(t, s, 0, Place{Card: 1}, games.ErrGameOver)
	if s.Hint(0) != nil || s.Legal(0) != nil || s.SampleChance(r) != nil {
		t.Fatal("moves after the end")
	}
	for seat := range games.Seat(2) {
		if len(s.Board(seat)) != Width {
			t.Fatalf("seat %d has %d cards", seat, len(s.Board(seat)))
		}
	}
}

// TestFourCards: deal 4, lay 2, pass 2; hands of 3 later; no exchange cards, no +1.
func TestFourCards(t *testing.T) {
	s := dealt(t, 3, Options{Variant: Four})
	if n := len(s.Legal(0)); n != 4*3*4 {
		t.Fatalf("%d starts, want 48", n)
	}
	if s.Scores()[0].Exchange != 0 {
		t.Fatal("an exchange point in the variant")
	}
	must.Apply(t, s, 0, Start{Cards: []Card{1, 3}, Turned: []bool{false, false}})
	must.Apply(t, s, 1, Start{Cards: []Card{5, 6}, Turned: []bool{false, false}})
	must.Apply(t, s, 2, Start{Cards: []Card{9, 10}, Turned: []bool{false, false}})
	if !slices.Equal(s.Hand(1), []Card{2, 4}) || !slices.Equal(s.Hand(0), []Card{11, 12}) {
		t.Fatalf("passed pairs: %v %v", s.Hand(0), s.Hand(1))
	}
	advance(t, s, testRand(8))
	if len(s.Hand(0)) != 3 {
		t.Fatalf("hand of %d in turn 2", len(s.Hand(0)))
	}
	if slices.ContainsFunc(s.Legal(0), func(a games.Action) bool { return a == Exchange{} }) || len(s.Legal(0)) != 12 {
		t.Fatalf("turn 2 moves %v", s.Legal(0))
	}
	must.Refuse(t, s, 0, Exchange{}, games.ErrIllegal)
	must.Apply(t, s, 0, Place{Card: s.Hand(0)[0], Side: Right})
	must.Apply(t, s, 1, Place{Card: s.Hand(1)[0], Side: Right})
	must.Apply(t, s, 2, Place{Card: s.Hand(2)[0], Side: Right})
	if len(s.Hand(1)) != 2 {
		t.Fatalf("seat 1 received %v", s.Hand(1))
	}
}

// TestSolo: lay 2 of 3 and throw the third away; then draw 2, place 1, throw 1 away; the
// exchange card may be used; the end gives a rating.
func TestSolo(t *testing.T) {
	s := dealt(t, 1, Options{}, []Card{1, 2, 3})
	if p := s.Prompt(0); !strings.Contains(p.EN, "thrown away") || p.CS == "" {
		t.Fatalf("prompt %+v", p)
	}
	must.Apply(t, s, 0, Start{Cards: []Card{2, 1}, Turned: []bool{false, false}})
	if !slices.Equal(s.discard, []Card{3}) || len(s.Hand(0)) != 0 || s.Phase() != PhaseDraw {
		t.Fatalf("discard %v hand %v", s.discard, s.Hand(0))
	}
	must.Refuse(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{10}}, games.ErrIllegal)
	must.Apply(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{10, 11}})
	must.Apply(t, s, 0, Exchange{})
	must.Apply(t, s, games.Chance, Draw{Seat: 0, Cards: []Card{12, 13}})
	must.Apply(t, s, 0, Place{Card: 12, Side: Right})
	if !slices.Equal(s.discard, []Card{3, 10, 11, 13}) {
		t.Fatalf("discard %v", s.discard)
	}
	playAll(t, s, testRand(9), hintPick)
	res := s.Result()
	if !strings.HasPrefix(res.Summary.EN, "Rating: ") || !strings.HasPrefix(res.Summary.CS, "Hodnocení: ") || res.Seats[0].Score < 0 {
		t.Fatalf("solo result %+v", res)
	}
	if d := res.Seats[0].Detail.(Detail); d.Exchange != 0 {
		t.Fatalf("the exchange card was used, detail %+v", d)
	}
}

// TestPrompts: prompts in both languages for the seats to act, none for the others.
func TestPrompts(t *testing.T) {
	s := dealt(t, 3, Options{})
	if p := s.Prompt(0); !strings.Contains(p.EN, "Ben") || !strings.Contains(p.CS, "Ben") {
		t.Fatalf("prompt %+v", p)
	}
	must.Apply(t, s, 0, s.starts(0)[0])
	if !s.Prompt(0).IsZero() || !s.Prompt(games.Chance).IsZero() {
		t.Fatal("a prompt for a seat that need not act")
	}
	if p := s.Progress(); p.EN != "turn 1 of 7 · 51 cards in the draw pile" || p.CS != "kolo 1 ze 7 · v dobíracím balíčku 51 karet" {
		t.Fatalf("progress %+v", p)
	}
}
