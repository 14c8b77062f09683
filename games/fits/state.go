package fits

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// Colour is a seat's piece colour: seat 0 red, 1 green, 2 blue, 3 yellow.
type Colour int8

// The seat colours.
const (
	Red Colour = iota
	Green
	Blue
	Yellow
)

// ColourOf returns the colour of seat (0–3).
func ColourOf(seat games.Seat) Colour { return Colour(seat) }

// Name returns the colour's name in both languages ("red", "červená").
func (c Colour) Name() games.Text {
	if c < Red || c > Yellow {
		return games.Text{}
	}
	return games.Text{EN: colourNames[c].en, CS: colourNames[c].cs}
}

// Phase is the kind of step the game waits for.
type Phase int

// The phases of a round, and the end.
const (
	// PhaseDeal: chance deals the start cards of the next round ([Start]).
	PhaseDeal Phase = iota
	// PhaseStart: every seat places its start piece, simultaneously.
	PhaseStart
	// PhaseReveal: chance turns the next building card ([Reveal]).
	PhaseReveal
	// PhaseBuild: every seat whose start shape differs places the turned piece or sets it
	// aside, simultaneously.
	PhaseBuild
	// PhaseOver: the game has ended.
	PhaseOver
)

// State is a game of FITS. Create it with NewState or Game.New.
//
// Hidden choices: a seat's move during a simultaneous step is kept as that seat's pending
// choice and laid on its board only when the last seat of the step has moved. Boards, piece
// lists, scores and everything derived from them therefore never show a pending choice; only
// the seat's own View adds it back.
type State struct {
	games.Seating[Game, Options]
	round  int   // index in opts.Boards of the round on the table
	phase  Phase // what the game waits for
	start  []Shape
	turned []Shape // building cards turned this round, in order
	seats  []seatState
	// focus, when positive, marks a copy drawn by Determinize for the search AI: 1 + the
	// index of the round its decision belongs to. The AI's powers treat the rounds after it as
	// settled (see RolloutMove and Estimate): no choice in that round changes them.
	focus int
	// focusStep is step() of the decision such a copy was drawn for.
	focusStep int
}

// seatState is one seat's part of the table.
type seatState struct {
	board     board
	pieces    []Placed // revealed pieces of this round, in order laid
	aside     []Shape  // revealed pieces set aside this round
	last      int      // index in pieces of the piece laid in the last completed step, or -1
	lastAside Shape    // the piece set aside in the last completed step, or NoShape
	waiting   bool     // must still act in the current step
	pending   choice   // committed in the current step, hidden from the others
	rounds    []RoundScore
}

// choice is a committed, not yet revealed move of one seat.
type choice struct {
	made   bool
	aside  Shape
	placed Placed // when made and aside is NoShape
}

var _ games.State = (*State)(nil)
var _ games.Composer = (*State)(nil)

// NewState starts a game for 1–4 named players with options o (see ParseOptions for what is
// valid). It fails with games.ErrBadRecord otherwise.
func NewState(players []string, o Options) (*State, error) {
	if r := games.CheckPlayers(Game{}, players); r != nil {
		return nil, r
	}
	n := len(players)
	if err := o.check(); err != nil {
		return nil, err
	}
	s := &State{
		Seating: games.Seating[Game, Options]{Names: slices.Clone(players), Opts: Options{Boards: slices.Clone(o.Boards)}},
		phase:   PhaseDeal,
		start:   make([]Shape, n),
		seats:   make([]seatState, n),
	}
	for i := range s.seats {
		s.seats[i].last = -1
	}
	return s, nil
}

// Phase returns the kind of step the game waits for.
func (s *State) Phase() Phase { return s.phase }

// Board returns the number (1–4) of the board on the table: the one being played, or the one
// just scored while chance deals the next round's start cards.
func (s *State) Board() int { return s.Opts.Boards[s.round] }

// scored returns how many rounds have been scored.
func (s *State) scored() int { return len(s.seats[0].rounds) }

