package store

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"

	bolt "go.etcd.io/bbolt"
)

// The buckets of the archive and the ratings. lp(x) is appendPart's length-prefixed x; seq
// and counts are 8 bytes big-endian; ord is sortableDesc's 8 bytes.
var (
	// lp(guild) + GameID → archive entry (JSON): every game.
	bucketArchive = []byte("archive")
	// lp(guild) + seq → GameID: the archive in the order finished.
	bucketArchiveOrder = []byte("archive_order")
	// lp(guild) + seq → game summary (JSON); the last HistoryCap per guild.
	bucketRecent = []byte("recent")
	// lp(guild) + user → latest display name.
	bucketNames = []byte("names")
	// lp(guild) + lp(game) + user → the player's line (PlayerRating as JSON).
	bucketRPlayers = []byte("r_players")
	// lp(guild) + lp(game) + ord(ordinal) + user → nothing: the leaderboard in order.
	bucketRBoard = []byte("r_board")
	// lp(guild) + lp(game) + lp(user) + seq → rating point (JSON); the last RatingHistoryCap.
	bucketRHistory = []byte("r_history")
	// lp(guild) + lp(game) + lp(user) + opponent → count: opponents in one game.
	bucketROpponents = []byte("r_opponents")
	// lp(guild) + lp(user) + opponent → count: opponents in all games.
	bucketOpponents = []byte("opponents")
	// lp(guild) + lp(game) + user → best solo game (SoloRecord as JSON).
	bucketSolo = []byte("solo")
	// lp(guild) + lp(game) + ord(score) + user → nothing: the solo records in order.
	bucketSoloRank = []byte("solo_rank")
	// guild → nothing: the guilds that archived a game.
	bucketGuilds = []byte("guilds")
)

