package sideboards

import "github.com/tablebot/tablebot/games"

var _ games.Drafter = (*State)(nil)

// DraftOf returns the draft of seat's panel that shows a ready to commit: the opening pair,
// a card placed at an end, or the exchange. It is false for any other action.
func (s *State) DraftOf(seat games.Seat, a games.Action) (string, bool) {
	if !games.IsToAct(s, seat) {
		return "", false
	}
	d := draftOf(a)
	return d, d != ""
}
