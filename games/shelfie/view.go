package shelfie

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// View is what one seat (or a spectator) may see of a game: everything but the other
// players' secret choices before the reveal. Whether a player has chosen is public; hands
// are public (every card dealt, passed and played is seen); the bag's contents follow from
// everything else, so View shows how many dice of each colour are in it, never an order.
type View struct {
	// Viewer is the seat this view is for; NoSeat for a spectator (and for Chance).
	Viewer games.Seat
	// Solo is the solo mode ("beat" or "bot"), empty with several players; Hard is set for
	// hard Shem Bot.
	Solo string
	Hard bool
	// Round is the round being played (1–7), 0 before the first fill.
	Round int
	// Phase is what the game waits for.
	Phase Phase
	// ToAct are the seats that must act now ([Chance] while a random event is due).
	ToAct []games.Seat
	// Current is the seat on turn (NoSeat outside turns); Taken tells whether it has taken
	// its box.
	Current games.Seat
	Taken   bool
	// Order is this round's turn order, once the characters are revealed.
	Order []games.Seat
	// Boxes are the delivery boxes of the round, left to right.
	Boxes []BoxView
	// Shipment is the current seat's shipment, in order (die 1 first); SetNext is set when
	// its last die was just drawn by card 15 and waits for its value.
	Shipment []Die
	SetNext  bool
	// Bag counts the dice in the bag by colour (index by Colour; entry 0 unused).
	Bag [NumColours + 1]int
	// Sidekick (1–4), Contest (1–12) and Endgame (1–12 each) are the reward cards on the
	// table (0 and nil before they are revealed; no sidekick or contest in "beat your
	// score"), with their holders (NoSeat: unclaimed).
	Sidekick       int
	SidekickHolder games.Seat
	Contest        int
	ContestHolder  games.Seat
	Endgame        []int
	// Seats holds every seat at the table in seat order, the solo opponent included.
	Seats []SeatView
	// Result is the standing so far.
	Result games.Result
}

// BoxView is one delivery box: its dice and who took it this round (NoSeat: nobody yet).
type BoxView struct {
	Dice  []Die
	Taker games.Seat
}

// SeatView is one seat as the viewer may see it.
type SeatView struct {
	Seat games.Seat
	Name string
	// Opponent is set for the solo opponent (Shem Bot).
	Opponent bool
	Shelf    Shelf
	Shame    []Die
	// Hand are the cards in hand (the solo opponent's deck), by number.
	Hand []Card
	// Chosen tells whether the player has chosen a card this round; Choice is that card,
	// shown only to its owner until the reveal (zero otherwise).
	Chosen bool
	Choice Card
	// Played are the revealed cards in the order revealed, face up or spent.
	Played []Played
	// Keeper are the dice on card 1, oldest first; Gifts the dice in card 4's gift box.
	Keeper []Kept
	Gifts  []Die
	// Recent are the shelf spaces filled on the seat's latest turn.
	Recent []Spot
	// Score is what the seat would score if the game ended now.
	Score Score
}

// View returns what seat may see; any seat that is not a player gets the spectator's view.
func (s *State) View(seat games.Seat) any { return s.view(seat) }

func (s *State) view(seat games.Seat) *View {
	v := &View{
		Viewer:         games.NoSeat,
		Solo:           s.Opts.SoloMode(),
		Hard:           s.Opts.Hard,
		Round:          s.round,
		Phase:          s.phase,
		ToAct:          s.ToAct(),
		Current:        s.current(),
		Taken:          s.taken,
		Order:          slices.Clone(s.order),
		Shipment:       slices.Clone(s.shipment),
		SetNext:        s.setNext,
		Bag:            s.bag,
		Sidekick:       s.sidekick,
		SidekickHolder: s.sidekickHolder,
		Contest:        s.contest,
		ContestHolder:  s.contestHolder,
		Endgame:        slices.Clone(s.endgame),
		Result:         s.Result(),
	}
	if s.IsSeat(seat) {
		v.Viewer = seat
	}
	for _, b := range s.boxes {
		v.Boxes = append(v.Boxes, BoxView{Dice: slices.Clone(b.dice), Taker: b.taker})
	}
	for i := range s.seats {
		x := games.Seat(i)
		st := &s.seats[i]
		sv := SeatView{
			Seat:     x,
			Name:     s.name(x),
			Opponent: s.solo() && x == Opponent,
			Shelf:    st.shelf,
			Shame:    slices.Clone(st.shame),
			Hand:     slices.Clone(st.hand),
			Chosen:   st.chosen,
			Played:   slices.Clone(st.played),
			Keeper:   slices.Clone(st.keeper),
			Gifts:    slices.Clone(st.gifts),
			Recent:   slices.Clone(st.recent),
			Score:    s.Score(x),
		}
		if x == v.Viewer || s.phase != PhaseChoose {
			sv.Choice = st.choice
		}
		v.Seats = append(v.Seats, sv)
	}
	return v
}

// Mine returns the viewer's own seat, or false for a spectator.
func (v *View) Mine() (SeatView, bool) { return games.At(v.Seats, v.Viewer) }

// Name returns the name of seat, or "" when it is not at the table.
func (v *View) Name(seat games.Seat) string {
	sv, _ := games.At(v.Seats, seat)
	return sv.Name
}

// LegalColumns returns the columns (1–5) where the viewer may place shipment die i (1-based)
// by the placement rules now; nil when the viewer is not placing or i names no die.
func (v *View) LegalColumns(i int) []int {
	mine, ok := v.Mine()
	if !ok || v.Current != v.Viewer || !v.Taken || v.SetNext || i < 1 || i > len(v.Shipment) {
		return nil
	}
	var out []int
	for col := range Columns {
		if mine.Shelf.Check(v.Shipment[i-1], col, Rules{}) == nil {
			out = append(out, col+1)
		}
	}
	return out
}

// SelectedDie returns the shipment die (1-based) a panel draft is about: "d2" selects die 2,
// and so does a confirm draft placing or setting it; 0 for any other draft.
func SelectedDie(draft string) int {
	if strings.HasPrefix(draft, "d") {
		if n, err := strconv.Atoi(draft[1:]); err == nil && n > 0 {
			return n
		}
		return 0
	}
	a, err := actionOfDraft(draft)
	if err != nil {
		return 0
	}
	switch a := a.(type) {
	case Place:
		return a.Die
	case Set:
		return a.Die
	}
	return 0
}
