package shelfie

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/gamestest"
)

// TestDecodeRecordForms decodes every JSON form of the rules file and writes it back
// unchanged.
func TestDecodeRecordForms(t *testing.T) {
	for _, s := range []string{
		`{"type":"deal","hands":[[1,4,5,6,7,8,9,10],[2,3,4,5,6,7,8,9]]}`,
		`{"type":"rewards","sidekick":"S2","contest":"K7","endgame":["E1"]}`,
		`{"type":"rewards","endgame":["E1","E12"]}`,
		`{"type":"fill","boxes":[["P3","G6","B1"],["O2","O4","P5"]]}`,
		`{"type":"reveal","card":5}`,
		`{"type":"roll","values":[4,2]}`,
		`{"type":"draw","color":"G"}`,
		`{"type":"choose","card":5}`,
		`{"type":"take","box":2}`,
		`{"type":"set","die":1,"value":4}`,
		`{"type":"place","die":1,"col":3}`,
		`{"type":"place","die":2,"to":"shame"}`,
		`{"type":"retrieve","card":1,"slot":1}`,
		`{"type":"ability","card":1,"die":2}`,
		`{"type":"ability","card":2,"col":3}`,
		`{"type":"ability","card":3,"die":1}`,
		`{"type":"ability","card":4,"col":2}`,
		`{"type":"ability","card":7,"die":1,"col":3}`,
		`{"type":"ability","card":8,"copy":14,"col":2,"value":5}`,
		`{"type":"ability","card":9,"box":1,"pos":2,"box2":3,"pos2":1}`,
		`{"type":"ability","card":10,"dice":[1,3]}`,
		`{"type":"ability","card":11,"die":1,"other":2}`,
		`{"type":"ability","card":12,"col":3,"shame":1}`,
		`{"type":"ability","card":14,"die":1,"value":5}`,
		`{"type":"ability","card":15,"die":1}`,
		`{"type":"ability","card":16,"die":3,"col":2,"at":1}`,
		`{"type":"done"}`,
	} {
		a := gamestest.RoundTrip(t, Game{}, s)
		if a == nil {
			continue
		}
		m, err := ParseMove(Notation(a))
		if err != nil || !equalJSON(a, m) {
			t.Errorf("%s: notation %q reads back as %v (%v)", s, Notation(a), m, err)
		}
	}
}

func TestDecodeStrict(t *testing.T) {
	gamestest.DecodeRefuses(t, Game{},
		`{}`, `[]`, `{"type":"fly"}`, `{"type":"take"}`, `{"type":"take","box":1,"card":2}`,
		`{"type":"take","box":1,"x":1}`, `{"type":"place","die":1}`, `{"type":"place","die":1,"col":2,"to":"shame"}`,
		`{"type":"place","die":1,"to":"floor"}`, `{"type":"place","die":1,"col":0}`,
		`{"type":"retrieve","card":2,"slot":1}`, `{"type":"ability","card":3}`, `{"type":"ability","card":3,"die":1,"col":1}`,
		`{"type":"ability","card":17,"die":1}`, `{"type":"ability","card":8,"die":1}`, `{"type":"ability","card":8,"copy":8,"die":1}`,
		`{"type":"ability","card":3,"die":0}`, `{"type":"ability","card":10,"dice":[]}`, `{"type":"ability","card":14,"die":1}`,
		`{"type":"ability","card":6,"copy":3,"die":1}`, `{"type":"rewards","sidekick":"S5","endgame":[]}`,
		`{"type":"rewards","sidekick":"S1","contest":"K01","endgame":["E1"]}`, `{"type":"fill","boxes":[["P7"]]}`,
		`{"type":"draw","color":"R"}`, `{"type":"draw","color":"g"}`, `{"type":"done","x":1}`, `{"type":"done"} {}`,
		`{"type":"ability","card":10,"dice":[2,0]}`, `{"type":"ability","card":15,"die":null}`, `{"type":"deal","hands":null}`,
		`{"type":"retrieve","card":1}`, `{"type":"set","die":1}`, `{"type":"rewards","sidekick":"S2"}`, `{"type":"choose","card":"5"}`,
	)
}

// TestNotationRoundTrip: Describe's text of every listed move reads back as that move, and
// Typed turns it into a confirm draft that resolves to it.
func TestNotationRoundTrip(t *testing.T) {
	seed := gamestest.Seed(t)
	r := rand.New(rand.NewPCG(seed, 5))
	for g, o := range []string{`{"cards":"own"}`, `{"cards":"shared","draft":true}`} {
		s := newGame(t, 3, o)
		for s.phase != PhaseOver {
			seat := s.ToAct()[0]
			var a games.Action
			if seat == games.Chance {
				a = s.SampleChance(r)
			} else {
				legal := s.Legal(seat)
				for _, l := range legal {
					text := s.Describe(l)
					back, err := ParseMove(text)
					if err != nil || !equalJSON(back, l) {
						t.Fatalf("game %d: %q reads back as %v (%v)", g, text, back, err)
					}
				}
				gamestest.TypedResolves(t, s, seat)
				a = legal[r.IntN(len(legal))]
			}
			back, err := ParseMove(s.Describe(a))
			if err != nil || !equalJSON(back, a) {
				t.Fatalf("%q reads back as %v (%v)", s.Describe(a), back, err)
			}
			must.Apply(t, s, seat, a)
		}
	}
}
