package ingenious

import (
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/tablebot/tablebot/games"
)

var update = flag.Bool("update", false, "rewrite the golden results in testdata")

// TestGoldenPlaythroughs replays recorded games and compares their results with the golden
// ones: any change to the rules that changes a result shows here.
func TestGoldenPlaythroughs(t *testing.T) {
	for _, name := range []string{"three", "teams"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile("testdata/" + name + ".json")
			if err != nil {
				t.Fatal(err)
			}
			rec, err := games.DecodeRecord(data)
			if err != nil {
				t.Fatal(err)
			}
			st, n, err := games.Replay(Game{}, rec)
			if err != nil || n != len(rec.Moves) {
				t.Fatalf("replay stopped at %d: %v", n, err)
			}
			if err := invariant(st); err != nil {
				t.Fatal(err)
			}
			got, _ := json.MarshalIndent(st.Result(), "", " ")
			path := "testdata/" + name + ".result.json"
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if string(got) != string(want) {
				t.Fatalf("result changed:\n%s\nwant\n%s", got, want)
			}
		})
	}
}
