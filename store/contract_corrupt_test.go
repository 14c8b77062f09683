package store

import (
	"testing"
	"time"
)

// garbage is a kind of bad data that plant writes straight into a store's storage, under the
// names badChannel, badGuild, badGame and badUser.
type garbage int

const (
	garbageTableType  garbage = iota // the table is not a table at all (wrong type, short record)
	garbageTableRev                  // the table's revision is not a number, or zero
	garbageTableNoRev                // the table has data but no revision
	garbageHistory                   // the newest recent game is not a game summary
	garbageBoard                     // badUser's line on the board is unreadable
	garbageDue                       // the due queue is unreadable
	garbageOpponents                 // badUser's opponents in badGame are unreadable (not in testCorrupt)
)

func (g garbage) String() string {
	return [...]string{"TableType", "TableRev", "TableNoRev", "History", "Board", "Due", "Opponents"}[g]
}

const (
	badChannel = "bad:channel"
	badGuild   = "bad:guild"
	badGame    = "bad:game"
	badUser    = "bad:user"
)

// plant writes garbage g into s.
func plant(t *testing.T, s Store, g garbage) {
	t.Helper()
	switch s := s.(type) {
	case *Redis:
		plantRedis(t, s, g)
	case *Bolt:
		plantBolt(t, s, g)
	default:
		t.Fatalf("cannot plant garbage in a %T", s)
	}
}

func testCorrupt(t *testing.T, open func(t *testing.T) Store) {
	for g := range garbageDue + 1 {
		t.Run(g.String(), func(t *testing.T) {
			t.Parallel()
			s := open(t)
			ctx := t.Context()
			mustFinish(t, s, rate(t, s, badGuild, badGame, "first", time.Now(), seatResult{badUser, 1, 1}, seatResult{"good", 2, 2}))
			f := rate(t, s, badGuild, badGame, "second", time.Now(), seatResult{badUser, 1, 1}, seatResult{"good", 2, 2})
			mustSave(t, s, "good", "fine", 0)
			plant(t, s, g)

			switch g {
			case garbageTableType, garbageTableRev, garbageTableNoRev:
				_, err := s.Load(ctx, badChannel)
				wantErr(t, "Load", err, ErrCorrupt)
				for _, rev := range []Revision{0, 1} {
					_, err = s.Save(ctx, badChannel, []byte("x"), rev)
					wantErr(t, "Save", err, ErrCorrupt)
				}
				_, err = s.LoadMany(ctx, []string{"good", badChannel})
				wantErr(t, "LoadMany", err, ErrCorrupt)
			case garbageHistory:
				_, err := s.History(ctx, badGuild, 10)
				wantErr(t, "History", err, ErrCorrupt)
			case garbageBoard:
				_, err := s.Leaderboard(ctx, badGuild, badGame, 0, 10)
				wantErr(t, "Leaderboard", err, ErrCorrupt)
				_, _, err = s.Standing(ctx, badGuild, badGame, badUser)
				wantErr(t, "Standing", err, ErrCorrupt)
				_, err = s.Ratings(ctx, badGuild, badGame, []string{"good", badUser})
				wantErr(t, "Ratings", err, ErrCorrupt)
				_, err = s.PlayerStats(ctx, badGuild, badUser, []string{badGame})
				wantErr(t, "PlayerStats", err, ErrCorrupt)
				// The line is not what the referee read: the game is not applied.
				_, err = s.Finish(ctx, f)
				wantErr(t, "Finish", err, ErrConflict)
				if h, err := s.History(ctx, badGuild, 10); err != nil || len(h) != 1 {
					t.Errorf("History after a failed Finish = %d games, %v; want 1", len(h), err)
				}
			case garbageDue:
				_, err := s.ClaimDue(ctx, time.Now(), time.Minute, 10)
				wantErr(t, "ClaimDue", err, ErrCorrupt)
			}
			// Other data is still readable.
			wantTable(t, s, "good", "fine", 1)
		})
	}
}
