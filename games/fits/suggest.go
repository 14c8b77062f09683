package fits

import "github.com/tablebot/tablebot/games"

var _ games.Drafter = (*State)(nil)

// DraftOf returns the draft of seat's panel that shows a ready to commit: a placement's turn,
// flip and column, or setting the piece aside. It is false for anything else, and for a
// piece that is not seat's current one.
func (s *State) DraftOf(seat games.Seat, a games.Action) (string, bool) {
	if seat < 0 || int(seat) >= len(s.seats) {
		return "", false
	}
	switch a := a.(type) {
	case Place:
		if a.Piece != s.Piece(seat) {
			return "", false
		}
		return draftOf(a), true
	case Aside:
		if a.Piece != s.Piece(seat) || s.phase != PhaseBuild {
			return "", false
		}
		return AsideDraft, true
	}
	return "", false
}
