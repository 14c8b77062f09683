package search

import (
	"fmt"
	"strings"
	"time"
)

// Level is the strength of an AI player, chosen when a seat is added in the lobby. The zero
// value is Easy.
type Level int

// The levels.
const (
	// Easy is the game's greedy player (State.Hint): no search, answers in milliseconds.
	Easy Level = iota
	// Normal searches with a small budget (see Level.Config).
	Normal
	// Strong searches with the largest budget: the AI that takes over an absent player.
	Strong
)

// Levels lists every level, weakest first.
func Levels() []Level { return []Level{Easy, Normal, Strong} }

// String returns the level's name: "easy", "normal" or "strong" ("level(N)" for an invalid
// level).
func (l Level) String() string {
	switch l {
	case Easy:
		return "easy"
	case Normal:
		return "normal"
	case Strong:
		return "strong"
	}
	return fmt.Sprintf("level(%d)", int(l))
}

// Valid reports whether l is one of the defined levels.
func (l Level) Valid() bool { return l >= Easy && l <= Strong }

// ParseLevel reads a level's name, case and surrounding space ignored. It fails with an error
// wrapping ErrBadLevel for anything else.
func ParseLevel(s string) (Level, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for _, l := range Levels() {
		if l.String() == name {
			return l, nil
		}
	}
	return Easy, fmt.Errorf("%w %q (want easy, normal or strong)", ErrBadLevel, s)
}

// MarshalText writes the level's name; an invalid level is an error.
func (l Level) MarshalText() ([]byte, error) {
	if !l.Valid() {
		return nil, fmt.Errorf("%w %d", ErrBadLevel, int(l))
	}
	return []byte(l.String()), nil
}

// UnmarshalText reads a level's name as ParseLevel does; l is unchanged on error.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Searches reports whether the level searches (Normal and Strong) rather than taking the
// game's hint (Easy).
func (l Level) Searches() bool { return l == Normal || l == Strong }

// Config returns the search configuration of the level. Easy's is the zero Config: Choose
// does not search at Easy. Normal grows 2 trees of 300 iterations in all, Strong 4 trees of
// 1000, both with rollouts of 16 decisions of the seat. The node budgets make a level's move
// reproducible from its seed; the time limits (1 s and 2 s) bound slow games and machines,
// and a search they cut short is not reproducible (see Budget). On two cores games of
// several seats and Ingenious run about 330 iterations a second, so Strong reaches its limit;
// FITS trusts its ranking (RankingTrust) and grows no tree.
func (l Level) Config() Config {
	switch l {
	case Normal:
		return Config{Budget: Budget{Nodes: 300, Time: time.Second}, Trees: 2, Horizon: 16}
	case Strong:
		return Config{Budget: Budget{Nodes: 1000, Time: 2 * time.Second}, Trees: 4, Horizon: 16}
	}
	return Config{}
}
