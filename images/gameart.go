package images

import "github.com/tablebot/tablebot/games"

// GameArt is a game together with the art that draws its pictures: what the catalog pairs and
// the bot serves. The composition root (cmd) hands the catalog's list to the bot, which
// imports no concrete game.
type GameArt struct {
	Game games.Game
	Art  Art
}

// FindGameArt returns the entry of list whose game is called name.
func FindGameArt(list []GameArt, name string) (GameArt, bool) {
	for _, k := range list {
		if k.Game.Name() == name {
			return k, true
		}
	}
	return GameArt{}, false
}

// GamesOf returns the games of list, in its order.
func GamesOf(list []GameArt) []games.Game {
	gs := make([]games.Game, len(list))
	for i, k := range list {
		gs[i] = k.Game
	}
	return gs
}
