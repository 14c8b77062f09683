package store

import (
	"context"
	"errors"
	"time"
)

// Errors callers branch on with errors.Is.
var (
	// ErrNotFound is returned by Load when the channel has no table.
	ErrNotFound = errors.New("store: no table in this channel")
	// ErrConflict is returned by Save when the stored revision is not the one the
	// caller read: somebody else wrote first. Nothing was written; re-read and try again.
	ErrConflict = errors.New("store: revision conflict")
	// ErrCorrupt is returned when stored data cannot be read back (wrong type, bad header).
	ErrCorrupt = errors.New("store: corrupt stored data")
	// ErrClosed is returned by every method after Close.
	ErrClosed = errors.New("store: closed")
	// ErrUnavailable is returned (wrapped, with the cause) when the store does not answer in
	// time or cannot be reached: a call that may succeed when tried again later. A write that
	// timed out may or may not have taken effect; compare-and-set makes a retry safe (one that
	// did take effect makes the retry a conflict).
	ErrUnavailable = errors.New("store: not answering")
)

// Revision numbers the writes of one channel's table. The first write makes revision 1; every
// successful Save adds one. Zero means "no table".
type Revision uint64

// Table is one channel's stored table: opaque bytes (the bot's JSON) and their revision.
type Table struct {
	Data     []byte
	Revision Revision
}

// Outcome is one player's result in a finished game, as counted by the leaderboard.
type Outcome struct {
	// UserID is the Discord user; AI seats are not counted and never passed.
	UserID string
	// Name is the display name shown on the leaderboard (the latest one wins).
	Name string
	// Won is true for every player sharing first place.
	Won bool
	// Score is the game's headline score; the leaderboard keeps each player's best. It must lie
	// within ±MaxScore.
	Score int
}

// Final is a finished game to archive and count.
type Final struct {
	// GameID identifies the game uniquely; Finish counts a GameID once however often it is
	// called with it. (Both stores remember finished GameIDs per guild: the same GameID in
	// two guilds would count in each.)
	GameID string
	// Guild is the server the game was played in; Game the game's name.
	Guild, Game string
	// Record is the game's record (JSON), archived as it is.
	Record []byte
	// Outcomes are the human players' results to rank. The referee passes none for a solo
	// game: it is archived (its record keeps the score) but ranks nobody.
	Outcomes []Outcome
	// At is when the game ended.
	At time.Time
}

// Standing is one player's line on a leaderboard.
type Standing struct {
	UserID string
	Name   string
	Wins   int
	Played int
	Best   int
}

// Archived is one finished game's record as archived by Finish.
type Archived struct {
	GameID string
	Game   string
	At     time.Time
	Record []byte
}

// Store keeps every channel's table, the archive of finished games and the leaderboards.
//
// Guarantees: every write to a table is compare-and-set on its revision, so of two writers that
// read the same revision exactly one succeeds and the other gets ErrConflict with nothing
// written. A successful write is durable before the method returns (for the embedded store: on
// disk; for Redis: as durable as the server is configured to be). Finish is idempotent by
// GameID. All methods are safe for concurrent use, also from several processes sharing one
// Redis. Every method honours ctx's cancellation and deadline.
type Store interface {
	// Load returns the channel's table, or ErrNotFound.
	Load(ctx context.Context, channel string) (Table, error)
	// Save writes data as the channel's table if its stored revision is still expect (0: no
	// table may exist yet) and returns the new revision; otherwise it returns ErrConflict and
	// writes nothing.
	Save(ctx context.Context, channel string, data []byte, expect Revision) (Revision, error)
	// Finish archives a finished game and adds its outcomes to the guild's leaderboard for the
	// game, atomically and at most once per GameID. A repeated call for a GameID already
	// finished returns nil and changes nothing. It fails, changing nothing, if a score lies
	// outside ±MaxScore or the guild's stored data is corrupt (ErrCorrupt).
	Finish(ctx context.Context, f Final) error
	// Leaderboard returns the guild's best players of game, at most limit of them, ordered by
	// wins, then best score, then fewest games played (all descending except played), then
	// user ID (compared bytewise, ascending). A limit of zero or less returns nothing.
	Leaderboard(ctx context.Context, guild, game string, limit int) ([]Standing, error)
	// History returns the guild's most recently finished games, newest first, at most limit
	// (nothing if limit <= 0). Only the newest HistoryCap games per guild are kept.
	History(ctx context.Context, guild string, limit int) ([]Archived, error)
	// Schedule sets (or moves) the single deadline of key (any string: the caller names its
	// tasks, e.g. "announce:<channel>") to at. Deadlines are kept to the millisecond.
	Schedule(ctx context.Context, key string, at time.Time) error
	// Unschedule removes the deadline of key, if any.
	Unschedule(ctx context.Context, key string) error
	// ClaimDue hands the caller up to limit keys that are due at now (compared to the
	// millisecond), earliest first, ties by key, each under a lease that lasts until now+lease:
	// a key whose deadline is at or before now, or whose last claim's lease ran out by now (it
	// counts as due at the earlier of its lease's end and a deadline scheduled meanwhile). A
	// key under a live lease is not claimed, even if Schedule set it a deadline meanwhile: it
	// waits for Ack or Release. Claiming removes the key's deadline. Each key is handed to one
	// caller at a time, even across processes. A limit of zero or less claims nothing.
	ClaimDue(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Claim, error)
	// Renew moves the end of c's lease to until, or fails with ErrLeaseLost.
	Renew(ctx context.Context, c Claim, until time.Time) error
	// Ack ends c's lease: its work is done. A deadline Schedule set for the key meanwhile
	// stays. It fails with ErrLeaseLost, changing nothing, if c no longer holds the lease.
	Ack(ctx context.Context, c Claim) error
	// Release hands c back: its lease ends and the key is due again at at (or at the earlier
	// deadline Schedule set it meanwhile), for any caller to claim. It fails with
	// ErrLeaseLost, changing nothing, if c no longer holds the lease.
	Release(ctx context.Context, c Claim, at time.Time) error
	// Ping checks that the store answers: nil when it can serve requests.
	Ping(ctx context.Context) error
	// Close releases the store; later calls, Close included, return ErrClosed.
	Close() error
}
