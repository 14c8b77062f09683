package catalog

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// actionSeeds are FuzzDecodeAction's seeds, one a line: every game's action types, some
// of them incomplete.
const actionSeeds = `{}
{"type":"swap"}
{"type":"keep"}
{"type":"done"}
{"type":"exchange"}
{"type":"place","tile":"RG","cells":[[0,0],[1,0]]}
{"type":"draw","tiles":["RG"]}
{"type":"place"}
{"type":"place","piece":"F5","rot":1,"flip":true,"col":"C"}
{"type":"aside","piece":"T4"}
{"type":"start","cards":["F5","X5"]}
{"type":"reveal","piece":"T4"}
{"type":"place","col":"Z"}
{"type":"start","cards":[12,40],"turned":[false,true]}
{"type":"place","card":7,"side":"left","turned":false}
{"type":"tasks","tasks":[2,9,17]}
{"type":"deal","hands":[[12,40,7],[1,2,3]]}
{"type":"draw","seat":1,"cards":[33]}
{"type":"place","side":"right"}
{"type":"place","die":1,"col":3}
{"type":"place","die":2,"to":"shame"}
{"type":"ability","card":8,"copy":14,"col":2,"value":5}
{"type":"ability","card":9,"box":1,"pos":2,"box2":3,"pos2":1}
{"type":"ability","card":10,"dice":[1,3]}
{"type":"fill","boxes":[["P3","G6","B1"]]}
{"type":"rewards","endgame":["E1","E2"]}
{"type":"deal","hands":[[1,2]]}
{"type":"draw","color":"G"}
{"type":"retrieve","card":1,"slot":1}`

// FuzzDecodeAction feeds any bytes to every game's decoder: never a panic, every failure wraps
// games.ErrBadRecord, and an action that decodes encodes to JSON that decodes to it.
func FuzzDecodeAction(f *testing.F) {
	for _, s := range strings.Split(actionSeeds, "\n") {
		f.Add([]byte(s))
	}
	kits := Kits()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, k := range kits {
			g := k.Game
			a, err := g.DecodeAction(data)
			if err != nil {
				if !errors.Is(err, games.ErrBadRecord) {
					t.Fatalf("%s: %s: error %v does not wrap ErrBadRecord", g.Name(), data, err)
				}
				continue
			}
			b, err := json.Marshal(a)
			if err != nil {
				continue // a decoded value that cannot be written (a colour-less die) is refused by Apply
			}
			back, err := g.DecodeAction(b)
			if err != nil {
				t.Fatalf("%s: %s → %s does not decode: %v", g.Name(), data, b, err)
			}
			if again, _ := json.Marshal(back); string(again) != string(b) {
				t.Fatalf("%s: %s → %s → %s", g.Name(), data, b, again)
			}
		}
	})
}

// FuzzPanel feeds drafts and typed text of any content to every game's Composer, for every
// seat and chance, at the start and at two points of a game in progress: never a panic, every
// failure a *games.Refusal a player can read.
func FuzzPanel(f *testing.F) {
	for _, d := range []string{
		"", "RG", "RG:F7-F8", "swap", "keep", "ZZ:A1-A2", "RG:F7", "R",
		"C1", "A0f", "Z9", "C1:x", "1-2", "7l", "7rt", "60-1t", "xx", "12-",
		"d1", "d9", "a3", "a8k3", "a8", "=place_1_c3", "=use_3_d1", "=done", "=", "x",
	} {
		for _, typed := range []string{"F7 F8", "C 1 flip", "7t right", "12 40t", "place 1 c3"} {
			f.Add(d, typed)
		}
	}
	var states []games.State
	for _, k := range Kits() {
		for _, moves := range []int{0, 12, 40} {
			states = append(states, stateAfter(f, k.Game, moves))
		}
	}
	f.Fuzz(func(t *testing.T, draft, typed string) {
		var r *games.Refusal
		for _, st := range states {
			c, ok := st.(games.Composer)
			if !ok {
				continue
			}
			name := st.Game().Name()
			for seat := games.Chance; seat < 3; seat++ {
				if _, err := c.Compose(seat, draft); err != nil && !errors.As(err, &r) {
					t.Fatalf("%s: Compose(%d, %q): %v", name, seat, draft, err)
				}
				if _, err := c.Resolve(seat, draft); err != nil && !errors.As(err, &r) {
					t.Fatalf("%s: Resolve(%d, %q): %v", name, seat, draft, err)
				}
				if _, err := c.Typed(seat, draft, typed); err != nil && !errors.As(err, &r) {
					t.Fatalf("%s: Typed(%d, %q, %q): %v", name, seat, draft, typed, err)
				}
			}
		}
	})
}

// stateAfter plays a two-player game of g on the built-in AI until at least moves moves are
// made and a player must decide.
func stateAfter(f *testing.F, g games.Game, moves int) games.State {
	rec, err := games.Start(g, []string{"Ada", "Ben"}, nil)
	if err != nil {
		f.Fatal(err)
	}
	stop := func(st games.State) bool {
		return len(rec.Record.Moves) >= moves && !games.IsToAct(st, games.Chance)
	}
	if _, err := games.AdvanceUntil(rec, rand.New(rand.NewPCG(3, uint64(moves))), games.Hints, stop); err != nil {
		f.Fatal(err)
	}
	return rec.State
}
