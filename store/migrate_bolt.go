package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The buckets of the legacy layout (SchemaVersion 1) that Migrate reads, and the one that
// records the layout's version.
var (
	// lp(guild) + 8-byte sequence → legacy archive entry (JSON); the last HistoryCap per guild.
	bucketLegacyHistory = []byte("history")
	// lp(guild) + lp(game) + user ID → wins, played, best (8 bytes each) + name.
	bucketLegacyPlayers = []byte("players")
	// "version" → the stored layout's SchemaVersion (8 bytes).
	bucketSchema = []byte("schema")
)

var keyVersion = []byte("version")

// Migrate imports the legacy history into the archive in one transaction; see Migrator. A
// bbolt file has one process, so no other can be migrating at the same time.
func (s *Bolt) Migrate(ctx context.Context, then func(context.Context, Migration) error) (Migration, error) {
	var m Migration
	var current bool
	err := s.update(ctx, "migrate", func(tx *bolt.Tx) error {
		m, current = Migration{}, false
		meta, err := tx.CreateBucketIfNotExists(bucketSchema)
		if err != nil {
			return err
		}
		if v := meta.Get(keyVersion); len(v) == 8 && binary.BigEndian.Uint64(v) >= SchemaVersion {
			current = true
			return nil
		}
		if m, err = migrateBolt(tx); err != nil {
			return err
		}
		if m.Found == 0 {
			return meta.Put(keyVersion, u64(SchemaVersion))
		}
		return nil
	})
	if err != nil || current || m.Found == 0 {
		return m, err
	}
	if then != nil {
		if err := then(ctx, m); err != nil {
			return m, fmt.Errorf("store: migrate: %w", err)
		}
	}
	return m, s.update(ctx, "migrate", func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSchema).Put(keyVersion, u64(SchemaVersion))
	})
}

// migrateBolt imports every guild's legacy history.
func migrateBolt(tx *bolt.Tx) (Migration, error) {
	var m Migration
	hist := tx.Bucket(bucketLegacyHistory)
	if hist == nil {
		return m, nil
	}
	var guild []byte // lp(guild) of the entries gathered
	var raws [][]byte
	flush := func() error {
		if len(raws) == 0 {
			return nil
		}
		g, err := importBoltGuild(tx, guild, raws)
		m.add(g)
		raws = nil
		return err
	}
	c := hist.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		n, w := binary.Uvarint(k)
		if w <= 0 || uint64(len(k)) != uint64(w)+n+8 {
			return m, corruptf("legacy history key of %d bytes", len(k))
		}
		if g := k[:uint64(w)+n]; !bytes.Equal(g, guild) {
			if err := flush(); err != nil {
				return m, err
			}
			guild = bytes.Clone(g)
		}
		raws = append(raws, bytes.Clone(v)) // sequence order: oldest first
	}
	return m, flush()
}

// importBoltGuild adds a guild's legacy entries (oldest first) that are not archived yet to
// the archive, before any game archived since, and returns what it did.
func importBoltGuild(tx *bolt.Tx, guild []byte, raws [][]byte) (Migration, error) {
	m := Migration{Found: len(raws)}
	n, w := binary.Uvarint(guild)
	name := string(guild[w : uint64(w)+n])
	names := map[string]map[string]string{}
	lookup := func(game string) map[string]string {
		if got, ok := names[game]; ok {
			return got
		}
		byUser := map[string]string{}
		if b := tx.Bucket(bucketLegacyPlayers); b != nil {
			prefix := appendPart(bytes.Clone(guild), game)
			c := b.Cursor()
			for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
				if len(v) >= 24 {
					byUser[string(k[len(prefix):])] = string(v[24:])
				}
			}
		}
		names[game] = uniqueNames(byUser)
		return names[game]
	}
	archive, fin := tx.Bucket(bucketArchive), tx.Bucket(bucketFinished)
	var fresh []legacyEntry
	seen := map[string]bool{}
	for _, raw := range raws {
		e, err := legacyFinal(name, raw, lookup)
		if err != nil {
			m.Unreadable++
			continue
		}
		if archive.Get(cat(guild, []byte(e.id))) == nil && !seen[e.id] {
			fresh, seen[e.id] = append(fresh, e), true
		}
	}
	if len(fresh) == 0 {
		return m, nil
	}
	for _, e := range fresh {
		key := cat(guild, []byte(e.id))
		if err := archive.Put(key, e.entry); err != nil {
			return m, err
		}
		if fin.Get(key) == nil {
			if err := fin.Put(key, appendMillis(nil, time.UnixMilli(e.at))); err != nil {
				return m, err
			}
		}
	}
	if err := tx.Bucket(bucketGuilds).Put([]byte(name), nil); err != nil {
		return m, err
	}
	ids := make([][]byte, len(fresh))
	sums := make([][]byte, len(fresh))
	for i, e := range fresh {
		ids[i], sums[i] = []byte(e.id), e.summary
	}
	if err := prependSeq(tx.Bucket(bucketArchiveOrder), guild, ids, 0); err != nil {
		return m, err
	}
	if err := prependSeq(tx.Bucket(bucketRecent), guild, sums, HistoryCap); err != nil {
		return m, err
	}
	m.Imported = len(fresh)
	return m, nil
}

// prependSeq renumbers prefix's sequence so that vs (in order) come before the values already
// there, keeping only the last keep when keep > 0.
func prependSeq(b *bolt.Bucket, prefix []byte, vs [][]byte, keep int) error {
	all := slices.Clone(vs)
	c := b.Cursor()
	var old [][]byte
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		old = append(old, bytes.Clone(k))
		all = append(all, bytes.Clone(v))
	}
	for _, k := range old {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	if keep > 0 && len(all) > keep {
		all = all[len(all)-keep:]
	}
	for i, v := range all {
		if err := b.Put(cat(prefix, u64(uint64(i+1))), v); err != nil {
			return err
		}
	}
	return nil
}
