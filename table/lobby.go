package table

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
)

// Open opens a lobby for game in the click's channel with c's person as host and first seat.
// options are checked against the game's option list (values that depend on the number of
// players are checked at Start); pace is how long each decision may take. locale is the
// server's, for the table's public messages. It refuses with ErrBadOptions, and with ErrBusy
// while the channel's table is not over. A finished game whose archiving failed is archived
// first.
func (s *Service) Open(ctx context.Context, c Click, game string, options json.RawMessage, pace Pace, locale string) (*Table, error) {
	g, ok := s.games.Lookup(game)
	if !ok {
		return nil, refuse(ErrBadOptions, "I do not know the game %q. Try /help.", "Hru %q neznám. Zkus /help.", game)
	}
	if err := checkOptions(g, options); err != nil {
		return nil, err
	}
	if len(options) == 0 {
		options = json.RawMessage("{}")
	}
	t, err := s.mutate(ctx, c.Channel, func(old *Table) (*Table, error) {
		var rev Revision
		if old != nil {
			if old.Status != StatusOver {
				return nil, s.busy(old)
			}
			if err := s.finishIfOwed(ctx, old); err != nil {
				return nil, err
			}
			rev = old.rev
		}
		now := s.now()
		return &Table{
			ID: fmt.Sprintf("%s-%d", c.Channel, rev+1), Game: game, Guild: c.Guild, Channel: c.Channel, Parent: c.Parent,
			Creator: c.User, Status: StatusLobby, Opened: rev + 1, Seats: []SeatInfo{{User: c.User, Name: c.Name}},
			Options: options, Pace: pace, Locale: locale, Created: now, rev: rev,
		}, nil
	})
	if err != nil {
		return nil, err
	}
	tableLog(s.log, t).Info("lobby opened")
	return t, nil
}

// checkOptions refuses options of the wrong form for g, and options that no number of players
// allows (a value that only some numbers allow is checked at Start, for the players seated).
func checkOptions(g games.Game, options json.RawMessage) error {
	if err := games.CheckOptions(g, options); err != nil {
		return &games.Refusal{Kind: ErrBadOptions, Reason: games.ReasonOf(err)}
	}
	fewest, most := g.Seats()
	var first error
	for n := fewest; n <= most; n++ {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("Player %d", i+1)
		}
		_, err := g.New(names, options)
		if err == nil {
			return nil
		}
		if first == nil {
			first = err
		}
	}
	return &games.Refusal{Kind: ErrBadOptions, Reason: games.ReasonOf(first)}
}

// busy refuses a new table while t is not over.
func (s *Service) busy(t *Table) error {
	title := games.Text{EN: t.Game, CS: t.Game}
	if g, ok := s.games.Lookup(t.Game); ok {
		title = g.Title()
	}
	if t.Status == StatusLobby {
		return &games.Refusal{Kind: ErrBusy, Reason: games.Text{
			EN: fmt.Sprintf("A table for %s is already open in this channel — join it, or see it with /status.", title.EN),
			CS: fmt.Sprintf("V tomto kanálu už je otevřený stůl pro %s — přidej se, nebo ho ukáže /status.", title.In(games.Czech)),
		}}
	}
	return &games.Refusal{Kind: ErrBusy, Reason: games.Text{
		EN: fmt.Sprintf("A game of %s is already running in this channel — see it with /status, or /abandon it first.", title.EN),
		CS: fmt.Sprintf("V tomto kanálu už běží hra %s — ukáže ji /status, nebo ji nejdřív ukonči přes /abandon.", title.In(games.Czech)),
	}}
}

// lobby applies change to the lobby the click's component was drawn for.
func (s *Service) lobby(ctx context.Context, c Click, change func(t *Table, g games.Game) error) (*Table, error) {
	return s.update(ctx, c.Channel, func(t *Table) error {
		if t.Status != StatusLobby || t.Game != c.Game || c.Rev < t.Opened {
			return lobbyClosed()
		}
		g, ok := s.games.Lookup(t.Game)
		if !ok {
			return fmt.Errorf("lobby of unknown game %q", t.Game)
		}
		return change(t, g)
	})
}

// Join seats the click's person in the lobby. It refuses someone already seated and a full
// table.
func (s *Service) Join(ctx context.Context, c Click) (*Table, error) {
	return s.lobby(ctx, c, func(t *Table, g games.Game) error {
		if _, seated := t.SeatOf(c.User); seated {
			return refuse(ErrLobby, "You already have a seat.", "Už máš místo.")
		}
		if _, most := g.Seats(); len(t.Seats) >= most {
			return refuse(ErrLobby, "The table is full.", "Stůl je plný.")
		}
		t.Seats = append(t.Seats, SeatInfo{User: c.User, Name: c.Name})
		return nil
	})
}