// ratingBuckets are the buckets ClearRatings empties of a guild.
var ratingBuckets = [][]byte{bucketNames, bucketRPlayers, bucketRBoard, bucketRHistory, bucketROpponents,
	bucketOpponents, bucketSolo, bucketSoloRank}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func u64(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// Finish archives f and applies its ratings in one transaction; see Store.Finish.
func (s *Bolt) Finish(ctx context.Context, f Final) (bool, error) {
	if err := checkFinal(f); err != nil {
		return false, err
	}
	entry, err := encodeArchived(f)
	if err != nil {
		return false, err
	}
	var done, conflict bool
	err = s.update(ctx, "finish "+strconv.Quote(f.GameID), func(tx *bolt.Tx) error {
		var err error
		done, conflict, err = finishTx(tx, f, entry)
		if err == nil && !done {
			return errNoChange
		}
		return err
	})
	if err == nil && conflict {
		return false, fmt.Errorf("store: finish %q: %w", f.GameID, ErrConflict)
	}
	return done, err
}

// finishTx is Finish's transaction: it reports whether it finished the game, or found it
// finished before (neither), or lost the compare-and-set (conflict), writing nothing then.
func finishTx(tx *bolt.Tx, f Final, entry []byte) (done, conflict bool, err error) {
	guild := appendPart(nil, f.Guild)
	fin := tx.Bucket(bucketFinished)
	key := cat(guild, []byte(f.GameID))
	if fin.Get(key) != nil {
		return false, false, nil
	}
	if !checkBefore(tx, f) {
		return false, true, nil
	}
	if err := fin.Put(key, appendMillis(nil, f.At)); err != nil {
		return false, false, err
	}
	if err := tx.Bucket(bucketGuilds).Put([]byte(f.Guild), nil); err != nil {
		return false, false, err
	}
	if err := tx.Bucket(bucketArchive).Put(key, entry); err != nil {
		return false, false, err
	}
	if err := appendSeq(tx.Bucket(bucketArchiveOrder), guild, []byte(f.GameID), 0); err != nil {
		return false, false, err
	}
	if err := appendSeq(tx.Bucket(bucketRecent), guild, []byte(summaryOf(f)), HistoryCap); err != nil {
		return false, false, err
	}
	if err := applyRatings(tx, f); err != nil {
		return false, false, err
	}
	return true, false, nil
}

// Rerate applies f's ratings in one transaction; see Store.Rerate.
func (s *Bolt) Rerate(ctx context.Context, f Final) error {
	if err := checkFinal(f); err != nil {
		return err
	}
	return s.update(ctx, "rerate "+strconv.Quote(f.GameID), func(tx *bolt.Tx) error { return applyRatings(tx, f) })
}

// checkBefore reports whether every rated player's stored line is still Before, byte for
// byte (an unreadable line is not: Ratings reports it).
func checkBefore(tx *bolt.Tx, f Final) bool {
	board := appendPart(appendPart(nil, f.Guild), f.Game)
	players := tx.Bucket(bucketRPlayers)
	for _, o := range f.Outcomes {
		if v := players.Get(cat(board, []byte(o.UserID))); string(v) != o.Before.encode() {
			return false
		}
	}
	return true
}

// applyRatings writes f's outcomes and solo score.
func applyRatings(tx *bolt.Tx, f Final) error {
	guild := appendPart(nil, f.Guild)
	board := appendPart(bytes.Clone(guild), f.Game)
	players, ranks, names := tx.Bucket(bucketRPlayers), tx.Bucket(bucketRBoard), tx.Bucket(bucketNames)
	for _, o := range f.Outcomes {
		user := []byte(o.UserID)
		if v := players.Get(cat(board, user)); v != nil {
			old, err := decodePlayerRating(string(v))
			if err != nil {
				return err
			}
			if err := ranks.Delete(cat(board, u64(sortableDesc(old.Ordinal())), user)); err != nil {
				return err
			}
		}
		if err := players.Put(cat(board, user), []byte(o.After.encode())); err != nil {
			return err
		}
		if err := ranks.Put(cat(board, u64(sortableDesc(o.After.Ordinal())), user), nil); err != nil {
			return err
		}
		if err := names.Put(cat(guild, user), []byte(o.After.Name)); err != nil {
			return err
		}
		if err := appendSeq(tx.Bucket(bucketRHistory), appendPart(bytes.Clone(board), o.UserID), []byte(point(f, o)), RatingHistoryCap); err != nil {
			return err
		}
		for _, opp := range o.Opponents {
			if err := increment(tx.Bucket(bucketROpponents), cat(appendPart(bytes.Clone(board), o.UserID), []byte(opp))); err != nil {
				return err
			}
			if err := increment(tx.Bucket(bucketOpponents), cat(appendPart(bytes.Clone(guild), o.UserID), []byte(opp))); err != nil {
				return err
			}
		}
	}
	if f.Solo == nil {
		return nil
	}
	user := []byte(f.Solo.UserID)
	if err := names.Put(cat(guild, user), []byte(f.Solo.Name)); err != nil {
		return err
	}
	solo := tx.Bucket(bucketSolo)
	if v := solo.Get(cat(board, user)); v != nil {
		old, err := decodeSolo(string(v))
		if err != nil {
			return err
		}
		if f.Solo.Score <= old.Score {
			return nil
		}
		if err := tx.Bucket(bucketSoloRank).Delete(cat(board, u64(sortableDesc(float64(old.Score))), user)); err != nil {
			return err
		}
	}
	if err := solo.Put(cat(board, user), []byte(soloRecordOf(f))); err != nil {
		return err
	}
	return tx.Bucket(bucketSoloRank).Put(cat(board, u64(sortableDesc(float64(f.Solo.Score))), user), nil)
}

// increment adds one to the count at key.
func increment(b *bolt.Bucket, key []byte) error {
	var n uint64
	if v := b.Get(key); v != nil {
		if len(v) != 8 {
			return corruptf("count of %d bytes", len(v))
		}
		n = binary.BigEndian.Uint64(v)
	}
	return b.Put(key, u64(n+1))
}

// appendSeq adds v under prefix with the next sequence number and, when keep > 0, drops the
// entry that falls out of the last keep.
func appendSeq(b *bolt.Bucket, prefix, v []byte, keep uint64) error {
	var seq uint64 = 1
	if k, _ := lastWithPrefix(b.Cursor(), prefix); k != nil {
		if len(k) != len(prefix)+8 {
			return corruptf("sequence key of %d bytes", len(k))
		}
		seq = binary.BigEndian.Uint64(k[len(prefix):]) + 1
	}
	if err := b.Put(cat(prefix, u64(seq)), v); err != nil {
		return err
	}
	if keep > 0 && seq > keep {
		return b.Delete(cat(prefix, u64(seq-keep)))
	}
	return nil
}

// lastWithPrefix positions c on the last key starting with prefix, which must be followed by
// at most 8 bytes, and returns it and its value, or nils.
func lastWithPrefix(c *bolt.Cursor, prefix []byte) ([]byte, []byte) {
	end := append(bytes.Clone(prefix), bytes.Repeat([]byte{0xff}, 9)...)
	var k, v []byte
	if k, _ = c.Seek(end); k == nil {
		k, v = c.Last()
	} else {
		k, v = c.Prev()
	}
	if k == nil || !bytes.HasPrefix(k, prefix) {
		return nil, nil
	}
	return k, v
}

// Ratings returns the stored lines of users; see Store.Ratings.
func (s *Bolt) Ratings(ctx context.Context, guild, game string, users []string) (map[string]PlayerRating, error) {
	out := make(map[string]PlayerRating)
	err := s.view(ctx, fmt.Sprintf("ratings %q %q", guild, game), func(tx *bolt.Tx) error {
		board := appendPart(appendPart(nil, guild), game)
		for _, u := range users {
			if v := tx.Bucket(bucketRPlayers).Get(cat(board, []byte(u))); v != nil {
				p, err := decodePlayerRating(string(v))
				if err != nil {
					return err
				}
				out[u] = p
			}
		}
		return nil
	})
	return out, err
}

// boardLine reads the player of rank key k on board and checks that it agrees.
func boardLine(tx *bolt.Tx, board, k []byte) (string, PlayerRating, error) {
	if len(k) < len(board)+8 {
		return "", PlayerRating{}, corruptf("rank key of %d bytes", len(k))
	}
	user := string(k[len(board)+8:])
	v := tx.Bucket(bucketRPlayers).Get(cat(board, []byte(user)))
	if v == nil {
		return "", PlayerRating{}, corruptf("ranked player %q has no line", user)
	}
	p, err := decodePlayerRating(string(v))
	if err != nil {
		return "", PlayerRating{}, err
	}
	if !bytes.Equal(k[len(board):len(board)+8], u64(sortableDesc(p.Ordinal()))) {
		return "", PlayerRating{}, corruptf("rank of player %q disagrees with their line", user)
	}
	return user, p, nil
}

// Leaderboard returns a page of the board; see Store.Leaderboard. Its cost grows with the
// offset and the number of players (it counts them), never with the archive.
func (s *Bolt) Leaderboard(ctx context.Context, guild, game string, offset, limit int) (Board, error) {
	var b Board
	err := s.view(ctx, fmt.Sprintf("leaderboard %q %q", guild, game), func(tx *bolt.Tx) error {
		b = Board{}
		board := appendPart(appendPart(nil, guild), game)
		offset, limit = max(offset, 0), min(limit, MaxPage)
		c := tx.Bucket(bucketRBoard).Cursor()
		for k, _ := c.Seek(board); k != nil && bytes.HasPrefix(k, board); k, _ = c.Next() {
			b.Total++
			if b.Total <= offset || len(b.Standings) >= limit {
				continue
			}
			user, p, err := boardLine(tx, board, k)
			if err != nil {
				return err
			}
			b.Standings = append(b.Standings, Standing{Rank: b.Total, UserID: user, PlayerRating: p})
		}
		return nil
	})
	return b, err
}

// Standing returns user's line and place; see Store.Standing.
func (s *Bolt) Standing(ctx context.Context, guild, game, user string) (Standing, bool, error) {
	var st Standing
	var ok bool
	err := s.view(ctx, fmt.Sprintf("standing %q %q %q", guild, game, user), func(tx *bolt.Tx) error {
		st, ok = Standing{}, false
		board := appendPart(appendPart(nil, guild), game)
		var err error
		st, ok, err = standingIn(tx, board, user)
		return err
	})
	return st, ok, err
}

// standingIn finds user's line and place on board.
func standingIn(tx *bolt.Tx, board []byte, user string) (Standing, bool, error) {
	v := tx.Bucket(bucketRPlayers).Get(cat(board, []byte(user)))
	if v == nil {
		return Standing{}, false, nil
	}
	p, err := decodePlayerRating(string(v))
	if err != nil {
		return Standing{}, false, err
	}
	mine := cat(board, u64(sortableDesc(p.Ordinal())), []byte(user))
	rank := 0
	c := tx.Bucket(bucketRBoard).Cursor()
	for k, _ := c.Seek(board); k != nil && bytes.Compare(k, mine) <= 0; k, _ = c.Next() {
		rank++
	}
	return Standing{Rank: rank, UserID: user, PlayerRating: p}, true, nil
}

// SoloRecords returns the best solo scores; see Store.SoloRecords.
func (s *Bolt) SoloRecords(ctx context.Context, guild, game string, limit int) ([]SoloRecord, error) {
	var out []SoloRecord
	err := s.view(ctx, fmt.Sprintf("solo records %q %q", guild, game), func(tx *bolt.Tx) error {
		out = nil
		board := appendPart(appendPart(nil, guild), game)
		limit = min(limit, MaxPage)
		c := tx.Bucket(bucketSoloRank).Cursor()
		for k, _ := c.Seek(board); k != nil && bytes.HasPrefix(k, board) && len(out) < limit; k, _ = c.Next() {
			if len(k) < len(board)+8 {
				return corruptf("solo rank key of %d bytes", len(k))
			}
			v := tx.Bucket(bucketSolo).Get(cat(board, k[len(board)+8:]))
			rec, err := decodeSolo(string(v))
			if err != nil {
				return err
			}
			out = append(out, rec)
		}
		return nil
	})
	return out, err
}

// opponents returns the most frequent opponents under prefix: most games first, equal counts
// by user ID descending (as Redis's ZREVRANGE).
func opponents(tx *bolt.Tx, b *bolt.Bucket, guild, prefix []byte) ([]Opponent, error) {
	var out []Opponent
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if len(v) != 8 {
			return nil, corruptf("count of %d bytes", len(v))
		}
		out = append(out, Opponent{UserID: string(k[len(prefix):]), Games: int(binary.BigEndian.Uint64(v))})
	}
	slices.SortFunc(out, func(a, b Opponent) int { return cmp.Or(b.Games-a.Games, cmp.Compare(b.UserID, a.UserID)) })
	out = out[:min(len(out), OpponentsShown)]
	for i := range out {
		out[i].Name = string(tx.Bucket(bucketNames).Get(cat(guild, []byte(out[i].UserID))))
	}
	return out, nil
}

