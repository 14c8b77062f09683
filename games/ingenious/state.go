package ingenious

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// RackSize is the number of tiles a rack holds.
const RackSize = 6

// Cap is the top of a colour's track in a game of single players; team and solo tracks run to
// TeamCap over two tracks of Cap each.
const (
	Cap     = 18
	TeamCap = 36
)

// StartSymbols are the six start symbols, indexed by colour, on the corners of the distance-5
// hexagon.
var StartSymbols = [6]Cell{
	Red: {0, -5}, Green: {5, -5}, Blue: {5, 0}, Orange: {0, 5}, Yellow: {-5, 5}, Purple: {-5, 0},
}

// Phase is the kind of decision the game waits for.
type Phase int

// The phases of a game.
const (
	// PhaseDeal: chance fills the initial racks, one seat after another.
	PhaseDeal Phase = iota
	// PhasePlace: the seat in turn places a tile (a bonus placement when Bonus > 0).
	PhasePlace
	// PhaseSwap: the seat in turn may swap its rack or keep it.
	PhaseSwap
	// PhaseDraw: chance refills the rack of the seat in turn (or draws the solo tile).
	PhaseDraw
	// PhaseOver: the game has ended.
	PhaseOver
)

// Placement is one tile on the board: who laid it, where, what each half scored.
type Placement struct {
	Seat  games.Seat
	Place Place
	// Gains are the points each half scored before any cap.
	Gains [2]int
	// Bonus is true for a bonus placement.
	Bonus bool
}

// State is a game of Ingenious. Create it with NewState or Game.New.
type State struct {
	// rank holds the ranked places of this position, made on first use (see candidates);
	// every Apply and every clone starts a fresh one.
	rank *ranking

	games.Seating[Game, Options]
	radius int

	board      [cellCount]int8 // 0 empty, else colour+1
	placements []Placement
	bag        Bag
	racks      [][]Tile
	returning  []Tile // a swapped rack, back into the bag after the new draw
	scores     [][6]int
	firstDone  []bool
	usedStart  [6]bool

	phase     Phase
	turn      games.Seat // seat to place or swap; the seat being drawn for in PhaseDeal/PhaseDraw
	drawCount int        // tiles chance must draw now
	bonus     int        // bonus placements still owed by turn
	winner    games.Seat // instant winner (a seat of the winning side), or NoSeat
}

var _ games.State = (*State)(nil)
var _ games.Composer = (*State)(nil)

// NewState starts a game: 1–4 players; teams needs exactly 4.
func NewState(players []string, o Options) (*State, error) {
	if r := games.CheckPlayers(Game{}, players); r != nil {
		return nil, r
	}
	n := len(players)
	if o.Teams && n != 4 {
		return nil, games.Refuse(games.ErrBadRecord, "The team game needs exactly 4 players, not %d.", "Týmová hra potřebuje přesně 4 hráče, ne %d.", n)
	}
	s := &State{
		rank:      &ranking{},
		Seating:   games.Seating[Game, Options]{Names: slices.Clone(players), Opts: o},
		radius:    radiusFor(n),
		bag:       fullBag(),
		racks:     make([][]Tile, n),
		firstDone: make([]bool, n),
		winner:    games.NoSeat,
		phase:     PhaseDeal,
		drawCount: RackSize,
	}
	s.scores = make([][6]int, s.sides())
	for c, at := range StartSymbols {
		s.board[cellIndex(at)] = int8(c) + 1
	}
	if s.Solo() {
		s.phase, s.drawCount = PhaseDraw, 1
	}
	return s, nil
}

// radiusFor returns the active area's radius for n players.
func radiusFor(n int) int {
	switch n {
	case 1, 2:
		return 5
	case 3:
		return 6
	}
	return 7
}

// Teams reports whether this is the team game.
func (s *State) Teams() bool { return s.Opts.Teams }

// Radius returns the active area's radius.
func (s *State) Radius() int { return s.radius }

// sides returns the number of score tracks: one per seat, per team, or one in solo.
func (s *State) sides() int {
	if s.Opts.Teams {
		return 2
	}
	return len(s.Names)
}

// side returns the score track seat adds to.
func (s *State) side(seat games.Seat) int {
	if s.Opts.Teams {
		return int(seat) % 2
	}
	return int(seat)
}

// twoTracks reports whether scores run to 36 over two tracks (teams and solo).
func (s *State) twoTracks() bool { return s.Opts.Teams || s.Solo() }

// canonical returns the form of p this game's move lists use: Place.Canonical, except that on
// two tracks (team and solo games) a double keeps the order of its cells, because its halves
// are scored in that order and the order can change the score (see the package doc).
func (s *State) canonical(p Place) Place {
	if s.twoTracks() && p.First == p.Second {
		return p
	}
	return p.Canonical()
}

