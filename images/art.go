package images

import (
	"image"

	"github.com/tablebot/tablebot/games"
)

// Art draws the pictures of one game. Implementations are pure functions of their arguments
// (plus caches of static parts) and safe for concurrent use.
type Art interface {
	// Table draws the shared table as the view's viewer sees it (view is what the game's
	// State.View returned): the board with the coordinates a player types, every seat's
	// scores and name, whose turn it is, and the last move marked. lang picks the language of
	// the few words on the picture.
	Table(view any, lang games.Lang) (image.Image, error)
	// Private draws what only the viewing seat may see for a panel at draft (a draft of the
	// game's Composer): its rack or hand, and a preview of the move the draft describes.
	Private(view any, draft string, lang games.Lang) (image.Image, error)
}

// Recycler is an optional power of an Art: taking back a picture that its Table or Private
// returned, once the caller is done with it (encoded), so that the next picture reuses its
// memory. The caller must not touch the picture after giving it back; an Art may ignore
// pictures it cannot reuse.
type Recycler interface {
	Recycle(img image.Image)
}

// Baseline is an optional power of an Art: drawing the table the straightforward way (all of
// it through gg into RGBA, nothing cached), the reference that benchmarks measure the fast
// path against in the same run. Encode its result with image/png's defaults.
type Baseline interface {
	NaiveTable(view any, lang games.Lang) (image.Image, error)
}

// Renderer is what a game's renderer standing on Base is: an Art with its Baseline, taking its
// pictures back (Recycler), and showing the kit it draws with.
type Renderer interface {
	Art
	Baseline
	Recycler
	Kit() *Kit
}
