package store

import (
	"bytes"
	"cmp"
	"context"
	"slices"
	"time"
)

// model is the Store contract at its simplest: maps in memory, for one goroutine. The
// simulation checks the real stores against it.
type model struct {
	tables   map[string]Table
	finished map[[2]string]bool                 // guild, GameID
	history  map[string][]Archived              // by guild, oldest first
	boards   map[[2]string]map[string]*Standing // by guild and game, then user
	due      map[string]int64                   // channel → unix milliseconds
	leases   map[string][2]uint64               // key → end of lease (unix ms), token
	tokens   uint64
}

func newModel() *model {
	return &model{
		tables:   make(map[string]Table),
		finished: make(map[[2]string]bool),
		history:  make(map[string][]Archived),
		boards:   make(map[[2]string]map[string]*Standing),
		due:      make(map[string]int64),
		leases:   make(map[string][2]uint64),
	}
}

func (m *model) Load(_ context.Context, channel string) (Table, error) {
	t, ok := m.tables[channel]
	if !ok {
		return Table{}, ErrNotFound
	}
	return Table{Data: bytes.Clone(t.Data), Revision: t.Revision}, nil
}

func (m *model) Save(_ context.Context, channel string, data []byte, expect Revision) (Revision, error) {
	if m.tables[channel].Revision != expect {
		return 0, ErrConflict
	}
	rev := expect + 1
	m.tables[channel] = Table{Data: bytes.Clone(data), Revision: rev}
	return rev, nil
}

func (m *model) Finish(_ context.Context, f Final) error {
	if err := checkFinal(f); err != nil {
		return err
	}
	if m.finished[[2]string{f.Guild, f.GameID}] {
		return nil
	}
	m.finished[[2]string{f.Guild, f.GameID}] = true
	h := append(m.history[f.Guild], Archived{GameID: f.GameID, Game: f.Game, At: f.At, Record: bytes.Clone(f.Record)})
	m.history[f.Guild] = h[max(0, len(h)-HistoryCap):]
	board := m.boards[[2]string{f.Guild, f.Game}]
	if board == nil {
		board = make(map[string]*Standing)
		m.boards[[2]string{f.Guild, f.Game}] = board
	}
	for _, o := range f.Outcomes {
		s := board[o.UserID]
		if s == nil {
			s = &Standing{UserID: o.UserID, Best: o.Score}
			board[o.UserID] = s
		}
		s.Name = o.Name
		s.Played++
		if o.Won {
			s.Wins++
		}
		s.Best = max(s.Best, o.Score)
	}
	return nil
}

func (m *model) Leaderboard(_ context.Context, guild, game string, limit int) ([]Standing, error) {
	var out []Standing
	for _, s := range m.boards[[2]string{guild, game}] {
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Wins, a.Wins), cmp.Compare(b.Best, a.Best),
			cmp.Compare(a.Played, b.Played), cmp.Compare(a.UserID, b.UserID))
	})
	return out[:min(max(limit, 0), len(out))], nil
}

func (m *model) History(_ context.Context, guild string, limit int) ([]Archived, error) {
	h := m.history[guild]
	var out []Archived
	for i := len(h) - 1; i >= 0 && len(out) < limit; i-- {
		out = append(out, h[i])
	}
	return out, nil
}

func (m *model) Schedule(_ context.Context, channel string, at time.Time) error {
	m.due[channel] = at.UnixMilli()
	return nil
}

func (m *model) Unschedule(_ context.Context, channel string) error {
	delete(m.due, channel)
	return nil
}

func (m *model) ClaimDue(_ context.Context, now time.Time, lease time.Duration, limit int) ([]Claim, error) {
	if limit <= 0 {
		return nil, nil
	}
	for k, l := range m.leases {
		if int64(l[0]) <= now.UnixMilli() {
			delete(m.leases, k)
			if at, ok := m.due[k]; !ok || int64(l[0]) < at {
				m.due[k] = int64(l[0])
			}
		}
	}
	var due []string
	for ch, at := range m.due {
		if _, leased := m.leases[ch]; at <= now.UnixMilli() && !leased {
			due = append(due, ch)
		}
	}
	slices.SortFunc(due, func(a, b string) int {
		return cmp.Or(cmp.Compare(m.due[a], m.due[b]), cmp.Compare(a, b))
	})
	due = due[:min(limit, len(due))]
	var out []Claim
	for _, ch := range due {
		delete(m.due, ch)
		m.tokens++
		m.leases[ch] = [2]uint64{uint64(now.Add(lease).UnixMilli()), m.tokens}
		out = append(out, Claim{Key: ch, Token: m.tokens})
	}
	return out, nil
}

func (m *model) holds(c Claim) bool { l, ok := m.leases[c.Key]; return ok && l[1] == c.Token }

func (m *model) Renew(_ context.Context, c Claim, until time.Time) error {
	if !m.holds(c) {
		return ErrLeaseLost
	}
	m.leases[c.Key] = [2]uint64{uint64(until.UnixMilli()), c.Token}
	return nil
}

func (m *model) Ack(_ context.Context, c Claim) error {
	if !m.holds(c) {
		return ErrLeaseLost
	}
	delete(m.leases, c.Key)
	return nil
}

func (m *model) Release(_ context.Context, c Claim, at time.Time) error {
	if !m.holds(c) {
		return ErrLeaseLost
	}
	delete(m.leases, c.Key)
	if old, ok := m.due[c.Key]; !ok || at.UnixMilli() < old {
		m.due[c.Key] = at.UnixMilli()
	}
	return nil
}

func (m *model) Close() error { return nil }

func (m *model) Ping(context.Context) error { return nil }