// PlayerStats returns user's record; see Store.PlayerStats.
func (s *Bolt) PlayerStats(ctx context.Context, guild, user string, games []string) (PlayerStats, error) {
	var ps PlayerStats
	err := s.view(ctx, fmt.Sprintf("stats %q %q", guild, user), func(tx *bolt.Tx) error {
		g := appendPart(nil, guild)
		ps = PlayerStats{UserID: user, Name: string(tx.Bucket(bucketNames).Get(cat(g, []byte(user))))}
		var err error
		if ps.Opponents, err = opponents(tx, tx.Bucket(bucketOpponents), g, appendPart(bytes.Clone(g), user)); err != nil {
			return err
		}
		for _, game := range games {
			board := appendPart(bytes.Clone(g), game)
			gs := GameStats{Game: game}
			st, ok, err := standingIn(tx, board, user)
			if err != nil {
				return err
			}
			if ok {
				gs.Standing = st
			}
			c := tx.Bucket(bucketRBoard).Cursor()
			for k, _ := c.Seek(board); k != nil && bytes.HasPrefix(k, board); k, _ = c.Next() {
				gs.Total++
			}
			mine := appendPart(bytes.Clone(board), user)
			hc := tx.Bucket(bucketRHistory).Cursor()
			for k, v := hc.Seek(mine); k != nil && bytes.HasPrefix(k, mine); k, v = hc.Next() {
				pt, err := decodePoint(string(v))
				if err != nil {
					return err
				}
				gs.History = append(gs.History, pt)
			}
			if gs.Opponents, err = opponents(tx, tx.Bucket(bucketROpponents), g, mine); err != nil {
				return err
			}
			if v := tx.Bucket(bucketSolo).Get(cat(board, []byte(user))); v != nil {
				rec, err := decodeSolo(string(v))
				if err != nil {
					return err
				}
				gs.Solo = &rec
			}
			if ok || gs.Solo != nil {
				ps.Games = append(ps.Games, gs)
			}
		}
		return nil
	})
	return ps, err
}

