package bot

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

// startCommand is /start <game> [options]: it opens a lobby in the channel. Each game is a
// subcommand carrying only that game's options, so options of different games never clash.
func (b *Bot) startCommand() command {
	var subs []*discordgo.ApplicationCommandOption
	for _, k := range b.kits {
		g := k.Game
		var opts []*discordgo.ApplicationCommandOption
		for _, o := range g.Options() {
			opts = append(opts, commandOption(o))
		}
		opts = append(opts, b.paceOptions()...)
		desc, loc := describe(games.Text{
			EN: fmt.Sprintf("Open a table for %s (%d–%d players)", g.Title().EN, first(g.Seats()), second(g.Seats())),
			CS: fmt.Sprintf("Založ stůl pro %s (%d–%d hráči)", g.Title().In(games.Czech), first(g.Seats()), second(g.Seats())),
		})
		subs = append(subs, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand,
			Name: g.Name(), Description: truncate(desc, 100), DescriptionLocalizations: *loc, Options: opts})
	}
	return command{
		def:    newCommand("start", games.Say("Open a table for a game in this channel", "Založ v tomto kanálu stůl pro hru"), subs...),
		handle: (*Bot).onStartCommand,
		ack:    ackPublic,
	}
}

// commandName turns a label into a slash-command option name as Discord wants it: lower case,
// words joined by hyphens, at most 32 characters; "" when nothing is left.
func commandName(label string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(label)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '_':
			b.WriteRune('-')
		}
	}
	name := []rune(strings.Trim(b.String(), "-"))
	return string(name[:min(len(name), 32)])
}

func first(a, _ int) int  { return a }
func second(_, b int) int { return b }

// commandOption is the slash-command option of a game option: a boolean, an integer, a string
// with the game's named values as localised choices, or a string of numbers for a list.
func commandOption(o games.Option) *discordgo.ApplicationCommandOption {
	desc, loc := describe(o.About)
	opt := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: o.Name,
		Description: truncate(desc, 100), DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Czech: truncate((*loc)[discordgo.Czech], 100)}}
	if name := commandName(o.Label.In(games.Czech)); name != "" && name != o.Name {
		opt.NameLocalizations = map[discordgo.Locale]string{discordgo.Czech: name}
	}
	switch o.Kind {
	case games.OptionBool:
		opt.Type = discordgo.ApplicationCommandOptionBoolean
	case games.OptionInt:
		opt.Type = discordgo.ApplicationCommandOptionInteger
	case games.OptionChoice:
		for _, v := range o.Values {
			opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: truncate(v.Label.EN, 100), Value: v.Value,
				NameLocalizations: map[discordgo.Locale]string{discordgo.Czech: truncate(v.Label.In(games.Czech), 100)}})
		}
	}
	return opt
}

// optionsFrom collects a /start subcommand's options into game g's options object, checking
// each value's type (a wrongly typed value is refused, never trusted).
func optionsFrom(g games.Game, given []*discordgo.ApplicationCommandInteractionDataOption) (json.RawMessage, error) {
	known := map[string]games.Option{}
	for _, o := range g.Options() {
		known[o.Name] = o
	}
	set := map[string]any{}
	for _, o := range given {
		spec, ok := known[o.Name]
		if !ok {
			return nil, refuse("%s has no option %q.", "%s nemá volbu %q.", g.Title().EN, o.Name)
		}
		bad := refuse("Option %s has a value of the wrong kind.", "Volba %s má hodnotu špatného druhu.", o.Name)
		switch spec.Kind {
		case games.OptionBool:
			v, ok := o.Value.(bool)
			if !ok {
				return nil, bad
			}
			set[o.Name] = v
		case games.OptionInt:
			v, ok := o.Value.(float64)
			if !ok || v != math.Trunc(v) || math.Abs(v) > 1<<31 {
				return nil, bad
			}
			set[o.Name] = int(v)
		case games.OptionList:
			v, ok := o.Value.(string)
			var list []int
			if !ok || json.Unmarshal([]byte("["+strings.Trim(strings.TrimSpace(v), "[]")+"]"), &list) != nil {
				return nil, refuse("Option %s takes numbers separated by commas, like 1,2,3.", "Volba %s bere čísla oddělená čárkami, např. 1,2,3.", o.Name)
			}
			set[o.Name] = list
		default:
			v, ok := o.Value.(string)
			if !ok {
				return nil, bad
			}
			set[o.Name] = v
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
	if len(data.Options) != 1 || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return refuse("Pick a game: /start ingenious, /start fits, …", "Vyber hru: /start ingenious, /start fits, …")
	}
	sub := data.Options[0]
	kit, ok := b.kit(sub.Name)
	if !ok {
		return refuse("I do not know the game %q. Try /help.", "Hru %q neznám. Zkus /help.", sub.Name)
	}
	if c.i.GuildID == "" {
		return refuse("Games are played in server channels, not in direct messages.", "Hraje se v kanálech serveru, ne v soukromých zprávách.")
	}
	// The server's settings, read once. Unreadable, they are the zero settings meanwhile, so
	// that a missing permission is still explained (as configured) before the store's failure.
	server, err := b.tables.ServerSettings(c.ctx, c.i.GuildID)
	thread := b.opensThread(c, server)
	if err := permissionRefusal(c, false, c.needs(thread)); err != nil {
		return err
	}
	if err != nil {
		return err
	}
	if !server.Offers(kit.Game.Name()) {
		return refuse("%s is not offered on this server: its managers turned it off in /settings.",
			"Hra %s se na tomto serveru nenabízí: správci serveru ji vypnuli v /settings.", kit.Game.Title())
	}
	pace, given, err := b.paceFrom(b.serverPace(server), sub.Options)
	if err != nil {
		return err
	}
	level := b.tables.Takeover(server)
	pace.AI = &level
	options, err := optionsFrom(kit.Game, given)
	if err != nil {
		return err
	}
	// Public messages speak the server's language: the one its managers chose, else Discord's.
	locale := string(c.i.Locale)
	if c.i.GuildLocale != nil {
		locale = string(*c.i.GuildLocale)
	}
	if server.Lang != "" {
		locale = server.Lang
	}
	if c.where.thread() && c.where.Thread.Archived {
		// A table opened in an archived thread: the thread opens again for its messages.
		if err := b.setArchived(c.ctx, c.i.ChannelID, false); err != nil {
			c.log.Warn("could not reopen the thread", "err", err)
		}
	}
	click := c.click(ID{})
	if thread {
		// The lobby's table lives under the lobby message's ID, which its thread will have.
		id, err := c.originalID()
		if err != nil {
			return err
		}
		click.Parent, click.Channel = click.Channel, id
	}
	t, err := b.tables.Open(c.ctx, click, kit.Game.Name(), options, pace, locale)
	if err != nil {
		return err
	}
	return c.reply(b.lobbyMessage(t, t.Lang()))
}