// top returns the highest value a colour can reach.
func (s *State) top() int {
	if s.twoTracks() {
		return TeamCap
	}
	return Cap
}

// Phase returns the kind of decision the game waits for.
func (s *State) Phase() Phase { return s.phase }

// Turn returns the seat whose turn it is (the seat being dealt for while chance draws).
func (s *State) Turn() games.Seat { return s.turn }

// Rack returns a copy of seat's rack.
func (s *State) Rack(seat games.Seat) []Tile {
	if seat < 0 || int(seat) >= len(s.racks) {
		return nil
	}
	return slices.Clone(s.racks[seat])
}

// Scores returns the six colour scores seat counts (its team's in a team game).
func (s *State) Scores(seat games.Seat) [6]int { return s.scores[s.side(seat)] }

// At returns the colour on cell c and whether it is occupied.
func (s *State) At(c Cell) (Colour, bool) {
	if !s.inArea(c) || s.board[cellIndex(c)] == 0 {
		return 0, false
	}
	return Colour(s.board[cellIndex(c)] - 1), true
}

// inArea reports whether c belongs to this game's active area.
func (s *State) inArea(c Cell) bool { return c.Distance() <= s.radius }

// empty reports whether c is an empty cell of the active area.
func (s *State) empty(c Cell) bool { return s.inArea(c) && s.board[cellIndex(c)] == 0 }

// ToAct returns [Chance] while tiles must be drawn, the seat in turn while it places or
// decides a swap, and nothing when the game is over.
func (s *State) ToAct() []games.Seat {
	switch s.phase {
	case PhaseDeal, PhaseDraw:
		return []games.Seat{games.Chance}
	case PhasePlace, PhaseSwap:
		return []games.Seat{s.turn}
	}
	return nil
}

// Prompt says what seat must decide now.
func (s *State) Prompt(seat games.Seat) games.Text {
	if seat != s.turn || s.phase == PhaseOver || seat == games.Chance {
		return games.Text{}
	}
	switch s.phase {
	case PhasePlace:
		if s.bonus > 0 {
			return games.Say("Bonus placement! Pick a tile, then a place", "Tah navíc! Vyber dílek a pak místo")
		}
		if !s.firstDone[seat] {
			return games.Say("Your first tile must touch a free start symbol", "Tvůj první dílek se musí dotýkat volného startovního symbolu")
		}
		return games.Say("Pick a tile, then a place", "Vyber dílek a pak místo")
	case PhaseSwap:
		return games.Say("Your rack has none of your lowest colour: swap it or keep it?", "Na stojánku nemáš žádnou svou nejslabší barvu: vyměnit, nebo ponechat?")
	}
	return games.Text{}
}

// Bonus returns the number of bonus placements the seat in turn still owes.
func (s *State) Bonus() int { return s.bonus }

// SampleChance draws the tiles chance must draw now, uniformly from the bag.
func (s *State) SampleChance(r *rand.Rand) games.Action {
	if s.phase != PhaseDeal && s.phase != PhaseDraw {
		return nil
	}
	bag := s.bag
	tiles := make([]Tile, 0, s.drawCount)
	for range s.drawCount {
		t := bag.nth(r.IntN(bag.Len()))
		bag[t.kind()]--
		tiles = append(tiles, t)
	}
	return Draw{Tiles: tiles}
}

// Clone returns an independent copy.
func (s *State) Clone() games.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.rank = &ranking{}
	c.placements = slices.Clone(s.placements)
	c.racks = make([][]Tile, len(s.racks))
	for i, r := range s.racks {
		c.racks[i] = slices.Clone(r)
	}
	c.returning = slices.Clone(s.returning)
	c.scores = slices.Clone(s.scores)
	c.firstDone = slices.Clone(s.firstDone)
	return &c
}

// Describe writes an action as a player types it: "RG F7-F8", "swap", "keep", "draw BB RG".
func (s *State) Describe(a games.Action) string {
	switch a := a.(type) {
	case Place:
		return fmt.Sprintf("%c%c %s-%s", a.First.Letter(), a.Second.Letter(), a.Cells[0].Label(s.radius), a.Cells[1].Label(s.radius))
	case Swap:
		return "swap"
	case Keep:
		return "keep"
	case Draw:
		parts := []string{"draw"}
		for _, t := range a.Tiles {
			parts = append(parts, t.String())
		}
		return strings.Join(parts, " ")
	}
	return fmt.Sprintf("%v", a)
}

// TileCount returns how many tiles are on the board, in racks, set aside during a swap and in
// the bag: always 120.
func (s *State) TileCount() (board, racks, swapping, bag int) {
	for _, r := range s.racks {
		racks += len(r)
	}
	return len(s.placements), racks, len(s.returning), s.bag.Len()
}