// Leave gives up the click's person's seat in the lobby. When the host leaves, the next person
// seated hosts; when nobody is left, the lobby closes.
func (s *Service) Leave(ctx context.Context, c Click) (*Table, error) {
	return s.lobby(ctx, c, func(t *Table, _ games.Game) error {
		seat, seated := t.SeatOf(c.User)
		if !seated {
			return refuse(ErrNotSeated, "You are not seated at this table.", "U tohoto stolu nesedíš.")
		}
		t.Seats = slices.Delete(t.Seats, int(seat), int(seat)+1)
		if c.User == t.Creator {
			t.Creator = ""
			if humans := t.Humans(); len(humans) > 0 {
				t.Creator = humans[0]
			} else {
				t.Status = StatusOver
			}
		}
		return nil
	})
}

// AddAI seats an AI player of the given level; only the host may.
func (s *Service) AddAI(ctx context.Context, c Click, level search.Level) (*Table, error) {
	if !level.Valid() {
		return nil, refuse(ErrLobby, "There is no such AI level.", "Taková úroveň AI neexistuje.")
	}
	return s.lobby(ctx, c, func(t *Table, g games.Game) error {
		if c.User != t.Creator {
			return refuse(ErrNotAllowed, "Only the host can add AI players.", "AI hráče může přidat jen zakladatel.")
		}
		if _, most := g.Seats(); len(t.Seats) >= most {
			return refuse(ErrLobby, "The table is full.", "Stůl je plný.")
		}
		n := 1
		for _, seat := range t.Seats {
			if seat.AI {
				n++
			}
		}
		t.Seats = append(t.Seats, SeatInfo{Name: fmt.Sprintf("AI %d", n), AI: true, Level: level})
		return nil
	})
}

// Cancel closes the lobby; only the host or a manager may.
func (s *Service) Cancel(ctx context.Context, c Click) (*Table, error) {
	return s.lobby(ctx, c, func(t *Table, _ games.Game) error {
		if c.User != t.Creator && !c.Manager {
			return refuse(ErrNotAllowed, "Only the host or someone with Manage Channels can cancel.", "Zrušit může jen zakladatel nebo někdo s právem Spravovat kanály.")
		}
		t.Status = StatusOver
		return nil
	})
}

// Start starts the lobby's game: the record begins with the options checked for the actual
// players, chance deals, AI seats move, and the first board message is owed. Only the host
// may start, with enough players.
func (s *Service) Start(ctx context.Context, c Click) (Outcome, error) {
	var out Outcome
	t, err := s.lobby(ctx, c, func(t *Table, g games.Game) error {
		out = Outcome{Seat: games.NoSeat}
		if c.User != t.Creator {
			return refuse(ErrNotAllowed, "Only the host can start the game.", "Hru může spustit jen zakladatel.")
		}
		if fewest, _ := g.Seats(); len(t.Seats) < fewest {
			n := games.Count(fewest, "player", "players", "hráče", "hráče", "hráčů") // accusative in Czech
			return &games.Refusal{Kind: ErrLobby, Reason: games.Text{
				EN: fmt.Sprintf("%s needs at least %s.", g.Title().EN, n.EN),
				CS: fmt.Sprintf("%s potřebuje aspoň %s.", g.Title().In(games.Czech), n.CS),
			}}
		}
		rec, err := games.Start(g, t.Names(), t.Options)
		if err != nil {
			return &games.Refusal{Kind: ErrBadOptions, Reason: games.ReasonOf(err)}
		}
		steps, err := games.Advance(rec, s.random(t.ID, uint64(t.rev)), s.decider(t, rec))
		if err != nil {
			return err
		}
		t.Record, t.Status, t.Since, t.Announced = &rec.Record, StatusPlaying, nil, 0
		t.Panels = nil
		t.refreshSince(nil, nil)
		t.plan(rec.State, s.now())
		if games.Over(rec.State) {
			t.Status = StatusOver
		}
		t.Owed = &Announcement{Through: len(rec.Record.Moves), Lease: s.now().Add(s.lease)}
		out.State, out.Steps, out.Board, out.Announce = rec.State, steps, steps, true
		return nil
	})
	if err != nil {
		return Outcome{}, err
	}
	out.Table = t
	tableLog(s.log, t).Info("game started", "seats", len(t.Seats))
	s.finishMove(ctx, &out)
	s.index(ctx, t)
	return out, nil
}

