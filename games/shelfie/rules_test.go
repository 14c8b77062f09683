package shelfie

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

func TestBagSizes(t *testing.T) {
	for n, want := range map[int]int{1: 48, 2: 48, 3: 68, 4: 88} {
		o := ""
		if n == 1 {
			o = `{"solo":"bot"}`
		}
		s := newGame(t, n, o)
		if got := s.bagTotal(); got != want {
			t.Errorf("%d players: %d dice in the bag, want %d", n, got, want)
		}
		boxes := n + 1
		if n == 1 {
			boxes = 3
		}
		if s.boxCount() != boxes {
			t.Errorf("%d players: %d boxes, want %d", n, s.boxCount(), boxes)
		}
	}
}

func TestOptions(t *testing.T) {
	for _, c := range []struct {
		n    int
		opts string
		ok   bool
	}{
		{2, ``, true},
		{2, `{"cards":"shared","draft":true}`, true},
		{2, `{"draft":true}`, false},
		{2, `{"cards":"mine"}`, false},
		{2, `{"colour":"red"}`, false},
		{1, ``, true}, // alone with no solo mode: beat your score
		{1, `{"solo":"beat"}`, true},
		{1, `{"solo":"bot","hard":true,"botcards":"random"}`, true},
		{1, `{"solo":"beat","hard":true}`, false},
		{2, `{"solo":"bot"}`, false},
		{2, `{"botcards":"random"}`, false},
		{1, `{"solo":"solo"}`, false},
	} {
		_, err := Game{}.New(names[:c.n], json.RawMessage(c.opts))
		if (err == nil) != c.ok {
			t.Errorf("%d players %s: error %v, want ok=%v", c.n, c.opts, err, c.ok)
		}
		if err != nil && !errors.Is(err, games.ErrBadRecord) {
			t.Errorf("%s: %v does not wrap ErrBadRecord", c.opts, err)
		}
	}
	gamestest.CheckSeating(t, Game{})
	s := newGame(t, 1, `{"solo":"bot"}`)
	if got := string(s.Options()); got != `{"cards":"basic","draft":false,"solo":"bot","hard":false,"botcards":"same"}` {
		t.Fatalf("options %s", got)
	}
	if err := games.CheckOptions(Game{}, json.RawMessage(`{"cards":"own","solo":null,"draft":true}`)); err != nil {
		t.Fatal(err)
	}
}

