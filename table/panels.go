package table

import (
	"time"

	"github.com/tablebot/tablebot/games"
)

// Live play keeps the players' panels in view. After a move, a new board message in the
// channel lands below the player's ephemeral panel and pushes it up, on a phone by a screen
// or more. While every player's panel can still be edited — Discord lets the bot edit an
// interaction's response for 15 minutes through the interaction's token — a simultaneous
// step's next decision in the same round (FITS's next card, Sideboards' next draft) needs no
// new message: the bot edits each player's panel to that decision in place, and edits the
// round's board message instead of posting another. The round's start (a milestone) and the
// game's end are still posted and ping, as is any step when a player's panel token is older
// than PanelLife (async play) or the board is older than BoardLife. The tokens are kept in
// the table (Table.Panels), not in memory: the next click may reach another process.

// PanelLife is how long after a click on a panel the bot still edits that panel through the
// click's token: Discord's tokens live 15 minutes; three are kept as a margin for the work
// that follows (drawing, a slow Discord) and for clocks that disagree.
const PanelLife = 12 * time.Minute

// BoardLife is how old a board message may be for it to be edited in place: Discord
// rate-limits edits of messages older than an hour.
const BoardLife = 50 * time.Minute

// Panel is where a seat's player last confirmed a choice: the token of that click on their
// ephemeral panel (through which the panel can be edited), when it was made, and the
// player's locale.
type Panel struct {
	Token  string    `json:"token"`
	At     time.Time `json:"at"`
	Locale string    `json:"locale,omitempty"`
}

// notePanel keeps the click's panel token for seat, when the click carries one. Once the game
// is over no panel is edited any more, and the tokens are dropped.
func (t *Table) notePanel(seat games.Seat, c Click, now time.Time) {
	if t.Status != StatusPlaying {
		t.Panels = nil
		return
	}
	if c.Token == "" || seat < 0 || int(seat) >= len(t.Seats) {
		return
	}
	if len(t.Panels) < len(t.Seats) {
		t.Panels = append(t.Panels, make([]Panel, len(t.Seats)-len(t.Panels))...)
	}
	t.Panels[seat] = Panel{Token: c.Token, At: now, Locale: c.Locale}
}

// PanelOf returns the panel seat's player last confirmed a choice in, if its token is fresh
// at now (younger than PanelLife).
func (t *Table) PanelOf(seat games.Seat, now time.Time) (Panel, bool) {
	if seat < 0 || int(seat) >= len(t.Panels) {
		return Panel{}, false
	}
	p := t.Panels[seat]
	return p, p.Token != "" && now.Sub(p.At) < PanelLife
}

// InPlace decides how the board message a committed move owes is shown. When it returns true,
// the step was a simultaneous step whose next decision belongs to the same round, and every
// person who must decide next can be reached in their panel: the caller edits those panels
// (the committer's own through its call, the others' through PanelOf — seats lists them)
// and then the newest board message, Table.Board, instead of posting a new one. It returns
// false when the board message must be posted as a new one, pinging who must act: the game
// is over, a milestone was reached (a round scored, the next begins), the board is missing or
// older than BoardLife, the step is a turn of one player after another's (neither the step
// nor the next decision is simultaneous), or a player who must act has no fresh
// panel token (async play).
func (s *Service) InPlace(out Outcome) (seats []games.Seat, ok bool) {
	t, st := out.Table, out.State
	now := s.now()
	if !out.Announce || st == nil || t == nil || t.Status != StatusPlaying || games.Over(st) {
		return nil, false
	}
	if t.Board == nil || t.Board.ID == "" || now.Sub(t.Board.At) >= BoardLife {
		return nil, false
	}
	for _, step := range out.Board {
		for _, e := range step.Events {
			if e.Milestone {
				return nil, false
			}
		}
	}
	for _, seat := range st.ToAct() {
		if seat < 0 || int(seat) >= len(t.Seats) || t.Seats[seat].Auto() || seat == out.Seat {
			continue
		}
		if _, fresh := t.PanelOf(seat, now); !fresh {
			return nil, false
		}
	}
	if len(st.ToAct()) < 2 && !s.simultaneousSince(t, t.Announced) {
		// A turn of one player after another's: the next player is pinged as ever.
		return nil, false
	}
	for i, info := range t.Seats {
		seat := games.Seat(i)
		if info.Auto() || seat == out.Seat {
			continue
		}
		if _, fresh := t.PanelOf(seat, now); fresh {
			seats = append(seats, seat)
		}
	}
	return seats, true
}

// simultaneousSince reports whether several seats were deciding at once after the first moves
// of t's record: the start of a step that a board message shows.
func (s *Service) simultaneousSince(t *Table, moves int) bool {
	g, ok := s.games.Lookup(t.Game)
	if !ok || t.Record == nil {
		return false
	}
	head := *t.Record
	head.Moves = head.Moves[:min(moves, len(head.Moves))]
	st, _, err := games.Replay(g, head)
	return err == nil && len(st.ToAct()) >= 2
}
