package bot

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// manager is a Czech-speaking member with Manage Server; ada has every permission but
// Administrator (the fake's default), Manage Server among them.
var manager = fakediscord.User{ID: "100000000000000004", Username: "dana", GlobalName: "Dana", Locale: "cs"}

// noManage is u without Manage Server (and without Administrator).
func noManage(u fakediscord.User) fakediscord.User {
	all, _ := strconv.ParseInt("2251799813685239", 10, 64)
	u.Permissions = strconv.FormatInt(all&^discordgo.PermissionManageGuild, 10)
	return u
}

// openSettings runs /settings as u and returns the panel u sees.
func (h *harness) openSettings(in *instance, u fakediscord.User) fakediscord.Message {
	h.t.Helper()
	m := h.command(in, u, "settings")
	if !m.Ephemeral() {
		h.t.Fatalf("the settings panel is public: %q", m.Content)
	}
	return m
}

// setting picks values in the panel's menu of setting, as u, and returns the panel u sees.
func (h *harness) setting(in *instance, u fakediscord.User, panel fakediscord.Message, setting string, values ...string) fakediscord.Message {
	h.t.Helper()
	for _, c := range components(h.t, panel) {
		if id, err := ParseID(c.CustomID); err == nil && id.Verb == string(verbSettings) && id.Arg == setting {
			ix := h.fake.Select(actor(u).On(panel), c.CustomID, values...)
			if err := h.send(in, ix); err != nil {
				h.t.Fatalf("setting %s to %v: %v", setting, values, err)
			}
			return h.seen(ix)
		}
	}
	h.t.Fatalf("the panel has no %s menu: %s", setting, panel.Components)
	return fakediscord.Message{}
}

// TestSettingsRegistered: /settings is registered for Manage Server only, in servers only.
func TestSettingsRegistered(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	cmds, err := in.session.ApplicationCommands(h.fake.ApplicationID(), testGuild)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(cmds, func(c *discordgo.ApplicationCommand) bool { return c.Name == "settings" })
	if i < 0 {
		t.Fatal("/settings is not registered")
	}
	c := cmds[i]
	if c.DefaultMemberPermissions == nil || *c.DefaultMemberPermissions != discordgo.PermissionManageGuild {
		t.Errorf("default_member_permissions %v, want 32 (Manage Server)", c.DefaultMemberPermissions)
	}
	if c.Contexts == nil || !slices.Equal(*c.Contexts, []discordgo.InteractionContextType{discordgo.InteractionContextGuild}) {
		t.Errorf("contexts %v: want servers only", c.Contexts)
	}
}

// TestSettingsRefused: a member without Manage Server is refused, in their language, both the
// command (though Discord let it through) and a change on a manager's panel; nothing changes.
func TestSettingsRefused(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	h.refuse(in, ben, h.fake.SlashCommand(actor(noManage(ben)), "settings"), "Spravovat server")
	h.refuse(in, cid, h.fake.SlashCommand(actor(noManage(cid)), "settings"), "Manage Server")

	panel := h.openSettings(in, ada)
	c := mustFind(t, panel, verbSettings, "")
	for _, comp := range components(t, panel) {
		if id, _ := ParseID(comp.CustomID); id.Arg == setPace {
			c = comp
		}
	}
	h.refuse(in, cid, h.fake.Select(actor(noManage(cid)).On(panel), c.CustomID, "1h0m0s"), "Manage Server")
	st, err := in.bot.tables.ServerSettings(t.Context(), testGuild)
	if err != nil || st.Pace != nil {
		t.Errorf("a refused change changed the settings: %+v %v", st, err)
	}
	// Administrator alone is enough.
	admin := fakediscord.User{ID: "100000000000000005", Username: "eve", Locale: "en-US",
		Permissions: strconv.FormatInt(discordgo.PermissionAdministrator, 10)}
	h.setting(in, admin, h.openSettings(in, admin), setPace, "1h0m0s")
	if st, _ := in.bot.tables.ServerSettings(t.Context(), testGuild); st.Pace == nil || st.Pace.Hours() != 1 {
		t.Errorf("an administrator's change was not saved: %+v", st)
	}
}

