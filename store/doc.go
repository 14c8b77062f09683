// Package store keeps tablebot's state: one table per Discord channel, written with
// compare-and-set on a revision; the archive of finished games; per-server leaderboards; and a
// due-queue of deadlines, whose claimed tasks stay leased to their claimer until it
// acknowledges them (or hands them back), and come back if its lease runs out.
//
// Two implementations satisfy the same Store contract and pass the same contract test suite:
// Redis (production, several bot processes may share it) and an embedded bbolt file (the
// default for a single process with nothing else to run).
package store
