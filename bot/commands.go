package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// command is one slash command: its definition, its handler and how it is acknowledged when
// the handler is slow.
type command struct {
	def    *discordgo.ApplicationCommand
	handle func(b *Bot, c *call) error
	ack    ack
}

// buildCommands lists every slash command, in the order /help and registration show them.
// Bot.New calls it once.
func (b *Bot) buildCommands() []command {
	cmds := []command{b.startCommand(), handCommand(), undoCommand(), statusCommand()}
	cmds = append(cmds, b.asyncCommands()...)
	return append(cmds, abandonCommand(), b.rulesCommand(), helpCommand(), b.leaderboardCommand(), b.statsCommand(), historyCommand(), settingsCommand())
}

// ApplicationCommands returns the definitions of every slash command, for registration.
func (b *Bot) ApplicationCommands() []*discordgo.ApplicationCommand {
	defs := make([]*discordgo.ApplicationCommand, len(b.commandList))
	for i, c := range b.commandList {
		defs[i] = c.def
	}
	return defs
}

// RegisterCommands overwrites the application's slash commands: in one guild when guild is
// set (instant, for testing), otherwise globally.
func (b *Bot) RegisterCommands(ctx context.Context, guild string) error {
	if _, err := b.rest.get().ApplicationCommandBulkOverwrite(b.appID, guild, b.ApplicationCommands(), discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("register slash commands: %w", err)
	}
	return nil
}

// describe builds a command or option description with its Czech localization.
func describe(t games.Text) (string, *map[discordgo.Locale]string) {
	return t.EN, &map[discordgo.Locale]string{discordgo.Czech: t.In(games.Czech)}
}

// newCommand builds a command definition with English and Czech descriptions.
func newCommand(name string, about games.Text, options ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
	desc, loc := describe(about)
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	return &discordgo.ApplicationCommand{Name: name, Description: desc, DescriptionLocalizations: loc, Options: options, Contexts: &guildOnly}
}

// gameOption is the "game" option with a choice per registered game.
func (b *Bot) gameOption(required bool) *discordgo.ApplicationCommandOption {
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, k := range b.kits {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: k.Game.Title().EN, Value: k.Game.Name(),
			NameLocalizations: map[discordgo.Locale]string{discordgo.Czech: k.Game.Title().In(games.Czech)}})
	}
	desc, loc := describe(games.Say("Which game", "Která hra"))
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: desc,
		DescriptionLocalizations: *loc, Required: required, Choices: choices}
}

// gameFor returns the game a command names, or else the game of the channel's table.
func (b *Bot) gameFor(c *call) (string, error) {
	for _, o := range c.i.ApplicationCommandData().Options {
		if o.Name == "game" {
			if name, ok := o.Value.(string); ok {
				return name, nil
			}
			return "", refuse("The game option takes a game's name.", "Volba game bere název hry.")
		}
	}
	t, _, err := b.tables.Current(c.ctx, c.i.ChannelID)
	if errors.Is(err, table.ErrNoTable) {
		return "", refuse("Which game? Add the game option.", "Která hra? Přidej volbu game.")
	}
	if err != nil {
		return "", err
	}
	return t.Game, nil
}

func handCommand() command {
	return command{
		def: newCommand("hand", games.Say("Open your private panel: your rack or hand, and your move", "Otevři svůj soukromý panel: stojánek či ruku a svůj tah")),
		handle: func(b *Bot, c *call) error {
			return b.openPanel(c, ID{})
		},
		ack: ackEphemeral,
	}
}

func undoCommand() command {
	return command{
		def: newCommand("undo", games.Say("Take back your last move, while nothing new has been revealed", "Vezmi zpět svůj poslední tah, dokud se nic nového neodhalilo")),
		handle: func(b *Bot, c *call) error {
			if err := c.ackReply(true); err != nil {
				return err
			}
			return b.undo(c, ID{})
		},
		ack: ackEphemeral,
	}
}

func helpCommand() command {
	return command{
		def: newCommand("help", games.Say("How to play with tablebot", "Jak hrát s tablebotem")),
		handle: func(b *Bot, c *call) error {
			var list string
			for _, k := range b.kits {
				list += fmt.Sprintf("%s %s — `/start %s`\n", k.Game.Emoji(), c.say(k.Game.Title()), k.Game.Name())
			}
			return c.reply(message{ephemeral: true, content: c.say(games.Say(helpEN, helpCS)) + "\n" + list})
		},
		ack: ackInline,
	}
}

const helpEN = `**tablebot** referees tabletop games right here in the channel.
• **/start** ` + "`game`" + ` — open a table; others click **Join**, the host clicks **Start**.
• Click **Your turn** (or type **/hand**) to open your private panel and make your move.
• **/undo** — take back your last move while nothing new has been revealed (also **↩️** on your panel)
• **/games** — your games on this server · **/away**, **/back** — let the AI play for you meanwhile · **/notify** — reminders by direct message
• Each table has a pace (default 24 h per move): a reminder comes at half the time, and at the end of it the AI makes that move (or, with ` + "`at_deadline: wait`" + `, the others may vote). The host can **/kick** an absent player to the AI.
• **/status** — show the table again · **/rules** — the rules · **/leaderboard** — the best players here · **/stats** — a player's record and rating chart · **/history** — finished games: replay them, download their records
• **/abandon** — end the game (the host or someone with Manage Channels) · **/settings** — this server's defaults: pace, AI, games, language (Manage Server).
Games:`

const helpCS = `**tablebot** je rozhodčí deskových her přímo tady v kanálu.
• **/start** ` + "`hra`" + ` — založ stůl; ostatní kliknou na **Přidat se**, zakladatel na **Začít**.
• Klikni na **Tvůj tah** (nebo napiš **/hand**), otevře se tvůj soukromý panel pro tah.
• **/undo** — vzít zpět svůj poslední tah, dokud se nic nového neodhalilo (také **↩️** v panelu)
• **/games** — tvoje hry na serveru · **/away**, **/back** — ať za tebe mezitím hraje AI · **/notify** — připomínky soukromou zprávou
• Každý stůl má tempo (výchozí je 24 h na tah): v polovině času přijde připomínka a po jeho uplynutí tah udělá AI (nebo s ` + "`po-termínu: čekat`" + ` mohou ostatní hlasovat). Zakladatel může nepřítomného hráče předat AI příkazem **/kick**.
• **/status** — ukázat stůl · **/rules** — pravidla · **/leaderboard** — nejlepší hráči serveru · **/stats** — statistiky hráče a graf hodnocení · **/history** — dohrané hry: přehrát je, stáhnout záznamy
• **/abandon** — ukončit hru (zakladatel nebo někdo s právem Spravovat kanály) · **/settings** — výchozí nastavení serveru: tempo, AI, hry, jazyk (právo Spravovat server).
Hry:`

func (b *Bot) rulesCommand() command {
	return command{
		def: newCommand("rules", games.Say("Show the rules of a game", "Ukaž pravidla hry"), b.gameOption(false)),
		handle: func(b *Bot, c *call) error {
			game, err := b.gameFor(c)
			if err != nil {
				return err
			}
			return b.showRules(c, game)
		},
		ack: ackEphemeral,
	}
}
