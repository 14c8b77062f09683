package shelfie

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
	// PhaseDeal: chance deals the character cards ([Deal]).
	PhaseDeal Phase = iota
	// PhaseRewards: chance reveals the reward cards ([Rewards]).
	PhaseRewards
	// PhaseFill: chance fills the boxes for the next round ([Fill]).
	PhaseFill
	// PhaseChoose: every player secretly chooses a character card ([Choose]).
	PhaseChoose
	// PhaseReveal: chance turns the solo opponent's card ([Reveal]).
	PhaseReveal
	// PhaseTurn: the seat on turn takes a box, uses abilities and places its shipment.
	PhaseTurn
	// PhaseRoll: chance rerolls the dice card 10 named ([Roll]).
	PhaseRoll
	// PhaseDraw: chance draws a die from the bag for card 15 ([Draw]).
	PhaseDraw
	// PhaseOver: the game has ended.
	PhaseOver
)

// Card is one character card: its number and the seat whose deck it came from (a card keeps
// its deck, and so its tie-break letter, when hands are passed in the draft).
type Card struct {
	Number int8
	Deck   int8
}

// Letter returns the card's tie-break letter: in the deck of seat s, card n has letter
// "ABCD"[(n−1+s) mod 4].
func (c Card) Letter() byte { return "ABCD"[(int(c.Number)-1+int(c.Deck))%4] }

// String writes the card as number and letter, "5B".
func (c Card) String() string { return fmt.Sprintf("%d%c", c.Number, c.Letter()) }

// before reports whether c goes before d in turn order: the lower value, then the earlier
// letter.
func (c Card) before(d Card) bool {
	if c.Number != d.Number {
		return c.Number < d.Number
	}
	return c.Letter() < d.Letter()
}

// Played is a revealed character card: the round it was chosen in and whether its ability has
// been used (spent) or it is still face up.
type Played struct {
	Card  Card
	Round int8
	Spent bool
}

// Kept is a die on card 1 and the round it was put there.
type Kept struct {
	Die   Die
	Round int8
}

// seatState is one seat's part of the table (the solo opponent's too).
type seatState struct {
	hand   []Card // in hand, by number; the secret choice stays in it until the reveal
	choice Card   // the secret choice of this round, when chosen
	chosen bool
	played []Played // revealed cards in the order revealed
	shelf  Shelf
	shame  []Die
	keeper []Kept // dice on card 1, oldest first
	gifts  []Die  // dice in card 4's gift box
	recent []Spot // shelf spaces filled on the seat's latest turn
}

// Spot is a space of a shelf: column and height, both 0-based.
type Spot struct {
	Col, Height int8
}

// box is one delivery box: its dice, and who took it this round (NoSeat: untaken).
type box struct {
	dice  []Die
	taker games.Seat
}

// State is a game of Shelfie Stacker. Create it with NewState or Game.New.
//
// Seats 0 to n−1 are the players; in solo the opponent is seat 1, which never acts: its turns
// are made by the rules inside Apply. A secret choice is kept as the seat's pending choice
// and stays in its hand until every player has chosen, so nothing derived from hands or
// shelves can show it.
type State struct {
	games.Seating[Game, Options]
	seats []seatState
	bag   [NumColours + 1]int
	gone  [NumColours + 1]int // dice that left the game ("beat your score"), by colour
	phase Phase
	round int // 1–7 once the first boxes are filled

	sidekick, contest int
	endgame           []int
	sidekickHolder    games.Seat
	contestHolder     games.Seat

	boxes    []box
	order    []games.Seat // this round's turn order
	turn     int          // index in order of the seat on turn
	taken    bool         // the seat on turn has taken its box
	shipment []Die
	setNext  bool  // the last shipment die is card 15's new die, its value to be set next
	rolling  []int // 0-based shipment indices card 10 rerolls, in the order named
}

var (
	_ games.State    = (*State)(nil)
	_ games.Composer = (*State)(nil)
	_ games.Progress = (*State)(nil)
)

// Opponent is the seat of the solo opponent.
const Opponent games.Seat = 1

// OpponentName is the solo opponent's name.
const OpponentName = "Shem Bot"

// NewState starts a game for 1–4 named players with options o. It fails with
// games.ErrBadRecord for a bad number of players, an empty name or options that do not suit
// them (see Options.Check). One player with no solo mode plays "beat your score".
func NewState(players []string, o Options) (*State, error) {
	n := len(players)
	if n == 1 && o.Solo == nil {
		// Alone with no solo mode chosen: "beat your score", the simpler of the two.
		beat := SoloBeat
		o.Solo = &beat
	}
	if err := o.Check(n); err != nil {
		return nil, err
	}
	if r := games.CheckPlayers(Game{}, players); r != nil {
		return nil, r
	}
	if o.Solo != nil {
		mode := *o.Solo
		o.Solo = &mode
	}
	s := &State{
		Seating:        games.Seating[Game, Options]{Names: slices.Clone(players), Opts: o},
		seats:          make([]seatState, max(n, 2)),
		sidekickHolder: games.NoSeat,
		contestHolder:  games.NoSeat,
	}
	if n > 1 {
		s.seats = s.seats[:n]
	}
	per := bagPerColour(max(n, 2))
	for _, c := range Colours() {
		s.bag[c] = per
	}
	if o.dealt() {
		s.phase = PhaseDeal
	} else {
		for i := range s.seats {
			s.seats[i].hand = deck(basicNumbers(), i)
		}
		s.phase = PhaseRewards
	}
	return s, nil
}

