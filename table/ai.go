package table

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"runtime"
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
	// suggest is the time budget of a suggestion's search (negative: no search); slots bound
	// the suggestions searched at once, leaving cores to the rest of the bot.
	suggest time.Duration
	slots   chan struct{}

	mu   sync.Mutex
	done map[string]games.Action
}

// defaultSuggest is the time a suggestion's search takes unless configured.
const defaultSuggest = time.Second

func newDeciders(takeover search.Level, suggest time.Duration) *deciders {
	if suggest == 0 {
		suggest = defaultSuggest
	}
	return &deciders{takeover: takeover, suggest: suggest, slots: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2)),
		done: map[string]games.Action{}}
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
	key := positionKey(table, moves, seat, level.String())
	a := d.remembered(key, func(seed uint64) games.Action {
		ctx, cancel := context.WithTimeout(context.Background(), searchTimeout)
		defer cancel()
		a, err := search.Choose(ctx, st, seat, level, seed)
		if err != nil {
			return nil
		}
		return a
	})
	if a == nil {
		return st.Hint(seat)
	}
	return a
}

// remembered returns the decision remembered under key, or makes it with choose (seeded by
// the key) and remembers it when it is not nil.
func (d *deciders) remembered(key string, choose func(seed uint64) games.Action) games.Action {
	d.mu.Lock()
	a, ok := d.done[key]
	d.mu.Unlock()
	if ok {
		return a
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	a = choose(h.Sum64())
	if a == nil {
		return nil
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

// slotWait is how long a suggestion waits for a search slot before it settles for the game's
// own quick suggestion.
const slotWait = 500 * time.Millisecond

// Suggest returns the draft at which p's panel shows the move the search AI suggests for p's
// seat: search.Strong's search within the Suggest budget (Options.Suggest), from what the
// seat can see only (the search draws the hidden information anew), remembered per position.
// It returns fallback — the game's own quick suggestion — when the game cannot show a chosen
// move (its state is not a games.Drafter), the seat need not act, the search fails or no
// search slot frees within half a second, or ctx ends first.
func (s *Service) Suggest(ctx context.Context, p Seated, fallback string) string {
	d := s.ai
	drafter, ok := p.State.(games.Drafter)
	if !ok || d.suggest < 0 || p.Table == nil || p.Table.Record == nil || !games.IsToAct(p.State, p.Seat) {
		return fallback
	}
	key := positionKey(p.Table.ID, p.Table.Record.Moves, p.Seat, "suggest")
	a := d.remembered(key, func(seed uint64) games.Action {
		wait := time.NewTimer(slotWait)
		defer wait.Stop()
		select {
		case d.slots <- struct{}{}:
			defer func() { <-d.slots }()
		case <-wait.C:
			return nil
		case <-ctx.Done():
			return nil
		}
		cfg := search.Strong.Config()
		cfg.Budget.Time = d.suggest
		sctx, cancel := context.WithTimeout(ctx, d.suggest+time.Second)
		defer cancel()
		c, err := search.Search(sctx, p.State, p.Seat, cfg, seed)
		if err != nil {
			s.log.Warn("the suggestion's search failed", "table", p.Table.ID, "game", p.Table.Game, "err", err)
			return nil
		}
		return c.Action
	})
	if a == nil {
		return fallback
	}
	draft, ok := drafter.DraftOf(p.Seat, a)
	if !ok {
		s.log.Warn("the game has no draft for the suggested move", "table", p.Table.ID, "game", p.Table.Game)
		return fallback
	}
	return draft
}

// positionKey names the position at which seat decides in table's game, after moves: the
// table, the number of moves made and the last of them (an undo followed by another move
// changes it), the seat and what the decision is for (a level, or a suggestion).
func positionKey(table string, moves []games.Move, seat games.Seat, purpose string) string {
	var last json.RawMessage
	if n := len(moves); n > 0 {
		last = moves[n-1].Action
	}
	return table + "/" + strconv.Itoa(len(moves)) + "/" + string(last) + "/" + strconv.Itoa(int(seat)) + "/" + purpose
}
