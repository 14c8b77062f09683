package bot

import (
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
)

// rulesPageArg is the custom_id argument of the rules' page menu: its chosen value is the
// page, "0" the summary and n the game's n-th RulePage.
const rulesPageArg = "page"

// rulesMessage is a game's rules at page (0: the summary of Game.Rules; n: the n-th of its
// RulePages), ephemeral. A game with pages gets a menu of them under the text, the shown page
// marked; every part is cut to Discord's limits.
func rulesMessage(c *call, kit games.Game, page int) message {
	var pages []games.RulePage
	if rp, ok := kit.(games.RulePages); ok {
		pages = rp.RulePages()
	}
	pages = pages[:min(len(pages), games.MaxChoices-1)]
	if page < 0 || page > len(pages) {
		page = 0
	}
	text := kit.Rules()
	if page > 0 {
		text = pages[page-1].Text
	}
	m := message{content: truncate(c.say(text), 2000), ephemeral: true}
	if len(pages) == 0 {
		return m
	}
	opts := []discordgo.SelectMenuOption{{Label: c.say(games.Say("Summary", "Přehled")), Value: "0", Default: page == 0}}
	for i, p := range pages {
		opts = append(opts, discordgo.SelectMenuOption{Label: truncate(c.say(p.Label), 100), Value: strconv.Itoa(i + 1), Default: page == i+1})
	}
	m.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID:    buildID(kit.Name(), 0, verbRules, rulesPageArg),
		Placeholder: c.say(games.Say("More rules: pick a page…", "Další pravidla: vyber stránku…")),
		Options:     opts,
	}}}}
	return m
}

// onRulesPage shows the page chosen in a rules message's menu, in place of that message.
func (b *Bot) onRulesPage(c *call, id ID) error {
	kit, ok := b.kit(id.Game)
	if !ok {
		return refuse("I do not know the game %q.", "Hru %q neznám.", id.Game)
	}
	page := 0
	if v := c.i.MessageComponentData().Values; len(v) == 1 {
		page, _ = strconv.Atoi(v[0])
	}
	return c.update(rulesMessage(c, kit.Game, page))
}