// TestSettingsOddValuesRefused: a value a menu never offered (a pace the configuration does
// not offer, an unknown game, language or AI level, no value at all) is refused to the clicker
// alone, in their language; nothing is saved and their panel stays as it was. /settings
// outside a server is refused too.
func TestSettingsOddValuesRefused(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	panel := h.openSettings(in, ada)
	for _, tc := range []struct {
		setting string
		values  []string
	}{
		{setTables, []string{"everywhere"}},
		{setPace, []string{"3m0s"}},
		{setPace, []string{"soon"}},
		{setPace, nil},
		{setAI, []string{"godlike"}},
		{setGames, []string{"fits", "chess"}},
		{setGames, nil}, // Discord asks for one at least (min_values); none would turn every game off
		{setLang, []string{"de"}},
		{setLang, []string{table.LangEnglish, table.LangCzech}},
	} {
		menu := components(t, panel)[0]
		for _, c := range components(t, panel) {
			if id, _ := ParseID(c.CustomID); id.Arg == tc.setting {
				menu = c
			}
		}
		h.refuse(in, ada, h.fake.Select(actor(ada).On(panel), menu.CustomID, tc.values...), "Pick a value from the menu.")
		if now, ok := h.fake.Message(panel.ID); !ok || now.Content != panel.Content {
			t.Errorf("%s %v: after the refusal the panel shows %q, want it as it was:\n%s", tc.setting, tc.values, now.Content, panel.Content)
		}
	}
	if st, err := in.bot.tables.ServerSettings(t.Context(), testGuild); err != nil || !reflect.DeepEqual(st, table.ServerSettings{}) {
		t.Errorf("refused values changed the settings: %+v %v", st, err)
	}

	dm := h.fake.SlashCommand(fakediscord.Actor{User: ben, ChannelID: "100000000000000777"}, "settings")
	if err := h.send(in, dm); err == nil {
		t.Fatalf("/settings in a DM was not refused; ben sees %q", h.seen(dm).Content)
	}
	if m := h.seen(dm); !m.Ephemeral() || m.Deferred || m.Content != "⚠️ Nastavení patří serveru: použij /settings v některém z jeho kanálů." {
		t.Errorf("/settings in a DM: ben sees (ephemeral %v, thinking %v) %q", m.Ephemeral(), m.Deferred, m.Content)
	}
}

// TestSettingsPaceNoLongerOffered: a server's pace the configuration stopped offering gives
// way to the configured default, and the panel shows the pace /start then uses.
func TestSettingsPaceNoLongerOffered(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	gone := 3 * time.Hour
	if _, err := in.bot.tables.ChangeServerSettings(t.Context(), testGuild, func(st *table.ServerSettings) { st.Pace = &gone }); err != nil {
		t.Fatal(err)
	}
	panel := h.openSettings(in, ada)
	if !strings.Contains(panel.Content, "Default pace: 24 h (default)") {
		t.Errorf("the panel with a pace no longer offered:\n%s", panel.Content)
	}
	if lobby := h.openLobby(in); !strings.Contains(lobby.Content, "24 h per move") {
		t.Errorf("the lobby with a pace no longer offered: %q", lobby.Content)
	}
}

// TestSettingsPanel changes every setting through the panel: each change is saved and the
// panel, redrawn in place, says what changed in the clicker's language; a new bot on the same
// store (a restart) shows the same settings.
func TestSettingsPanel(t *testing.T) {
	t.Parallel()
	for name, open := range map[string]func(testing.TB) store.Store{"bolt": openBolt, "redis": openRedis} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			settingsPanel(t, newHarness(t, open(t)))
		})
	}
}

