package gamestest

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// BadOptions requires g to refuse a table of players with each of bad as its options (JSON),
// with an error wrapping games.ErrBadRecord.
func BadOptions(t testing.TB, g games.Game, players []string, bad ...string) {
	t.Helper()
	for _, o := range bad {
		if _, err := g.New(players, json.RawMessage(o)); !errors.Is(err, games.ErrBadRecord) {
			t.Errorf("options %s: error %v, want ErrBadRecord", o, err)
		}
	}
}

// CheckSeating requires g to start a table of every size it seats with its default options,
// and to refuse, with an error wrapping games.ErrBadRecord, a table of no players, one of a
// player more than it seats and one with a blank name.
func CheckSeating(t testing.TB, g games.Game) {
	t.Helper()
	lo, hi := g.Seats()
	names := make([]string, hi+1)
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i+1)
	}
	for n := lo; n <= hi; n++ {
		if _, err := g.New(names[:n], nil); err != nil {
			t.Errorf("%d players: %v", n, err)
		}
	}
	for what, players := range map[string][]string{
		"no players":                               nil,
		fmt.Sprintf("%d players", hi+1):            names,
		fmt.Sprintf("a blank name among %d", lo+1): append(names[:lo:lo], " "),
	} {
		if _, err := g.New(players, nil); !errors.Is(err, games.ErrBadRecord) {
			t.Errorf("%s: error %v, want ErrBadRecord", what, err)
		}
	}
}
