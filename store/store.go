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

// Final is a finished game to archive, rate and count, all at once.
type Final struct {
	// GameID identifies the game uniquely; Finish counts a GameID once however often it is
	// called with it. (Both stores remember finished GameIDs per guild: the same GameID in
	// two guilds would count in each.)
	GameID string
	// Guild is the server the game was played in; Game the game's name.
	Guild, Game string
	// Record is the game's record (JSON), archived as it is.
	Record []byte
	// Seats are the game's seats in order, archived with the record (the rebuild needs to know
	// who sat where, and which seats were AI players).
	Seats []Seat
	// Outcomes are the rated players' results and rating changes. A solo game has none.
	Outcomes []Outcome
	// Solo, for a solo game of a person, is its score for the solo records; nil otherwise.
	Solo *SoloScore
	// At is when the game ended.
	At time.Time
}

// Archived is one finished game as archived by Finish.
type Archived struct {
	GameID string
	Game   string
	At     time.Time
	Seats  []Seat
	// Ratings are the rating changes the game made, in the order of Final.Outcomes.
	Ratings []RatingChange
	Solo    *SoloScore
	Record  []byte
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
	// Settings keeps each server's settings document (LoadSettings, SaveSettings).
	Settings
	// Batch reads many channels' tables in one round trip (LoadMany).
	Batch
	// Load returns the channel's table, or ErrNotFound.
	Load(ctx context.Context, channel string) (Table, error)
	// Save writes data as the channel's table if its stored revision is still expect (0: no
	// table may exist yet) and returns the new revision; otherwise it returns ErrConflict and
	// writes nothing.
	Save(ctx context.Context, channel string, data []byte, expect Revision) (Revision, error)
	// Finish archives a finished game, adds it to the recent-games list, applies its rating
	// changes (f.Outcomes: each player's line, leaderboard place, rating history and opponent
	// counts) and its solo score, all atomically and at most once per GameID: it returns true
	// when this call finished the game, false (changing nothing) when the GameID was finished
	// before. It applies the game only if every rated player's stored line is still exactly
	// their Outcome.Before; otherwise it returns ErrConflict and changes nothing (re-read with
	// Ratings, recompute, retry). It fails, changing nothing, if f is invalid (a score outside
	// ±MaxScore, a user twice, After.Games not Before.Games+1) or the guild's stored data is
	// corrupt (ErrCorrupt).
	Finish(ctx context.Context, f Final) (bool, error)
	// Ratings returns the stored lines of users for game on guild (one round trip); users
	// without one are absent from the map.
	Ratings(ctx context.Context, guild, game string, users []string) (map[string]PlayerRating, error)
	// Leaderboard returns a page of the guild's leaderboard of game: the players ordered by
	// ordinal (μ − 3σ) descending, ties by user ID (bytewise, ascending), from place offset+1,
	// at most limit of them (at most MaxPage; none if limit <= 0), and the number of players
	// on the board. One round trip whose size does not grow with the board or the archive.
	Leaderboard(ctx context.Context, guild, game string, offset, limit int) (Board, error)
	// Standing returns user's line on the guild's leaderboard of game with its place, and
	// false when they have no rated game of it.
	Standing(ctx context.Context, guild, game, user string) (Standing, bool, error)
	// SoloRecords returns the guild's best solo scores of game, one per player, best first
	// (equal scores by user ID, bytewise), at most limit (at most MaxPage).
	SoloRecords(ctx context.Context, guild, game string, limit int) ([]SoloRecord, error)
	// PlayerStats returns user's record on guild in each of games they have played, and their
	// most frequent opponents over all games (one round trip).
	PlayerStats(ctx context.Context, guild, user string, games []string) (PlayerStats, error)
	// ArchivedGame returns one archived game by its GameID, or ErrNotFound.
	ArchivedGame(ctx context.Context, guild, gameID string) (Archived, error)
	// History returns the guild's most recently finished games, newest first, at most limit
	// (at most MaxPage; nothing if limit <= 0), without their records. Only the newest
	// HistoryCap are listed; the archive keeps every game (ArchivedGame, ArchiveScan).
	History(ctx context.Context, guild string, limit int) ([]GameSummary, error)
	// ArchiveScan returns the guild's archived games in the order they were finished, from
	// after cursor (zero: the first), at most limit (at most MaxPage), and the cursor to pass
	// next; fewer than limit games (possibly none) means the end.
	ArchiveScan(ctx context.Context, guild string, after ArchiveCursor, limit int) ([]Archived, ArchiveCursor, error)
	// Guilds lists every guild that has archived a game, in no particular order.
	Guilds(ctx context.Context) ([]string, error)
	// ClearRatings deletes every rating, leaderboard, rating history, opponent count and solo
	// record of guild, keeping its archive and recent games (the rebuild's first step).
	ClearRatings(ctx context.Context, guild string) error
	// Rerate applies f's rating changes and solo score as Finish would, without the
	// compare-and-set and without touching the archive (the rebuild's second step, for each
	// archived game in order). f.GameID must be archived already.
	Rerate(ctx context.Context, f Final) error
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