func settingsPanel(t *testing.T, h *harness) {
	in := h.addBot("gateway")
	panel := h.openSettings(in, ada)
	for _, want := range []string{"Tables: in the channel where /start was used (default)", "Default pace: 24 h (default)",
		"At the deadline the AI moves (default)", "AI level (at deadlines, for absent players): easy (default)", "Ingenious, FITS",
		"the server's language on Discord (English) (default)"} {
		if !strings.Contains(panel.Content, want) {
			t.Errorf("the fresh panel does not say %q:\n%s", want, panel.Content)
		}
	}
	menus := components(t, panel)
	if len(menus) != 5 {
		t.Fatalf("%d menus, want 5", len(menus))
	}
	for _, step := range []struct {
		u       fakediscord.User
		setting string
		values  []string
		want    string
	}{
		{ada, setTables, []string{table.TablesThreads}, "✅ Saved: 🧵 Tables: each in a thread of its own"},
		{ada, setPace, []string{"1h0m0s"}, "✅ Saved: ⏱ Default pace: 1 h"},
		{ada, setAI, []string{deadlineWait}, "✅ Saved: 🤖 At the deadline everybody waits"},
		{manager, setAI, []string{search.Strong.String()}, "✅ Uloženo: 🤖 Po termínu se čeká (ostatní mohou hlasovat o předání tahu AI) · Úroveň AI (po termínu a za nepřítomné): silná"},
		{manager, setGames, []string{"ingenious", "sideboards"}, "✅ Uloženo: 🎲 Hry, které nabízí /start: Ingenious, Sideboards"},
		{ada, setLang, []string{table.LangCzech}, "✅ Saved: 🌐 Public messages when no player's language applies: Czech"},
	} {
		panel = h.setting(in, step.u, panel, step.setting, step.values...)
		if !strings.Contains(panel.Content, step.want) {
			t.Errorf("after %s %v the panel does not say %q:\n%s", step.setting, step.values, step.want, panel.Content)
		}
		if !panel.Ephemeral() || len(components(t, panel)) != 5 {
			t.Errorf("after %s the panel is not the ephemeral panel with its menus", step.setting)
		}
	}
	if strings.Contains(panel.Content, "(default)") {
		t.Errorf("every setting was chosen, yet:\n%s", panel.Content)
	}
	// The panel marks the current values in its menus.
	for _, c := range components(t, panel) {
		if id, _ := ParseID(c.CustomID); id.Arg == setGames && len(c.Options) != 4 {
			t.Errorf("the games menu offers %d games", len(c.Options))
		}
	}

	restarted := h.addBot("http")
	again := h.openSettings(restarted, ada)
	for _, want := range []string{"Tables: each in a thread of its own", "Default pace: 1 h", "At the deadline everybody waits",
		"for absent players): strong", "Games /start offers: Ingenious, Sideboards\n", "applies: Czech"} {
		if !strings.Contains(again.Content, want) {
			t.Errorf("after a restart the panel does not say %q:\n%s", want, again.Content)
		}
	}
	if st, _ := restarted.bot.tables.ServerSettings(t.Context(), testGuild); st.TablesOr(table.TablesChannel) != table.TablesThreads {
		t.Errorf("tables mode after a restart: %q", st.TablesOr(table.TablesChannel))
	}
}

// TestSettingsApplyToStart: the next /start takes the server's pace, deadline rule and AI
// level (shown in the lobby), speaks the server's language in public, and refuses a game the
// server turned off; a /start pace option still wins over the default.
func TestSettingsApplyToStart(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	lobby := h.openLobby(in)
	if !strings.Contains(lobby.Content, "24 h per move, then the AI (easy) moves") {
		t.Errorf("the default lobby: %q", lobby.Content)
	}
	if _, err := h.click(in, ada, lobby, mustFind(t, lobby, verbCancel, "")); err != nil {
		t.Fatal(err)
	}

	panel := h.openSettings(in, ada)
	panel = h.setting(in, ada, panel, setPace, "1h0m0s")
	panel = h.setting(in, ada, panel, setAI, search.Strong.String())
	panel = h.setting(in, ada, panel, setGames, "ingenious")
	panel = h.setting(in, ada, panel, setLang, table.LangCzech)

	lobby = h.openLobby(in)
	if !strings.Contains(lobby.Content, "nový stůl") || !strings.Contains(lobby.Content, "1 h na tah, pak táhne AI (silná)") {
		t.Errorf("the lobby after /settings: %q", lobby.Content)
	}
	tab := h.table()
	if tab.Pace.Per.Hours() != 1 || tab.Pace.Wait || tab.Pace.AI == nil || *tab.Pace.AI != search.Strong || tab.Lang() != games.Czech {
		t.Errorf("the table opened with %+v, locale %q", tab.Pace, tab.Locale)
	}
	if _, err := h.click(in, ada, lobby, mustFind(t, lobby, verbCancel, "")); err != nil {
		t.Fatal(err)
	}
	h.setting(in, ada, panel, setAI, deadlineWait)
	lobby = h.openLobby(in)
	if !strings.Contains(lobby.Content, "1 h na tah, pak mohou ostatní předat tah AI (silná)") || !h.table().Pace.Wait {
		t.Errorf("the lobby after choosing to wait at the deadline: %q", lobby.Content)
	}
	if _, err := h.click(in, ada, lobby, mustFind(t, lobby, verbCancel, "")); err != nil {
		t.Fatal(err)
	}
	h.refuse(in, ada, h.fake.SlashCommand(actor(ada), "start", fakediscord.SubCommand("fits")), "FITS is not offered on this server")
	h.refuse(in, ben, h.fake.SlashCommand(actor(ben), "start", fakediscord.SubCommand("fits")), "Hra FITS se na tomto serveru nenabízí")

	lobby = h.openLobby(in, fakediscord.StringOption("pace", "live"))
	if !strings.Contains(lobby.Content, "naživo, bez časového limitu; za nepřítomné hraje AI (silná)") {
		t.Errorf("a live lobby: %q", lobby.Content)
	}
}
