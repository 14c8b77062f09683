package bot

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

// lobbyMessage shows the seats and options of a lobby with its buttons.
func (b *Bot) lobbyMessage(t *Table, lang games.Lang) message {
	kit, _ := b.kit(t.Game)
	minSeats, maxSeats := kit.Game.Seats()
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s **%s** — %s\n", kit.Game.Emoji(), kit.Game.Title().In(lang), games.Say("new table", "nový stůl").In(lang))
	if opts := describeOptions(kit.Game, t.Options, lang); opts != "" {
		fmt.Fprintf(&sb, "%s %s\n", games.Say("Options:", "Možnosti:").In(lang), opts)
	}
	fmt.Fprintf(&sb, "%s (%d/%d):\n", games.Say("Seats", "Místa").In(lang), len(t.Seats), maxSeats)
	for i, s := range t.Seats {
		var who string
		switch {
		case s.AI:
			who = "🤖 " + s.Name
		case s.User == t.Creator:
			who = fmt.Sprintf("<@%s> (%s)", s.User, games.Say("host", "zakladatel").In(lang))
		default:
			who = "<@" + s.User + ">"
		}
		fmt.Fprintf(&sb, "%d. %s\n", i+1, who)
	}
	switch {
	case t.Status == StatusOver:
		sb.WriteString(games.Say("This lobby was closed.", "Tento stůl byl zrušen.").In(lang))
		return message{content: sb.String()}
	case len(t.Seats) < minSeats:
		sb.WriteString(games.Say("Join, then the host starts.", "Přidej se, pak zakladatel hru spustí.").In(lang))
	default:
		sb.WriteString(games.Say("Ready: the host can start.", "Připraveno: zakladatel může začít.").In(lang))
	}
	rev := t.rev
	full := len(t.Seats) >= maxSeats
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: games.Say("Join", "Přidat se").In(lang), Style: discordgo.PrimaryButton, CustomID: buildID(t.Game, rev, verbJoin, ""), Disabled: full},
		discordgo.Button{Label: games.Say("Leave", "Odejít").In(lang), Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, rev, verbLeave, "")},
		discordgo.Button{Label: games.Say("Add AI", "Přidat AI").In(lang), Style: discordgo.SecondaryButton, CustomID: buildID(t.Game, rev, verbAddAI, ""), Disabled: full},
		discordgo.Button{Label: games.Say("Start", "Začít").In(lang), Style: discordgo.SuccessButton, CustomID: buildID(t.Game, rev, verbStart, ""), Disabled: len(t.Seats) < minSeats},
		discordgo.Button{Label: games.Say("Cancel", "Zrušit").In(lang), Style: discordgo.DangerButton, CustomID: buildID(t.Game, rev, verbCancel, "")},
	}}
	return message{content: sb.String(), components: []discordgo.MessageComponent{row}}
}

// describeOptions writes the options of a table: "teams: yes · talk: no".
func describeOptions(g games.Game, raw json.RawMessage, lang games.Lang) string {
	var set map[string]json.RawMessage
	_ = json.Unmarshal(raw, &set)
	var parts []string
	for _, o := range g.Options() {
		v := o.Default
		if got, ok := set[o.Name]; ok {
			v = string(got)
		}
		switch {
		case v == "true":
			v = games.Say("yes", "ano").In(lang)
		case v == "false":
			v = games.Say("no", "ne").In(lang)
		case strings.HasPrefix(v, "["):
			v = strings.ReplaceAll(strings.Trim(v, "[]"), ",", ", ")
		}
		parts = append(parts, o.Name+": "+v)
	}
	return strings.Join(parts, " · ")
}

// lobbyChange loads the lobby a button belongs to and applies change; the lobby message is
// then redrawn in place.
func (b *Bot) lobbyChange(c *call, id ID, change func(t *Table) error) error {
	t, err := b.mutate(c.ctx, c.i.ChannelID, func(t *Table) error {
		if t.Status != StatusLobby || t.Game != id.Game || id.Rev < t.Opened {
			return refuse("This lobby is closed. Start a new one with /start.", "Tento stůl už je zavřený. Nový založíš příkazem /start.")
		}
		return change(t)
	})
	if err != nil {
		return err
	}
	return c.update(b.lobbyMessage(t, t.Lang()))
}

