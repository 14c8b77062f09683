package bot

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// allTablePermissions is every permission but Administrator, as the fake grants by default.
const allTablePermissions int64 = 2251799813685239

// TestMissingPermissionsListed: the permissions a table needs are named as Discord names them,
// in English and Czech, joined as a sentence; an interaction that does not say (the local
// table, older payloads) and an administrator lack nothing.
func TestMissingPermissionsListed(t *testing.T) {
	for _, tc := range []struct {
		have   int64
		en, cs string
	}{
		{0, "", ""},
		{allTablePermissions, "", ""},
		{discordgo.PermissionAdministrator, "", ""},
		{allTablePermissions &^ discordgo.PermissionAttachFiles, "**Attach Files**", "**Připojovat soubory**"},
		{allTablePermissions &^ (discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles), "**Send Messages** and **Attach Files**", "**Odesílat zprávy** a **Připojovat soubory**"},
		{discordgo.PermissionEmbedLinks, "**View Channel**, **Send Messages** and **Attach Files**", "**Zobrazit kanál**, **Odesílat zprávy** a **Připojovat soubory**"},
	} {
		missing := missingOf(&discordgo.Interaction{AppPermissions: tc.have}, tablePermissions)
		if en, cs := listed(missing, games.English), listed(missing, games.Czech); en != tc.en || cs != tc.cs {
			t.Errorf("having %b: missing %q / %q, want %q / %q", tc.have, en, cs, tc.en, tc.cs)
		}
	}
}

// TestStartRefusedWithoutPermissions: /start, the lobby's Start and a Rematch in a channel
// where the bot lacks a permission a table needs are answered — only to the caller, in their
// language, naming what is missing and where it is granted — and start nothing.
func TestStartRefusedWithoutPermissions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lacks int64
		en    string
		cs    string
	}{
		{discordgo.PermissionViewChannel, "I'm missing **View Channel**", "chybí mi oprávnění **Zobrazit kanál**"},
		{discordgo.PermissionSendMessages, "I'm missing **Send Messages**", "chybí mi oprávnění **Odesílat zprávy**"},
		{discordgo.PermissionAttachFiles, "I'm missing **Attach Files**", "chybí mi oprávnění **Připojovat soubory**"},
	} {
		transport := map[bool]string{true: "gateway", false: "http"}[tc.lacks != discordgo.PermissionSendMessages]
		t.Run(transport+" "+tc.en, func(t *testing.T) {
			t.Parallel()
			h, in := newBot(t, transport)
			h.fake.SetAppPermissions(testChannel, allTablePermissions&^tc.lacks)
			start := func(u fakediscord.User) *fakediscord.Interaction {
				return h.fake.SlashCommand(actor(u), "start", fakediscord.SubCommand("ingenious"))
			}
			ix := start(ada)
			h.refuse(in, ada, ix, tc.en)
			h.refusedTo(ix, ada, "Edit Channel → Permissions → tablebot")
			ix = start(ben) // Ben's client speaks Czech
			h.refuse(in, ben, ix, tc.cs)
			h.refusedTo(ix, ben, "Nic se nespustilo.")
			if tb, err := in.bot.tables.Load(context.Background(), testChannel); err == nil && tb != nil {
				t.Fatalf("a table was opened: %+v", tb)
			}
			if n := len(h.fake.ChannelMessages(testChannel)); n != 0 {
				t.Fatalf("%d public messages in a channel the bot may not use", n)
			}

			// A lobby opened before the permission was taken away does not start.
			h.fake.SetAppPermissions(testChannel, allTablePermissions)
			lobby := h.openLobby(in)
			if _, err := h.click(in, ben, lobby, mustFind(t, lobby, verbJoin, "")); err != nil {
				t.Fatal(err)
			}
			lobby, _ = h.fake.Message(lobby.ID)
			h.fake.SetAppPermissions(testChannel, allTablePermissions&^tc.lacks)
			h.refuse(in, ada, h.fake.Click(actor(ada).On(lobby), mustFind(t, lobby, verbStart, "").CustomID), tc.en)
			if tb := h.table(); tb.Status != table.StatusLobby {
				t.Fatalf("the game started: %s", tb.Status)
			}
		})
	}
}

