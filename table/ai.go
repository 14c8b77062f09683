package table

import (
	"context"
	"encoding/json"
	"fmt"
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
	// due bounds the searches of due tasks (deadlines) running at once, apart from slots: a
	// burst of deadlines waits for these and never takes a suggestion's slot. parallel is
	// how many trees one such search grows at once.
	due      chan struct{}
	parallel int
	// steps is when a deadline's takeover AI steps down a level (see StepDown).
	steps StepDown

	mu   sync.Mutex
	done map[string]any // a games.Action, or the order of a ranked menu ([]games.Action)
}

// defaultSuggest is the time a suggestion's search takes unless configured.
const defaultSuggest = time.Second

func newDeciders(takeover search.Level, suggest time.Duration, steps StepDown) *deciders {
	if suggest == 0 {
		suggest = defaultSuggest
	}
	half := max(1, runtime.GOMAXPROCS(0)/2)
	return &deciders{takeover: takeover, suggest: suggest, slots: make(chan struct{}, half),
		due: make(chan struct{}, half), parallel: half, steps: steps.withDefaults(), done: map[string]any{}}
}

// StepDown is when the takeover AI plays a deadline's move a level lower (strong → normal →
// easy) because the deadline is being worked late: its lateness is the time from the seat's
// deadline to when its search may start (a search slot for due work is free). A deadline
// Normal or more late is played at most at search.Normal, one Easy or more late at
// search.Easy (the game's hint, no search). Zero fields take the defaults (DefaultStepDown);
// a negative field never steps down to that level.
type StepDown struct {
	Normal time.Duration
	Easy   time.Duration
}

// DefaultStepDown steps down to normal 1 second late and to easy 3 seconds late: a deadline's
// board then comes at most about 5 seconds after its time however deep the backlog (a strong
// search takes up to 2 seconds, a normal one 1 second, easy none). Measured with `tablebot
// loadtest --async 10000 --due-rate 3` on 2 cores (docs/performance-async.md): at 5 s and
// 10 s the backlog of strong searches made deadlines 10–11 s late at the 99th percentile.
var DefaultStepDown = StepDown{Normal: 1 * time.Second, Easy: 3 * time.Second}

func (sd StepDown) withDefaults() StepDown {
	if sd.Normal == 0 {
		sd.Normal = DefaultStepDown.Normal
	}
	if sd.Easy == 0 {
		sd.Easy = DefaultStepDown.Easy
	}
	return sd
}

// Level returns the level at which a deadline late by late is played when the takeover AI
// plays at takeover: takeover, or lower by the rule of sd (never higher).
func (sd StepDown) Level(takeover search.Level, late time.Duration) search.Level {
	level := takeover
	if sd.Normal >= 0 && late >= sd.Normal && level > search.Normal {
		level = search.Normal
	}
	if sd.Easy >= 0 && late >= sd.Easy && level > search.Easy {
		level = search.Easy
	}
	return level
}

// dueSlot takes one of the search slots of due work, waiting as long as it takes or until ctx
// ends; it returns the function that gives it back.
func (d *deciders) dueSlot(ctx context.Context) (func(), error) {
	select {
	case d.due <- struct{}{}:
		return func() { <-d.due }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("wait for a search slot: %w", ctx.Err())
	}
}

// decideDue is decide for due work (a deadline): the same level's search, with the same
// budget as an interactive move (Level.Config: the same nodes and time limit, the same
// trees), but growing at most parallel trees at once, so that due work leaves half the cores
// to the interactions. Its move is remembered under the same key as decide's.
func (d *deciders) decideDue(table string, moves []games.Move, st games.State, seat games.Seat, level search.Level) games.Action {
	return d.searched(table, moves, st, seat, level, d.parallel)
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
			level = s.takeoverOf(t)
		}
		return s.ai.decide(t.ID, rec.Record.Moves, st, seat, level)
	}
}

// decide returns seat's move in st at level; on a search failure (it cannot fail on a legal
// position, but a bug must not stall a table) the game's hint.
func (d *deciders) decide(table string, moves []games.Move, st games.State, seat games.Seat, level search.Level) games.Action {
	return d.searched(table, moves, st, seat, level, 0)
}

// searched is decide and decideDue: level's search (growing at most parallel trees at once
// when parallel is positive, else the level's own), remembered by position, the game's hint
// when the level does not search or the search fails.
func (d *deciders) searched(table string, moves []games.Move, st games.State, seat games.Seat, level search.Level, parallel int) games.Action {
	if !level.Searches() {
		return st.Hint(seat)
	}
	key := positionKey(table, moves, seat, level.String())
	a := d.remembered(key, func(seed uint64) games.Action {
		ctx, cancel := context.WithTimeout(context.Background(), searchTimeout)
		defer cancel()
		cfg := level.Config()
		if parallel > 0 {
			cfg.Parallel = parallel
		}
		c, err := search.Search(ctx, st, seat, cfg, seed)
		if err != nil {
			return nil
		}
		return c.Action
	})
	if a == nil {
		return st.Hint(seat)
	}
	return a
}

