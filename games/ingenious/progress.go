package ingenious

import (
	"fmt"

	"github.com/tablebot/tablebot/games"
)

var _ games.Progress = (*State)(nil)

// Progress is the headline of a board message: how many tiles the bag still holds, which
// tells players how far the game has come ("38 tiles left in the bag"), and "game over" /
// "konec hry" once it has ended, as every game's headline says then.
func (s *State) Progress() games.Text {
	if s.phase == PhaseOver {
		return games.Say("game over", "konec hry")
	}
	n := s.bag.Len() + len(s.returning)
	tiles := games.Count(n, "tile", "tiles", "dílek", "dílky", "dílků")
	left := "zbývá"
	if n >= 2 && n <= 4 {
		left = "zbývají"
	}
	return games.Text{
		EN: fmt.Sprintf("%s left in the bag", tiles.EN),
		CS: fmt.Sprintf("v pytlíku %s %s", left, tiles.CS),
	}
}
