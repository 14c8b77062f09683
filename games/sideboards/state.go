package sideboards

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// Phase is the kind of step the game waits for.
type Phase int

// The phases of a game.
const (
	// PhaseTasks: chance draws the three tasks (only when the option leaves them open).
	PhaseTasks Phase = iota
	// PhaseDeal: chance deals every seat's hand.
	PhaseDeal
	// PhaseTurn: every seat lays its first two cards (turn 1) or places a card (turns 2–7),
	// all at the same time. A seat that uses its exchange card first waits for chance to draw
	// its 2 new cards; meanwhile only chance acts.
	PhaseTurn
	// PhaseDraw: the turn is over and the cards passed; chance draws for seat 0, 1, … in order.
	PhaseDraw
	// PhaseOver: the game has ended.
	PhaseOver
)

// Turns is the number of turns: the first lays two cards, each later one a card more.
const Turns = Width - 1

// State is a game of Sideboards. Create it with NewState or Game.New.
//
// Hidden choices: a seat's start or place is kept as that seat's pending choice and laid on
// its sideboard only when the last seat of the turn has placed. Sideboards, scores and
// everything derived from them therefore never show a pending choice; only the seat's own
// View adds it back.
type State struct {
	games.Seating[Game, Options]
	tasks   [3]Task // the colour, handle and row task; zero until drawn
	phase   Phase
	turn    int    // 1–7 from the deal on
	pile    []Card // the draw pile, sorted: chance draws any of its cards
	discard []Card // the discard pile, face up, in the order thrown
	seats   []seatState
	// drawNext is the seat chance draws for next in PhaseDraw.
	drawNext int
	// exchanging is the seat waiting for its 2 cards after using its exchange card, or NoSeat.
	exchanging games.Seat
	// knows[c] has bit s set when seat s knows where card c is while it is in a hand: the seat
	// that drew it, and every seat it has been passed to since (each of them can follow it, as
	// every placement and exchange is public).
	knows [NumCards + 1]uint8
}

// seatState is one seat's part of the table.
type seatState struct {
	board     []Placed // the sideboard, left to right, as every seat sees it
	newest    []Card   // the cards laid in the last completed turn
	hand      []Card   // sorted
	received  []Card   // the cards passed to this seat at the end of the last turn
	pending   choice   // committed this turn, hidden from the others
	exchanged int      // the turn the exchange card was used in, 0 while unused
}

// choice is a committed, not yet revealed move: the cards laid (two at the start, one later,
// left to right) and, for a later turn, the end they go to.
type choice struct {
	made  bool
	cards []Placed
	side  Side
}

var (
	_ games.State    = (*State)(nil)
	_ games.Composer = (*State)(nil)
	_ games.Progress = (*State)(nil)
)

// NewState starts a game for 1–6 named players with options o (see ParseOptions for what is
// valid). It fails with games.ErrBadRecord otherwise, and for the variant "four" with one
// player.
func NewState(players []string, o Options) (*State, error) {
	if r := games.CheckPlayers(Game{}, players); r != nil {
		return nil, r
	}
	n := len(players)
	if err := o.check(); err != nil {
		return nil, err
	}
	if n == 1 && o.Variant != Basic {
		return nil, games.Refuse(games.ErrBadRecord, "The solo game is played with the basic rules only, not the variant %q.", "Sólo se hraje jen podle základních pravidel, ne ve variantě %q.", o.Variant)
	}
	s := &State{
		Seating:    games.Seating[Game, Options]{Names: slices.Clone(players), Opts: Options{Variant: o.Variant, Tasks: slices.Clone(o.Tasks)}},
		phase:      PhaseTasks,
		seats:      make([]seatState, n),
		exchanging: games.NoSeat,
	}
	if o.Tasks != nil {
		for k := range s.tasks {
			s.tasks[k] = Task(o.Tasks[k])
		}
		s.phase = PhaseDeal
	}
	for c := Card(1); c <= NumCards; c++ {
		s.pile = append(s.pile, c)
	}
	return s, nil
}

// four reports whether the variant "4 cards" is played.
func (s *State) four() bool { return s.Opts.Variant == Four }

