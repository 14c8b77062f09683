package bot

import (
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/table"
)

// /settings: one ephemeral panel where a server's managers choose where its tables go, the
// default pace and deadline rule, the AI level that stands in for absent players, the games
// /start offers and the language of public messages. Discord shows the command only to members
// with Manage Server (default_member_permissions), and every interaction is checked again —
// the command and each change — against the member's permissions it carries, since a server's
// admins may let others see the command. Every change is saved at once (the referee checks
// it), and the panel is redrawn in place with a line saying what changed, in the clicker's
// language. A setting never chosen shows, and works as, the configuration's default.

// settingsGame is the game part of the panel's custom_ids: the panel belongs to no table, so
// its revision is 0.
const settingsGame = "settings"

// The settings the panel's menus change: the custom_id's Arg.
const (
	setTables = "tables"
	setPace   = "pace"
	setAI     = "ai" // the deadline rule and the stand-in AI's level, one menu
	setGames  = "games"
	setLang   = "lang"
)

// The values of the deadline-and-AI menu besides the AI levels' names.
const (
	deadlineAI   = "deadline-ai"
	deadlineWait = "deadline-wait"
	langServer   = "server"
)

// maxPaceOptions bounds the paces in the pace menu: live and 24 paces fill Discord's 25.
const maxPaceOptions = 24

func settingsCommand() command {
	def := newCommand("settings", games.Say("Server settings: where tables go, pace, AI level, games, language",
		"Nastavení serveru: kam se zakládají stoly, tempo, úroveň AI, hry, jazyk"))
	// Servers only: newCommand sets the guild context (dm_permission is deprecated for it).
	manage := int64(discordgo.PermissionManageGuild)
	def.DefaultMemberPermissions = &manage
	return command{def: def, handle: (*Bot).onSettingsCommand, ack: ackEphemeral}
}

// mayManage refuses someone without Manage Server (or Administrator) in the call's member
// permissions, and a call from outside a server.
func mayManage(c *call) error {
	if c.i.GuildID == "" {
		return refuse("Settings belong to a server: use /settings in one of its channels.",
			"Nastavení patří serveru: použij /settings v některém z jeho kanálů.")
	}
	if c.perms&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) == 0 {
		return refuse("Only someone with the **Manage Server** permission can change this server's settings.",
			"Nastavení serveru může měnit jen někdo s oprávněním **Spravovat server**.")
	}
	return nil
}

func (b *Bot) onSettingsCommand(c *call) error {
	if err := mayManage(c); err != nil {
		return err
	}
	st, err := b.tables.ServerSettings(c.ctx, c.i.GuildID)
	if err != nil {
		return err
	}
	m := b.settingsPanel(c, st, "")
	m.ephemeral = true
	return c.reply(m)
}

// onSettingsChange applies the choice of one of the panel's menus and redraws the panel with
// what changed.
func (b *Bot) onSettingsChange(c *call, id ID) error {
	if err := mayManage(c); err != nil {
		return err
	}
	values := c.i.MessageComponentData().Values
	change, err := b.settingsChange(id.Arg, values)
	if err != nil {
		return err
	}
	st, err := b.tables.ChangeServerSettings(c.ctx, c.i.GuildID, change)
	if err != nil {
		return err
	}
	c.log.Info("server settings changed", "setting", id.Arg, "values", values)
	return c.update(b.settingsPanel(c, st, id.Arg))
}

// settingsChange turns the values chosen in setting's menu into a change of the settings; a
// value the menu never offered is refused.
func (b *Bot) settingsChange(setting string, values []string) (func(*table.ServerSettings), error) {
	bad := refuse("Pick a value from the menu.", "Vyber hodnotu z nabídky.")
	if len(values) == 0 || (setting != setGames && len(values) != 1) {
		return nil, bad
	}
	switch setting {
	case setTables:
		v := values[0]
		if v != table.TablesChannel && v != table.TablesThreads {
			return nil, bad
		}
		return func(st *table.ServerSettings) { st.Tables = v }, nil
	case setPace:
		d, err := time.ParseDuration(values[0])
		if values[0] == "live" {
			d, err = 0, nil
		}
		if err != nil || (d != 0 && !b.offers(d)) {
			return nil, bad
		}
		return func(st *table.ServerSettings) { st.Pace = &d }, nil
	case setAI:
		return deadlineChange(values[0], bad)
	case setGames:
		return b.gamesChange(values, bad)
	case setLang:
		v := values[0]
		if v == langServer {
			v = ""
		} else if v != table.LangEnglish && v != table.LangCzech {
			return nil, bad
		}
		return func(st *table.ServerSettings) { st.Lang = v }, nil
	}
	return nil, bad
}