// basicNumbers are the card numbers of the basic game, 1–8.
func basicNumbers() []int { return []int{1, 2, 3, 4, 5, 6, 7, 8} }

// deck returns the cards of the given numbers from seat's deck, in number order.
func deck(numbers []int, seat int) []Card {
	hand := make([]Card, 0, len(numbers))
	for _, n := range numbers {
		hand = append(hand, Card{Number: int8(n), Deck: int8(seat)})
	}
	slices.SortFunc(hand, func(a, b Card) int { return int(a.Number) - int(b.Number) })
	return hand
}

// Phase returns the kind of step the game waits for.
func (s *State) Phase() Phase { return s.phase }

// Round returns the round being played (1–7), 0 before the first.
func (s *State) Round() int { return s.round }

// solo reports whether this is the one-player game (with an opponent seat).
func (s *State) solo() bool { return s.Opts.Solo != nil }

// bot reports whether the solo opponent is Shem Bot, who keeps and scores its dice.
func (s *State) bot() bool { return s.Opts.SoloMode() == SoloBot }

// scoring lists the seats that score: the players, and Shem Bot.
func (s *State) scoring() []games.Seat {
	n := len(s.Names)
	if s.bot() {
		n = 2
	}
	return games.PlayerSeats(n)
}

// name returns the name of seat, the solo opponent's included.
func (s *State) name(seat games.Seat) string {
	if s.IsSeat(seat) {
		return s.Names[seat]
	}
	if s.solo() && seat == Opponent {
		return OpponentName
	}
	return seat.String()
}

// SeatName returns the name of any seat of the result: a player's, or "Shem Bot" for the solo
// opponent (seat 1, which Players does not list); the seat number otherwise.
func (s *State) SeatName(seat games.Seat) string { return s.name(seat) }

// current returns the seat on turn, or NoSeat outside turns.
func (s *State) current() games.Seat {
	switch s.phase {
	case PhaseTurn, PhaseRoll, PhaseDraw:
		return s.order[s.turn]
	}
	return games.NoSeat
}

// ToAct returns [Chance] while a random event is due, the players still to choose during the
// choice, the seat on turn during turns, and nothing at the end.
func (s *State) ToAct() []games.Seat {
	switch s.phase {
	case PhaseDeal, PhaseRewards, PhaseFill, PhaseReveal, PhaseRoll, PhaseDraw:
		return []games.Seat{games.Chance}
	case PhaseChoose:
		var out []games.Seat
		for i := range s.Names {
			if !s.seats[i].chosen {
				out = append(out, games.Seat(i))
			}
		}
		return out
	case PhaseTurn:
		return []games.Seat{s.current()}
	}
	return nil
}

// Prompt says what seat must decide now.
func (s *State) Prompt(seat games.Seat) games.Text {
	if !games.IsToAct(s, seat) || seat == games.Chance {
		return games.Text{}
	}
	switch {
	case s.phase == PhaseChoose:
		return games.Say("Round %d: choose a character card in secret", "Kolo %d: tajně vyber kartu postavy", s.round)
	case !s.taken:
		return games.Say("Your turn: take a box", "Jsi na tahu: vezmi si přepravku")
	case s.setNext:
		return games.Say("Set the value of the drawn die", "Nastav hodnotu vytažené kostky")
	case len(s.shipment) > 0:
		return games.Say("Place your shipment: %s", "Umísti svou zásilku: %s", diceText(s.shipment))
	}
	return games.Say("Shipment placed: use abilities or end your turn", "Zásilka je umístěná: použij schopnosti, nebo ukonči tah")
}

// diceString writes dice as records do: "P3 G6 B1".
func diceString(ds []Die) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.String()
	}
	return strings.Join(parts, " ")
}

// Progress says where the game stands: "round 3 of 7 · Ada's turn".
func (s *State) Progress() games.Text {
	switch s.phase {
	case PhaseOver:
		return games.Say("game over", "konec hry")
	case PhaseDeal, PhaseRewards:
		return games.Say("setting up", "příprava")
	}
	r := games.Say("round %d of %d", "kolo %d ze %d", s.round, Rounds)
	if seat := s.current(); seat != games.NoSeat {
		n := s.name(seat)
		return games.Join([]games.Text{r, {EN: n + "'s turn", CS: "na tahu " + n}}, " · ")
	}
	if s.phase == PhaseChoose {
		return games.Join([]games.Text{r, games.Say("choosing characters", "výběr postav")}, " · ")
	}
	return r
}

