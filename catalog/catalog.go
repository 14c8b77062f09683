// Package catalog is the one list of the games tablebot plays, each with the renderer of its
// pictures. Adding a game means adding its line to Kits.
package catalog

import (
	"fmt"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/games/sideboards"
	"github.com/tablebot/tablebot/images"
	fitsart "github.com/tablebot/tablebot/images/fits"
	ingeniousart "github.com/tablebot/tablebot/images/ingenious"
	shelfieart "github.com/tablebot/tablebot/images/shelfie"
	sideboardsart "github.com/tablebot/tablebot/images/sideboards"
)

// Kit is a game together with the renderer of its pictures (images.GameArt, the form the bot
// receives them in).
type Kit = images.GameArt

// Kits returns every game tablebot plays. Each call builds new renderers (with empty caches).
func Kits() []Kit {
	return []Kit{
		{Game: ingenious.Game{}, Art: ingeniousart.New()},
		{Game: fits.Game{}, Art: fitsart.New()},
		{Game: sideboards.Game{}, Art: sideboardsart.New()},
		{Game: shelfie.Game{}, Art: shelfieart.New()},
	}
}

// Find returns the kit of the game called name.
func Find(kits []Kit, name string) (Kit, bool) { return images.FindGameArt(kits, name) }

// Games returns the games of kits.
func Games(kits []Kit) []games.Game { return images.GamesOf(kits) }

// Registry builds the games registry of kits.
func Registry(kits []Kit) (*games.Registry, error) {
	reg, err := games.NewRegistry(Games(kits)...)
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	return reg, nil
}
