package ingenious

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

var _ games.Drafter = (*State)(nil)

// DraftOf returns the draft of seat's panel that shows a placement ready to commit: its tile
// and place. It is false for other actions (the swap has its own two buttons) and for a tile
// not on seat's rack.
func (s *State) DraftOf(seat games.Seat, a games.Action) (string, bool) {
	p, ok := a.(Place)
	if !ok || seat < 0 || int(seat) >= len(s.racks) {
		return "", false
	}
	if !slices.Contains(s.racks[seat], p.Tile()) {
		return "", false
	}
	return draftOf(p, s.radius), true
}