// Phase returns the kind of step the game waits for.
func (s *State) Phase() Phase { return s.phase }

// Turn returns the turn being played (1–7), 0 before the deal.
func (s *State) Turn() int { return s.turn }

// TasksInPlay returns the colour, handle and row task (zero before chance draws them).
func (s *State) TasksInPlay() [3]Task { return s.tasks }

// Hand returns seat's hand, sorted (nil for a seat not at the table).
func (s *State) Hand(seat games.Seat) []Card {
	if !s.IsSeat(seat) {
		return nil
	}
	return slices.Clone(s.seats[seat].hand)
}

// Board returns seat's sideboard as everybody sees it, left to right.
func (s *State) Board(seat games.Seat) []Placed {
	if !s.IsSeat(seat) {
		return nil
	}
	return slices.Clone(s.seats[seat].board)
}

// handSize is the number of cards a hand holds when a turn begins: 3 (or 4) to start with,
// then 2 (3 in the variant).
func (s *State) handSize() int {
	switch {
	case s.turn <= 1 && s.four():
		return 4
	case s.turn <= 1:
		return 3
	case s.four():
		return 3
	}
	return 2
}

// drawCount is how many cards chance draws for each seat after a turn: 2 solo, else 1.
func (s *State) drawCount() int {
	if s.Solo() {
		return 2
	}
	return 1
}

// canExchange reports whether seat may use its exchange card now: in turns 2–7 before it
// places, once per game, not in the variant "4 cards".
func (s *State) canExchange(seat games.Seat) bool {
	return s.waiting(seat) && s.turn >= 2 && !s.four() && s.seats[seat].exchanged == 0
}

// waiting reports whether seat must still lay or place this turn.
func (s *State) waiting(seat games.Seat) bool {
	return s.IsSeat(seat) && s.phase == PhaseTurn && s.exchanging == games.NoSeat && !s.seats[seat].pending.made
}

// ToAct returns [Chance] while tasks, a deal or a draw are due; during a turn the seats that
// have not placed yet, in seat order; nothing at the end.
func (s *State) ToAct() []games.Seat {
	switch s.phase {
	case PhaseTasks, PhaseDeal, PhaseDraw:
		return []games.Seat{games.Chance}
	case PhaseTurn:
		if s.exchanging != games.NoSeat {
			return []games.Seat{games.Chance}
		}
		var out []games.Seat
		for i := range s.seats {
			if !s.seats[i].pending.made {
				out = append(out, games.Seat(i))
			}
		}
		return out
	}
	return nil
}

// Prompt says what seat must decide now.
func (s *State) Prompt(seat games.Seat) games.Text {
	if !s.waiting(seat) {
		return games.Text{}
	}
	if s.turn == 1 {
		if s.Solo() {
			return games.Say("Turn 1 of 7: keep 2 of your 3 cards and lay them side by side; the third is thrown away",
				"Kolo 1 ze 7: ze 3 karet si 2 nech a polož je vedle sebe; třetí se odhodí")
		}
		return games.Say("Turn 1 of 7: keep 2 of your %d cards and lay them side by side; pass the rest to %s",
			"Kolo 1 ze 7: ze %d karet si 2 nech a polož je vedle sebe; zbytek pošli levému sousedovi (%s)", len(s.seats[seat].hand), s.Names[s.left(seat)])
	}
	return games.Say("Turn %d of 7: place a card at the left or right end of your sideboard",
		"Kolo %d ze 7: přilož kartu k levému nebo pravému konci své komody", s.turn)
}

// left returns the seat's left neighbour, who receives its passed cards.
func (s *State) left(seat games.Seat) games.Seat { return (seat + 1) % games.Seat(len(s.Names)) }