// boxCount is the number of boxes in play: players + 1, or 3 in solo.
func (s *State) boxCount() int {
	if s.solo() {
		return 3
	}
	return len(s.Names) + 1
}

// bagTotal returns the number of dice in the bag.
func (s *State) bagTotal() int {
	n := 0
	for _, c := range Colours() {
		n += s.bag[c]
	}
	return n
}

// faceUp returns the index in seat's played cards of its first face-up card numbered n, or -1.
func (s *State) faceUp(seat games.Seat, n int) int {
	for i, p := range s.seats[seat].played {
		if int(p.Card.Number) == n && !p.Spent {
			return i
		}
	}
	return -1
}

// spent reports whether seat has a spent card numbered n.
func (s *State) spent(seat games.Seat, n int) bool {
	for _, p := range s.seats[seat].played {
		if int(p.Card.Number) == n && p.Spent {
			return true
		}
	}
	return false
}

// SampleChance draws chance's next move with r: hands (each a random 8 of the 16 numbers,
// shared or own), reward cards, the boxes' dice drawn from the bag with random faces, the
// solo opponent's next card, rerolled values, or a die drawn from the bag. It returns nil when
// chance need not act.
func (s *State) SampleChance(r *rand.Rand) games.Action {
	switch s.phase {
	case PhaseDeal:
		var d Deal
		random8 := func() []int {
			nums := r.Perm(NumCards)[:HandSize]
			for i := range nums {
				nums[i]++
			}
			slices.Sort(nums)
			return nums
		}
		shared := random8()
		for range s.Names {
			switch s.Opts.Cards {
			case CardsBasic:
				d.Hands = append(d.Hands, basicNumbers())
			case CardsShared:
				d.Hands = append(d.Hands, slices.Clone(shared))
			default:
				d.Hands = append(d.Hands, random8())
			}
		}
		if s.solo() && s.Opts.BotCards == BotRandom {
			d.Hands = append(d.Hands, random8())
		}
		return d
	case PhaseRewards:
		if s.Opts.SoloMode() == SoloBeat {
			e := r.Perm(NumEndgames)[:2]
			return Rewards{Endgame: []int{e[0] + 1, e[1] + 1}}
		}
		return Rewards{Sidekick: 1 + r.IntN(NumSidekicks), Contest: 1 + r.IntN(NumContests), Endgame: []int{1 + r.IntN(NumEndgames)}}
	case PhaseFill:
		bag := s.bag
		f := Fill{}
		for range s.boxCount() {
			var b []Die
			for range 3 {
				b = append(b, Die{Colour: drawFrom(&bag, r), Value: int8(1 + r.IntN(6))})
			}
			f.Boxes = append(f.Boxes, b)
		}
		return f
	case PhaseReveal:
		hand := s.seats[Opponent].hand
		return Reveal{Card: int(hand[r.IntN(len(hand))].Number)}
	case PhaseRoll:
		v := make([]int, len(s.rolling))
		for i := range v {
			v[i] = 1 + r.IntN(6)
		}
		return Roll{Values: v}
	case PhaseDraw:
		bag := s.bag
		return Draw{Colour: drawFrom(&bag, r)}
	}
	return nil
}

// drawFrom draws one die's colour from bag (which must not be empty), each die equally likely.
func drawFrom(bag *[NumColours + 1]int, r *rand.Rand) Colour {
	total := 0
	for _, c := range Colours() {
		total += bag[c]
	}
	k := r.IntN(total)
	for _, c := range Colours() {
		if k < bag[c] {
			bag[c]--
			return c
		}
		k -= bag[c]
	}
	return NoColour
}

// Clone returns an independent copy.
func (s *State) Clone() games.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	if s.Opts.Solo != nil {
		mode := *s.Opts.Solo
		c.Opts.Solo = &mode
	}
	c.seats = slices.Clone(s.seats)
	for i := range c.seats {
		st := &c.seats[i]
		st.hand = slices.Clone(st.hand)
		st.played = slices.Clone(st.played)
		st.shame = slices.Clone(st.shame)
		st.keeper = slices.Clone(st.keeper)
		st.gifts = slices.Clone(st.gifts)
		st.recent = slices.Clone(st.recent)
	}
	c.endgame = slices.Clone(s.endgame)
	c.boxes = slices.Clone(s.boxes)
	for i := range c.boxes {
		c.boxes[i].dice = slices.Clone(c.boxes[i].dice)
	}
	c.order = slices.Clone(s.order)
	c.shipment = slices.Clone(s.shipment)
	c.rolling = slices.Clone(s.rolling)
	return &c
}
