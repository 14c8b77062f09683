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
	finished map[[2]string]bool                    // guild, GameID
	history  map[string][]GameSummary              // by guild, oldest first
	boards   map[[2]string]map[string]PlayerRating // by guild and game, then user
	due      map[string]int64                      // channel → unix milliseconds
	leases   map[string][2]uint64                  // key → end of lease (unix ms), token
	tokens   uint64
}

func newModel() *model {
	return &model{
		tables:   make(map[string]Table),
		finished: make(map[[2]string]bool),
		history:  make(map[string][]GameSummary),
		boards:   make(map[[2]string]map[string]PlayerRating),
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

func (m *model) Finish(_ context.Context, f Final) (bool, error) {
	if err := checkFinal(f); err != nil {
		return false, err
	}
	if m.finished[[2]string{f.Guild, f.GameID}] {
		return false, nil
	}
	board := m.boards[[2]string{f.Guild, f.Game}]
	for _, o := range f.Outcomes {
		if board[o.UserID].encode() != o.Before.encode() {
			return false, ErrConflict
		}
	}
	m.finished[[2]string{f.Guild, f.GameID}] = true
	h := append(m.history[f.Guild], GameSummary{GameID: f.GameID, Game: f.Game, At: f.At, Seats: f.Seats})
	m.history[f.Guild] = h[max(0, len(h)-HistoryCap):]
	if board == nil {
		board = make(map[string]PlayerRating)
		m.boards[[2]string{f.Guild, f.Game}] = board
	}
	for _, o := range f.Outcomes {
		board[o.UserID] = o.After
	}
	return true, nil
}

func (m *model) Ratings(_ context.Context, guild, game string, users []string) (map[string]PlayerRating, error) {
	out := make(map[string]PlayerRating)
	for _, u := range users {
		if p, ok := m.boards[[2]string{guild, game}][u]; ok {
			out[u] = p
		}
	}
	return out, nil
}

func (m *model) Leaderboard(_ context.Context, guild, game string, offset, limit int) (Board, error) {
	var all []Standing
	for u, p := range m.boards[[2]string{guild, game}] {
		all = append(all, Standing{UserID: u, PlayerRating: p})
	}
	slices.SortFunc(all, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Ordinal(), a.Ordinal()), cmp.Compare(a.UserID, b.UserID))
	})
	for i := range all {
		all[i].Rank = i + 1
	}
	offset, limit = max(offset, 0), max(min(limit, MaxPage), 0)
	return Board{Total: len(all), Standings: all[min(offset, len(all)):min(offset+limit, len(all))]}, nil
}

func (m *model) History(_ context.Context, guild string, limit int) ([]GameSummary, error) {
	h := m.history[guild]
	var out []GameSummary
	for i := len(h) - 1; i >= 0 && len(out) < min(limit, MaxPage); i-- {
		out = append(out, h[i])
	}
	return out, nil
}

// The simulation does not call the other reads and writes of the archive and ratings (the
// contract suite covers them).

func (m *model) Standing(context.Context, string, string, string) (Standing, bool, error) {
	panic("not modelled")
}

func (m *model) SoloRecords(context.Context, string, string, int) ([]SoloRecord, error) {
	panic("not modelled")
}

func (m *model) PlayerStats(context.Context, string, string, []string) (PlayerStats, error) {
	panic("not modelled")
}

func (m *model) ArchivedGame(context.Context, string, string) (Archived, error) {
	panic("not modelled")
}

func (m *model) ArchiveScan(context.Context, string, ArchiveCursor, int) ([]Archived, ArchiveCursor, error) {
	panic("not modelled")
}

func (m *model) Guilds(context.Context) ([]string, error)   { panic("not modelled") }
func (m *model) ClearRatings(context.Context, string) error { panic("not modelled") }
func (m *model) Rerate(context.Context, Final) error        { panic("not modelled") }

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
