package bot

import (
	"testing"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
)

func TestDescribeOptions(t *testing.T) {
	t.Parallel()
	kits := catalog.Kits()
	fits, _ := catalog.Find(kits, "fits")
	if got := describeOptions(fits.Game, []byte(`{"boards":[3,1]}`), games.English); got != "Boards: 3, 1" {
		t.Errorf("fits: %q", got)
	}
	ing, _ := catalog.Find(kits, "ingenious")
	if got := describeOptions(ing.Game, []byte(`{"teams":true}`), games.Czech); got != "Týmy: ano · Rady spoluhráčů: ne" {
		t.Errorf("ingenious: %q", got)
	}
}
