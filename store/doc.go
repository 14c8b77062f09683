// Package store keeps tablebot's state: one table per Discord channel, written with
// compare-and-set on a revision; the archive of finished games; per-server ratings; and a
// due-queue of deadlines, whose claimed tasks stay leased to their claimer until it
// acknowledges them (or hands them back), and come back if its lease runs out; and each
// server's settings document (/settings), written with compare-and-set like a table.
//
// Two implementations satisfy the same Store contract and pass the same contract test suite:
// Redis (production, several bot processes may share it) and an embedded bbolt file (the
// default for a single process with nothing else to run).
//
// # Archive and ratings
//
// Finish stores a finished game once per GameID and all at once (one Lua script in the
// server's hash slot on Redis, one bbolt transaction): its archive entry (kept for ever and
// listed in order by ArchiveScan, read by id with ArchivedGame), its line in the recent-games
// list (History, the newest HistoryCap), and its rating changes, computed by the referee
// (the store does no rating arithmetic and imports nothing of the referee's). Each rated
// player's Outcome carries the line the referee read (Before) and the new one (After); Finish
// applies the game only if every stored line is still exactly Before, else it returns
// ErrConflict and writes nothing, and the referee reads again, rates again and retries.
//
// Per server and game the store keeps each player's line (OpenSkill μ and σ, games, wins,
// best score, score sum, name), the leaderboard ordered by the ordinal μ − 3σ, each player's
// last RatingHistoryCap rating points, how often each pair of people played together (per
// game and over all games), and each player's best solo game. Every read — Leaderboard,
// Standing, SoloRecords, PlayerStats, ArchivedGame, History — is one round trip whose size is
// bounded by its page (at most MaxPage) and does not grow with the archive.
//
// ClearRatings and Rerate let `tablebot ratings rebuild` recompute all of it from the
// archive.
//
// Migrate (Migrator) brings a store of the layout before the archive (SchemaVersion 1: a
// capped history and win-count leaderboards) forward once: it imports the history into the
// archive and leaves the old keys and buckets as they were. A legacy game's seats are derived
// from its record: a name that exactly one user had on the old leaderboard of that game is
// that user; another seat the AI moved for throughout is an easy AI player; anyone else is a
// person known by name. The binary rebuilds the ratings from the archive right after
// (Migrate's then), before it serves.
package store
