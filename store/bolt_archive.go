package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"strconv"

	bolt "go.etcd.io/bbolt"
)

// Finish archives f and counts its outcomes in one transaction, at most once per GameID and
// guild. It fails, writing nothing, if a score lies outside ±MaxScore, the guild's stored data
// is unreadable (ErrCorrupt), after Close (ErrClosed), with ctx's error, or a disk error.
func (s *Bolt) Finish(ctx context.Context, f Final) error {
	if err := checkFinal(f); err != nil {
		return err
	}
	entry, err := encodeArchived(f)
	if err != nil {
		return err
	}
	guild := appendPart(nil, f.Guild)
	return s.update(ctx, "finish "+strconv.Quote(f.GameID), func(tx *bolt.Tx) error {
		fin := tx.Bucket(bucketFinished)
		key := append(bytes.Clone(guild), f.GameID...)
		if fin.Get(key) != nil {
			return errNoChange
		}
		if err := fin.Put(key, appendMillis(nil, f.At)); err != nil {
			return err
		}
		if err := appendHistory(tx.Bucket(bucketHistory), guild, entry); err != nil {
			return err
		}
		board := appendPart(bytes.Clone(guild), f.Game)
		for _, o := range f.Outcomes {
			if err := countOutcome(tx, board, o); err != nil {
				return err
			}
		}
		return nil
	})
}

// appendHistory adds entry as the guild's newest and drops the one that falls out of the cap.
func appendHistory(b *bolt.Bucket, guild, entry []byte) error {
	var seq uint64 = 1
	if k, _ := lastWithPrefix(b.Cursor(), guild); k != nil {
		if len(k) != len(guild)+8 {
			return fmt.Errorf("%w: history key of %d bytes", ErrCorrupt, len(k))
		}
		seq = binary.BigEndian.Uint64(k[len(guild):]) + 1
	}
	if err := b.Put(binary.BigEndian.AppendUint64(bytes.Clone(guild), seq), entry); err != nil {
		return err
	}
	if seq > HistoryCap {
		return b.Delete(binary.BigEndian.AppendUint64(bytes.Clone(guild), seq-HistoryCap))
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

// countOutcome adds o to the board whose keys start with board.
func countOutcome(tx *bolt.Tx, board []byte, o Outcome) error {
	players, ranks := tx.Bucket(bucketPlayers), tx.Bucket(bucketRanks)
	key := append(bytes.Clone(board), o.UserID...)
	p := player{best: int64(o.Score)}
	if v := players.Get(key); v != nil {
		old, err := decodePlayer(v)
		if err != nil {
			return err
		}
		if err := ranks.Delete(rankKey(board, old, o.UserID)); err != nil {
			return err
		}
		p = old
		p.best = max(p.best, int64(o.Score))
	}
	p.played++
	if o.Won {
		p.wins++
	}
	p.name = o.Name
	if err := players.Put(key, p.encode()); err != nil {
		return err
	}
	return ranks.Put(rankKey(board, p, o.UserID), nil)
}

func rankKey(board []byte, p player, user string) []byte {
	return append(appendRank(bytes.Clone(board), p.wins, p.played, p.best), user...)
}

// Leaderboard returns the guild's best players of game, at most limit (none if limit <= 0),
// in the order the Store interface documents, with user IDs compared bytewise. It fails with
// ErrCorrupt if the board's stored data is unreadable or inconsistent, ErrClosed after Close,
// or ctx's error.
func (s *Bolt) Leaderboard(ctx context.Context, guild, game string, limit int) ([]Standing, error) {
	var out []Standing
	err := s.view(ctx, fmt.Sprintf("leaderboard %q %q", guild, game), func(tx *bolt.Tx) error {
		board := appendPart(appendPart(nil, guild), game)
		players := tx.Bucket(bucketPlayers)
		c := tx.Bucket(bucketRanks).Cursor()
		for k, _ := c.Seek(board); k != nil && bytes.HasPrefix(k, board) && len(out) < limit; k, _ = c.Next() {
			if len(k) < len(board)+24 {
				return fmt.Errorf("%w: rank key of %d bytes", ErrCorrupt, len(k))
			}
			user := string(k[len(board)+24:])
			v := players.Get(append(bytes.Clone(board), user...))
			if v == nil {
				return fmt.Errorf("%w: ranked player %q has no record", ErrCorrupt, user)
			}
			p, err := decodePlayer(v)
			if err != nil {
				return err
			}
			if !bytes.Equal(k, rankKey(board, p, user)) {
				return fmt.Errorf("%w: rank of player %q disagrees with record", ErrCorrupt, user)
			}
			out = append(out, Standing{UserID: user, Name: p.name, Wins: int(p.wins), Played: int(p.played), Best: int(p.best)})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// History returns the guild's most recently finished games, newest first, at most limit (none
// if limit <= 0). It fails with ErrCorrupt if an entry is unreadable, ErrClosed after Close,
// or ctx's error.
func (s *Bolt) History(ctx context.Context, guild string, limit int) ([]Archived, error) {
	var out []Archived
	err := s.view(ctx, "history "+strconv.Quote(guild), func(tx *bolt.Tx) error {
		prefix := appendPart(nil, guild)
		c := tx.Bucket(bucketHistory).Cursor()
		k, v := lastWithPrefix(c, prefix)
		for ; k != nil && bytes.HasPrefix(k, prefix) && len(out) < limit; k, v = c.Prev() {
			a, err := decodeArchived(v)
			if err != nil {
				return err
			}
			out = append(out, a)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// appendRank appends 24 bytes that sort in leaderboard order: wins descending, best
// descending, played ascending.
func appendRank(b []byte, wins, played, best int64) []byte {
	b = binary.BigEndian.AppendUint64(b, ^uint64(wins))
	b = binary.BigEndian.AppendUint64(b, ^(uint64(best) ^ (1 << 63)))
	return binary.BigEndian.AppendUint64(b, uint64(played))
}

// player is one player's stored line on a leaderboard.
type player struct {
	wins, played, best int64
	name               string
}

func (p player) encode() []byte {
	b := make([]byte, 24, 24+len(p.name))
	binary.BigEndian.PutUint64(b, uint64(p.wins))
	binary.BigEndian.PutUint64(b[8:], uint64(p.played))
	binary.BigEndian.PutUint64(b[16:], uint64(p.best))
	return append(b, p.name...)
}

func decodePlayer(v []byte) (player, error) {
	if len(v) < 24 {
		return player{}, fmt.Errorf("%w: player record of %d bytes", ErrCorrupt, len(v))
	}
	p := player{
		wins:   int64(binary.BigEndian.Uint64(v)),
		played: int64(binary.BigEndian.Uint64(v[8:])),
		best:   int64(binary.BigEndian.Uint64(v[16:])),
		name:   string(v[24:]),
	}
	if p.wins < 0 || p.played < 1 || p.wins > p.played {
		return player{}, fmt.Errorf("%w: player record wins %d, played %d", ErrCorrupt, p.wins, p.played)
	}
	return p, nil
}
