package fits

import (
	"fmt"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// View is what one seat (or a spectator) may see of a game: every board as it stood after
// the last completed step. While seats choose simultaneously, a seat's committed choice is
// left out of everybody's view but its own (only the fact that it has chosen is public).
type View struct {
	// Viewer is the seat this view is for; NoSeat for a spectator (and for Chance).
	Viewer games.Seat
	// Players are the seats' names, seat 0 first.
	Players []string
	// Solo is true in the one-player game.
	Solo bool
	// Boards are the board numbers of the rounds in play order (the option).
	Boards []int
	// Round is the index in Boards of the round on the table: the one being played, or the
	// one just scored while chance deals the next start cards (and at the end).
	Round int
	// Board is the number (1–4) of the board on the table, Boards[Round].
	Board int
	// RoundOver is true once the board on the table has been scored.
	RoundOver bool
	// Phase is what the game waits for.
	Phase Phase
	// Card is the building card turned last this round, NoShape before the first.
	Card Shape
	// Turned are the building cards turned this round, in order; len(Turned) is the card
	// number (1–16).
	Turned []Shape
	// StartCards are each seat's start shape of the round on the table (NoShape before the
	// first deal).
	StartCards []Shape
	// ToAct are the seats that still must act now, in seat order ([Chance] while a card is
	// due).
	ToAct []games.Seat
	// Seats holds every seat's board and scores, in seat order.
	Seats []SeatView
	// Specials are the special cells of the board on the table (none on board 1); every
	// other cell of the 12×6 grid is a plain dot.
	Specials []Special
	// Result is the standing so far.
	Result games.Result
	// Suggested is, for a viewer who must act, the draft the panel's empty draft stands for
	// (see Composer); empty otherwise.
	Suggested string
}

// SeatView is one seat's board and scores as the viewer may see them.
type SeatView struct {
	// Seat is the seat this board belongs to, Name its player's name.
	Seat games.Seat
	Name string
	// Colour is the colour of the seat's pieces.
	Colour Colour
	// Grid says which piece of Pieces covers each cell, rows 1–16 (the overhang included).
	Grid Grid
	// Pieces are the seat's pieces of this round in the order laid; on the viewer's own board
	// its pending placement comes last, with Pending set.
	Pieces []Placed
	// Aside are the pieces the seat has set aside this round.
	Aside []Shape
	// PendingAside is, on the viewer's own board only, the piece it has chosen to set aside
	// for the current card (NoShape otherwise).
	PendingAside Shape
	// Last is the index in Pieces of the piece laid in the last completed step (to highlight
	// it), or -1 (a piece set aside, a skipped card, a new round).
	Last int
	// LastAside is the piece set aside in the last completed step, or NoShape.
	LastAside Shape
	// Piece is what the seat must place now (NoShape when it has nothing to do, has chosen
	// already, or skips the card showing its start shape).
	Piece Shape
	// Decided is true when the seat has chosen for the current piece and waits for the others.
	Decided bool
	// Rounds are the scores of the scored rounds in play order.
	Rounds []RoundScore
	// Total is the sum of Rounds.
	Total int
	// Now is what the board on the table scores as shown here.
	Now RoundScore
}

// View returns what seat may see; any seat that is not a player gets the spectator's view.
func (s *State) View(seat games.Seat) any { return s.view(seat) }

func (s *State) view(seat games.Seat) *View {
	v := &View{
		Viewer:     games.NoSeat,
		Players:    slices.Clone(s.Names),
		Solo:       s.Solo(),
		Boards:     slices.Clone(s.Opts.Boards),
		Round:      s.round,
		Board:      s.Board(),
		RoundOver:  s.roundOver(),
		Phase:      s.phase,
		Card:       s.card(),
		Turned:     slices.Clone(s.turned),
		StartCards: slices.Clone(s.start),
		ToAct:      s.ToAct(),
		Specials:   Specials(s.Board()),
		Result:     s.Result(),
	}
	if s.IsSeat(seat) {
		v.Viewer = seat
		if s.seats[seat].waiting {
			v.Suggested = s.suggestedDraft(seat)
		}
	}
	for i := range s.seats {
		v.Seats = append(v.Seats, s.seatView(games.Seat(i), v.Viewer == games.Seat(i)))
	}
	return v
}

// seatView is seat's part of a view; own adds its pending choice.
func (s *State) seatView(seat games.Seat, own bool) SeatView {
	st := &s.seats[seat]
	sv := SeatView{
		Seat:      seat,
		Name:      s.Names[seat],
		Colour:    ColourOf(seat),
		Grid:      st.board.grid,
		Aside:     slices.Clone(st.aside),
		Last:      st.last,
		LastAside: st.lastAside,
		Piece:     s.Piece(seat),
		Decided:   st.pending.made,
		Rounds:    slices.Clone(st.rounds),
		Total:     s.total(seat),
	}
	for _, p := range st.pieces {
		p.Cells = slices.Clone(p.Cells)
		sv.Pieces = append(sv.Pieces, p)
	}
	if own && st.pending.made {
		if st.pending.aside != NoShape {
			sv.PendingAside = st.pending.aside
		} else {
			p := st.pending.placed
			p.Cells, p.Pending = slices.Clone(p.Cells), true
			for _, c := range p.Cells {
				sv.Grid[c.Row][c.Col] = int8(len(sv.Pieces) + 1)
			}
			sv.Pieces = append(sv.Pieces, p)
		}
	}
	sv.Now = ScoreGrid(s.Board(), &sv.Grid)
	return sv
}

// Mine returns the viewer's own board, or false for a spectator.
func (v *View) Mine() (SeatView, bool) { return games.At(v.Seats, v.Viewer) }

// Draft reads a panel draft for the viewer (see ParseDraft); the empty draft stands for
// v.Suggested. It fails when the viewer has nothing to place or the draft is malformed.
func (v *View) Draft(draft string) (Draft, error) {
	if draft == "" {
		draft = v.Suggested
	}
	if draft == "" {
		return Draft{}, games.Refuse(games.ErrNotYourTurn, "You have nothing to place right now.", "Teď nemáš co pokládat.")
	}
	return ParseDraft(draft)
}

// Ghost returns where the viewer's current piece comes to rest on its own board for draft d
// (a placement, not Aside), for the picture of a panel. It fails with a *games.Refusal when
// the viewer has nothing to place or the placement is illegal; for a landing too high the
// returned Placed still says where the piece would rest (rows above 16 included).
func (v *View) Ghost(d Draft) (Placed, error) {
	mine, ok := v.Mine()
	if !ok || mine.Piece == NoShape || d.Aside {
		return Placed{}, games.Refuse(games.ErrIllegal, "There is no piece to show here.", "Tady není žádný dílek k zobrazení.")
	}
	return Land(&mine.Grid, d.Place(mine.Piece))
}

// Progress says where the game stands, for message headers: "round 2 of 4 (board 3) · card 7
// of 16", or the start pieces, or the end.
func (s *State) Progress() games.Text {
	of := games.OutOf("round", "kolo", s.round+1, len(s.Opts.Boards))
	round := games.Text{EN: fmt.Sprintf("%s (board %d)", of.EN, s.Board()), CS: fmt.Sprintf("%s (deska %d)", of.CS, s.Board())}
	switch {
	case s.phase == PhaseOver:
		return games.Say("game over", "konec hry")
	case s.phase == PhaseStart || len(s.turned) == 0:
		return games.Join([]games.Text{round, games.Say("start pieces", "startovní dílky")}, " · ")
	}
	return games.Join([]games.Text{round, games.OutOf("card", "karta", len(s.turned), NumShapes)}, " · ")
}