// ArchivedGame returns one archived game; see Store.ArchivedGame.
func (s *Bolt) ArchivedGame(ctx context.Context, guild, gameID string) (Archived, error) {
	var a Archived
	err := s.view(ctx, fmt.Sprintf("archived game %q %q", guild, gameID), func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketArchive).Get(cat(appendPart(nil, guild), []byte(gameID)))
		if v == nil {
			return ErrNotFound
		}
		var err error
		a, err = decodeArchived(v)
		return err
	})
	return a, err
}

// History returns the recent games; see Store.History.
func (s *Bolt) History(ctx context.Context, guild string, limit int) ([]GameSummary, error) {
	var out []GameSummary
	err := s.view(ctx, "history "+strconv.Quote(guild), func(tx *bolt.Tx) error {
		out = nil
		limit = min(limit, MaxPage)
		prefix := appendPart(nil, guild)
		c := tx.Bucket(bucketRecent).Cursor()
		k, v := lastWithPrefix(c, prefix)
		for ; k != nil && bytes.HasPrefix(k, prefix) && len(out) < limit; k, v = c.Prev() {
			g, err := decodeJSON[GameSummary]("recent game", v)
			if err != nil {
				return err
			}
			out = append(out, g)
		}
		return nil
	})
	return out, err
}

