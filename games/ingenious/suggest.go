package ingenious

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

var _ games.Drafter = (*State)(nil)

// DraftOf returns the draft of seat's panel that shows a ready to commit: a placement's tile
// and place, or the answer to the swap. It is false for anything else and for a tile not on
// seat's rack.
func (s *State) DraftOf(seat games.Seat, a games.Action) (string, bool) {
	if seat < 0 || int(seat) >= len(s.racks) {
		return "", false
	}
	var p Place
	switch a := a.(type) {
	case Swap:
		return "swap", s.phase == PhaseSwap
	case Keep:
		return "keep", s.phase == PhaseSwap
	case Place:
		p = a
	default:
		return "", false
	}
	if !slices.Contains(s.racks[seat], p.Tile()) {
		return "", false
	}
	return draftOf(p, s.radius), true
}