// TestForbiddenBoardMidGame: Discord refuses a board (403 Missing Permissions: Attach Files was
// taken away mid-game). The move is kept and the board stays owed; the next click explains what
// is missing, in the clicker's language, and is not used; once the permission is back, the next
// click brings the owed board, and no move is lost.
func TestForbiddenBoardMidGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, openBolt(t))
	h.lease = 50 * time.Millisecond
	h.opts.PostRetries = 1
	in := h.addBot("gateway")
	h.startGame(in, ben.ID)
	before := len(h.fake.ChannelMessages(testChannel))
	mover, seat, commit := h.commitReady(in)
	moves := h.movesBy(seat)

	// Attach Files is taken away after the click was made: the move is kept, its board refused.
	h.fake.SetAppPermissions(testChannel, allTablePermissions&^discordgo.PermissionAttachFiles)
	if err := h.send(in, commit); err != nil {
		t.Fatalf("the move itself was refused: %v", err)
	}
	tb := h.table()
	if h.movesBy(seat) != moves+1 || tb.Owed == nil || len(h.fake.ChannelMessages(testChannel)) != before {
		t.Fatalf("after a refused board: %d moves (want %d), owed %+v, %d new messages", h.movesBy(seat), moves+1, tb.Owed, len(h.fake.ChannelMessages(testChannel))-before)
	}
	var refused bool
	for _, r := range h.fake.Requests() {
		refused = refused || r.Matches(boardPosts) && r.Status == http.StatusForbidden
	}
	if !refused {
		t.Fatal("the fake never refused a board post")
	}
	next := people[tb.Seats[h.toAct()].User]
	time.Sleep(80 * time.Millisecond) // the mover's lease runs out

	// The next click on the table explains, in the clicker's language, and is not used.
	board := h.lastBoard()
	want := map[string]string{ada.ID: "I'm missing **Attach Files**", ben.ID: "chybí mi oprávnění **Připojovat soubory**"}[next.ID]
	h.refuse(in, next, h.fake.Click(actor(next).On(board), mustFind(t, board, verbTurn, "").CustomID), want)
	h.refuse(in, mover, h.fake.Click(actor(mover).On(board), mustFind(t, board, verbTurn, "").CustomID),
		map[string]string{ada.ID: "this click was not used", ben.ID: "toto kliknutí se nepoužilo"}[mover.ID])
	if tb := h.table(); tb.Owed == nil || h.movesBy(seat) != moves+1 || len(h.fake.ChannelMessages(testChannel)) != before {
		t.Fatalf("the waiting table changed: owed %+v, %d moves", tb.Owed, h.movesBy(seat))
	}

	// The permission is back: the next click posts the owed board, with the move in it.
	h.fake.SetAppPermissions(testChannel, allTablePermissions)
	panel, err := h.click(in, next, board, mustFind(t, board, verbTurn, ""))
	if err != nil || !panel.Ephemeral() {
		t.Fatalf("the panel after the permission came back: %v %q", err, panel.Content)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	msgs, err := h.fake.WaitChannelMessages(ctx, testChannel, before+1)
	if err != nil {
		t.Fatalf("the owed board never came: %v", err)
	}
	if c := msgs[before].Content; !strings.Contains(c, "<@"+next.ID+">") || len(msgs[before].Attachments) != 1 {
		t.Fatalf("the late board: %q with %d pictures", c, len(msgs[before].Attachments))
	}
	waitFor(t, func() bool { return h.table().Owed == nil })
	if h.movesBy(seat) != moves+1 {
		t.Fatalf("a move was lost: %d, want %d", h.movesBy(seat), moves+1)
	}
	h.playTurn(firstChoice) // and the game goes on
}

// TestRematchRefusedWithoutPermissions: a Rematch in a channel where the bot may no longer
// post pictures explains what is missing and opens no lobby; once granted, it does.
func TestRematchRefusedWithoutPermissions(t *testing.T) {
	t.Parallel()
	h, in := newBot(t, "gateway")
	lobby := h.openGameLobby(in, "fits", fakediscord.StringOption("boards", "1"))
	h.seatAndStart(in, lobby, ben.ID)
	h.playSimultaneous(in)
	end := h.lastBoard()
	rematch := mustFind(t, end, verbRematch, "")
	over := h.table()
	h.fake.SetAppPermissions(testChannel, allTablePermissions&^discordgo.PermissionAttachFiles)
	h.refuse(in, ben, h.fake.Click(actor(ben).On(end), rematch.CustomID), "chybí mi oprávnění **Připojovat soubory**")
	if tb := h.table(); tb.ID != over.ID || tb.Status != over.Status {
		t.Fatalf("a refused Rematch changed the table: %s %s", tb.ID, tb.Status)
	}
	h.fake.SetAppPermissions(testChannel, allTablePermissions)
	m, err := h.click(in, ben, end, rematch)
	if err != nil || h.table().Status != table.StatusLobby {
		t.Fatalf("the Rematch once granted: %v %q", err, m.Content)
	}
}

// TestPermissionRefusalWords: the whole refusal as the caller reads it, one permission and
// several, opening a table and mid-game, in English and Czech.
func TestPermissionRefusalWords(t *testing.T) {
	one := allTablePermissions &^ discordgo.PermissionAttachFiles
	two := allTablePermissions &^ (discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles)
	for _, tc := range []struct {
		have    int64
		midGame bool
		en, cs  string
	}{
		{one, false,
			"I can't run a game in <#5>: I'm missing **Attach Files** (to post the board with its picture). A server admin can grant it in Edit Channel → Permissions → tablebot. Nothing was started.",
			"V kanálu <#5> nemohu vést hru: chybí mi oprávnění **Připojovat soubory** (kvůli zveřejňování herního plánu s obrázkem). Správce serveru ho může přidat v Upravit kanál → Oprávnění → tablebot. Nic se nespustilo."},
		{two, true,
			"I can't post the board in <#5>: I'm missing **Send Messages** and **Attach Files**. A server admin can grant them in Edit Channel → Permissions → tablebot. The game is saved and waits — this click was not used. Once they are granted, click again and the board comes back.",
			"V kanálu <#5> nemohu zveřejnit herní plán: chybí mi oprávnění **Odesílat zprávy** a **Připojovat soubory**. Správce serveru je může přidat v Upravit kanál → Oprávnění → tablebot. Hra je uložená a čeká — toto kliknutí se nepoužilo. Až oprávnění přibudou, klikni znovu a plán se objeví."},
	} {
		err := permissionRefusal(&call{i: &discordgo.Interaction{ChannelID: "5", AppPermissions: tc.have}}, tc.midGame, tablePermissions)
		ue, ok := err.(userError)
		if !ok || ue.text.EN != tc.en || ue.text.CS != tc.cs {
			t.Errorf("refusal %v:\n got %q\n     %q\nwant %q\n     %q", err, ue.text.EN, ue.text.CS, tc.en, tc.cs)
		}
	}
	if err := permissionRefusal(&call{i: &discordgo.Interaction{ChannelID: "5"}}, false, tablePermissions); err != nil {
		t.Errorf("an interaction without app_permissions was refused: %v", err)
	}
}