func TestSetupAndFill(t *testing.T) {
	s := newGame(t, 2, "")
	if s.phase != PhaseRewards || len(s.seats[0].hand) != 8 || s.seats[1].hand[0] != (Card{1, 1}) {
		t.Fatalf("basic hands: %v %v", s.seats[0].hand, s.seats[1].hand)
	}
	must.Refuse(t, s, games.Chance, Rewards{Sidekick: 1, Contest: 1}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Rewards{Sidekick: 5, Contest: 1, Endgame: []int{1}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Fill{}, games.ErrUnknownAction)
	must.Apply(t, s, games.Chance, Rewards{Sidekick: 2, Contest: 7, Endgame: []int{1}})
	must.Refuse(t, s, games.Chance, fillOf(t, "P1 P2 P3 / G1 G2 G3"), games.ErrIllegal)
	must.Refuse(t, s, games.Chance, fillOf(t, "P1 P2 / G1 G2 G3 / B1 B2 B3"), games.ErrIllegal)
	s.bag[Orange] = 2
	must.Refuse(t, s, games.Chance, fillOf(t, "O1 O2 O3 / G1 G2 G3 / B1 B2 B3"), games.ErrIllegal)
	s.bag[Orange] = 12
	must.Apply(t, s, games.Chance, fillOf(t, "O1 O2 O3 / G1 G2 G3 / B1 B2 B3"))
	if s.bag[Orange] != 9 || s.round != 1 || s.phase != PhaseChoose {
		t.Fatalf("after the fill: bag %v round %d", s.bag, s.round)
	}
	if !slices.Equal(s.ToAct(), []games.Seat{0, 1}) {
		t.Fatalf("to act %v", s.ToAct())
	}
}

// TestSecretChoice: a choice is hidden from everybody else until the last player has chosen.
func TestSecretChoice(t *testing.T) {
	s := atTurn(t, 3, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3 / O1 O2 O3")
	other := s.clone()
	ev := must.Apply(t, s, 1, Choose{Card: 5})
	evOther := must.Apply(t, other, 1, Choose{Card: 2})
	if ev[0].Text != evOther[0].Text {
		t.Fatalf("events tell the choices apart: %v / %v", ev, evOther)
	}
	for _, seat := range []games.Seat{0, 2, games.NoSeat} {
		a, b := s.view(seat), other.view(seat)
		if !equalJSON(a, b) {
			t.Fatalf("seat %v tells the choices apart", seat)
		}
		if !a.Seats[1].Chosen || a.Seats[1].Choice != (Card{}) {
			t.Fatalf("seat %v sees %+v", seat, a.Seats[1])
		}
	}
	if v := s.view(1); v.Seats[1].Choice.Number != 5 {
		t.Fatal("the chooser does not see its choice")
	}
	must.Refuse(t, s, 1, Choose{Card: 3}, games.ErrNotYourTurn)
	must.Refuse(t, s, 0, Choose{Card: 9}, games.ErrIllegal)
	must.Refuse(t, s, 0, Take{Box: 1}, games.ErrUnknownAction)
	must.Apply(t, s, 0, Choose{Card: 5})
	ev = must.Apply(t, s, 2, Choose{Card: 1})
	if !ev[0].Milestone || !strings.Contains(ev[0].Text.EN, "Ben — 5 Cat (letter B)") {
		t.Fatalf("reveal event %v", ev[0])
	}
	// Order by value, then letter: card 5 of seat 0 is E→A? (5−1+0) mod 4 = 0: A; seat 1: B.
	if !slices.Equal(s.order, []games.Seat{2, 0, 1}) || s.current() != 2 {
		t.Fatalf("turn order %v", s.order)
	}
	if v := s.view(0); v.Seats[1].Choice.Number != 5 {
		t.Fatal("the choice is not public after the reveal")
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func TestLetters(t *testing.T) {
	for _, c := range []struct {
		n, seat int
		want    byte
	}{{1, 0, 'A'}, {2, 0, 'B'}, {4, 0, 'D'}, {5, 0, 'A'}, {4, 1, 'A'}, {1, 3, 'D'}, {16, 3, 'C'}} {
		if got := (Card{Number: int8(c.n), Deck: int8(c.seat)}).Letter(); got != c.want {
			t.Errorf("card %d of seat %d: letter %c, want %c", c.n, c.seat, got, c.want)
		}
	}
	// Equal values: the letter decides. Card 4 of seat 0 is D, of seat 1 A.
	s := atTurn(t, 2, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3", 4, 4)
	if !slices.Equal(s.order, []games.Seat{1, 0}) {
		t.Fatalf("order %v, want 1 0", s.order)
	}
}

func TestTakeAndPlace(t *testing.T) {
	s := atTurn(t, 2, "", "P1 P3 P6 / G1 G2 G3 / B1 B2 B3", 1, 2)
	must.Refuse(t, s, 1, Take{Box: 2}, games.ErrNotYourTurn)
	must.Refuse(t, s, 0, Place{Die: 1, Col: 1}, games.ErrUnknownAction)
	must.Refuse(t, s, 0, Take{Box: 4}, games.ErrIllegal)
	must.Apply(t, s, 0, Take{Box: 1})
	must.Refuse(t, s, 0, Take{Box: 2}, games.ErrIllegal)
	must.Refuse(t, s, 0, Done{}, games.ErrIllegal)
	must.Apply(t, s, 0, Place{Die: 2, Col: 2})                    // P3 on an empty column
	must.Refuse(t, s, 0, Place{Die: 1, Col: 2}, games.ErrIllegal) // P1 not above P3
	must.Apply(t, s, 0, Place{Die: 2, Col: 2})                    // P6 above P3 (a gap is fine)
	must.Refuse(t, s, 0, Place{Die: 1, Col: 6}, games.ErrIllegal)
	must.Apply(t, s, 0, Place{Die: 1, Shame: true}) // always allowed, even where it fits
	must.Apply(t, s, 0, Done{})
	if got := s.seats[0].shelf.String(); got != shelfText(t, ".. P6", ".. P3") || len(s.seats[0].shame) != 1 {
		t.Fatalf("shelf\n%s", got)
	}
	if s.current() != 1 {
		t.Fatal("seat 1 is next")
	}
	must.Refuse(t, s, 1, Take{Box: 1}, games.ErrIllegal)
	must.Apply(t, s, 1, Take{Box: 2})
	s.seats[1].shelf = parseShelf(t, "B2 .. .. .. ..")
	must.Refuse(t, s, 1, Place{Die: 1, Col: 1}, games.ErrIllegal) // colour
	r := must.Refuse(t, s, 1, Place{Die: 1, Col: 1}, games.ErrIllegal)
	if !strings.Contains(r.Reason.EN, "blue") || !strings.Contains(r.Reason.CS, "modrý") {
		t.Fatalf("refusal %v", r.Reason)
	}
	full := atTurn(t, 2, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3", 1, 2)
	must.Apply(t, full, 0, Take{Box: 1})
	full.seats[0].shelf = parseShelf(t, "P5", "P4", "P3", "P2", "P1")
	full.shipment = dice(t, "P6")
	must.Refuse(t, full, 0, Place{Die: 1, Col: 1}, games.ErrIllegal)
}

func TestWildSixes(t *testing.T) {
	s := onTurn(t, []string{"B5 .. .. .. .."}, "B6 G4", "", []int{14}, nil)
	must.Refuse(t, s, 0, Set{Die: 2, Value: 2}, games.ErrIllegal) // not a six
	must.Refuse(t, s, 0, Set{Die: 1, Value: 6}, games.ErrIllegal) // no change
	must.Refuse(t, s, 0, Set{Die: 1, Value: 0}, games.ErrIllegal)
	must.Apply(t, s, 0, Ability{Card: 14, Die: 2, Value: 6}) // G4 became a six: wild too
	must.Apply(t, s, 0, Set{Die: 2, Value: 1})
	must.Apply(t, s, 0, Set{Die: 1, Value: 2})
	must.Apply(t, s, 0, Place{Die: 1, Col: 2})
	if d, _ := s.seats[0].shelf.Top(1); d.String() != "B2" {
		t.Fatalf("placed %v", d)
	}
	must.Refuse(t, s, 0, Set{Die: 1, Value: 2}, games.ErrIllegal) // G1 is no six now
	// A six on the shelf is fixed: there is no move for it.
	s.seats[0].shelf = parseShelf(t, "B6 .. .. .. ..")
	for _, a := range s.Legal(0) {
		if set, ok := a.(Set); ok && set.Die > len(s.shipment) {
			t.Fatal("a shelf die can be set")
		}
	}
}

func TestRetrieve(t *testing.T) {
	s := atTurn(t, 2, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3", 1, 2)
	must.Apply(t, s, 0, Take{Box: 1})
	must.Apply(t, s, 0, Ability{Card: 1, Die: 3}) // P3 on card 1
	must.Refuse(t, s, 0, Retrieve{Slot: 1}, games.ErrIllegal)
	for _, a := range s.Legal(0) {
		if _, ok := a.(Retrieve); ok {
			t.Fatal("retrieve listed on the same turn")
		}
	}
	must.Apply(t, s, 0, Place{Die: 1, Col: 1})
	must.Apply(t, s, 0, Place{Die: 1, Col: 1})
	must.Apply(t, s, 0, Done{})
	must.Apply(t, s, 1, Take{Box: 2})
	for range 3 {
		must.Apply(t, s, 1, Place{Die: 1, Shame: true})
	}
	must.Apply(t, s, 1, Done{})
	must.Apply(t, s, games.Chance, fillOf(t, "P4 P5 P6 / G1 G2 G3 / B4 B5 B6"))
	must.Apply(t, s, 0, Choose{Card: 2})
	must.Apply(t, s, 1, Choose{Card: 3})
	must.Refuse(t, s, 0, Retrieve{Slot: 1}, games.ErrUnknownAction) // before taking a box
	must.Apply(t, s, 0, Take{Box: 1})
	must.Refuse(t, s, 0, Retrieve{Slot: 2}, games.ErrIllegal)
	must.Apply(t, s, 0, Retrieve{Slot: 1})
	if got := diceString(s.shipment); got != "P4 P5 P6 P3" {
		t.Fatalf("shipment %s", got)
	}
}

func TestSidekick(t *testing.T) {
	s := atTurn(t, 3, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3 / O1 O2 O3", 1, 2, 3)
	// Sidekick S1 is purple.
	three := parseShelf(t, "P3", "P2", "P1")
	s.seats[1].shelf = three // not its turn: an unclaimed sidekick goes only to who just played
	s.checkRewards(0)
	if s.sidekickHolder != games.NoSeat {
		t.Fatal("the sidekick went to a player who did not just play")
	}
	s.checkRewards(1)
	if s.sidekickHolder != 1 {
		t.Fatal("3 purple dice claim the sidekick")
	}
	s.seats[0].shelf = three
	s.checkRewards(0)
	if s.sidekickHolder != 1 {
		t.Fatal("equal is not strictly more")
	}
	four := parseShelf(t, "P4", "P3", "P2", "P1")
	s.seats[0].shelf, s.seats[2].shelf = four, four
	s.order = []games.Seat{2, 0, 1}
	s.checkRewards(0)
	if s.sidekickHolder != 2 {
		t.Fatalf("equal challengers: the earlier in turn order wins, got %v", s.sidekickHolder)
	}
	// The holder's count falls: it keeps the card until someone has strictly more.
	s.seats[2].shelf = parseShelf(t, "P1")
	s.seats[0].shelf = parseShelf(t, "P1")
	s.checkRewards(2)
	if s.sidekickHolder != 1 {
		t.Fatalf("the card moves to the most (3 > 1): %v", s.sidekickHolder)
	}
	s.seats[1].shelf = Shelf{}
	s.checkRewards(1)
	if s.sidekickHolder != 1 {
		t.Fatal("with nobody at 3, the holder keeps it")
	}
}

func TestContest(t *testing.T) {
	for _, c := range []struct {
		k     int
		shelf []string
		want  bool
	}{
		{1, []string{"P1 G1 B1"}, true},
		{1, []string{".. P1 G1 B1"}, true},
		{1, []string{"B1 G1 P1"}, false}, // no mirroring
		{1, []string{"P1", "G1", "B1"}, false},
		{1, []string{"P2 .. .. .. ..", "O1 G1 B1 .. .."}, false},
		{1, []string{"P2 G2 B2", "O1 O1 O1"}, true},
		{3, []string{".. .. O3", ".. G2 O2", "P1 G1 O1"}, true},
		{3, []string{"O3 .. ..", "O2 G2 ..", "O1 G1 P1"}, false}, // no mirroring
		{5, []string{"G2 B2", "G1 B1"}, true},
		{5, []string{"G2 B2", "G1 O1"}, false},
		{6, []string{"O3 ..", "O2 ..", "O1 P1"}, true},
		{6, []string{"P3 O3", "P2 O2", "P1 O1"}, false}, // no turning
		{10, []string{"B3 P3", "B2 P2", "B1 P1"}, true},
		{12, []string{"P2 O2 B2", "P1 O1 B1"}, true},
		{12, []string{"P2 .. B2", "P1 .. B1"}, true},
	} {
		sh := parseShelf(t, c.shelf...)
		if got := sh.Shows(ContestPattern(c.k)); got != c.want {
			t.Errorf("K%d on\n%s shows %v, want %v", c.k, sh.String(), got, c.want)
		}
	}
	s := atTurn(t, 2, "", "P1 G2 B3 / G1 G2 G3 / B1 B2 B3", 1, 2)
	must.Apply(t, s, 0, Take{Box: 1})
	for i := 1; i <= 3; i++ {
		must.Apply(t, s, 0, Place{Die: 1, Col: i})
	}
	ev := must.Apply(t, s, 0, Done{})
	if s.contestHolder != 0 || !slices.ContainsFunc(ev, func(e games.Event) bool { return strings.Contains(e.Text.EN, "contest K1") }) {
		t.Fatalf("contest K1 not taken: %v", ev)
	}
	if sc := s.Score(0); sc.Contest != 3 {
		t.Fatalf("contest scores %d", sc.Contest)
	}
}

func TestEndgameCards(t *testing.T) {
	sh := parseShelf(t,
		"P5 .. .. .. ..",
		"P4 G6 .. .. ..",
		"P3 G4 B3 B6 ..",
		"P2 G2 B2 B5 O5",
		"P1 P1 B1 B1 O3",
	)
	for k, want := range map[int]int{
		1:  2 * 2, // top 6: columns 2 and 4
		2:  3 * 1, // columns 3 and 4: both pure blue, 3 high
		3:  2 * 4, // bottom 1: columns 1–4
		4:  3 * 2, // column 1 (1 2 3 4 5) and column 3 (1 2 3)
		5:  2 * 2, // top 5: columns 1 and 5
		6:  0,     // one die on the shame shelf
		7:  0,     // no pure green column (column 2 has a purple bottom)
		8:  0,     // no all-even column of 2+
		9:  3 * 1, // column 5: 3 5
		10: 2 * 1, // columns 3 and 4, both 3 high
		11: 3 * 2, // 6 purple, 6 blue
		12: 1 * 6, // four 1s, two 6s
	} {
		if got := endgameTable[k].score(&sh, 1); got != want {
			t.Errorf("E%d scores %d, want %d\n%s", k, got, want, sh.String())
		}
	}
	if got := endgameTable[6].score(&sh, 0); got != 5 {
		t.Errorf("E6 with an empty shame shelf: %d", got)
	}
	rainbow := parseShelf(t, "P1 G1 B1 O1 O2")
	if endgameTable[7].score(&rainbow, 0) != 4 || endgameTable[2].score(&rainbow, 0) != 3 {
		t.Error("E7 or E2 on one column of each colour")
	}
	even := parseShelf(t, "P4 .. .. .. ..", "P2 G2 .. .. ..")
	if endgameTable[8].score(&even, 0) != 3 {
		t.Error("E8: one all-even column of 2+")
	}
	three := parseShelf(t, "P3 G3 B3", "P2 G2 B2", "P1 G1 B1")
	if endgameTable[10].score(&three, 0) != 4 {
		t.Error("E10: 3,3,3 is two pairs")
	}
}

// TestScoringExample is the rules file's check: 5/4/3/3/2-high columns, tops 6,6,6,6,4,
// contest 4, E1, 4 shame dice → 6+3+1+1 + 28 + 4 + 8 − 8 = 43.
func TestScoringExample(t *testing.T) {
	s := atTurn(t, 2, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3", 1, 2)
	s.contest, s.contestHolder = 3, 0
	s.endgame = []int{1}
	s.sidekickHolder = 1
	s.seats[0].shelf = parseShelf(t,
		"P6 .. .. .. ..",
		"P5 G6 .. .. ..",
		"P4 G5 B6 O6 ..",
		"P3 G4 B5 O5 P4",
		"P2 G3 B4 O4 P3",
	)
	s.seats[0].shame = dice(t, "B1 B2 O1 G1")
	sc := s.Score(0)
	want := Score{Columns: 11, Tops: 28, Contest: 4, Endgame: 8, Shame: -8}
	if sc != want || sc.Total() != 43 {
		t.Fatalf("score %+v = %d, want %+v = 43", sc, sc.Total(), want)
	}
	b, _ := json.Marshal(sc)
	if string(b) != `{"columns":11,"tops":28,"sidekick":0,"contest":4,"endgame":8,"shame":-8}` {
		t.Fatalf("detail %s", b)
	}
	if s.Score(1).Sidekick != 4 {
		t.Fatal("the sidekick scores 4")
	}
}

func TestRankingTieBreak(t *testing.T) {
	s := atTurn(t, 3, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3 / O1 O2 O3", 1, 2, 3)
	for i := range 3 {
		s.seats[i].shelf = parseShelf(t, "P4")
	}
	s.seats[0].hand = []Card{{Number: 7}}
	s.seats[1].hand = []Card{{Number: 5, Deck: 1}}
	s.seats[2].hand = []Card{{Number: 5, Deck: 3}} // letters do not count
	res := s.Result()
	if len(res.Ranking) != 2 || !slices.Equal(res.Ranking[0], []games.Seat{1, 2}) || !slices.Equal(res.Ranking[1], []games.Seat{0}) {
		t.Fatalf("ranking %v", res.Ranking)
	}
	s.seats[0].shelf = parseShelf(t, "P5")
	if res := s.Result(); !slices.Equal(res.Ranking[0], []games.Seat{0}) {
		t.Fatalf("the total comes first: %v", res.Ranking)
	}
}

func TestVariants(t *testing.T) {
	s := newGame(t, 3, `{"cards":"shared","draft":true}`)
	must.Refuse(t, s, games.Chance, Deal{Hands: [][]int{{1, 2, 3, 4, 5, 6, 7, 8}, {1, 2, 3, 4, 5, 6, 7, 9}, {1, 2, 3, 4, 5, 6, 7, 8}}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Deal{Hands: [][]int{{1, 2, 3, 4, 5, 6, 7, 8}}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Deal{Hands: [][]int{{1, 1, 3, 4, 5, 6, 7, 8}, {1, 1, 3, 4, 5, 6, 7, 8}, {1, 1, 3, 4, 5, 6, 7, 8}}}, games.ErrIllegal)
	h := []int{16, 2, 9, 4, 11, 6, 13, 8}
	must.Apply(t, s, games.Chance, Deal{Hands: [][]int{h, h, h}})
	if got := handText(s.seats[2].hand); got != "2 4 6 8 9 11 13 16" || s.seats[2].hand[0].Deck != 2 {
		t.Fatalf("hand %s", got)
	}
	must.Apply(t, s, games.Chance, Rewards{Sidekick: 1, Contest: 1, Endgame: []int{2}})
	must.Apply(t, s, games.Chance, fillOf(t, "P1 P2 P3 / G1 G2 G3 / B1 B2 B3 / O1 O2 O3"))
	must.Apply(t, s, 0, Choose{Card: 2})
	must.Apply(t, s, 1, Choose{Card: 4})
	must.Apply(t, s, 2, Choose{Card: 16})
	for range 3 {
		seat := s.current()
		must.Apply(t, s, seat, s.Legal(seat)[0])
		for len(s.shipment) > 0 {
			must.Apply(t, s, seat, Place{Die: 1, Shame: true})
		}
		must.Apply(t, s, seat, Done{})
	}
	// Hands passed to seat s+1, each card keeping its deck.
	if s.phase != PhaseFill || s.seats[1].hand[0] != (Card{Number: 4, Deck: 0}) || handText(s.seats[1].hand) != "4 6 8 9 11 13 16" {
		t.Fatalf("after the pass: %v", s.seats[1].hand)
	}
	if handText(s.seats[0].hand) != "2 4 6 8 9 11 13" || s.seats[0].hand[0].Deck != 2 {
		t.Fatalf("seat 0 after the pass: %v", s.seats[0].hand)
	}
	own := newGame(t, 2, `{"cards":"own"}`)
	must.Apply(t, own, games.Chance, Deal{Hands: [][]int{{1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15, 16}}})
	// A hand with two cards of the same number (draft): choose takes the earlier letter.
	d := newGame(t, 2, `{"cards":"own","draft":true}`)
	must.Apply(t, d, games.Chance, Deal{Hands: [][]int{{1, 2, 3, 4, 5, 6, 7, 8}, {1, 2, 3, 4, 5, 6, 7, 8}}})
	must.Apply(t, d, games.Chance, Rewards{Sidekick: 1, Contest: 1, Endgame: []int{2}})
	d.seats[0].hand = []Card{{Number: 3, Deck: 0}, {Number: 3, Deck: 1}} // C and D
	must.Apply(t, d, games.Chance, fillOf(t, "P1 P2 P3 / G1 G2 G3 / B1 B2 B3"))
	must.Apply(t, d, 0, Choose{Card: 3})
	if d.seats[0].choice.Letter() != 'C' {
		t.Fatalf("chose %v", d.seats[0].choice)
	}
}

func TestSoloBeat(t *testing.T) {
	s := newGame(t, 1, `{"solo":"beat"}`)
	must.Refuse(t, s, games.Chance, Rewards{Sidekick: 1, Contest: 1, Endgame: []int{1}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Rewards{Endgame: []int{3, 3}}, games.ErrIllegal)
	must.Apply(t, s, games.Chance, Rewards{Endgame: []int{1, 6}})
	must.Apply(t, s, games.Chance, fillOf(t, "P1 P2 P3 / G1 G2 G3 / B1 B2 B3"))
	if !slices.Equal(s.ToAct(), []games.Seat{0}) {
		t.Fatalf("to act %v", s.ToAct())
	}
	must.Apply(t, s, 0, Choose{Card: 6})
	if s.phase != PhaseReveal || len(s.Legal(games.Chance)) != 8 {
		t.Fatalf("the opponent's card is revealed next: %v", s.Legal(games.Chance))
	}
	must.Refuse(t, s, games.Chance, Reveal{Card: 9}, games.ErrIllegal)
	// Card 1 (letter B in seat 1's deck): first choice box 1.
	ev := must.Apply(t, s, games.Chance, Reveal{Card: 1})
	if s.boxes[0].taker != Opponent || s.current() != 0 || s.gone[Purple] != 3 {
		t.Fatalf("the opponent took box %v: %v", s.boxes, ev)
	}
	must.Refuse(t, s, 0, Take{Box: 1}, games.ErrIllegal)
	res := s.Result()
	if len(res.Seats) != 1 {
		t.Fatal("beat your score lists only the player")
	}
	for _, c := range []struct {
		total int
		want  string
	}{{29, "no rating"}, {30, "Apprentice"}, {45, "Skilled"}, {59, "Shelf expert"}, {60, "Master"}, {99, "Legendary"}} {
		if got := Rating(c.total); !strings.Contains(got.EN, c.want) {
			t.Errorf("rating of %d: %q", c.total, got.EN)
		}
	}
}

func TestSoloOpponentBoxes(t *testing.T) {
	// The player (card 2) goes first and takes box 3; the opponent's card 6 wants box 3, then 1.
	s := newGame(t, 1, `{"solo":"bot"}`)
	must.Apply(t, s, games.Chance, Rewards{Sidekick: 1, Contest: 2, Endgame: []int{1}})
	must.Apply(t, s, games.Chance, fillOf(t, "P1 P2 P3 / G1 G2 G3 / B1 B2 B3"))
	must.Apply(t, s, 0, Choose{Card: 2})
	must.Apply(t, s, games.Chance, Reveal{Card: 6})
	if s.current() != 0 {
		t.Fatal("the lower card goes first")
	}
	must.Apply(t, s, 0, Take{Box: 3})
	for range 3 {
		must.Apply(t, s, 0, Place{Die: 1, Shame: true})
	}
	must.Apply(t, s, 0, Done{})
	if s.boxes[0].taker != Opponent {
		t.Fatalf("the opponent takes its second choice, box 1: %v", s.boxes)
	}
	res := s.Result()
	if len(res.Seats) != 2 || res.Seats[1].Seat != Opponent {
		t.Fatal("Shem Bot is seat 1 of the result")
	}
}

func TestBotPlacement(t *testing.T) {
	for _, c := range []struct {
		name     string
		shelf    []string
		dice     string
		reserved []Colour
		want     string
	}{
		{"highest first, colours in order on ties", nil, "B4 P4 G6", nil, "G6→1 P4→2 B4→3"},
		{"values are ignored", []string{"G5"}, "G1", nil, "G1→1"},
		{"reserved columns", nil, "B6 O2 P1", []Colour{Purple, Green, Blue}, "B6→3 O2→4 P1→1"},
		{"the fewest among reserved columns", []string{"P3 .. ..", "P2 .. P1"}, "P5", []Colour{Purple, Orange, Purple}, "P5→3"},
		{"leftmost among equally filled reserved columns", []string{"P2 .. P1"}, "P5", []Colour{Purple, Orange, Purple}, "P5→1"},
		{"a full reserved colour goes on", []string{"P5", "P4", "P3", "P2", "P1"}, "P6", []Colour{Purple}, "P6→2"},
		{"K12's middle is free", nil, "O3", []Colour{Purple, NoColour, Blue}, "O3→2"},
		{"shame when nothing fits", []string{"P1 G1 B1 O1 O2"}, "P3", []Colour{Purple, Green, Blue, Orange, Orange}, "P3→1"},
		{"shame shelf", []string{"P5", "P4", "P3", "P2", "P1 G1 B1 O1 O2"}, "P6", nil, "P6→✗"},
	} {
		sh := parseShelf(t, c.shelf...)
		var got []string
		for _, m := range BotPlacement(&sh, dice(t, c.dice), c.reserved) {
			if m.Col < 0 {
				got = append(got, m.Die.String()+"→✗")
			} else {
				got = append(got, m.Die.String()+"→"+itoa(m.Col+1))
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %s, want %s", c.name, strings.Join(got, " "), c.want)
		}
	}
	if got := PatternColumns(ContestPattern(8)); !slices.Equal(got, []Colour{Green, Orange, Purple}) {
		t.Errorf("K8 columns %v", got)
	}
}

func TestHardBot(t *testing.T) {
	sh := parseShelf(t, "G2", "G6")
	if ScoreShelf(&sh, 0, nil, false).Tops != 2 || ScoreShelf(&sh, 0, nil, true).Tops != 6 {
		t.Fatal("hard mode scores the highest die")
	}
}

// TestAloneDefaultsToBeat checks that one player with no options plays "beat your score".
func TestAloneDefaultsToBeat(t *testing.T) {
	st, err := Game{}.New([]string{"Ada"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(st.Options()), `"solo":"beat"`) {
		t.Errorf("options %s, want solo beat", st.Options())
	}
}

// TestUndoable: every decision of a turn that draws nothing may be taken back, and so may a
// choice of character; the abilities of cards 10 and 15 (and card 8 copying them), whose
// rolls and draws follow at once, and chance's moves may not.
func TestUndoable(t *testing.T) {
	gamestest.UndoableRows(t, Game{},
		[]games.Action{Choose{}, Take{}, Set{}, Place{}, Retrieve{}, Done{}, Ability{Card: 3}, Ability{Card: cardFlash, Copy: 14}},
		[]games.Action{Ability{Card: cardDiceLord}, Ability{Card: cardArchaeologist}, Ability{Card: cardFlash, Copy: cardDiceLord},
			Ability{Card: cardFlash, Copy: cardArchaeologist}, Deal{}, Rewards{}, Fill{}, Reveal{}, Roll{}, Draw{}})
}
