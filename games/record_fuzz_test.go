package games_test

import (
	"encoding/json"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/games/ingenious"
)

// FuzzRecord decodes and replays records of any content: never a panic; a record that decodes
// re-encodes to one that decodes the same.
func FuzzRecord(f *testing.F) {
	reg, err := games.NewRegistry(ingenious.Game{}, fits.Game{})
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(`{"game":"ingenious","version":1,"options":{},"players":["A","B"],"moves":[{"seat":"chance","action":{"type":"draw","tiles":["RG","BB","OY","PP","RR","GY"]}}]}`))
	f.Add([]byte(`{"game":"fits","version":1,"options":{"boards":[1]},"players":["A"],"moves":[{"seat":"chance","action":{"type":"start","cards":["F5"]}},{"seat":0,"action":{"type":"place","piece":"F5","rot":0,"flip":false,"col":"A"},"by":"ai"}]}`))
	f.Add([]byte(`{"game":"fits","version":2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := games.DecodeRecord(data)
		if err != nil {
			return
		}
		_, _, _ = reg.Replay(rec)
		again, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := games.DecodeRecord(again); err != nil {
			t.Fatalf("a decoded record does not decode again: %v\n%s", err, again)
		}
	})
}

// FuzzCheckOptions checks options objects of any content against each game: never a panic.
func FuzzCheckOptions(f *testing.F) {
	for _, s := range []string{`{}`, `{"teams":true}`, `{"boards":[1,2]}`, `{"boards":null}`, `[]`, `{"teams":"yes"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, g := range []games.Game{ingenious.Game{}, fits.Game{}} {
			if games.CheckOptions(g, data) == nil {
				_, _ = g.New([]string{"A", "B"}, data)
			}
		}
	})
}