// deadlineChange is the change of the deadline-and-AI menu's value v: the deadline rule, or
// the stand-in AI's level.
func deadlineChange(v string, bad error) (func(*table.ServerSettings), error) {
	if v == deadlineAI || v == deadlineWait {
		wait := v == deadlineWait
		return func(st *table.ServerSettings) { st.Wait = &wait }, nil
	}
	level, err := search.ParseLevel(v)
	if err != nil {
		return nil, bad
	}
	return func(st *table.ServerSettings) { st.AI = &level }, nil
}

// gamesChange is the change of the games menu: the games chosen stay on offer, the others are
// turned off.
func (b *Bot) gamesChange(values []string, bad error) (func(*table.ServerSettings), error) {
	for _, v := range values {
		if _, ok := b.kit(v); !ok {
			return nil, bad
		}
	}
	var off []string
	for _, k := range b.kits {
		if !slices.Contains(values, k.Game.Name()) {
			off = append(off, k.Game.Name())
		}
	}
	return func(st *table.ServerSettings) { st.Off = off }, nil
}

// settingsPanel is the panel: a line per setting with its value, then, when the setting
// changed was just changed, a line saying what was saved; and a menu per setting.
func (b *Bot) settingsPanel(c *call, st table.ServerSettings, changed string) message {
	lines := b.settingLines(c, st)
	var sb strings.Builder
	sb.WriteString("⚙️ **" + c.say(games.Say("Server settings", "Nastavení serveru")) + "**\n")
	for _, k := range []string{setTables, setPace, setAI, setGames, setLang} {
		sb.WriteString(lines[k] + "\n")
	}
	sb.WriteString(c.say(games.Say("_Each change is saved at once and applies to tables opened from now on._",
		"_Každá změna se uloží hned a platí pro stoly založené od teď._")))
	if changed != "" {
		sb.WriteString("\n✅ " + c.say(games.Say("Saved: ", "Uloženo: ")) + lines[changed])
	}
	return message{content: sb.String(), components: b.settingsMenus(c, st)}
}

// settingLines are the panel's lines, one per setting, by setting; "(default)" marks a value
// nobody chose.
func (b *Bot) settingLines(c *call, st table.ServerSettings) map[string]string {
	def := " " + c.say(games.Say("(default)", "(výchozí)"))
	mark := func(chosen bool) string {
		if chosen {
			return ""
		}
		return def
	}
	pace := b.serverPace(st)
	rule := games.Say("At the deadline the AI moves", "Po termínu táhne AI")
	if pace.Wait {
		rule = games.Say("At the deadline everybody waits (the others may vote to let the AI play)",
			"Po termínu se čeká (ostatní mohou hlasovat o předání tahu AI)")
	}
	lang := games.Say("the server's language on Discord", "jazyk serveru na Discordu")
	if c.i.GuildLocale != nil {
		lang = games.Say("the server's language on Discord (%s)", "jazyk serveru na Discordu (%s)", languageName(string(games.LangOf(string(*c.i.GuildLocale)))))
	}
	if st.Lang != "" {
		lang = languageName(st.Lang)
	}
	return map[string]string{
		setTables: "🧵 " + c.say(games.Say("Tables: ", "Stoly: ")) + c.say(tablesName(b.tablesOf(st))) + mark(st.Tables != ""),
		setPace:   "⏱ " + c.say(games.Say("Default pace: ", "Výchozí tempo: ")) + paceName(pace.Per, c.lang) + mark(st.Pace != nil && *st.Pace == pace.Per),
		setAI: "🤖 " + c.say(rule) + mark(st.Wait != nil) + " · " +
			c.say(games.Say("AI level (at deadlines, for absent players): ", "Úroveň AI (po termínu a za nepřítomné): ")) +
			c.say(levelName(b.tables.Takeover(st))) + mark(st.AI != nil),
		setGames: "🎲 " + c.say(games.Say("Games /start offers: ", "Hry, které nabízí /start: ")) + b.offeredNames(c, st),
		setLang:  "🌐 " + c.say(games.Say("Public messages when no player's language applies: ", "Veřejné zprávy, když nerozhoduje jazyk hráče: ")) + c.say(lang) + mark(st.Lang != ""),
	}
}