// Rematch opens a new lobby with the same seats and options once the channel's game is over;
// any of its players may call it. A second click, once the rematch lobby is open, is refused
// with a pointer to it.
func (s *Service) Rematch(ctx context.Context, c Click) (*Table, error) {
	return s.mutate(ctx, c.Channel, func(t *Table) (*Table, error) {
		switch {
		case t == nil:
			return nil, noTable()
		case t.Status == StatusLobby && t.Game == c.Game && t.Opened > c.Rev:
			return nil, refuse(ErrBusy, "The rematch lobby is already open — join it above.", "Stůl pro odvetu už je otevřený — přidej se k němu výše.")
		case t.Status != StatusOver || t.Game != c.Game:
			return nil, refuse(ErrBusy, "A rematch can only start when the channel's game is over.", "Odveta může začít jen po skončení hry v kanálu.")
		}
		if _, seated := t.SeatOf(c.User); !seated {
			return nil, refuse(ErrNotSeated, "Only the players of the last game can call a rematch — start your own with /start.", "Odvetu mohou vyvolat jen hráči minulé hry — vlastní hru založíš přes /start.")
		}
		if err := s.finishIfOwed(ctx, t); err != nil {
			return nil, err
		}
		return &Table{ID: fmt.Sprintf("%s-%d", t.Channel, t.rev+1), Game: t.Game, Guild: t.Guild, Channel: t.Channel, Parent: t.Parent, Creator: c.User,
			Status: StatusLobby, Seats: clearSeats(t.Seats), Options: t.Options, Pace: t.Pace, Locale: t.Locale, Opened: t.rev + 1,
			Created: s.now(), rev: t.rev}, nil
	})
}

// clearSeats copies seats for a new game: everybody plays for themselves again.
func clearSeats(seats []SeatInfo) []SeatInfo {
	out := slices.Clone(seats)
	for i := range out {
		out[i].Away, out[i].Votes = false, nil
	}
	return out
}

// CheckAbandon returns the channel's running table if the click's person may abandon it: its
// host, or a manager.
func (s *Service) CheckAbandon(ctx context.Context, c Click) (*Table, error) {
	t, err := s.Load(ctx, c.Channel)
	if err != nil {
		return nil, err
	}
	return t, mayAbandon(t, c)
}

// Abandon ends the table called id without a result (nothing is archived or counted).
func (s *Service) Abandon(ctx context.Context, c Click, id string) (*Table, error) {
	t, err := s.update(ctx, c.Channel, func(t *Table) error {
		if t.ID != id {
			return refuse(ErrOver, "That game is already over.", "Ta hra už skončila.")
		}
		if err := mayAbandon(t, c); err != nil {
			return err
		}
		t.Status, t.Owed = StatusOver, nil
		return nil
	})
	if err != nil {
		return nil, err
	}
	tableLog(s.log, t).Info("game abandoned", "by", c.User)
	return t, nil
}

// mayAbandon refuses an abandon of t by c's person, or returns nil.
func mayAbandon(t *Table, c Click) error {
	switch {
	case t.Status == StatusOver:
		return refuse(ErrOver, "No game is running in this channel.", "V tomto kanálu neběží žádná hra.")
	case c.User != t.Creator && !c.Manager:
		return refuse(ErrNotAllowed, "Only the host or someone with Manage Channels can abandon the game.", "Hru může ukončit jen zakladatel nebo někdo s právem Spravovat kanály.")
	}
	return nil
}

// Import sets up a game already under way in the click's channel: a table playing rec (which
// must replay; its players are the seats' names), hosted by the click's person, as if every
// move of rec had been made and announced here. It refuses with ErrBusy while the channel's
// table is not over, and with ErrBadOptions when rec does not replay or its players differ
// from seats.
func (s *Service) Import(ctx context.Context, c Click, seats []SeatInfo, rec games.Record) (*Table, error) {
	g, ok := s.games.Lookup(rec.Game)
	if !ok {
		return nil, refuse(ErrBadOptions, "I do not know the game %q.", "Hru %q neznám.", rec.Game)
	}
	names := make([]string, len(seats))
	for i, seat := range seats {
		names[i] = seat.Name
	}
	if !slices.Equal(names, rec.Players) {
		return nil, refuse(ErrBadOptions, "The record's players are not the seats.", "Hráči záznamu nesedí s místy u stolu.")
	}
	st, _, err := games.Replay(g, rec)
	if err != nil {
		return nil, &games.Refusal{Kind: ErrBadOptions, Reason: games.ReasonOf(err)}
	}
	return s.mutate(ctx, c.Channel, func(old *Table) (*Table, error) {
		var rev Revision
		if old != nil {
			if old.Status != StatusOver {
				return nil, s.busy(old)
			}
			rev = old.rev
		}
		t := &Table{ID: fmt.Sprintf("%s-%d", c.Channel, rev+1), Game: rec.Game, Guild: c.Guild, Channel: c.Channel,
			Creator: c.User, Status: StatusPlaying, Opened: rev + 1, Seats: slices.Clone(seats), Options: rec.Options,
			Record: &rec, Announced: len(rec.Moves), Created: s.now(), rev: rev}
		if games.Over(st) {
			t.Status = StatusOver
		}
		t.refreshSince(nil, nil)
		return t, nil
	})
}
