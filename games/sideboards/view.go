package sideboards

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

// View is what one seat (or a spectator) may see of a game: every sideboard as it stood
// after the last completed turn, the tasks, the piles' public parts and the scores. Hands are
// private: the viewer sees its own, and of the other hands only the cards it knows to be there
// (cards it has held itself: passed on, they can be followed from seat to seat, as every
// placement and exchange is public). A choice committed this turn is left out of everybody's
// view but its owner's; only the fact that the seat has placed is public.
type View struct {
	// Viewer is the seat this view is for; NoSeat for a spectator (and for Chance).
	Viewer games.Seat
	// Players are the seats' names, seat 0 first.
	Players []string
	// Solo is true in the one-player game; Variant is Basic or Four.
	Solo    bool
	Variant string
	// Tasks are the colour, handle and row task (zero before chance draws them).
	Tasks [3]Task
	// Phase is what the game waits for; Turn the turn being played (1–7, 0 before the deal).
	Phase Phase
	Turn  int
	// ToAct are the seats that must act now, in seat order ([Chance] while a draw is due).
	ToAct []games.Seat
	// Exchanging is the seat waiting for the 2 cards of its exchange, or NoSeat.
	Exchanging games.Seat
	// Pile is the number of cards in the draw pile.
	Pile int
	// Discard is the discard pile, face up, in the order thrown.
	Discard []Card
	// Seats holds every seat's sideboard, hand and score, in seat order.
	Seats []SeatView
	// Result is the standing so far.
	Result games.Result
	// Suggested is, for a viewer who must place, the draft the panel's empty draft stands for
	// (the AI's move); empty otherwise.
	Suggested string
}

// SeatView is one seat's part of a view.
type SeatView struct {
	// Seat is the seat, Name its player's name.
	Seat games.Seat
	Name string
	// Board is the sideboard left to right, as every seat sees it (without a pending choice).
	Board []Placed
	// Newest are the cards laid in the last completed turn (two after turn 1).
	Newest []Card
	// Pending is, on the viewer's own seat only, the cards it has chosen this turn (two at the
	// start, left to right, or one), and PendingSide the end a later card goes to.
	Pending     []Placed
	PendingSide Side
	// Hand is, for the viewer's own seat only, its hand, sorted.
	Hand []Card
	// Known are, for another seat, the cards of its hand the viewer knows (sorted); for the
	// viewer's own seat, nil.
	Known []Card
	// HandSize is the number of cards in the seat's hand.
	HandSize int
	// Received are, for the viewer's own seat only, the cards passed to it at the end of the
	// last turn that it still holds.
	Received []Card
	// Decided is true when the seat has placed this turn and waits for the others.
	Decided bool
	// Exchanged is the turn the seat used its exchange card in, 0 while unused.
	Exchanged int
	// CanExchange is true for the viewer when it may use its exchange card now.
	CanExchange bool
	// Score is the seat's score as its sideboard stands.
	Score Score
}

// View returns what seat may see; any seat that is not a player gets the spectator's view.
func (s *State) View(seat games.Seat) any { return s.view(seat) }

func (s *State) view(seat games.Seat) *View {
	v := &View{
		Viewer:     games.NoSeat,
		Players:    slices.Clone(s.Names),
		Solo:       s.Solo(),
		Variant:    s.Opts.Variant,
		Tasks:      s.tasks,
		Phase:      s.phase,
		Turn:       s.turn,
		ToAct:      s.ToAct(),
		Exchanging: s.exchanging,
		Pile:       len(s.pile),
		Discard:    slices.Clone(s.discard),
		Result:     s.Result(),
	}
	if s.IsSeat(seat) {
		v.Viewer = seat
		if s.waiting(seat) {
			v.Suggested = s.suggestedDraft(seat)
		}
	}
	scores := s.Scores()
	for i := range s.seats {
		st := &s.seats[i]
		sv := SeatView{
			Seat:      games.Seat(i),
			Name:      s.Names[i],
			Board:     slices.Clone(st.board),
			Newest:    slices.Clone(st.newest),
			HandSize:  len(st.hand),
			Decided:   st.pending.made,
			Exchanged: st.exchanged,
			Score:     scores[i],
		}
		if games.Seat(i) == v.Viewer {
			sv.Hand = slices.Clone(st.hand)
			for _, c := range st.received {
				if slices.Contains(st.hand, c) {
					sv.Received = append(sv.Received, c)
				}
			}
			if st.pending.made {
				sv.Pending = slices.Clone(st.pending.cards)
				sv.PendingSide = st.pending.side
			}
			sv.CanExchange = s.canExchange(v.Viewer)
		} else if v.Viewer >= 0 {
			for _, c := range st.hand {
				if s.knows[c]&(1<<v.Viewer) != 0 {
					sv.Known = append(sv.Known, c)
				}
			}
		}
		v.Seats = append(v.Seats, sv)
	}
	return v
}

// Mine returns the viewer's own seat, or false for a spectator.
func (v *View) Mine() (SeatView, bool) { return games.At(v.Seats, v.Viewer) }

// MustPlace reports whether the viewer must lay or place a card now.
func (v *View) MustPlace() bool {
	return v.Viewer >= 0 && v.Phase == PhaseTurn && v.Exchanging == games.NoSeat && slices.Contains(v.ToAct, v.Viewer)
}
