package ingenious

import (
	"encoding/json"
	"flag"
	"testing"

	"github.com/tablebot/tablebot/games/gamestest"
)

var update = flag.Bool("update", false, "rewrite the golden results in testdata")

// TestGoldenPlaythroughs replays recorded games and compares their results with the golden
// ones: any change to the rules that changes a result shows here.
func TestGoldenPlaythroughs(t *testing.T) {
	for _, name := range []string{"three", "teams"} {
		t.Run(name, func(t *testing.T) {
			st, _ := gamestest.ReplayAll(t, Game{}, "testdata", name+".json")
			if err := invariant(st); err != nil {
				t.Fatal(err)
			}
			got, _ := json.MarshalIndent(st.Result(), "", " ")
			gamestest.MatchFile(t, "testdata/"+name+".result.json", got, *update)
		})
	}
}
