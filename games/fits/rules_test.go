package fits

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

func TestStartDeal(t *testing.T) {
	for n, want := range map[int]int{1: 4, 2: 12, 3: 24, 4: 24} {
		s, _ := NewState(names[:n], DefaultOptions())
		legal := s.Legal(games.Chance)
		if len(legal) != want {
			t.Errorf("%d players: %d start deals, want %d", n, len(legal), want)
		}
		seen := map[string]bool{}
		for _, a := range legal {
			cards := a.(Start).Cards
			if len(cards) != n {
				t.Fatalf("%d players: deal %v", n, cards)
			}
			key := s.Describe(a)
			if seen[key] {
				t.Errorf("deal %s listed twice", key)
			}
			seen[key] = true
			c := s.clone()
			must.Apply(t, c, games.Chance, a)
		}
		r := testRand()
		for range 50 {
			a := s.SampleChance(r)
			if !seen[s.Describe(a)] {
				t.Fatalf("sampled deal %s is not listed", s.Describe(a))
			}
		}
	}
	s, _ := NewState(names[:2], DefaultOptions())
	if got := s.ToAct(); !slices.Equal(got, []games.Seat{games.Chance}) {
		t.Fatalf("a new game waits for %v, want chance", got)
	}
	must.Refuse(t, s, games.Chance, Start{Cards: []Shape{F5}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Start{Cards: []Shape{F5, F5}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Start{Cards: []Shape{F5, T4}}, games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Reveal{Piece: T4}, games.ErrUnknownAction)
	must.Refuse(t, s, 0, pl(F5, 0, false, 'A'), games.ErrNotYourTurn)
	must.Refuse(t, s, games.Chance, pl(F5, 0, false, 'A'), games.ErrUnknownAction)
	must.Apply(t, s, games.Chance, Start{Cards: []Shape{X5, U5}})
	if s.Piece(0) != X5 || s.Piece(1) != U5 {
		t.Fatalf("start pieces %v %v, want X5 U5", s.Piece(0), s.Piece(1))
	}
}

func TestStartPieceMandatory(t *testing.T) {
	s := dealt(t, 2, nil, W5, F5)
	if got := s.ToAct(); !slices.Equal(got, []games.Seat{0, 1}) {
		t.Fatalf("to act %v, want both seats", got)
	}
	r := must.Refuse(t, s, 0, Aside{Piece: W5}, games.ErrIllegal)
	if !strings.Contains(r.Reason.EN, "cannot be set aside") {
		t.Errorf("refusal %q does not say the start piece cannot be set aside", r.Reason.EN)
	}
	for _, a := range s.Legal(0) {
		if _, ok := a.(Aside); ok {
			t.Fatal("Legal offers to set the start piece aside")
		}
	}
	must.Refuse(t, s, 0, pl(F5, 0, false, 'A'), games.ErrIllegal) // seat 1's piece
	must.Refuse(t, s, 0, pl(T4, 0, false, 'A'), games.ErrIllegal)
	must.Refuse(t, s, games.Chance, Reveal{Piece: T4}, games.ErrNotYourTurn)
	// Any order: seat 1 first.
	must.Apply(t, s, 1, pl(F5, 0, false, 'B'))
	if got := s.ToAct(); !slices.Equal(got, []games.Seat{0}) {
		t.Fatalf("to act %v, want seat 0", got)
	}
	must.Apply(t, s, 0, pl(W5, 0, false, 'A'))
	if got := s.ToAct(); !slices.Equal(got, []games.Seat{games.Chance}) || s.Phase() != PhaseReveal {
		t.Fatalf("to act %v phase %v, want chance to reveal", got, s.Phase())
	}
	if got := labels(s.seats[0].pieces[0].Cells); got != "B1 C1 A2 B2 A3" {
		t.Errorf("W5 from A rests on %s, want B1 C1 A2 B2 A3", got)
	}
	if len(s.seats[0].pieces) != 1 || len(s.seats[1].pieces) != 1 {
		t.Fatal("start pieces not on the boards")
	}
}

func TestBuildingCards(t *testing.T) {
	s := building(t, 2, nil, F5, X5)
	must.Refuse(t, s, games.Chance, Reveal{Piece: NoShape}, games.ErrIllegal)
	must.Refuse(t, s, 0, Reveal{Piece: T4}, games.ErrNotYourTurn)
	if got := len(s.Legal(games.Chance)); got != 16 {
		t.Fatalf("%d cards to turn, want 16", got)
	}
	must.Apply(t, s, games.Chance, Reveal{Piece: T4})
	if got := s.ToAct(); !slices.Equal(got, []games.Seat{0, 1}) {
		t.Fatalf("to act %v, want both", got)
	}
	must.Refuse(t, s, 0, Reveal{Piece: L4}, games.ErrUnknownAction)
	must.Refuse(t, s, 0, Start{Cards: []Shape{F5, X5}}, games.ErrUnknownAction)
	r := must.Refuse(t, s, 0, pl(L4, 0, false, 'A'), games.ErrIllegal)
	if !strings.Contains(r.Reason.EN, "The card shows T (4 squares)") {
		t.Errorf("refusal %q does not name the card", r.Reason.EN)
	}
	must.Refuse(t, s, 0, Aside{Piece: L4}, games.ErrIllegal)
	must.Apply(t, s, 1, Aside{Piece: T4})
	r = must.Refuse(t, s, 1, pl(T4, 0, false, 'A'), games.ErrNotYourTurn)
	if !strings.Contains(r.Reason.EN, "waiting for Ada") {
		t.Errorf("refusal %q does not say whom it waits for", r.Reason.EN)
	}
	must.Refuse(t, s, 1, Aside{Piece: T4}, games.ErrNotYourTurn)
	must.Apply(t, s, 0, pl(T4, 2, false, 'D'))
	must.Refuse(t, s, games.Chance, Reveal{Piece: T4}, games.ErrIllegal) // turned already
	if got := len(s.Legal(games.Chance)); got != 15 {
		t.Fatalf("%d cards left to turn, want 15", got)
	}
	if !slices.Equal(s.seats[1].aside, []Shape{T4}) || len(s.seats[0].pieces) != 2 {
		t.Fatalf("after T4: aside %v, pieces %d", s.seats[1].aside, len(s.seats[0].pieces))
	}
}

func TestOwnStartSkip(t *testing.T) {
	s := building(t, 3, nil, F5, X5, W5)
	rec := &games.Recorder{State: s}
	if _, err := rec.Apply(games.Chance, Reveal{Piece: X5}); err != nil {
		t.Fatal(err)
	}
	if got := s.ToAct(); !slices.Equal(got, []games.Seat{0, 2}) {
		t.Fatalf("to act %v, want seats 0 and 2 (seat 1's start shape is X5)", got)
	}
	if s.Piece(1) != NoShape || s.Legal(1) != nil || s.Hint(1) != nil || !s.Prompt(1).IsZero() {
		t.Fatal("the skipping seat is offered something")
	}
	r := must.Refuse(t, s, 1, Aside{Piece: X5}, games.ErrNotYourTurn)
	if !strings.Contains(r.Reason.EN, "Ada and Cid") {
		t.Errorf("refusal %q does not say whom the game waits for", r.Reason.EN)
	}
	for _, seat := range []games.Seat{2, 0} {
		if _, err := rec.Apply(seat, s.Hint(seat)); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.ToAct(); !slices.Equal(got, []games.Seat{games.Chance}) {
		t.Fatalf("to act %v, want chance", got)
	}
	for _, m := range rec.Record.Moves {
		if m.Seat == 1 {
			t.Fatal("a move was recorded for the skipping seat")
		}
	}
	if len(rec.Record.Moves) != 3 {
		t.Fatalf("%d moves recorded, want reveal + 2", len(rec.Record.Moves))
	}
}

func TestSoloSkipGoesStraightToChance(t *testing.T) {
	s := building(t, 1, nil, U5)
	ev := must.Apply(t, s, games.Chance, Reveal{Piece: U5})
	if got := s.ToAct(); !slices.Equal(got, []games.Seat{games.Chance}) {
		t.Fatalf("to act %v, want chance at once", got)
	}
	if !strings.Contains(ev[0].Text.EN, "skips") {
		t.Errorf("event %q does not say the seat skips", ev[0].Text.EN)
	}
}

// TestAnyOrder: the moves of a step may come in any seat order with the same outcome.
func TestAnyOrder(t *testing.T) {
	play := func(order []games.Seat) string {
		s := revealed(t, L4, 3, nil)
		for _, seat := range order {
			must.Apply(t, s, seat, s.Hint(seat))
		}
		return gamestest.Snapshot(s)
	}
	want := play([]games.Seat{0, 1, 2})
	for _, order := range [][]games.Seat{{2, 0, 1}, {1, 2, 0}, {2, 1, 0}} {
		if got := play(order); got != want {
			t.Fatalf("order %v gives another state", order)
		}
	}
}

func TestRoundsAndEnd(t *testing.T) {
	s, _ := NewState(names[:2], Options{Boards: []int{3, 1}})
	r := testRand()
	rounds := 0
	for s.Phase() != PhaseOver {
		seat := s.ToAct()[0]
		var a games.Action
		if seat == games.Chance {
			a = s.SampleChance(r)
		} else {
			a = s.Hint(seat)
		}
		if _, ok := a.(Reveal); ok && len(s.turned) == 16 {
			t.Fatal("a 17th card is due")
		}
		if _, ok := a.(Start); ok && s.scored() != rounds {
			t.Fatalf("deal of round %d with %d rounds scored", rounds+1, s.scored())
		}
		must.Apply(t, s, seat, a)
		if _, ok := a.(Start); ok {
			want := []int{3, 1}[rounds]
			rounds++
			if s.Board() != want || len(s.seats[0].pieces) != 0 || len(s.turned) != 0 {
				t.Fatalf("round %d is on board %d with %d pieces, want board %d, empty", rounds, s.Board(), len(s.seats[0].pieces), want)
			}
		}
	}
	if rounds != 2 || len(s.turned) != 16 || s.Board() != 1 {
		t.Fatalf("%d rounds, %d cards, board %d", rounds, len(s.turned), s.Board())
	}
	res := s.Result()
	for seat, sr := range res.Seats {
		d := sr.Detail.(Detail)
		if len(d.Boards) != 2 || d.Boards[0] != s.seats[seat].rounds[0].Total || d.Boards[0]+d.Boards[1] != sr.Score {
			t.Errorf("seat %d: detail %v score %d", seat, d, sr.Score)
		}
		if s.seats[seat].rounds[0].Board != 3 || s.seats[seat].rounds[1].Board != 1 {
			t.Errorf("seat %d scored boards %v", seat, s.seats[seat].rounds)
		}
	}
	if !res.Over || s.ToAct() != nil || s.SampleChance(r) != nil || s.Legal(0) != nil || s.Hint(0) != nil {
		t.Fatal("the game goes on after the last round")
	}
	must.Refuse(t, s, 0, pl(T4, 0, false, 'A'), games.ErrGameOver)
	must.Refuse(t, s, 7, pl(T4, 0, false, 'A'), games.ErrNotYourTurn) // not at the table: checked before the end
	must.Refuse(t, s, games.Chance, Start{Cards: []Shape{F5, X5}}, games.ErrGameOver)
}

func TestApplyRefusalOrder(t *testing.T) {
	s := revealed(t, T4, 2, nil)
	must.Refuse(t, s, games.Chance, Reveal{Piece: L4}, games.ErrNotYourTurn)
	must.Refuse(t, s, 2, pl(T4, 0, false, 'A'), games.ErrNotYourTurn)
	must.Refuse(t, s, games.NoSeat, pl(T4, 0, false, 'A'), games.ErrNotYourTurn)
	must.Refuse(t, s, 0, nil, games.ErrUnknownAction)
	must.Refuse(t, s, 0, Reveal{Piece: L4}, games.ErrUnknownAction)
	must.Refuse(t, s, 0, pl(T4, 0, false, 'E'), games.ErrIllegal)
	must.Refuse(t, s, 0, Place{Piece: T4, Rot: -1}, games.ErrIllegal)
}

func TestDecodeAction(t *testing.T) {
	good := map[string]Action{
		`{"type":"place","piece":"F5","rot":1,"flip":false,"col":"C"}`: pl(F5, 1, false, 'C'),
		`{"type":"place","piece":"T4","rot":3,"flip":true,"col":"A"}`:  pl(T4, 3, true, 'A'),
		`{"type":"place","piece":"T4","rot":9,"flip":true,"col":"Z"}`:  pl(T4, 9, true, 'Z'), // decodes; Apply refuses
		`{"type":"aside","piece":"T4"}`:                                Aside{Piece: T4},
		`{"type":"reveal","piece":"Y5"}`:                               Reveal{Piece: Y5},
	}
	for in, want := range good {
		if got := gamestest.RoundTrip(t, Game{}, in); got != want {
			t.Errorf("%s: got %v; want %v", in, got, want)
		}
	}
	st, err := Game{}.DecodeAction([]byte(`{"type":"start","cards":["F5","X5"]}`))
	if err != nil || !slices.Equal(st.(Start).Cards, []Shape{F5, X5}) {
		t.Errorf("start: %v, %v", st, err)
	}
	gamestest.DecodeRefuses(t, Game{},
		`{}`, `{"type":"drop"}`, `not json`, `[1]`,
		`{"type":"place","piece":"F5","rot":1,"flip":false}`,
		`{"type":"place","piece":"F5","rot":1,"col":"C"}`,
		`{"type":"place","piece":"F5","flip":false,"col":"C"}`,
		`{"type":"place","rot":1,"flip":false,"col":"C"}`,
		`{"type":"place","piece":"F5","rot":1,"flip":false,"col":"C","extra":1}`,
		`{"type":"place","piece":"F5","rot":1,"flip":false,"col":"c"}`,
		`{"type":"place","piece":"F5","rot":1,"flip":false,"col":"CD"}`,
		`{"type":"place","piece":"F5","rot":1,"flip":false,"col":3}`,
		`{"type":"place","piece":"F6","rot":1,"flip":false,"col":"C"}`,
		`{"type":"place","piece":"F5","rot":1.5,"flip":false,"col":"C"}`,
		`{"type":"place","piece":"F5","rot":1,"flip":"no","col":"C"}`,
		`{"type":"aside"}`, `{"type":"aside","piece":"T4","col":"A"}`,
		`{"type":"reveal","piece":"t4"}`, `{"type":"start"}`, `{"type":"start","cards":"F5"}`,
		`{"type":"aside","piece":"T4"} {}`,
	)
}

func TestOptions(t *testing.T) {
	good := map[string][]int{
		``: {1, 2, 3, 4}, `null`: {1, 2, 3, 4}, `{}`: {1, 2, 3, 4}, `{"boards":null}`: {1, 2, 3, 4},
		`{"boards":[2]}`: {2}, `{"boards":[4,1,3]}`: {4, 1, 3}, `{"boards":[3,4,1,2]}`: {3, 4, 1, 2},
	}
	for in, want := range good {
		st, err := Game{}.New(names[:2], json.RawMessage(in))
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		s := st.(*State)
		if !slices.Equal(s.Opts.Boards, want) || s.Board() != want[0] {
			t.Errorf("%q: boards %v, want %v", in, s.Opts.Boards, want)
		}
		var back struct{ Boards []int }
		if err := json.Unmarshal(s.Options(), &back); err != nil || !slices.Equal(back.Boards, want) {
			t.Errorf("%q: Options() = %s", in, s.Options())
		}
	}
	gamestest.BadOptions(t, Game{}, names[:2],
		`{"boards":[]}`, `{"boards":[1,1]}`, `{"boards":[0]}`, `{"boards":[5]}`, `{"boards":[1,2,3,4,1]}`,
		`{"boards":[1],"rounds":2}`, `{"board":[1]}`, `{"boards":"1,2"}`, `[1]`, `{"boards":[1]} x`,
	)
	gamestest.CheckSeating(t, Game{})
	g := Game{}
	if lo, hi := g.Seats(); lo != 1 || hi != 4 || g.Name() != "fits" || len(g.Options()) != 1 || g.Options()[0].Default != "[1,2,3,4]" {
		t.Error("definition wrong")
	}
	gamestest.CheckText(t, "rules", g.Rules())
	gamestest.CheckText(t, "title", g.Title())
}

// TestRoundScoredAfter16thCard: the round is scored after the 16th card, here one the solo
// player skips (its start shape), so the reveal itself ends the round.
func TestRoundScoredAfter16thCard(t *testing.T) {
	s := building(t, 1, []int{3, 2}, X5)
	setBoard(t, s, 0, ".....#", "######", "######", "######", "######", "######")
	for _, sh := range Shapes() {
		if sh == X5 {
			continue
		}
		must.Apply(t, s, games.Chance, Reveal{Piece: sh})
		if s.scored() != 0 {
			t.Fatalf("scored after %d cards", len(s.turned))
		}
		must.Apply(t, s, 0, Aside{Piece: sh})
	}
	ev := must.Apply(t, s, games.Chance, Reveal{Piece: X5})
	if s.scored() != 1 || s.Phase() != PhaseDeal || !slices.Equal(s.ToAct(), []games.Seat{games.Chance}) {
		t.Fatalf("after the 16th card: %d scored, phase %v", s.scored(), s.Phase())
	}
	want := RoundScore{Board: 3, Dots: 36, Values: 5, Blacks: 3, Total: -46}
	if got := s.seats[0].rounds[0]; got != want {
		t.Fatalf("round scored %+v, want %+v\n%s", got, want, s.drawSeat(0))
	}
	if last := ev[len(ev)-1].Text.EN; !strings.Contains(last, "Board 3 scored: Ada -46") {
		t.Errorf("event %q", last)
	}
	// The scored board stays on view until the next deal.
	if v := s.view(games.NoSeat); v.Board != 3 || !v.RoundOver || v.Seats[0].Rounds[0] != want {
		t.Fatalf("view after scoring: board %d round over %v", v.Board, v.RoundOver)
	}
	must.Apply(t, s, games.Chance, Start{Cards: []Shape{W5}})
	if v := s.view(games.NoSeat); v.Board != 2 || v.RoundOver || v.Round != 1 || len(v.Seats[0].Pieces) != 0 {
		t.Fatalf("view of round 2: %+v", v)
	}
}

// TestEveryPairAccepted: every (rot, flip) is accepted and recorded as given, though Legal
// lists each cell set once.
func TestEveryPairAccepted(t *testing.T) {
	s := revealed(t, O4, 1, []int{1}, F5)
	rec := &games.Recorder{State: s}
	odd := Place{Piece: O4, Rot: 3, Flip: true, Col: 4}
	if slices.Contains(s.Legal(0), games.Action(odd)) || !slices.Contains(s.Legal(0), games.Action(odd.Canonical())) {
		t.Fatal("Legal lists a non-canonical pair, or not the canonical one")
	}
	if _, err := rec.Apply(0, odd); err != nil {
		t.Fatal(err)
	}
	if got := string(rec.Record.Moves[0].Action); got != `{"type":"place","piece":"O4","rot":3,"flip":true,"col":"E"}` {
		t.Errorf("recorded as %s", got)
	}
	if got := s.Describe(odd); got != "O4 E r3 flip" {
		t.Errorf("Describe: %q", got)
	}
	if got := labels(s.seats[0].pieces[1].Cells); !strings.HasPrefix(got, "E") {
		t.Errorf("O4 from E rests on %s", got)
	}
}

func TestProgress(t *testing.T) {
	var _ games.Progress = (*State)(nil)
	s := dealt(t, 2, []int{3, 1}, F5, X5)
	if got := s.Progress().EN; got != "round 1 of 2 (board 3) · start pieces" {
		t.Fatalf("start pieces: %q", got)
	}
	b := revealed(t, T4, 2, []int{3, 1}, F5, X5)
	if got := b.Progress(); got.EN != "round 1 of 2 (board 3) · card 1 of 16" || got.CS != "kolo 1 ze 2 (deska 3) · karta 1 ze 16" {
		t.Fatalf("first card: %+v", got)
	}
}

// TestUndoable: a placement and a set-aside may be taken back, chance's moves may not.
func TestUndoable(t *testing.T) {
	gamestest.UndoableRows(t, Game{}, []games.Action{Place{}, Aside{}}, []games.Action{Start{}, Reveal{}})
}
