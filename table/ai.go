package table

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"strconv"
	"sync"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
)

// searchTimeout bounds one AI decision whatever its level's budget.
const searchTimeout = 5 * time.Second

// maxRemembered bounds the decisions deciders remember.
const maxRemembered = 256

// deciders makes the AI's decisions for a Service: the game's hint at easy, the search AI
// (games/search) at normal and strong. A search is costly and its move is a pure function of
// the position, the level and the seed (derived from the table and the position), so each
// decision is remembered: when a compare-and-set is lost and the move is made again on the
// same position, the search is not run twice.
type deciders struct {
	takeover search.Level

	mu   sync.Mutex
	done map[string]games.Action
}

func newDeciders(takeover search.Level) *deciders {
	return &deciders{takeover: takeover, done: map[string]games.Action{}}
}

// decider returns t's games.Decide for a game recorded in rec: an AI seat decides at its
// level, a seat whose player is away at the takeover level; people decide for themselves.
func (s *Service) decider(t *Table, rec *games.Recorder) games.Decide {
	return func(st games.State, seat games.Seat) games.Action {
		if seat < 0 || int(seat) >= len(t.Seats) || !t.Seats[seat].Auto() {
			return nil
		}
		level := t.Seats[seat].Level
		if !t.Seats[seat].AI {
			level = s.ai.takeover
		}
		return s.ai.decide(t.ID, rec.Record.Moves, st, seat, level)
	}
}

// decide returns seat's move in st at level; on a search failure (it cannot fail on a legal
// position, but a bug must not stall a table) the game's hint.
func (d *deciders) decide(table string, moves []games.Move, st games.State, seat games.Seat, level search.Level) games.Action {
	if !level.Searches() {
		return st.Hint(seat)
	}
	key := positionKey(table, moves, seat, level)
	d.mu.Lock()
	a, ok := d.done[key]
	d.mu.Unlock()
	if ok {
		return a
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	ctx, cancel := context.WithTimeout(context.Background(), searchTimeout)
	defer cancel()
	a, err := search.Choose(ctx, st, seat, level, h.Sum64())
	if err != nil || a == nil {
		return st.Hint(seat)
	}
	d.mu.Lock()
	if len(d.done) >= maxRemembered {
		for k := range d.done {
			delete(d.done, k)
			break
		}
	}
	d.done[key] = a
	d.mu.Unlock()
	return a
}

// positionKey names the position at which seat decides in table's game, after moves: the
// table, the number of moves made and the last of them (an undo followed by another move
// changes it), the seat and the level.
func positionKey(table string, moves []games.Move, seat games.Seat, level search.Level) string {
	var last json.RawMessage
	if n := len(moves); n > 0 {
		last = moves[n-1].Action
	}
	return table + "/" + strconv.Itoa(len(moves)) + "/" + string(last) + "/" + strconv.Itoa(int(seat)) + "/" + level.String()
}
