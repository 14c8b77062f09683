package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
)

// A person's settings and their index of games are kept in the store's per-channel key space,
// under keys no Discord channel ID can take (IDs are digits), with the same compare-and-set.
const (
	settingsKey = "~user:"
	indexKey    = "~games:"
)

// Settings are a person's preferences.
type Settings struct {
	// DM asks for a direct message with each reminder.
	DM bool `json:"dm,omitempty"`
	// Locale is the Discord locale the person last used to set DM: their direct messages speak
	// its language (empty: the server's).
	Locale string `json:"locale,omitempty"`
}

// Lang is the language of the person's direct messages: their locale's, or else fallback.
func (set Settings) Lang(fallback games.Lang) games.Lang {
	if set.Locale == "" {
		return fallback
	}
	return games.LangOf(set.Locale)
}

// doc reads and changes a small JSON document kept under key, with compare-and-set.
func (s *Service) doc(ctx context.Context, key string, v any, change func() bool) error {
	return s.retryLostRaces(ctx, key, func() error {
		raw, err := s.store.Load(ctx, key)
		rev := raw.Revision
		switch {
		case errors.Is(err, store.ErrNotFound):
			rev = 0
		case err != nil:
			return fmt.Errorf("load %s: %w", key, err)
		default:
			if err := json.Unmarshal(raw.Data, v); err != nil {
				return fmt.Errorf("%w: %s: %v", store.ErrCorrupt, key, err)
			}
		}
		if change == nil || !change() {
			return nil
		}
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("encode %s: %w", key, err)
		}
		if _, err := s.store.Save(ctx, key, data, rev); err != nil {
			return fmt.Errorf("save %s: %w", key, err)
		}
		return nil
	})
}

// SettingsOf returns a person's settings (the zero Settings when they set none).
func (s *Service) SettingsOf(ctx context.Context, user string) (Settings, error) {
	var set Settings
	err := s.doc(ctx, settingsKey+user, &set, nil)
	return set, err
}

// SetDM turns direct-message reminders on or off for a person, and records the Discord locale
// they asked in (that of their direct messages).
func (s *Service) SetDM(ctx context.Context, user string, on bool, locale string) error {
	var set Settings
	return s.doc(ctx, settingsKey+user, &set, func() bool {
		if set.DM == on && set.Locale == locale {
			return false
		}
		set.DM, set.Locale = on, locale
		return true
	})
}

// index records that the people seated at t play in its channel, for MyGames.
func (s *Service) index(ctx context.Context, t *Table) {
	for _, user := range t.Humans() {
		var channels []string
		err := s.doc(ctx, indexKey+t.Guild+":"+user, &channels, func() bool {
			if slices.Contains(channels, t.Channel) {
				return false
			}
			channels = append(channels, t.Channel)
			return true
		})
		if err != nil {
			tableLog(s.log, t).Warn("could not index a player's game", "user", user, "err", err)
		}
	}
}

// myGame is user's game in channel, read from raws (LoadMany's), or false when it ended or
// user has no seat there any more. A finished game whose archiving failed is archived on the
// way, as Current does.
func (s *Service) myGame(ctx context.Context, channel string, raws map[string]store.Table, user string) (MyGame, bool, error) {
	raw, found := raws[channel]
	if !found {
		return MyGame{}, false, nil
	}
	t, err := s.decode(channel, raw)
	if err != nil {
		return MyGame{}, false, err
	}
	seat, ok := t.SeatOf(user)
	if !ok {
		return MyGame{}, false, nil
	}
	st, err := s.settle(ctx, t)
	if err != nil || t.Status == StatusOver {
		return MyGame{}, false, err
	}
	g := MyGame{Table: t, Seat: seat}
	if st != nil {
		g.ToAct = games.IsToAct(st, seat)
		if int(seat) < len(t.Due) {
			g.Due = t.Due[seat]
		}
	}
	return g, true, nil
}

// MyGame is one unfinished game a person is seated at.
type MyGame struct {
	Table *Table
	Seat  games.Seat
	// ToAct is set when the game waits for the person; Due is their deadline (zero: none).
	ToAct bool
	Due   time.Time
}

// MyGames lists the unfinished games in guild where user is seated, those waiting for them
// first, then by deadline. Games that ended are dropped from the person's index on the way. It
// costs two store round trips whatever the number of games (up to store.MaxBatch): the index,
// then every table at once.
func (s *Service) MyGames(ctx context.Context, guild, user string) ([]MyGame, error) {
	var channels []string
	if err := s.doc(ctx, indexKey+guild+":"+user, &channels, nil); err != nil {
		return nil, err
	}
	var out []MyGame
	var ended []string
	for chunk := range slices.Chunk(channels, store.MaxBatch) {
		raws, err := s.store.LoadMany(ctx, chunk)
		if err != nil {
			return nil, fmt.Errorf("load %s's games: %w", user, err)
		}
		for _, ch := range chunk {
			g, ok, err := s.myGame(ctx, ch, raws, user)
			if err != nil {
				return nil, err
			}
			if !ok {
				ended = append(ended, ch)
				continue
			}
			out = append(out, g)
		}
	}
	slices.SortStableFunc(out, func(a, b MyGame) int {
		switch {
		case a.ToAct != b.ToAct:
			if a.ToAct {
				return -1
			}
			return 1
		case a.Due.IsZero() != b.Due.IsZero():
			if b.Due.IsZero() {
				return -1
			}
			return 1
		}
		return a.Due.Compare(b.Due)
	})
	if len(ended) > 0 {
		err := s.doc(ctx, indexKey+guild+":"+user, &channels, func() bool {
			n := len(channels)
			channels = slices.DeleteFunc(channels, func(c string) bool { return slices.Contains(ended, c) })
			return len(channels) != n
		})
		if err != nil {
			s.log.Warn("could not prune a player's index of games", "user", user, "err", err)
		}
	}
	return out, nil
}