// remembered returns the decision remembered under key, or makes it with choose (seeded by
// the key) and remembers it when it is not nil.
func (d *deciders) remembered(key string, choose func(seed uint64) games.Action) games.Action {
	a, _ := remember(d, key, func(seed uint64) (games.Action, bool) {
		a := choose(seed)
		return a, a != nil
	})
	return a
}

// remember returns what is remembered under key, or makes it with made (seeded by the key)
// and remembers it when made says it is good; false when there is nothing good to give.
func remember[T any](d *deciders, key string, made func(seed uint64) (T, bool)) (T, bool) {
	d.mu.Lock()
	v, ok := d.done[key].(T)
	d.mu.Unlock()
	if ok {
		return v, true
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	v, ok = made(h.Sum64())
	if !ok {
		return v, false
	}
	d.mu.Lock()
	if len(d.done) >= maxRemembered {
		for k := range d.done {
			delete(d.done, k)
			break
		}
	}
	d.done[key] = v
	d.mu.Unlock()
	return v, true
}

// slot takes one of the search slots for a suggestion's search, waiting at most slotWait; it
// returns the function that gives it back, or false when none freed in time or ctx ended.
func (d *deciders) slot(ctx context.Context) (func(), bool) {
	wait := time.NewTimer(slotWait)
	defer wait.Stop()
	select {
	case d.slots <- struct{}{}:
		return func() { <-d.slots }, true
	case <-wait.C:
	case <-ctx.Done():
	}
	return nil, false
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
		free, ok := d.slot(ctx)
		if !ok {
			return nil
		}
		defer free()
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

// Advise returns p ready to draw its seat's panel at draft, and whether the search AI ranked
// the panel's menu. When the state is a games.Adviser whose panel at draft has a menu of
// moves, search.Strong's search among those moves alone (search.Rank, within the Suggest
// budget, from what the seat can see only) orders them, and the state is the one Advised
// returns for that order; the order is remembered per position and menu, so the other drafts
// of the same menu within the turn (a place picked, turned, the tile chosen again) cost
// nothing in this process. Otherwise it returns p as it is, whose menu keeps the game's
// quick ranking and says so: when the game has no such menu, no search is configured, the
// search fails, no search slot frees within half a second (the bot is busy), or ctx ends
// first. It runs after the click is acknowledged; the memory is only a saving (another
// process ranks again).
func (s *Service) Advise(ctx context.Context, p Seated, draft string) (Seated, bool) {
	d := s.ai
	adviser, ok := p.State.(games.Adviser)
	if !ok || d.suggest < 0 || p.Table == nil || p.Table.Record == nil || !games.IsToAct(p.State, p.Seat) ||
		p.Seat < 0 || int(p.Seat) >= len(p.Table.Seats) || p.Table.Seats[p.Seat].Auto() { // an AI's seat shows no menu
		return p, false
	}
	moves := adviser.MenuMoves(p.Seat, draft)
	if len(moves) < 2 {
		return p, false
	}
	menu := fnv.New64a()
	for _, m := range moves {
		b, _ := json.Marshal(m)
		menu.Write(b)
	}
	key := positionKey(p.Table.ID, p.Table.Record.Moves, p.Seat, "rank "+strconv.FormatUint(menu.Sum64(), 36))
	order, ok := remember(d, key, func(seed uint64) ([]games.Action, bool) {
		free, ok := d.slot(ctx)
		if !ok {
			return nil, false
		}
		defer free()
		cfg := search.Strong.Config()
		cfg.Budget.Time = d.suggest
		sctx, cancel := context.WithTimeout(ctx, d.suggest+time.Second)
		defer cancel()
		order, err := search.Rank(sctx, p.State, p.Seat, moves, cfg, seed)
		if err != nil {
			s.log.Warn("the menu's ranking search failed", "table", p.Table.ID, "game", p.Table.Game, "err", err)
			return nil, false
		}
		return order, true
	})
	if !ok {
		return p, false
	}
	st, err := adviser.Advised(p.Seat, draft, order)
	if err != nil {
		s.log.Warn("the game refused the AI's ranking of its menu", "table", p.Table.ID, "game", p.Table.Game, "err", err)
		return p, false
	}
	p.State = st
	return p, true
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
