package games

import (
	"fmt"
	"sort"
)

// Registry is the set of games the program knows, by name. Build it once at start-up with
// NewRegistry; it is read-only afterwards and safe for concurrent use.
type Registry struct {
	byName map[string]Game
	names  []string
}

// NewRegistry builds a registry of the given games. It fails when two share a name.
func NewRegistry(gs ...Game) (*Registry, error) {
	r := &Registry{byName: map[string]Game{}}
	for _, g := range gs {
		if _, dup := r.byName[g.Name()]; dup {
			return nil, fmt.Errorf("game %q registered twice", g.Name())
		}
		r.byName[g.Name()] = g
		r.names = append(r.names, g.Name())
	}
	sort.Strings(r.names)
	return r, nil
}

// Lookup returns the game called name, or false.
func (r *Registry) Lookup(name string) (Game, bool) {
	g, ok := r.byName[name]
	return g, ok
}

// Names lists the registered games alphabetically.
func (r *Registry) Names() []string { return append([]string(nil), r.names...) }

// Replay rebuilds the state a record describes. It returns the state after the last move it
// could apply and the number of moves applied. The error is ErrBadRecord-wrapped for an
// unknown game or bad options, and a *MoveError for a move that could not be decoded or
// applied (the state returned is then the one before that move).
func (r *Registry) Replay(rec Record) (State, int, error) {
	g, ok := r.Lookup(rec.Game)
	if !ok {
		return nil, 0, fmt.Errorf("%w: unknown game %q (known: %v)", ErrBadRecord, rec.Game, r.names)
	}
	return Replay(g, rec)
}

// Replay rebuilds the state rec describes for game g; see Registry.Replay.
func Replay(g Game, rec Record) (State, int, error) {
	st, err := g.New(rec.Players, rec.Options)
	if err != nil {
		return nil, 0, fmt.Errorf("start %s: %w", g.Name(), err)
	}
	n, err := Continue(st, rec.Moves, 0)
	return st, n, err
}

// Continue goes on replaying a record: it applies moves, the record's entries from index
// first on, to st, the state Replay reached before entry first (the replay viewer starts from
// a state it kept). It returns the index after the last entry applied and, for an entry that
// could not be decoded or applied, a *MoveError with its index in the record (st is then the
// state before it).
func Continue(st State, moves []Move, first int) (int, error) {
	g := st.Game()
	for i, m := range moves {
		a, err := g.DecodeAction(m.Action)
		if err != nil {
			return first + i, &MoveError{Index: first + i, Err: err}
		}
		if _, err := Apply(st, m.Seat, a); err != nil {
			return first + i, &MoveError{Index: first + i, Err: err}
		}
	}
	return first + len(moves), nil
}

// Replayed is what a replay shows of the state it reached: the game, the moves applied,
// whether the game is over, every ranked seat's name, score and detail, and the ranking. It
// is the shape `tablebot replay` prints and golden result files keep.
type Replayed struct {
	Game    string         `json:"game"`
	Moves   int            `json:"moves"`
	Over    bool           `json:"over"`
	Seats   []ReplayedSeat `json:"seats"`
	Ranking [][]Seat       `json:"ranking"`
}

// ReplayedSeat is one seat of a Replayed, named as NameOf names it.
type ReplayedSeat struct {
	Seat   Seat   `json:"seat"`
	Name   string `json:"name"`
	Score  int    `json:"score"`
	Detail any    `json:"detail"`
}

// ReplayedOf returns what a replay shows of st, reached after moves moves of a record. The
// ranking is empty rather than nil when nobody is ranked yet.
func ReplayedOf(st State, moves int) Replayed {
	res := st.Result()
	out := Replayed{Game: st.Game().Name(), Moves: moves, Over: res.Over, Ranking: res.Ranking}
	if out.Ranking == nil {
		out.Ranking = [][]Seat{}
	}
	for _, s := range res.Seats {
		out.Seats = append(out.Seats, ReplayedSeat{Seat: s.Seat, Name: NameOf(st, s.Seat), Score: s.Score, Detail: s.Detail})
	}
	return out
}