func (b *Bot) onJoin(c *call, id ID) error {
	return b.lobbyChange(c, id, func(t *Table) error {
		if _, seated := t.SeatOf(c.user); seated {
			return refuse("You already have a seat.", "Už máš místo.")
		}
		kit, _ := b.kit(t.Game)
		if _, maxSeats := kit.Game.Seats(); len(t.Seats) >= maxSeats {
			return refuse("The table is full.", "Stůl je plný.")
		}
		t.Seats = append(t.Seats, SeatInfo{User: c.user, Name: c.name})
		return nil
	})
}

func (b *Bot) onLeave(c *call, id ID) error {
	return b.lobbyChange(c, id, func(t *Table) error {
		seat, seated := t.SeatOf(c.user)
		if !seated {
			return refuse("You are not seated at this table.", "U tohoto stolu nesedíš.")
		}
		t.Seats = append(t.Seats[:seat], t.Seats[seat+1:]...)
		if c.user == t.Creator {
			t.Creator = ""
			for _, s := range t.Seats {
				if !s.AI {
					t.Creator = s.User
					break
				}
			}
			if t.Creator == "" {
				t.Status = StatusOver
			}
		}
		return nil
	})
}

func (b *Bot) onAddAI(c *call, id ID) error {
	return b.lobbyChange(c, id, func(t *Table) error {
		if c.user != t.Creator {
			return refuse("Only the host can add AI players.", "AI hráče může přidat jen zakladatel.")
		}
		kit, _ := b.kit(t.Game)
		if _, maxSeats := kit.Game.Seats(); len(t.Seats) >= maxSeats {
			return refuse("The table is full.", "Stůl je plný.")
		}
		n := 1
		for _, s := range t.Seats {
			if s.AI {
				n++
			}
		}
		t.Seats = append(t.Seats, SeatInfo{Name: fmt.Sprintf("AI %d", n), AI: true})
		return nil
	})
}

func (b *Bot) onCancel(c *call, id ID) error {
	return b.lobbyChange(c, id, func(t *Table) error {
		if c.user != t.Creator && !canManage(c) {
			return refuse("Only the host or someone with Manage Channels can cancel.", "Zrušit může jen zakladatel nebo někdo s právem Spravovat kanály.")
		}
		t.Status = StatusOver
		return nil
	})
}

// canManage reports whether the caller has the Manage Channels permission here.
func canManage(c *call) bool {
	return c.perms&(discordgo.PermissionManageChannels|discordgo.PermissionAdministrator) != 0
}

// onStart starts the game: the record begins, chance deals, AI seats move, and the first
// board is posted.
func (b *Bot) onStart(c *call, id ID) error {
	if err := c.ackUpdate(); err != nil {
		return err
	}
	var steps []step
	var st games.State
	t, err := b.mutate(c.ctx, c.i.ChannelID, func(t *Table) error {
		if t.Status != StatusLobby || t.Game != id.Game || id.Rev < t.Opened {
			return refuse("This lobby is closed. Start a new one with /start.", "Tento stůl už je zavřený. Nový založíš příkazem /start.")
		}
		if c.user != t.Creator {
			return refuse("Only the host can start the game.", "Hru může spustit jen zakladatel.")
		}
		kit, _ := b.kit(t.Game)
		if minSeats, _ := kit.Game.Seats(); len(t.Seats) < minSeats {
			return refuse("%s needs at least %d players.", "%s potřebuje aspoň %d hráče.", kit.Game.Title().EN, minSeats)
		}
		rec, err := games.Start(kit.Game, t.Names(), t.Options)
		if err != nil {
			return userError{games.ReasonOf(err)}
		}
		steps, err = b.advance(t, rec)
		if err != nil {
			return err
		}
		t.Record, t.Status, st = &rec.Record, StatusPlaying, rec.State
		t.Since = nil
		refreshSince(t, nil, nil)
		return nil
	})
	if err != nil {
		return err
	}
	lobby := b.lobbyMessage(t, t.Lang())
	lobby.content = strings.SplitN(lobby.content, "\n", 2)[0] + "\n" + games.Say("The game has started — good luck!", "Hra začala — hodně štěstí!").In(t.Lang())
	lobby.components = nil
	if err := c.edit(lobby); err != nil {
		return err
	}
	return b.announce(c, t, st, steps)
}
