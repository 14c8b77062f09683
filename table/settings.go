package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
)

// ErrBadSettings is the kind of the refusal of a server setting the referee does not allow (a
// pace not offered, an unknown game, every game turned off…).
var ErrBadSettings = errors.New("bad server settings")

// Where a server's tables go (ServerSettings.Tables).
const (
	// TablesChannel: each table lives in the channel where /start was used.
	TablesChannel = "channel"
	// TablesThreads: each table gets a thread of its own.
	TablesThreads = "threads"
)

// Languages a server may set for its public messages (ServerSettings.Lang).
const (
	LangEnglish = "en"
	LangCzech   = "cs"
)

// MaxPace is the longest time per decision a server may set as its default.
const MaxPace = 30 * 24 * time.Hour

// ServerSettings are what a server's managers chose with /settings, stored as one document per
// server. A field left zero (nil, empty) was never chosen, and its default applies: the
// configuration's, which the caller (or Service.Takeover, for the AI level) supplies.
type ServerSettings struct {
	// Tables is where tables go: TablesChannel or TablesThreads; empty means the configured
	// default (see TablesOr).
	Tables string `json:"tables,omitempty"`
	// Pace is the default time per decision of a new table (0: live play).
	Pace *time.Duration `json:"pace,omitempty"`
	// Wait is the default deadline rule of a new table: true, everybody waits (see Pace.Wait);
	// false, the AI moves.
	Wait *bool `json:"wait,omitempty"`
	// AI is the level of the AI that plays for a player who is away or out of time at the
	// server's new tables.
	AI *search.Level `json:"ai,omitempty"`
	// Off are the games /start does not offer on the server, by name, sorted. New games are
	// offered until turned off.
	Off []string `json:"off,omitempty"`
	// Lang is the language of public messages when no player's locale applies: LangEnglish or
	// LangCzech; empty means the server's own (its preferred locale on Discord).
	Lang string `json:"lang,omitempty"`

	rev store.Revision
}

// TablesOr returns where the server's tables go, TablesThreads or TablesChannel, as it chose;
// def (the configured default) when it never chose.
func (st ServerSettings) TablesOr(def string) string {
	if st.Tables == TablesThreads || st.Tables == TablesChannel {
		return st.Tables
	}
	return def
}

// Offers reports whether /start offers game on the server.
func (st ServerSettings) Offers(game string) bool { return !slices.Contains(st.Off, game) }

// PaceOr returns the pace a new table has by default: the server's choices over def.
func (st ServerSettings) PaceOr(def Pace) Pace {
	if st.Pace != nil {
		def.Per = *st.Pace
	}
	if st.Wait != nil {
		def.Wait = *st.Wait
	}
	return def
}

// Takeover returns the level of the AI that plays for an absent player or at a deadline at
// the server's new tables: the server's choice, else the configured takeover level.
func (s *Service) Takeover(st ServerSettings) search.Level {
	if st.AI != nil {
		return *st.AI
	}
	return s.ai.takeover
}

// takeoverOf is the level of the AI that plays for t's absent players and at its deadlines.
func (s *Service) takeoverOf(t *Table) search.Level {
	if t.Pace.AI != nil && t.Pace.AI.Valid() {
		return *t.Pace.AI
	}
	return s.ai.takeover
}

// ServerSettings returns the settings guild's managers chose; a server that chose nothing
// gets the zero value (every default). It fails with a wrapped store.ErrCorrupt when the
// stored document is unreadable.
func (s *Service) ServerSettings(ctx context.Context, guild string) (ServerSettings, error) {
	raw, err := s.store.LoadSettings(ctx, guild)
	if errors.Is(err, store.ErrNotFound) {
		return ServerSettings{}, nil
	}
	if err != nil {
		return ServerSettings{}, fmt.Errorf("settings of server %s: %w", guild, err)
	}
	var st ServerSettings
	if err := json.Unmarshal(raw.Data, &st); err != nil {
		return ServerSettings{}, fmt.Errorf("settings of server %s: %w: %v", guild, store.ErrCorrupt, err)
	}
	st.rev = raw.Revision
	return st, nil
}

// ChangeServerSettings applies change to guild's settings and writes them with
// compare-and-set, re-reading and applying change again when another manager wrote first. It
// refuses (ErrBadSettings, writing nothing) settings that checkSettings does not allow, and
// returns the settings written.
func (s *Service) ChangeServerSettings(ctx context.Context, guild string, change func(*ServerSettings)) (ServerSettings, error) {
	var out ServerSettings
	err := s.retryLostRaces(ctx, "settings of server "+guild, func() error {
		st, err := s.ServerSettings(ctx, guild)
		if err != nil {
			return err
		}
		change(&st)
		slices.Sort(st.Off)
		st.Off = slices.Compact(st.Off)
		if err := s.checkSettings(st); err != nil {
			return err
		}
		data, err := json.Marshal(st)
		if err != nil {
			return fmt.Errorf("encode settings: %w", err)
		}
		rev, err := s.store.SaveSettings(ctx, guild, data, st.rev)
		if err != nil {
			return fmt.Errorf("settings of server %s: %w", guild, err)
		}
		st.rev = rev
		out = st
		return nil
	})
	if err != nil {
		return ServerSettings{}, err
	}
	s.log.Debug("server settings written", "guild", guild, "revision", uint64(out.rev))
	return out, nil
}

// checkSettings refuses settings the referee does not allow: an unknown table mode or
// language, a pace that is neither live nor one the server may offer (Options.Paces; without
// them, from a minute to MaxPace), an unknown AI level, an unknown game turned off, or every
// game turned off.
func (s *Service) checkSettings(st ServerSettings) error {
	switch {
	case st.Tables != "" && st.Tables != TablesChannel && st.Tables != TablesThreads:
		return refuse(ErrBadSettings, "Tables go in threads or in the channel.", "Stoly patří do vláken, nebo do kanálu.")
	case st.Lang != "" && st.Lang != LangEnglish && st.Lang != LangCzech:
		return refuse(ErrBadSettings, "The server's language is English or Czech.", "Jazyk serveru je angličtina, nebo čeština.")
	case st.Pace != nil && !s.paceAllowed(*st.Pace):
		return refuse(ErrBadSettings, "Pick a pace from the list.", "Vyber tempo ze seznamu.")
	case st.AI != nil && !st.AI.Valid():
		return refuse(ErrBadSettings, "There is no such AI level.", "Taková úroveň AI neexistuje.")
	}
	for _, name := range st.Off {
		if _, ok := s.games.Lookup(name); !ok {
			return refuse(ErrBadSettings, "I do not know the game %q.", "Hru %q neznám.", name)
		}
	}
	if len(st.Off) >= len(s.games.Names()) {
		return refuse(ErrBadSettings, "At least one game must stay on offer.", "Aspoň jedna hra musí zůstat v nabídce.")
	}
	return nil
}

// paceAllowed reports whether d may be a server's default pace: live, or one of the paces
// offered (Options.Paces), or, when none are configured, a minute to MaxPace.
func (s *Service) paceAllowed(d time.Duration) bool {
	if d == 0 {
		return true
	}
	if len(s.paces) > 0 {
		return slices.Contains(s.paces, d)
	}
	return d >= time.Minute && d <= MaxPace
}
