package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// TestLeaderboardPages: a server with twelve rated players of Ingenious. The last of them asks
// for /leaderboard: the public page lists the first ten by rating and, off the page, their own
// place; ▶ opens page two for them alone (their line marked), the public page unchanged for
// everyone; ◀ on their page turns it back in place. The first page lists the solo records of
// the game, with the rulebook's verdict.
func TestLeaderboardPages(t *testing.T) {
	t.Parallel()
	st := openBolt(t)
	h := newHarness(t, st)
	in := h.addBot("gateway")
	arch := newArchiver(t, st)
	at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	users := map[string]fakediscord.User{}
	for i := 0; i < 12; i += 2 {
		var seats []store.Seat
		for j := i; j < i+2; j++ {
			u := fakediscord.User{ID: fmt.Sprintf("2000000000000000%02d", j), Username: fmt.Sprintf("p%02d", j), GlobalName: fmt.Sprintf("Player%02d", j), Locale: "en-US"}
			users[u.ID] = u
			seats = append(seats, person(u))
		}
		arch.finish("ingenious", seats, at.Add(time.Duration(i)*time.Hour))
	}
	solo := arch.finish("fits", []store.Seat{person(ada)}, at)
	ctx := context.Background()
	page2, err := st.Leaderboard(ctx, testGuild, "ingenious", 10, 10)
	if err != nil || page2.Total != 12 || len(page2.Standings) != 2 {
		t.Fatalf("the store's page two: %v %+v", err, page2)
	}
	last := page2.Standings[1]
	me := users[last.UserID]

	public := h.command(in, me, "leaderboard", fakediscord.StringOption("game", "ingenious"))
	if public.Ephemeral() || !strings.Contains(public.Content, "page 1 of 2") {
		t.Fatalf("/leaderboard: ephemeral %v %q", public.Ephemeral(), public.Content)
	}
	if got := strings.Count(public.Content, "— rating "); got != 11 {
		t.Fatalf("page one shows %d players' lines, want ten and the caller's: %q", got, public.Content)
	}
	if !strings.Contains(public.Content, fmt.Sprintf("**Your place:** 12. **%s** — rating", me.GlobalName)) {
		t.Fatalf("page one does not show the caller's place off the page: %q", public.Content)
	}
	if !buttonDisabled(t, public, "◀️") || buttonDisabled(t, public, "▶️") {
		t.Fatalf("page one's buttons: %s", public.Components)
	}

	// ▶: page two, for the caller alone.
	next, err := h.click(in, me, public, component{CustomID: stepButton(t, public, "▶️")})
	if err != nil || !next.Ephemeral() || next.ID == public.ID {
		t.Fatalf("▶: %v, ephemeral %v", err, next.Ephemeral())
	}
	if !strings.Contains(next.Content, "page 2 of 2") || !strings.Contains(next.Content, "12. **"+me.GlobalName+"**") ||
		!strings.Contains(next.Content, "← you") || strings.Contains(next.Content, "Your place") {
		t.Fatalf("page two: %q", next.Content)
	}
	if !buttonDisabled(t, next, "▶️") || buttonDisabled(t, next, "◀️") {
		t.Fatalf("page two's buttons: %s", next.Components)
	}
	for _, m := range h.fake.Visible(testChannel, ben.ID) {
		if m.ID == public.ID && !strings.Contains(m.Content, "page 1 of 2") {
			t.Fatalf("the public page turned for everyone: %q", m.Content)
		}
	}
	// ◀ on the caller's page turns it back, in place.
	back, err := h.click(in, me, next, component{CustomID: stepButton(t, next, "◀️")})
	if err != nil || back.ID != next.ID || !strings.Contains(back.Content, "page 1 of 2") || !strings.Contains(back.Content, "**Your place:** 12.") {
		t.Fatalf("◀: %v %q", err, back.Content)
	}

	// Solo records: FITS's first page lists Ada's solo game with the rulebook's verdict.
	fitsPage := h.command(in, cid, "leaderboard", fakediscord.StringOption("game", "fits"))
	records, err := st.SoloRecords(ctx, testGuild, "fits", 5)
	if err != nil || len(records) != 1 || records[0].GameID != solo.GameID {
		t.Fatalf("the store's solo records: %v %+v", err, records)
	}
	want := "1. **Ada** — " + games.Count(records[0].Score, "point", "points", "", "", "").EN
	got := fitsPage.Content
	if !strings.Contains(got, "Solo records") || !strings.Contains(got, want) || (records[0].Tier.EN != "" && !strings.Contains(got, records[0].Tier.EN)) {
		t.Fatalf("FITS's leaderboard does not show Ada's solo record %q (%q): %q", want, records[0].Tier.EN, got)
	}
}