// offeredNames lists the games the server offers, by title.
func (b *Bot) offeredNames(c *call, st table.ServerSettings) string {
	var names []string
	for _, k := range b.kits {
		if st.Offers(k.Game.Name()) {
			names = append(names, k.Game.Title().In(c.lang))
		}
	}
	return strings.Join(names, ", ")
}

// tablesName names a tables mode.
func tablesName(mode string) games.Text {
	if mode == table.TablesThreads {
		return games.Say("each in a thread of its own", "každý ve vlastním vlákně")
	}
	return games.Say("in the channel where /start was used", "v kanálu, kde padlo /start")
}

// languageName names a server language.
func languageName(lang string) games.Text {
	if lang == table.LangCzech {
		return games.Say("Czech", "čeština")
	}
	return games.Say("English", "angličtina")
}

// settingsMenus are the panel's five menus (Discord's limit of action rows): tables, pace,
// deadline rule and AI level, games, language. The current value is the default option of
// each single-choice menu but the deadline-and-AI one, which holds two settings.
func (b *Bot) settingsMenus(c *call, st table.ServerSettings) []discordgo.MessageComponent {
	opt := func(label games.Text, value string, current bool) discordgo.SelectMenuOption {
		return discordgo.SelectMenuOption{Label: truncate(c.say(label), 100), Value: value, Default: current}
	}
	mode := b.tablesOf(st)
	tables := []discordgo.SelectMenuOption{
		opt(games.Say("Tables in the channel", "Stoly v kanálu"), table.TablesChannel, mode == table.TablesChannel),
		opt(games.Say("Each table in a thread of its own", "Každý stůl ve vlastním vlákně"), table.TablesThreads, mode == table.TablesThreads),
	}
	pace := b.serverPace(st)
	var paces []discordgo.SelectMenuOption
	for _, d := range append([]time.Duration{0}, b.paces[:min(len(b.paces), maxPaceOptions)]...) {
		label := games.Text{EN: "Default pace: " + paceName(d, games.English), CS: "Výchozí tempo: " + paceName(d, games.Czech)}
		paces = append(paces, opt(label, paceValue(d), d == pace.Per))
	}
	deadline := []discordgo.SelectMenuOption{
		opt(games.Say("At the deadline the AI moves", "Po termínu táhne AI"), deadlineAI, false),
		opt(games.Say("At the deadline everybody waits", "Po termínu se čeká"), deadlineWait, false),
	}
	for _, l := range []search.Level{search.Easy, search.Normal, search.Strong} {
		label := games.Text{EN: "AI level: " + levelName(l).EN, CS: "Úroveň AI: " + levelName(l).CS}
		deadline = append(deadline, opt(label, l.String(), false))
	}
	var kits []discordgo.SelectMenuOption
	for _, k := range b.kits[:min(len(b.kits), 25)] {
		kits = append(kits, opt(k.Game.Title(), k.Game.Name(), st.Offers(k.Game.Name())))
	}
	langs := []discordgo.SelectMenuOption{
		opt(games.Say("Public messages in the server's language", "Veřejné zprávy v jazyce serveru"), langServer, st.Lang == ""),
		opt(games.Say("Public messages in English", "Veřejné zprávy anglicky"), table.LangEnglish, st.Lang == table.LangEnglish),
		opt(games.Say("Public messages in Czech", "Veřejné zprávy česky"), table.LangCzech, st.Lang == table.LangCzech),
	}
	one := 1
	menu := func(setting string, placeholder games.Text, options []discordgo.SelectMenuOption) discordgo.ActionsRow {
		return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: buildID(settingsGame, 0, verbSettings, setting), Placeholder: c.say(placeholder), Options: options}}}
	}
	offered := menu(setGames, games.Say("🎲 Games /start offers…", "🎲 Hry, které nabízí /start…"), kits)
	sel := offered.Components[0].(discordgo.SelectMenu)
	sel.MinValues, sel.MaxValues = &one, len(kits)
	offered.Components[0] = sel
	return []discordgo.MessageComponent{
		menu(setTables, games.Say("🧵 Where tables go…", "🧵 Kam se zakládají stoly…"), tables),
		menu(setPace, games.Say("⏱ Default pace…", "⏱ Výchozí tempo…"), paces),
		menu(setAI, games.Say("🤖 At the deadline, and the AI's level…", "🤖 Co po termínu, a úroveň AI…"), deadline),
		offered,
		menu(setLang, games.Say("🌐 Language of public messages…", "🌐 Jazyk veřejných zpráv…"), langs),
	}
}
