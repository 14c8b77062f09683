package bot

import (
	"encoding/json"
	"fmt"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// archive stores a finished game's record and counts it on the leaderboard (at most once per
// game, whatever races or retries happen), then marks the table archived.
func (b *Bot) archive(c *call, t *Table, st games.State) error {
	data, err := json.Marshal(t.Record)
	if err != nil {
		return fmt.Errorf("encode record: %w", err)
	}
	res := st.Result()
	f := store.Final{GameID: t.ID, Guild: t.Guild, Game: t.Game, Record: data, At: b.now()}
	for i, s := range t.Seats {
		if s.AI {
			continue
		}
		f.Outcomes = append(f.Outcomes, store.Outcome{UserID: s.User, Name: s.Name, Won: res.PlaceOf(games.Seat(i)) == 1, Score: res.Seats[i].Score})
	}
	if err := b.store.Finish(c.ctx, f); err != nil {
		return fmt.Errorf("archive game %s: %w", t.ID, err)
	}
	_, err = b.mutate(c.ctx, t.Channel, func(cur *Table) error {
		if cur.ID != t.ID {
			return nil
		}
		cur.Archived = true
		return nil
	})
	if err != nil {
		return fmt.Errorf("mark game %s archived: %w", t.ID, err)
	}
	return nil
}

// ensureArchived finishes the archiving of a table that ended but whose archiving failed.
func (b *Bot) ensureArchived(c *call, t *Table) {
	if t.Status != StatusOver || t.Archived || t.Record == nil {
		return
	}
	st, err := b.state(t)
	if err != nil || !games.Over(st) {
		return
	}
	if err := b.archive(c, t, st); err != nil {
		tableLog(c.log, t).Error("archiving a finished game failed again", "err", err)
	}
}
