package table

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	mrand "math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
)

// maxAttempts bounds the re-reads of a write that keeps losing compare-and-set races. Each
// lost race means another writer succeeded, so reaching it takes a storm of writes to one
// channel.
const maxAttempts = 32

// Options configure a Service. The zero value of each field is documented.
type Options struct {
	// Seed, when non-zero, makes every chance move deterministic (tests); zero draws a fresh
	// seed from crypto/rand for every chance sequence.
	Seed uint64
	// Now returns the time; nil means time.Now.
	Now func() time.Time
	// Logger receives the referee's logs; nil means slog.Default().
	Logger *slog.Logger
	// Lease is how long the process that applied a move has to post its board message before
	// another may claim it; zero means 30 seconds.
	Lease time.Duration
	// TaskLease is how long a process that claimed a due task (Due) holds it before another
	// may claim it again: longer than the slowest task, and renewed while it runs (RenewTask);
	// zero means store.DefaultLease.
	TaskLease time.Duration
	// Takeover is the AI level that decides for a player who is away or missed a deadline;
	// the zero value is search.Easy, so set it (cmd uses search.Strong).
	Takeover search.Level
	// Suggest is the time the 💡 Suggest button's search may take (search.Strong within this
	// budget, see Service.Suggest); zero means one second, negative means no search (the
	// game's own quick suggestion).
	Suggest time.Duration
	// StepDown is when a deadline worked late is played by the takeover AI a level lower;
	// zero fields take DefaultStepDown's.
	StepDown StepDown
	// Paces are the times per decision /start offers besides live play, the ones a server may
	// choose as its default (ServerSettings.Pace); nil allows any from a minute to MaxPace.
	Paces []time.Duration
}

// Service referees every channel's table in one store. It is safe for concurrent use, and
// several Services (in several processes) may share one store.
type Service struct {
	store store.Store
	games *games.Registry
	seed  uint64
	now   func() time.Time
	log   *slog.Logger
	lease time.Duration
	// taskLease is the lease of a claimed due task.
	taskLease time.Duration
	ai        *deciders
	// conflicts counts writes that lost a compare-and-set race.
	conflicts atomic.Uint64
	// decoded spares reading the same stored table twice the decoding of its JSON.
	decoded decodedTables
	// paces are the paces a server may choose as its default (Options.Paces).
	paces []time.Duration
}

// New returns a Service for the given games on st.
func New(st store.Store, gs []games.Game, o Options) (*Service, error) {
	reg, err := games.NewRegistry(gs...)
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	s := &Service{store: st, games: reg, seed: o.Seed, now: o.Now, log: o.Logger, lease: o.Lease, paces: o.Paces}
	s.ai = newDeciders(o.Takeover, o.Suggest, o.StepDown)
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.lease == 0 {
		s.lease = 30 * time.Second
	}
	s.taskLease = o.TaskLease
	if s.taskLease <= 0 {
		s.taskLease = store.DefaultLease
	}
	return s, nil
}

// Game returns the game called name, or false.
func (s *Service) Game(name string) (games.Game, bool) { return s.games.Lookup(name) }

// Conflicts returns how many writes have lost a compare-and-set race (each was retried or, when
// the table had moved on, refused).
func (s *Service) Conflicts() uint64 { return s.conflicts.Load() }

// Now returns the Service's time.
func (s *Service) Now() time.Time { return s.now() }

// Ping checks that the store answers.
func (s *Service) Ping(ctx context.Context) error {
	if err := s.store.Ping(ctx); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	return nil
}

// Load reads the channel's table. It refuses with ErrNoTable when there is none, and fails
// with a wrapped store.ErrCorrupt when the stored bytes are not a table.
func (s *Service) Load(ctx context.Context, channel string) (*Table, error) {
	raw, err := s.store.Load(ctx, channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil, noTable()
	}
	if err != nil {
		return nil, fmt.Errorf("load table of channel %s: %w", channel, err)
	}
	return s.decode(channel, raw)
}

// decode reads the channel's stored table raw, or a copy of it decoded before.
func (s *Service) decode(channel string, raw store.Table) (*Table, error) {
	if t, ok := s.decoded.get(channel, raw.Data); ok {
		t.rev = raw.Revision
		return t, nil
	}
	var t Table
	if err := json.Unmarshal(raw.Data, &t); err != nil {
		return nil, fmt.Errorf("channel %s: %w: table: %v", channel, store.ErrCorrupt, err)
	}
	s.decoded.put(channel, raw.Data, &t)
	t.rev = raw.Revision
	return &t, nil
}

