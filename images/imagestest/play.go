package imagestest

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// out is -out: the directory Samples writes into.
var out = flag.String("out", "", "write sample pictures into this directory")

// Names are the players of the games the tests play: the first n of them for n seats.
func Names(n int) []string {
	return []string{"Ada", "Bohuslav", "Cyril", "Dana", "Eliška", "František"}[:n]
}

// Play starts g for players seats (Names) with options (a JSON object; "" for the defaults)
// and lets the AI play it through the games contract, decide choosing every seat's move and
// chance drawn from PCG(seed, seed^salt) (a package's salt keeps its games apart from
// another's of the same seed), until stop holds for the state or the game ends (stop nil: to
// its end). It returns the state, of the game's own type S.
func Play[S games.State](tb testing.TB, g games.Game, players int, options string, seed, salt uint64, decide games.Decide, stop func(S) bool) S {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^salt))
	st, err := g.New(Names(players), json.RawMessage(options))
	if err != nil {
		tb.Fatalf("new game: %v", err)
	}
	s, ok := st.(S)
	if !ok {
		tb.Fatalf("new game: a %T", st)
	}
	done := func(st games.State) bool { return stop != nil && stop(st.(S)) }
	if _, err := games.AdvanceUntil(&games.Recorder{State: s}, rng, decide, done); err != nil {
		tb.Fatal(err)
	}
	return s
}

// LastFirst is games.Hints for the last seat that must act only: within a simultaneous step
// the seats move from the last to the first, so that a game stopped in the middle of one
// leaves the low seats still to act.
func LastFirst(st games.State, seat games.Seat) games.Action {
	if act := st.ToAct(); seat != act[len(act)-1] {
		return nil
	}
	return st.Hint(seat)
}

// Samples writes every picture, drawn with r, into the directory -out names, as <Name>.png,
// and with phone set also scaled to a phone's width as <Name>-phone.png. Without -out it skips
// the test.
func Samples[R any](t *testing.T, r R, phone bool, pics func() []Picture[R]) {
	t.Helper()
	if *out == "" {
		t.Skip("no -out directory")
	}
	for _, p := range pics() {
		img, err := p.Draw(r)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if err := WritePNG(filepath.Join(*out, p.Name+".png"), img); err != nil {
			t.Fatal(err)
		}
		if !phone {
			continue
		}
		if err := WritePNG(filepath.Join(*out, p.Name+"-phone.png"), Phone(img)); err != nil {
			t.Fatal(err)
		}
	}
}
