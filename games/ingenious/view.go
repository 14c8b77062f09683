package ingenious

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

// View is what one seat (or a spectator) may see of a game: everything but the other racks
// and the order of the bag.
type View struct {
	// Viewer is the seat this view is for; NoSeat for a spectator.
	Viewer  games.Seat
	Players []string
	Radius  int
	Teams   bool
	Solo    bool
	Talk    bool
	// Board holds every occupied cell of the active area; start symbols included.
	Board map[Cell]Colour
	// Placements are the tiles in the order laid.
	Placements []Placement
	// Scores are each seat's six colour scores (partners show their team's).
	Scores [][6]int
	// Top is the highest value a colour can reach: 18, or 36 in team and solo games.
	Top int
	// Rack is the viewer's rack; nil for spectators.
	Rack []Tile
	// RackSizes are the number of tiles on each seat's rack.
	RackSizes []int
	// BagSize is the number of tiles in the bag.
	BagSize int
	Phase   Phase
	// Turn is the seat in turn; ToAct the seats that must act now.
	Turn  games.Seat
	ToAct []games.Seat
	// Bonus is the number of bonus placements the seat in turn still owes.
	Bonus int
	// UsedStarts marks the start symbols already touched by a first tile.
	UsedStarts [6]bool
	// Result is the standing so far.
	Result games.Result
	// Candidates are, while the viewer must place a tile, the best places for each tile of
	// its rack, best first (see State.Ranked; in a state from State.Advised, the search AI's
	// order for the advised tile): the numbers the panel's picture and menu share.
	Candidates map[Tile][]Candidate
}

// Last returns the most recent placement, or false before the first.
func (v *View) Last() (Placement, bool) {
	if len(v.Placements) == 0 {
		return Placement{}, false
	}
	return v.Placements[len(v.Placements)-1], true
}

// View returns what seat may see; any seat that is not a player gets the spectator's view.
func (s *State) View(seat games.Seat) any { return s.view(seat) }

func (s *State) view(seat games.Seat) *View {
	v := &View{
		Viewer:     games.NoSeat,
		Players:    slices.Clone(s.Names),
		Radius:     s.radius,
		Teams:      s.Opts.Teams,
		Solo:       s.Solo(),
		Talk:       s.Opts.Talk,
		Board:      map[Cell]Colour{},
		Placements: slices.Clone(s.placements),
		Top:        s.top(),
		BagSize:    s.bag.Len() + len(s.returning),
		Phase:      s.phase,
		Turn:       s.turn,
		ToAct:      s.ToAct(),
		Bonus:      s.bonus,
		UsedStarts: s.usedStart,
		Result:     s.Result(),
	}
	for _, c := range s.areaCells() {
		if col, ok := s.At(c); ok {
			v.Board[c] = col
		}
	}
	for i := range s.Names {
		v.Scores = append(v.Scores, s.scores[s.side(games.Seat(i))])
		v.RackSizes = append(v.RackSizes, len(s.racks[i]))
	}
	if seat >= 0 && int(seat) < len(s.Names) {
		v.Viewer = seat
		v.Rack = slices.Clone(s.racks[seat])
		if s.phase == PhasePlace && s.turn == seat {
			v.Candidates = s.candidates()
		}
	}
	return v
}