// save writes t if the stored revision is still the one it was read at (0: no table may
// exist) and sets t's revision to the new one. It returns store.ErrConflict, wrapped, when
// somebody wrote first.
func (s *Service) save(ctx context.Context, t *Table) error {
	t.Updated = s.now()
	data, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("encode table: %w", err)
	}
	rev, err := s.store.Save(ctx, t.Channel, data, t.rev)
	if err != nil {
		return fmt.Errorf("save table of channel %s: %w", t.Channel, err)
	}
	t.rev = rev
	s.decoded.put(t.Channel, data, t)
	return nil
}

// errUnchanged, returned by a change, ends mutate without writing, successfully.
var errUnchanged = errors.New("unchanged")

// mutate reads the channel's table, lets change modify it and writes it back with
// compare-and-set. When another writer got there first it waits a moment, re-reads and calls
// change again, so change must validate everything against the table it is given. A missing
// table is passed to change as nil (change may build one; it must set Channel). An error from
// change is returned as it is and nothing is written; errUnchanged returns the table read.
func (s *Service) mutate(ctx context.Context, channel string, change func(t *Table) (*Table, error)) (*Table, error) {
	var out *Table
	err := s.retryLostRaces(ctx, "channel "+channel, func() error {
		t, err := s.Load(ctx, channel)
		if errors.Is(err, ErrNoTable) {
			t, err = nil, nil
		}
		if err != nil {
			return err
		}
		next, err := change(t)
		if errors.Is(err, errUnchanged) {
			out = t
			return nil
		}
		if err != nil {
			return err
		}
		if err := s.save(ctx, next); err != nil {
			return err
		}
		out = next
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// retryLostRaces runs write, a read, change and compare-and-set write of the document what
// names, until it does not lose the race (store.ErrConflict): it counts each lost race and
// backs off before trying again (see backOff), at most maxAttempts times. Any other error of
// write is returned as it is.
func (s *Service) retryLostRaces(ctx context.Context, what string, write func() error) error {
	for attempt := range maxAttempts {
		if err := s.backOff(ctx, attempt); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		err := write()
		if !errors.Is(err, store.ErrConflict) {
			return err
		}
		s.conflicts.Add(1)
	}
	return fmt.Errorf("%s: %d writes in a row lost the race: %w", what, maxAttempts, store.ErrConflict)
}

// backOff waits before the attempt-th try of a write that lost a compare-and-set race (none
// before the first): a random, exponentially growing moment, so that writers that collided
// do not collide again in step. It returns ctx's error if ctx ends first.
func (s *Service) backOff(ctx context.Context, attempt int) error {
	if attempt == 0 {
		return nil
	}
	wait := time.Duration(1+mrand.IntN(1<<min(attempt, 6))) * time.Millisecond
	select {
	case <-time.After(wait):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// update is mutate for a change of an existing table: a missing table is refused with
// ErrNoTable.
func (s *Service) update(ctx context.Context, channel string, change func(t *Table) error) (*Table, error) {
	return s.mutate(ctx, channel, func(t *Table) (*Table, error) {
		if t == nil {
			return nil, noTable()
		}
		return t, change(t)
	})
}

// State rebuilds the game of a playing or finished table by replaying its record. It fails
// with a wrapped store.ErrCorrupt when the record does not replay.
func (s *Service) State(t *Table) (games.State, error) {
	g, ok := s.games.Lookup(t.Game)
	if !ok {
		return nil, fmt.Errorf("%w: table of unknown game %q", store.ErrCorrupt, t.Game)
	}
	if t.Record == nil {
		return nil, fmt.Errorf("%w: %s table without a record", store.ErrCorrupt, t.Status)
	}
	st, _, err := games.Replay(g, *t.Record)
	if err != nil {
		return nil, fmt.Errorf("%w: replay: %v", store.ErrCorrupt, err)
	}
	return st, nil
}

// random returns the random source of the chance moves that follow revision rev of a table.
func (s *Service) random(table string, rev uint64) *mrand.Rand {
	if s.seed != 0 {
		h := uint64(0)
		for _, c := range table {
			h = h*31 + uint64(c)
		}
		return mrand.New(mrand.NewPCG(s.seed^h, rev))
	}
	var seed [32]byte
	if _, err := rand.Read(seed[:]); err != nil {
		// crypto/rand does not fail on supported platforms; fall back to the runtime's source.
		binary.LittleEndian.PutUint64(seed[:], mrand.Uint64())
	}
	return mrand.New(mrand.NewChaCha8(seed))
}

// tableLog adds a table's identity to a logger.
func tableLog(l *slog.Logger, t *Table) *slog.Logger {
	return l.With("game", t.Game, "table", t.ID, "revision", uint64(t.rev))
}