// ArchiveScan returns a page of the archive in order; see Store.ArchiveScan.
func (s *Bolt) ArchiveScan(ctx context.Context, guild string, after ArchiveCursor, limit int) ([]Archived, ArchiveCursor, error) {
	var out []Archived
	next := after
	err := s.view(ctx, "archive scan "+strconv.Quote(guild), func(tx *bolt.Tx) error {
		out, next = nil, after
		limit = min(limit, MaxPage)
		prefix := appendPart(nil, guild)
		c := tx.Bucket(bucketArchiveOrder).Cursor()
		for k, v := c.Seek(cat(prefix, u64(uint64(after)+1))); k != nil && bytes.HasPrefix(k, prefix) && len(out) < limit; k, v = c.Next() {
			if len(k) != len(prefix)+8 {
				return corruptf("archive order key of %d bytes", len(k))
			}
			e := tx.Bucket(bucketArchive).Get(cat(prefix, v))
			if e == nil {
				return corruptf("archived game %q missing", v)
			}
			a, err := decodeArchived(e)
			if err != nil {
				return err
			}
			out, next = append(out, a), ArchiveCursor(binary.BigEndian.Uint64(k[len(prefix):]))
		}
		return nil
	})
	return out, next, err
}

// Guilds lists the guilds that archived a game; see Store.Guilds.
func (s *Bolt) Guilds(ctx context.Context) ([]string, error) {
	var out []string
	err := s.view(ctx, "guilds", func(tx *bolt.Tx) error {
		out = nil
		return tx.Bucket(bucketGuilds).ForEach(func(k, _ []byte) error {
			out = append(out, string(k))
			return nil
		})
	})
	return out, err
}

// ClearRatings deletes the guild's ratings in one transaction; see Store.ClearRatings.
func (s *Bolt) ClearRatings(ctx context.Context, guild string) error {
	return s.update(ctx, "clear ratings "+strconv.Quote(guild), func(tx *bolt.Tx) error {
		prefix := appendPart(nil, guild)
		for _, name := range ratingBuckets {
			c := tx.Bucket(name).Cursor()
			for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Seek(prefix) {
				if err := c.Delete(); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
