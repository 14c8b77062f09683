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
	garbageHistory                   // the newest history entry is not an archive entry
	garbageBoard                     // badUser's line on the board is unreadable
	garbageDue                       // the due queue is unreadable
)

func (g garbage) String() string {
	return [...]string{"TableType", "TableRev", "TableNoRev", "History", "Board", "Due"}[g]
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
			f := Final{GameID: "first", Guild: badGuild, Game: badGame, Record: []byte("{}"),
				Outcomes: []Outcome{{UserID: badUser, Won: true, Score: 1}, {UserID: "good", Score: 2}}}
			wantErr(t, "Finish", s.Finish(ctx, f), nil)
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
			case garbageHistory:
				_, err := s.History(ctx, badGuild, 10)
				wantErr(t, "History", err, ErrCorrupt)
			case garbageBoard:
				_, err := s.Leaderboard(ctx, badGuild, badGame, 10)
				wantErr(t, "Leaderboard", err, ErrCorrupt)
				f.GameID = "second"
				wantErr(t, "Finish", s.Finish(ctx, f), ErrCorrupt)
				// The failed Finish wrote nothing: the game can be finished once repaired.
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
