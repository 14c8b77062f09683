package shelfie

import (
	"slices"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// onTurn returns a 2-player game in round 1 where seat 0 (Ada) is on turn and has taken box
// 1, with its shipment replaced by ship, its shelf by shelf, its shame shelf by shame, and the
// given cards face up and spent (all of deck 0).
func onTurn(t testing.TB, shelf []string, ship, shame string, up, spent []int) *State {
	t.Helper()
	s := atTurn(t, 2, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3", 1, 2)
	must.Apply(t, s, 0, Take{Box: 1})
	s.shipment = dice(t, ship)
	s.seats[0].shelf = parseShelf(t, shelf...)
	s.seats[0].shame = dice(t, shame)
	s.seats[0].played = nil
	for _, n := range spent {
		s.seats[0].played = append(s.seats[0].played, Played{Card: Card{Number: int8(n)}, Round: 1, Spent: true})
	}
	for _, n := range up {
		s.seats[0].played = append(s.seats[0].played, Played{Card: Card{Number: int8(n)}, Round: 1})
	}
	return s
}

// TestAbilities checks every card's ability against the rules table, card by card: what it
// does, and each limit.
func TestAbilities(t *testing.T) {
	base := []string{
		".. .. .. .. ..",
		".. .. .. .. ..",
		"G5 .. .. .. ..",
		"G3 .. B4 .. ..",
		"G1 P6 B2 .. ..",
	}
	type tc struct {
		name     string
		shelf    []string // nil: base
		ship     string
		shame    string
		up       []int
		spent    []int
		a        Ability
		ok       bool
		shelfOut []string // nil: unchanged
		shipOut  string   // "": unchanged; "-": empty
		check    func(t *testing.T, s *State)
	}
	cases := []tc{
		// 1 Keeper
		{name: "1 puts a shipment die on the card", ship: "O4 P2", up: []int{1}, a: Ability{Card: 1, Die: 1}, ok: true, shipOut: "P2",
			check: func(t *testing.T, s *State) {
				if k := s.seats[0].keeper; len(k) != 1 || k[0].Die.String() != "O4" || k[0].Round != 1 {
					t.Fatalf("keeper %v", k)
				}
			}},
		{name: "1 needs a shipment die", ship: "O4", up: []int{1}, a: Ability{Card: 1, Die: 2}},
		// 2 Nitpicker
		{name: "2 takes a top die back to the shipment's end", ship: "O4", up: []int{2}, a: Ability{Card: 2, Col: 1}, ok: true, shipOut: "O4 G5",
			shelfOut: []string{"G3 .. B4 .. ..", "G1 P6 B2 .. .."}},
		{name: "2 needs a die in the column", ship: "O4", up: []int{2}, a: Ability{Card: 2, Col: 4}},
		// 3 Upgrader
		{name: "3 +1 on a shipment die", ship: "O4 P2", up: []int{3}, a: Ability{Card: 3, Die: 2}, ok: true, shipOut: "O4 P3"},
		{name: "3 +1 on a top die", ship: "O4", up: []int{3}, a: Ability{Card: 3, Col: 3}, ok: true,
			shelfOut: []string{"G5 .. .. .. ..", "G3 .. B5 .. ..", "G1 P6 B2 .. .."}},
		{name: "3 not on a shipment 6", ship: "O6", up: []int{3}, a: Ability{Card: 3, Die: 1}},
		{name: "3 not on a top 6", ship: "O4", up: []int{3}, a: Ability{Card: 3, Col: 2}},
		{name: "3 not on an empty column", ship: "O4", up: []int{3}, a: Ability{Card: 3, Col: 5}},
		// 4 Regifter
		{name: "4 gifts a shipment die", ship: "O4 P2", up: []int{4}, a: Ability{Card: 4, Die: 1}, ok: true, shipOut: "P2",
			check: func(t *testing.T, s *State) {
				if g := diceString(s.seats[0].gifts); g != "O4" {
					t.Fatalf("gifts %s", g)
				}
			}},
		{name: "4 gifts a top die", ship: "O4", up: []int{4}, a: Ability{Card: 4, Col: 2}, ok: true,
			shelfOut: []string{"G5 .. .. .. ..", "G3 .. B4 .. ..", "G1 .. B2 .. .."}},
		// 5 Cat
		{name: "5 −1 on a shipment die", ship: "O4", up: []int{5}, a: Ability{Card: 5, Die: 1}, ok: true, shipOut: "O3"},
		{name: "5 not on a shipment 1", ship: "O1", up: []int{5}, a: Ability{Card: 5, Die: 1}},
		{name: "5 −1 on a top die above a lower one", ship: "O4", up: []int{5}, a: Ability{Card: 5, Col: 1}, ok: true,
			shelfOut: []string{"G4 .. .. .. ..", "G3 .. B4 .. ..", "G1 P6 B2 .. .."}},
		{name: "5 not when the top die would equal the one below", shelf: []string{"G4 .. .. .. ..", "G3 .. .. .. .."}, ship: "O4", up: []int{5}, a: Ability{Card: 5, Col: 1}},
		{name: "5 not on a top 1", shelf: []string{"G1 .. .. .. .."}, ship: "O4", up: []int{5}, a: Ability{Card: 5, Col: 1}},
		{name: "5 on a lone top die", shelf: []string{"G3 .. .. .. .."}, ship: "O4", up: []int{5}, a: Ability{Card: 5, Col: 1}, ok: true, shelfOut: []string{"G2 .. .. .. .."}},
		// 6 Bargain Hunter
		{name: "6 turns a die to its opposite face", ship: "O2 P3", up: []int{6}, a: Ability{Card: 6, Die: 2}, ok: true, shipOut: "O2 P4"},
		{name: "6 turns a 1 into a 6", ship: "O1", up: []int{6}, a: Ability{Card: 6, Die: 1}, ok: true, shipOut: "O6"},
		{name: "6 acts on shipment dice only", ship: "O1", up: []int{6}, a: Ability{Card: 6, Col: 1}},
		// 7 Colour-blind
		{name: "7 ignores the colour rule", ship: "O6", up: []int{7}, a: Ability{Card: 7, Die: 1, Col: 1}, ok: true, shipOut: "-",
			shelfOut: []string{"O6 .. .. .. ..", "G5 .. .. .. ..", "G3 .. B4 .. ..", "G1 P6 B2 .. .."},
			check: func(t *testing.T, s *State) {
				sh := &s.seats[0].shelf
				if sh.ColourOf(0) != Green || sh.PureColour(0) != NoColour || sh.Count(Orange) != 1 {
					t.Fatal("the column must keep its colour and the die its own")
				}
				if sh.Check(Die{Orange, 6}, 0, Rules{}) == nil || sh.Check(Die{Green, 6}, 0, Rules{}) == nil {
					t.Fatal("later dice must be green and higher than 6")
				}
			}},
		{name: "7 still needs a higher die", ship: "O4", up: []int{7}, a: Ability{Card: 7, Die: 1, Col: 1}},
		{name: "7 not on a full column", shelf: []string{"G5", "G4", "G3", "G2", "G1"}, ship: "O6", up: []int{7}, a: Ability{Card: 7, Die: 1, Col: 1}},
		// 8 Flash
		{name: "8 reuses a spent card", ship: "O4", up: []int{8}, spent: []int{3}, a: Ability{Card: 8, Copy: 3, Die: 1}, ok: true, shipOut: "O5",
			check: func(t *testing.T, s *State) {
				if s.faceUp(0, 8) >= 0 || !s.spent(0, 8) {
					t.Fatal("card 8 is not spent")
				}
			}},
		{name: "8 needs the copied card spent", ship: "O4", up: []int{8, 3}, a: Ability{Card: 8, Copy: 3, Die: 1}},
		{name: "8 never copies itself", ship: "O4", up: []int{8}, spent: []int{8}, a: Ability{Card: 8, Copy: 8}},
		{name: "8 as 1 puts a die on card 1", ship: "O4", up: []int{8}, spent: []int{1}, a: Ability{Card: 8, Copy: 1, Die: 1}, ok: true, shipOut: "-",
			check: func(t *testing.T, s *State) {
				if len(s.seats[0].keeper) != 1 {
					t.Fatal("no die on card 1")
				}
			}},
		{name: "8 as 9 only before taking", ship: "O4", up: []int{8}, spent: []int{9}, a: Ability{Card: 8, Copy: 9, Box: 2, Pos: 1, Box2: 3, Pos2: 1}},
		// 9 Festival-goer (after taking: refused; before taking: TestCard9)
		{name: "9 not after taking a box", ship: "O4", up: []int{9}, a: Ability{Card: 9, Box: 2, Pos: 1, Box2: 3, Pos2: 1}},
		// 10 Dice Lord
		{name: "10 rerolls chosen dice", ship: "O4 P2 B3", up: []int{10}, a: Ability{Card: 10, Dice: []int{1, 3}}, ok: true, shipOut: "O4 P2 B3",
			check: func(t *testing.T, s *State) {
				if s.phase != PhaseRoll || !slices.Equal(s.ToAct(), []games.Seat{games.Chance}) {
					t.Fatal("chance must roll")
				}
				if n := len(s.Legal(games.Chance)); n != 36 {
					t.Fatalf("%d roll outcomes listed, want 36", n)
				}
				must.Refuse(t, s, games.Chance, Roll{Values: []int{5}}, games.ErrIllegal)
				must.Refuse(t, s, games.Chance, Roll{Values: []int{5, 7}}, games.ErrIllegal)
				must.Apply(t, s, games.Chance, Roll{Values: []int{6, 1}})
				if got := diceString(s.shipment); got != "O6 P2 B1" || s.phase != PhaseTurn {
					t.Fatalf("after the roll: %s", got)
				}
			}},
		{name: "10 needs increasing dice", ship: "O4 P2", up: []int{10}, a: Ability{Card: 10, Dice: []int{2, 1}}},
		{name: "10 needs shipment dice", ship: "O4 P2", up: []int{10}, a: Ability{Card: 10, Dice: []int{3}}},
		// 11 Perfectionist
		{name: "11 swaps two values", ship: "O4 P2 B1", up: []int{11}, a: Ability{Card: 11, Die: 1, Other: 3}, ok: true, shipOut: "O1 P2 B4"},
		{name: "11 not on equal values", ship: "O4 P4", up: []int{11}, a: Ability{Card: 11, Die: 1, Other: 2}},
		{name: "11 names the lower die first", ship: "O4 P2", up: []int{11}, a: Ability{Card: 11, Die: 2, Other: 1}},
		// 12 Geek
		{name: "12 moves a shame die onto the shelf", ship: "O4", shame: "B1 B6", up: []int{12}, a: Ability{Card: 12, Shame: 2, Col: 3}, ok: true,
			shelfOut: []string{"G5 .. B6 .. ..", "G3 .. B4 .. ..", "G1 P6 B2 .. .."},
			check: func(t *testing.T, s *State) {
				if got := diceString(s.seats[0].shame); got != "B1" {
					t.Fatalf("shame shelf %s", got)
				}
			}},
		{name: "12 keeps the placement rules", ship: "O4", shame: "B1", up: []int{12}, a: Ability{Card: 12, Shame: 1, Col: 3}},
		{name: "12 keeps the colour rule", ship: "O4", shame: "O6", up: []int{12}, a: Ability{Card: 12, Shame: 1, Col: 3}},
		{name: "12 needs a shame die", ship: "O4", up: []int{12}, a: Ability{Card: 12, Shame: 1, Col: 4}},
		// 13 Box Crusher
		{name: "13 ignores the number rule", ship: "B1", up: []int{13}, a: Ability{Card: 13, Die: 1, Col: 3}, ok: true, shipOut: "-",
			shelfOut: []string{"G5 .. B1 .. ..", "G3 .. B4 .. ..", "G1 P6 B2 .. .."},
			check: func(t *testing.T, s *State) {
				if s.seats[0].shelf.Check(Die{Blue, 1}, 2, Rules{}) == nil || s.seats[0].shelf.Check(Die{Blue, 2}, 2, Rules{}) != nil {
					t.Fatal("later dice must be higher than the crushed die")
				}
			}},
		{name: "13 keeps the colour rule", ship: "O1", up: []int{13}, a: Ability{Card: 13, Die: 1, Col: 3}},
		// 14 Playtester
		{name: "14 sets a shipment die", ship: "O4", up: []int{14}, a: Ability{Card: 14, Die: 1, Value: 2}, ok: true, shipOut: "O2"},
		{name: "14 sets a top die higher than the one below", ship: "O4", up: []int{14}, a: Ability{Card: 14, Col: 1, Value: 4}, ok: true,
			shelfOut: []string{"G4 .. .. .. ..", "G3 .. B4 .. ..", "G1 P6 B2 .. .."}},
		{name: "14 keeps the top die above the one below", ship: "O4", up: []int{14}, a: Ability{Card: 14, Col: 1, Value: 3}},
		{name: "14 sets a lone die to anything", ship: "O4", up: []int{14}, a: Ability{Card: 14, Col: 2, Value: 1}, ok: true,
			shelfOut: []string{"G5 .. .. .. ..", "G3 .. B4 .. ..", "G1 P1 B2 .. .."}},
		{name: "14 must change the value", ship: "O4", up: []int{14}, a: Ability{Card: 14, Die: 1, Value: 4}},
		{name: "14 values are 1 to 6", ship: "O4", up: []int{14}, a: Ability{Card: 14, Die: 1, Value: 7}},
		// 15 Archaeologist
		{name: "15 returns a die and draws a new one", ship: "O4 P2", up: []int{15}, a: Ability{Card: 15, Die: 1}, ok: true, shipOut: "P2",
			check: func(t *testing.T, s *State) {
				bag := s.bag[Orange]
				if s.phase != PhaseDraw {
					t.Fatal("chance must draw")
				}
				must.Apply(t, s, games.Chance, Draw{Colour: Orange})
				if s.bag[Orange] != bag-1 || !s.setNext || diceString(s.shipment) != "P2 O?" {
					t.Fatalf("after the draw: %s", diceString(s.shipment))
				}
				must.Refuse(t, s, 0, Place{Die: 1, Col: 4}, games.ErrUnknownAction)
				must.Refuse(t, s, 0, Set{Die: 1, Value: 3}, games.ErrIllegal)
				if l := s.Legal(0); len(l) != 6 {
					t.Fatalf("legal %v", l)
				}
				must.Apply(t, s, 0, Set{Die: 2, Value: 6})
				if diceString(s.shipment) != "P2 O6" || s.setNext {
					t.Fatal("the drawn die was not set")
				}
				must.Apply(t, s, 0, Set{Die: 2, Value: 1}) // still a wild six
			}},
		// 16 Master Shuffler
		{name: "16 slides a die into a column", ship: "G2 P2", up: []int{16}, a: Ability{Card: 16, Col: 1, At: 2, Die: 1}, ok: true, shipOut: "P2",
			shelfOut: []string{"G5 .. .. .. ..", "G3 .. .. .. ..", "G2 .. B4 .. ..", "G1 P6 B2 .. .."}},
		{name: "16 at the bottom", ship: "B1", up: []int{16}, a: Ability{Card: 16, Col: 3, At: 1, Die: 1}, ok: true, shipOut: "-",
			shelfOut: []string{"G5 .. B4 .. ..", "G3 .. B2 .. ..", "G1 P6 B1 .. .."}},
		{name: "16 needs the column's colour", ship: "O2", up: []int{16}, a: Ability{Card: 16, Col: 1, At: 2, Die: 1}},
		{name: "16 needs a die higher than the one below", ship: "G1", up: []int{16}, a: Ability{Card: 16, Col: 1, At: 2, Die: 1}},
		{name: "16 needs a die lower than the one above", ship: "G3", up: []int{16}, a: Ability{Card: 16, Col: 1, At: 2, Die: 1}},
		{name: "16 not in a full column", shelf: []string{"G5", "G4", "G3", "G2", "G1"}, ship: "G3", up: []int{16}, a: Ability{Card: 16, Col: 1, At: 1, Die: 1}},
		{name: "16 not in an empty column", ship: "G3", up: []int{16}, a: Ability{Card: 16, Col: 4, At: 1, Die: 1}},
		{name: "16 not above the column", ship: "G6", up: []int{16}, a: Ability{Card: 16, Col: 1, At: 4, Die: 1}},
		// What all share
		{name: "a card must be face up", ship: "O4", spent: []int{3}, a: Ability{Card: 3, Die: 1}},
		{name: "a card must be yours", ship: "O4", a: Ability{Card: 3, Die: 1}},
		{name: "a card needs its fields", ship: "O4", up: []int{3}, a: Ability{Card: 3, Die: 1, Col: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			shelf := c.shelf
			if shelf == nil {
				shelf = base
			}
			s := onTurn(t, shelf, c.ship, c.shame, c.up, c.spent)
			before := s.seats[0].shelf.String()
			listed := false
			for _, l := range s.Legal(0) {
				if Notation(l) == Notation(c.a) {
					listed = true
				}
			}
			if listed != c.ok {
				t.Fatalf("%s listed %v, want %v", Notation(c.a), listed, c.ok)
			}
			if !c.ok {
				must.Refuse(t, s, 0, c.a, games.ErrIllegal)
				return
			}
			must.Apply(t, s, 0, c.a)
			if s.faceUp(0, c.a.Card) >= 0 {
				t.Fatalf("card %d still face up", c.a.Card)
			}
			want := before
			if c.shelfOut != nil {
				want = shelfText(t, c.shelfOut...)
			}
			if got := s.seats[0].shelf.String(); got != want {
				t.Fatalf("shelf\n%swant\n%s", got, want)
			}
			wantShip := c.shipOut
			switch wantShip {
			case "":
				wantShip = c.ship
			case "-":
				wantShip = ""
			}
			if got := diceString(s.shipment); got != wantShip && c.a.Acting() != 10 {
				t.Fatalf("shipment %q, want %q", got, wantShip)
			}
			if c.check != nil {
				c.check(t, s)
			}
		})
	}
}

// TestCard9 swaps dice between untaken boxes, only before taking a box.
func TestCard9(t *testing.T) {
	s := atTurn(t, 2, "", "P1 P2 P3 / G1 G2 G3 / B1 B2 B3", 1, 2)
	s.seats[0].played[0].Card.Number = 9 // seat 0 has card 9 face up
	must.Refuse(t, s, 0, Ability{Card: 9, Box: 2, Pos: 1, Box2: 1, Pos2: 1}, games.ErrIllegal)
	must.Refuse(t, s, 0, Ability{Card: 9, Box: 1, Pos: 4, Box2: 2, Pos2: 1}, games.ErrIllegal)
	must.Apply(t, s, 0, Ability{Card: 9, Box: 1, Pos: 3, Box2: 3, Pos2: 1})
	if a, b := diceString(s.boxes[0].dice), diceString(s.boxes[2].dice); a != "P1 P2 B1" || b != "P3 B2 B3" {
		t.Fatalf("boxes %s / %s", a, b)
	}
	must.Apply(t, s, 0, Take{Box: 2})
	// Seat 1 cannot swap with a taken box.
	must.Apply(t, s, 0, Place{Die: 1, Shame: true})
	must.Apply(t, s, 0, Place{Die: 1, Shame: true})
	must.Apply(t, s, 0, Place{Die: 1, Shame: true})
	must.Apply(t, s, 0, Done{})
	s.seats[1].played[0].Card.Number = 9
	must.Refuse(t, s, 1, Ability{Card: 9, Box: 1, Pos: 1, Box2: 2, Pos2: 1}, games.ErrIllegal)
	must.Apply(t, s, 1, Ability{Card: 9, Box: 1, Pos: 1, Box2: 3, Pos2: 2})
}

// TestCardReuse: a card stays face up over rounds until used; abilities combine on one die.
func TestCardReuse(t *testing.T) {
	s := onTurn(t, []string{".. .. .. .. .."}, "O3 P2", "", []int{3, 6, 7}, nil)
	must.Apply(t, s, 0, Ability{Card: 6, Die: 1})                    // O3 → O4
	must.Apply(t, s, 0, Ability{Card: 3, Die: 1})                    // O4 → O5
	must.Refuse(t, s, 0, Ability{Card: 3, Die: 1}, games.ErrIllegal) // spent
	must.Apply(t, s, 0, Place{Die: 1, Col: 1})
	must.Apply(t, s, 0, Place{Die: 1, Col: 2})
	if got := s.seats[0].shelf.String(); got != shelfText(t, "O5 P2 .. .. ..") {
		t.Fatalf("shelf\n%s", got)
	}
	must.Apply(t, s, 0, Done{})
	if s.faceUp(0, 7) < 0 {
		t.Fatal("card 7 must stay face up")
	}
}
