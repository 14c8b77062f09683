package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// archive stores a finished game's record, rates it (at most once per game, whatever races
// or retries happen), then marks the table archived. It returns the game's rating changes.
func (s *Service) archive(ctx context.Context, t *Table, st games.State) ([]RatingChange, error) {
	changes, err := s.finish(ctx, t, st)
	if err != nil {
		return nil, err
	}
	_, err = s.update(ctx, t.Channel, func(cur *Table) error {
		if cur.ID != t.ID || cur.Archived {
			return errUnchanged
		}
		cur.Archived = true
		return nil
	})
	if err != nil {
		return changes, fmt.Errorf("mark game %s archived: %w", t.ID, err)
	}
	t.Archived = true
	return changes, nil
}

// finish archives and rates t's finished game in the store (idempotent by the table's ID)
// and returns its rating changes: it reads the players' ratings, rates the game with
// RateGame, and stores all at once under compare-and-set, re-reading and rating again when
// another game of the same players was finished meanwhile. A game finished before (a retry)
// returns the changes archived with it. A solo game rates nobody: its score goes to the solo
// records.
func (s *Service) finish(ctx context.Context, t *Table, st games.State) ([]RatingChange, error) {
	data, err := json.Marshal(t.Record)
	if err != nil {
		return nil, fmt.Errorf("encode record: %w", err)
	}
	seats := seatsOf(t)
	var users []string
	for _, seat := range seats {
		if seat.AI == "" && seat.UserID != "" {
			users = append(users, seat.UserID)
		}
	}
	for range maxAttempts {
		cur, err := s.store.Ratings(ctx, t.Guild, t.Game, users)
		if err != nil {
			return nil, fmt.Errorf("archive game %s: %w", t.ID, err)
		}
		r, err := RateGame(RatingInput{Seats: seats, Moves: t.Record.Moves, State: st, Current: cur})
		if err != nil {
			return nil, fmt.Errorf("archive game %s: %w", t.ID, err)
		}
		f := store.Final{GameID: t.ID, Guild: t.Guild, Game: t.Game, Record: data, Seats: seats, At: s.now(),
			Outcomes: r.Outcomes, Solo: r.Solo}
		done, err := s.store.Finish(ctx, f)
		switch {
		case errors.Is(err, store.ErrConflict):
			s.conflicts.Add(1)
			continue
		case err != nil:
			return nil, fmt.Errorf("archive game %s: %w", t.ID, err)
		case done:
			return r.Changes(), nil
		}
		a, err := s.store.ArchivedGame(ctx, t.Guild, t.ID)
		if err != nil {
			return nil, fmt.Errorf("archived game %s: %w", t.ID, err)
		}
		return a.Ratings, nil
	}
	return nil, fmt.Errorf("archive game %s: %w", t.ID, errTooManyConflicts)
}

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
	_, err = s.finish(ctx, t, st)
	return err
}

// Leaderboard returns a page of the guild's leaderboard of game, by conservative rating
// (μ − 3σ): places offset+1… (at most limit, at most store.MaxPage), with the number of
// players on it. One store round trip.
func (s *Service) Leaderboard(ctx context.Context, guild, game string, offset, limit int) (store.Board, error) {
	b, err := s.store.Leaderboard(ctx, guild, game, offset, limit)
	if err != nil {
		return store.Board{}, fmt.Errorf("leaderboard: %w", err)
	}
	return b, nil
}

// Standing returns user's place and line on the guild's leaderboard of game, and false when
// they have no rated game of it (to show the caller's own place off the page).
func (s *Service) Standing(ctx context.Context, guild, game, user string) (store.Standing, bool, error) {
	st, ok, err := s.store.Standing(ctx, guild, game, user)
	if err != nil {
		return store.Standing{}, false, fmt.Errorf("standing: %w", err)
	}
	return st, ok, nil
}

// SoloRecords returns the guild's best solo scores of game, one per player, best first, each
// with its tier (the game's end line of that solo game).
func (s *Service) SoloRecords(ctx context.Context, guild, game string, limit int) ([]store.SoloRecord, error) {
	recs, err := s.store.SoloRecords(ctx, guild, game, limit)
	if err != nil {
		return nil, fmt.Errorf("solo records: %w", err)
	}
	return recs, nil
}

// PlayerStats returns user's record on the guild for /stats: per game they played (game, or
// every game of the catalog when game is ""), their line and place, rating history (oldest
// first, at most store.RatingHistoryCap), most frequent opponents and best solo game; and
// their most frequent opponents over all games. One store round trip.
func (s *Service) PlayerStats(ctx context.Context, guild, user, game string) (store.PlayerStats, error) {
	names := []string{game}
	if game == "" {
		names = s.games.Names()
	}
	ps, err := s.store.PlayerStats(ctx, guild, user, names)
	if err != nil {
		return store.PlayerStats{}, fmt.Errorf("stats: %w", err)
	}
	return ps, nil
}

// ErrNotArchived is what ArchivedGame's error wraps when the guild has no finished game of
// that ID (store.ErrNotFound, for callers that must not import the store).
var ErrNotArchived = store.ErrNotFound

// ArchivedGame returns one finished game of the guild by its ID (the table's ID): its seats,
// rating changes and record, for the replay viewer. It fails with store.ErrNotFound.
func (s *Service) ArchivedGame(ctx context.Context, guild, id string) (store.Archived, error) {
	a, err := s.store.ArchivedGame(ctx, guild, id)
	if err != nil {
		return store.Archived{}, fmt.Errorf("archived game: %w", err)
	}
	return a, nil
}

// History returns the guild's latest finished games, newest first (IDs, game, time, seats;
// no records: ArchivedGame reads one).
func (s *Service) History(ctx context.Context, guild string, limit int) ([]store.GameSummary, error) {
	list, err := s.store.History(ctx, guild, limit)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	return list, nil
}