// SampleChance draws chance's next move with r: the three tasks uniformly at random, a deal
// from the shuffled cards, or the cards of the next draw uniformly from the draw pile (then
// from the discard pile when the draw pile runs short). It returns nil when chance need not
// act.
func (s *State) SampleChance(r *rand.Rand) games.Action {
	switch {
	case s.phase == PhaseTasks:
		return Tasks{Tasks: []int{1 + r.IntN(7), 8 + r.IntN(7), 15 + r.IntN(16)}}
	case s.phase == PhaseDeal:
		perm := r.Perm(NumCards)
		d := Deal{}
		k := s.handSize()
		for i := range s.seats {
			h := make([]Card, k)
			for j := range h {
				h[j] = Card(perm[i*k+j] + 1)
			}
			slices.Sort(h)
			d.Hands = append(d.Hands, h)
		}
		return d
	case s.phase == PhaseDraw || s.exchanging != games.NoSeat:
		seat, n := s.drawDue()
		pile, rest := slices.Clone(s.pile), slices.Clone(s.discard)
		var cards []Card
		for range n {
			if len(pile) == 0 {
				pile, rest = rest, nil
			}
			i := r.IntN(len(pile))
			cards = append(cards, pile[i])
			pile = slices.Delete(pile, i, i+1)
		}
		return Draw{Seat: seat, Cards: cards}
	}
	return nil
}

// drawDue returns the seat chance must draw for now and how many cards, or NoSeat.
func (s *State) drawDue() (games.Seat, int) {
	switch {
	case s.phase == PhaseTurn && s.exchanging != games.NoSeat:
		return s.exchanging, 2
	case s.phase == PhaseDraw:
		return games.Seat(s.drawNext), s.drawCount()
	}
	return games.NoSeat, 0
}

// Clone returns an independent copy.
func (s *State) Clone() games.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.Opts.Tasks = slices.Clone(s.Opts.Tasks)
	c.pile = slices.Clone(s.pile)
	c.discard = slices.Clone(s.discard)
	c.seats = slices.Clone(s.seats)
	for i := range c.seats {
		st := &c.seats[i]
		st.board = slices.Clone(st.board)
		st.newest = slices.Clone(st.newest)
		st.hand = slices.Clone(st.hand)
		st.received = slices.Clone(st.received)
		st.pending.cards = slices.Clone(st.pending.cards)
	}
	return &c
}

// Describe writes an action as a player types it (see ParseMove): "12 40t" (lay 12 upright
// on the left and 40 turned on the right), "7t right", "exchange"; chance's moves as "tasks 2
// 9 17", "deal 12 40 7 / 1 2 3", "draw 33 for 1".
func (s *State) Describe(a games.Action) string { return describe(a) }

// describe is Describe without a state.
func describe(a games.Action) string {
	switch a := a.(type) {
	case Start:
		parts := make([]string, len(a.Cards))
		for i, c := range a.Cards {
			turned := i < len(a.Turned) && a.Turned[i]
			parts[i] = Placed{Card: c, Turned: turned}.String()
		}
		return strings.Join(parts, " ")
	case Place:
		return Placed{Card: a.Card, Turned: a.Turned}.String() + " " + a.Side.String()
	case Exchange:
		return "exchange"
	case Tasks:
		return "tasks " + joinInts(a.Tasks, " ")
	case Deal:
		hands := make([]string, len(a.Hands))
		for i, h := range a.Hands {
			hands[i] = joinCards(h)
		}
		return "deal " + strings.Join(hands, " / ")
	case Draw:
		return fmt.Sprintf("draw %s for %d", joinCards(a.Cards), int(a.Seat))
	}
	return fmt.Sprintf("%v", a)
}

func joinInts(ns []int, sep string) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, sep)
}

func joinCards(cs []Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// Progress says where the game stands, for message headers: "turn 3 of 7 · 31 cards in the
// draw pile".
func (s *State) Progress() games.Text {
	switch s.phase {
	case PhaseTasks, PhaseDeal:
		return games.Say("setting up", "příprava")
	case PhaseOver:
		return games.Say("game over", "konec hry")
	}
	pile := games.Count(len(s.pile), "card", "cards", "karta", "karty", "karet")
	return games.Text{
		EN: fmt.Sprintf("turn %d of %d · %s in the draw pile", s.turn, Turns, pile.EN),
		CS: fmt.Sprintf("kolo %d ze %d · v dobíracím balíčku %s", s.turn, Turns, pile.CS),
	}
}
