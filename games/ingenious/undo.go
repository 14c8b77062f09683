package ingenious

import "github.com/tablebot/tablebot/games"

var _ games.Undoer = Game{}

// Undoable allows taking back a placement (the referee allows it only until chance refills the
// rack or another seat acts: within a turn, for example before a bonus placement or the swap
// decision) and the decision to keep the rack. A swap is final: new tiles are drawn at once.
func (Game) Undoable(a games.Action) bool {
	switch a.(type) {
	case Place, Keep:
		return true
	}
	return false
}