// roundOver reports whether the board on the table has been scored.
func (s *State) roundOver() bool { return s.scored() > s.round }

// card returns the building card turned last this round, or NoShape.
func (s *State) card() Shape {
	if len(s.turned) == 0 {
		return NoShape
	}
	return s.turned[len(s.turned)-1]
}

// Piece returns the piece seat must place (or may set aside) now: its start piece while start
// pieces are placed, the turned card while building; NoShape when it has nothing to do,
// including when the card shows its start shape or it has already chosen.
func (s *State) Piece(seat games.Seat) Shape {
	if !s.IsSeat(seat) || !s.seats[seat].waiting {
		return NoShape
	}
	if s.phase == PhaseStart {
		return s.start[seat]
	}
	return s.card()
}

// ToAct returns [Chance] while a card must be dealt or turned, the seats that still must act
// on the current piece (in seat order) during a simultaneous step, and nothing at the end.
func (s *State) ToAct() []games.Seat {
	switch s.phase {
	case PhaseDeal, PhaseReveal:
		return []games.Seat{games.Chance}
	case PhaseStart, PhaseBuild:
		var out []games.Seat
		for i, st := range s.seats {
			if st.waiting {
				out = append(out, games.Seat(i))
			}
		}
		return out
	}
	return nil
}

// Prompt says what seat must decide now.
func (s *State) Prompt(seat games.Seat) games.Text {
	p := s.Piece(seat)
	switch {
	case p == NoShape:
		return games.Text{}
	case s.phase == PhaseStart:
		return games.Say("Place your start piece %s: pick a column and a turn, then drop it", "Polož svůj startovní dílek %s: vyber sloupec a otočení, pak ho pusť", p)
	}
	return games.Join([]games.Text{games.OutOf("Card", "Karta", len(s.turned), NumShapes), games.Say("place %s or set it aside", "polož dílek %s, nebo ho odlož", p)}, ": ")
}

// SampleChance draws chance's next move with r: a uniformly random assignment of distinct
// start cards to the seats, or a uniformly random building card not yet turned this round.
// It returns nil when chance need not act.
func (s *State) SampleChance(r *rand.Rand) games.Action {
	switch s.phase {
	case PhaseDeal:
		perm := r.Perm(len(startTable))
		cards := make([]Shape, len(s.Names))
		for i := range cards {
			cards[i] = startTable[perm[i]]
		}
		return Start{Cards: cards}
	case PhaseReveal:
		left := s.unturned()
		return Reveal{Piece: left[r.IntN(len(left))]}
	}
	return nil
}

// unturned lists the building cards not yet turned this round, in shape order.
func (s *State) unturned() []Shape {
	var out []Shape
	for _, sh := range Shapes() {
		if !slices.Contains(s.turned, sh) {
			out = append(out, sh)
		}
	}
	return out
}

// Clone returns an independent copy.
func (s *State) Clone() games.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.Opts.Boards = slices.Clone(s.Opts.Boards)
	c.start = slices.Clone(s.start)
	c.turned = slices.Clone(s.turned)
	c.seats = slices.Clone(s.seats)
	for i := range c.seats {
		st := &c.seats[i]
		st.pieces = slices.Clone(st.pieces) // a piece's Cells are never changed: sharing is safe
		st.aside = slices.Clone(st.aside)
		st.rounds = slices.Clone(st.rounds)
	}
	return &c
}

// Describe writes an action as a player types it: "F5 C r1 flip", "aside T4",
// "start F5 X5", "reveal T4".
func (s *State) Describe(a games.Action) string {
	switch a := a.(type) {
	case Place:
		return a.String()
	case Aside:
		return "aside " + a.Piece.String()
	case Start:
		parts := []string{"start"}
		for _, c := range a.Cards {
			parts = append(parts, c.String())
		}
		return strings.Join(parts, " ")
	case Reveal:
		return "reveal " + a.Piece.String()
	}
	return fmt.Sprintf("%v", a)
}