// TestEndMessageShowsRatingChanges: Ada and Ben finish a game of Ingenious through Discord;
// the end message shows each one's rating change as the archive has it ("Ada 0.0 → 3.4,
// +3.4"), and the Czech lines read with decimal commas.
func TestEndMessageShowsRatingChanges(t *testing.T) {
	t.Parallel()
	st := openBolt(t)
	h := newHarness(t, st)
	in := h.addBot("gateway")
	// A game of Ada and Ben two moves before its end (played with hints), imported.
	kit, _ := in.bot.kit("ingenious")
	rec, err := games.Start(kit.Game, []string{"Ada", "Ben"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	hint := func(st games.State, seat games.Seat) games.Action { return st.Hint(seat) }
	if _, err := games.Advance(rec, rand.New(rand.NewPCG(5, 6)), hint); err != nil {
		t.Fatal(err)
	}
	full := rec.Record
	cut, left := len(full.Moves), 0
	for cut > 0 && left < 2 {
		cut--
		if full.Moves[cut].Seat != games.Chance {
			left++
		}
	}
	full.Moves = full.Moves[:cut]
	for i := range full.Moves {
		full.Moves[i].By = ""
	}
	host := table.Click{Guild: testGuild, Channel: testChannel, User: ada.ID, Name: "Ada", Manager: true}
	if _, err := in.bot.tables.Import(context.Background(), host, []table.SeatInfo{{User: ada.ID, Name: "Ada"}, {User: ben.ID, Name: "Ben"}}, full); err != nil {
		t.Fatal(err)
	}
	for turn := 0; ; turn++ {
		tb, state := h.current()
		if games.Over(state) {
			break
		}
		if turn > 30 {
			t.Fatal("the game does not end")
		}
		u := people[tb.Seats[state.ToAct()[0]].User]
		panel := h.openPanel(in, u)
		if c, ok := find(t, panel, verbDraft, ""); ok {
			panel, _ = h.click(in, u, panel, c)
		}
		if menu, ok := find(t, panel, verbMenu, ""); ok {
			panel, _ = h.choose(in, u, panel, menu, menu.Options[0].Value)
		}
		if _, err := h.click(in, u, panel, mustFind(t, panel, verbCommit, "")); err != nil {
			t.Fatalf("commit: %v", err)
		}
	}
	end := h.lastBoard()
	if !strings.Contains(end.Content, "Game over") || !strings.Contains(end.Content, "**Ratings:**") {
		t.Fatalf("the end message has no ratings: %q", end.Content)
	}
	a, err := in.bot.tables.ArchivedGame(context.Background(), testGuild, h.table().ID)
	if err != nil || len(a.Ratings) != 2 {
		t.Fatalf("archived ratings: %v %+v", err, a.Ratings)
	}
	for _, r := range a.Ratings {
		line := table.ChangeLine(r).EN
		if !strings.Contains(end.Content, line) || !strings.HasPrefix(line, r.Name+" 0.0 → ") {
			t.Errorf("the end message does not show %q: %q", line, end.Content)
		}
	}
	cs := ratingLines(a.Ratings, games.Czech)
	if !strings.Contains(cs, "**Hodnocení:**") || !strings.Contains(cs, "Ada 0,0 → ") || !strings.Contains(cs, "Ben 0,0 → ") {
		t.Errorf("Czech rating lines: %q", cs)
	}
}
