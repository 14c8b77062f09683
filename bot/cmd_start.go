package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

// startCommand is /start game:… [game options]: it opens a lobby in the channel.
func (b *Bot) startCommand() command {
	opts := []*discordgo.ApplicationCommandOption{b.gameOption(true)}
	seen := map[string]bool{"game": true}
	for _, k := range b.kits {
		for _, o := range k.Game.Options() {
			if seen[o.Name] || len(opts) == 25 {
				continue
			}
			seen[o.Name] = true
			typ := discordgo.ApplicationCommandOptionString
			switch o.Kind {
			case "bool":
				typ = discordgo.ApplicationCommandOptionBoolean
			case "int":
				typ = discordgo.ApplicationCommandOptionInteger
			}
			desc, loc := describe(games.Text{EN: k.Game.Title().EN + ": " + o.About.EN, CS: k.Game.Title().CS + ": " + o.About.CS})
			opts = append(opts, &discordgo.ApplicationCommandOption{Type: typ, Name: o.Name, Description: truncate(desc, 100),
				DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Czech: truncate((*loc)[discordgo.Czech], 100)}})
		}
	}
	return command{
		def:    newCommand("start", games.Say("Open a table for a game in this channel", "Založ v tomto kanálu stůl pro hru"), opts...),
		handle: (*Bot).onStartCommand,
	}
}

// optionsFrom collects the command's options that belong to game g into its options object.
func optionsFrom(g games.Game, data discordgo.ApplicationCommandInteractionData) (json.RawMessage, error) {
	known := map[string]games.Option{}
	for _, o := range g.Options() {
		known[o.Name] = o
	}
	set := map[string]any{}
	for _, o := range data.Options {
		if o.Name == "game" {
			continue
		}
		spec, ok := known[o.Name]
		if !ok {
			return nil, refuse("%s has no option %q.", "%s nemá volbu %q.", g.Title().EN, o.Name)
		}
		switch spec.Kind {
		case "bool":
			set[o.Name] = o.BoolValue()
		case "int":
			set[o.Name] = o.IntValue()
		case "list":
			var list []int
			if err := json.Unmarshal([]byte("["+o.StringValue()+"]"), &list); err != nil {
				return nil, refuse("Option %s takes numbers separated by commas, like 1,2,3.", "Volba %s bere čísla oddělená čárkami, např. 1,2,3.", o.Name)
			}
			set[o.Name] = list
		default:
			set[o.Name] = o.StringValue()
		}
	}
	raw, err := json.Marshal(set)
	if err != nil {
		return nil, fmt.Errorf("encode options: %w", err)
	}
	return raw, nil
}

func (b *Bot) onStartCommand(c *call) error {
	data := c.i.ApplicationCommandData()
	var name string
	for _, o := range data.Options {
		if o.Name == "game" {
			name = o.StringValue()
		}
	}
	kit, ok := b.kit(name)
	if !ok {
		return refuse("I do not know the game %q. Try /help.", "Hru %q neznám. Zkus /help.", name)
	}
	if c.i.GuildID == "" {
		return refuse("Games are played in server channels, not in direct messages.", "Hraje se v kanálech serveru, ne v soukromých zprávách.")
	}
	options, err := optionsFrom(kit.Game, data)
	if err != nil {
		return err
	}
	_, maxSeats := kit.Game.Seats()
	probe := make([]string, maxSeats)
	for i := range probe {
		probe[i] = fmt.Sprintf("p%d", i)
	}
	if _, err := kit.Game.New(probe, options); err != nil {
		return userError{games.ReasonOf(err)}
	}
	locale := string(c.i.Locale)
	if c.i.GuildLocale != nil {
		locale = string(*c.i.GuildLocale)
	}
	fresh := &Table{Game: kit.Game.Name(), Guild: c.i.GuildID, Channel: c.i.ChannelID, Creator: c.user, Status: StatusLobby,
		Seats: []SeatInfo{{User: c.user, Name: c.name}}, Options: options, Locale: locale, Created: b.now()}
	t, err := b.loadTable(c.ctx, c.i.ChannelID)
	switch {
	case errors.Is(err, errNoTable):
	case err != nil:
		return err
	case t.Status != StatusOver:
		other, _ := b.kit(t.Game)
		return refuse("A game of %s is already running in this channel — see it with /status, or /abandon it first.",
			"V tomto kanálu už běží hra %s — ukáže ji /status, nebo ji nejdřív ukonči přes /abandon.", other.Game.Title().EN)
	default:
		b.ensureArchived(c, t)
		cur, err := b.loadTable(c.ctx, c.i.ChannelID) // ensureArchived may have written
		if err != nil {
			return err
		}
		fresh.rev = cur.rev
	}
	fresh.ID = fmt.Sprintf("%s-%d", c.i.ChannelID, fresh.rev+1)
	fresh.Opened = fresh.rev + 1
	if err := b.saveTable(c.ctx, fresh); err != nil {
		return fmt.Errorf("open lobby: %w", err)
	}
	tableLog(c.log, fresh).Info("lobby opened")
	return c.reply(b.lobbyMessage(fresh, fresh.Lang()))
}

// onRematch opens a new lobby with the same seats and options after a game ended.
func (b *Bot) onRematch(c *call, id ID) error {
	if old, err := b.loadTable(c.ctx, c.i.ChannelID); err == nil {
		b.ensureArchived(c, old)
	}
	t, err := b.mutate(c.ctx, c.i.ChannelID, func(t *Table) error {
		if t.Status != StatusOver || t.Game != id.Game {
			return refuse("A rematch can only start when the channel's game is over.", "Odveta může začít jen po skončení hry v kanálu.")
		}
		if _, seated := t.SeatOf(c.user); !seated {
			return refuse("Only the players of the last game can call a rematch — start your own with /start.", "Odvetu mohou vyvolat jen hráči minulé hry — vlastní hru založíš přes /start.")
		}
		*t = Table{ID: fmt.Sprintf("%s-%d", t.Channel, t.rev+1), Game: t.Game, Guild: t.Guild, Channel: t.Channel, Creator: c.user,
			Status: StatusLobby, Seats: slices.Clone(t.Seats), Options: t.Options, Locale: t.Locale, Opened: t.rev + 1,
			Created: b.now(), rev: t.rev}
		return nil
	})
	if err != nil {
		return err
	}
	return c.reply(b.lobbyMessage(t, t.Lang()))
}
