package arena

import (
	"encoding/json"
	"fmt"
	"runtime"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
)

// Side is one of the two AIs of a run.
type Side struct {
	// Level is the AI's level.
	Level search.Level
	// Budget, when not zero, replaces the search budget of a Normal or Strong level (Easy
	// does not search). A Budget with a Time makes the run depend on the machine.
	Budget search.Budget
}

// String names the side: its level, and the budget when it is not the level's.
func (s Side) String() string {
	switch {
	case s.Budget == search.Budget{} || !s.Level.Searches():
		return s.Level.String()
	case s.Budget.Time == 0:
		return fmt.Sprintf("%s(%d nodes)", s.Level, s.Budget.Nodes)
	}
	return fmt.Sprintf("%s(%d nodes, %v)", s.Level, s.Budget.Nodes, s.Budget.Time)
}

// config returns the search configuration of the side, or false for Easy. parallel is how
// many of its trees grow at once.
func (s Side) config(parallel int) (search.Config, bool) {
	if !s.Level.Searches() {
		return search.Config{}, false
	}
	c := s.Level.Config()
	if s.Budget != (search.Budget{}) {
		c.Budget = s.Budget
	}
	c.Parallel = parallel
	return c, true
}

// Config describes a run.
type Config struct {
	// Games is the number of games to play (at least 1).
	Games int
	// Seed makes the run reproducible: game i is played with seeds derived from Seed and i.
	Seed uint64
	// A is the AI under test.
	A Side
	// B is its opponent; ignored when Solo.
	B Side
	// Solo plays A alone, one seat per game.
	Solo bool
	// Seats is the number of players of a game that is not solo (default 2). The seats
	// alternate between A and B, and from one game to the next A takes the other seats, so
	// that neither side always starts: in game i seat s is A's when s+i is even.
	Seats int
	// Options are the game's options as a JSON object (nil: the defaults).
	Options json.RawMessage
	// Parallel is the number of games played at once (default GOMAXPROCS). Each search grows
	// its trees one after another when several games run at once, all at once otherwise.
	Parallel int
	// Tier, when set, names the rating tier of a finished solo game; by default the tier is
	// read from Result.Summary (see TierOf).
	Tier func(res games.Result) string
}

// withDefaults returns c with its defaults filled in, or an error for an impossible run.
func (c Config) withDefaults(g games.Game) (Config, error) {
	if c.Games < 1 {
		return c, fmt.Errorf("arena: %d games: want at least 1", c.Games)
	}
	if !c.A.Level.Valid() || (!c.Solo && !c.B.Level.Valid()) {
		return c, fmt.Errorf("arena: %w", search.ErrBadLevel)
	}
	if c.Solo {
		c.Seats = 1
	} else if c.Seats == 0 {
		c.Seats = 2
	}
	lo, hi := g.Seats()
	if c.Seats < lo || c.Seats > hi {
		return c, fmt.Errorf("arena: %s takes %d to %d players, not %d", g.Name(), lo, hi, c.Seats)
	}
	if !c.Solo && c.Seats < 2 {
		return c, fmt.Errorf("arena: A against B needs at least 2 seats")
	}
	if c.Parallel <= 0 {
		c.Parallel = runtime.GOMAXPROCS(0)
	}
	c.Parallel = min(c.Parallel, c.Games)
	if c.Tier == nil {
		c.Tier = TierOf
	}
	return c, nil
}

// sideOf reports whether seat of game i is A's (true) or B's.
func (c Config) sideOf(i int, seat games.Seat) bool {
	return c.Solo || (int(seat)+i)%2 == 0
}
