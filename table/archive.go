package table

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// archive stores a finished game's record and counts it on the leaderboard (at most once per
// game, whatever races or retries happen), then marks the table archived.
func (s *Service) archive(ctx context.Context, t *Table, st games.State) error {
	if err := s.finish(ctx, t, st); err != nil {
		return err
	}
	_, err := s.update(ctx, t.Channel, func(cur *Table) error {
		if cur.ID != t.ID || cur.Archived {
			return errUnchanged
		}
		cur.Archived = true
		return nil
	})
	if err != nil {
		return fmt.Errorf("mark game %s archived: %w", t.ID, err)
	}
	t.Archived = true
	return nil
}

// finish archives and counts t's finished game in the store (idempotent by the table's ID).
// A solo game (one seat, whatever opponent the game itself plays) is archived but not counted:
// the leaderboard ranks games against other players and AI seats, and a solo game is never a
// win there (nor a game played). Its record in the archive keeps the score.
func (s *Service) finish(ctx context.Context, t *Table, st games.State) error {
	data, err := json.Marshal(t.Record)
	if err != nil {
		return fmt.Errorf("encode record: %w", err)
	}
	f := store.Final{GameID: t.ID, Guild: t.Guild, Game: t.Game, Record: data, At: s.now()}
	if !solo(t) {
		f.Outcomes = outcomes(t, st.Result())
	}
	if err := s.store.Finish(ctx, f); err != nil {
		return fmt.Errorf("archive game %s: %w", t.ID, err)
	}
	return nil
}

// outcomes are the results of t's human seats in res, for the leaderboard.
func outcomes(t *Table, res games.Result) []store.Outcome {
	var out []store.Outcome
	for i, seat := range t.Seats {
		if seat.AI {
			continue
		}
		out = append(out, store.Outcome{UserID: seat.User, Name: seat.Name,
			Won: res.PlaceOf(games.Seat(i)) == 1, Score: res.Seats[i].Score})
	}
	return out
}

// solo reports whether t's game is played by one seat alone.
func solo(t *Table) bool { return len(t.Seats) == 1 }

// finishIfOwed archives t's game if it ended but was never archived (its archiving failed),
// before t is replaced by a new table. An abandoned game is not archived.
func (s *Service) finishIfOwed(ctx context.Context, t *Table) error {
	if t.Status != StatusOver || t.Archived || t.Record == nil {
		return nil
	}
	st, err := s.State(t)
	if err != nil || !games.Over(st) {
		return nil // abandoned, or unreadable: nothing to count
	}
	return s.finish(ctx, t, st)
}

// Leaderboard returns the guild's best players of game; see store.Store.Leaderboard.
func (s *Service) Leaderboard(ctx context.Context, guild, game string, limit int) ([]store.Standing, error) {
	rows, err := s.store.Leaderboard(ctx, guild, game, limit)
	if err != nil {
		return nil, fmt.Errorf("leaderboard: %w", err)
	}
	return rows, nil
}

// History returns the guild's latest finished games; see store.Store.History.
func (s *Service) History(ctx context.Context, guild string, limit int) ([]store.Archived, error) {
	list, err := s.store.History(ctx, guild, limit)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	return list, nil
}
