package localtable

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
	"github.com/tablebot/tablebot/table"
)

// archiveGames finishes games of Ingenious between the local table's people into st's
// archive, rated one after the other as the referee rates them (each played to its end with
// the game's hints).
func archiveGames(t *testing.T, st store.Store) {
	t.Helper()
	reg, err := games.NewRegistry(catalog.Games(catalog.Kits())...)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := reg.Lookup("ingenious")
	people := []store.Seat{{UserID: "100000000000000001", Name: "Ada"}, {UserID: "100000000000000002", Name: "Ben"},
		{UserID: "100000000000000003", Name: "Cid"}, {UserID: "100000000000000004", Name: "Dana"}}
	led := table.NewLedger()
	at := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	for n, pair := range [][2]int{{0, 1}, {2, 3}, {0, 2}, {1, 3}, {0, 3}, {1, 2}, {0, 1}} {
		seats := []store.Seat{people[pair[0]], people[pair[1]]}
		rec, err := games.Start(g, []string{seats[0].Name, seats[1].Name}, nil)
		if err != nil {
			t.Fatal(err)
		}
		hint := func(st games.State, seat games.Seat) games.Action { return st.Hint(seat) }
		if _, err := games.Advance(rec, rand.New(rand.NewPCG(uint64(n), 11)), hint); err != nil {
			t.Fatal(err)
		}
		for i := range rec.Record.Moves {
			rec.Record.Moves[i].By = "" // the people moved (with a hint), not the AI
		}
		data, _ := json.Marshal(rec.Record)
		a := store.Archived{GameID: fmt.Sprintf("%s-%d", ChannelID, n+1), Game: "ingenious", At: at.Add(time.Duration(n) * time.Hour), Seats: seats, Record: data}
		f, err := led.Apply(reg, GuildID, a)
		if err != nil {
			t.Fatal(err)
		}
		f.Record = data
		if _, err := st.Finish(context.Background(), f); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBrowserRatings: on a server with seven finished games, Ada's tab in a real Chromium at a
// phone's width shows /leaderboard and /stats with its chart, and /history's View opens the replay viewer, whose ⏮ ▶
// buttons step through the game and whose Go to move… modal goes to a move; the screenshots
// are the README's (docs/leaderboard.png, docs/stats.png, docs/replay-viewer.png: run it with
// -args -screenshots $PWD/docs from the repository's root).
func TestBrowserRatings(t *testing.T) {
	exe := browser(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	st := storetest.OpenBolt(t)
	archiveGames(t, st)
	srv := startServerOn(ctx, t, st)

	alloc, stop := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(400, 860))
	defer stop()
	tab, closeTab := chromedp.NewContext(alloc)
	defer closeTab()
	if err := chromedp.Do(tab, chromedp.Navigate(srv.URL()+"?user=ada"), chromedp.WaitVisible("#command")); err != nil {
		t.Fatalf("open Ada's tab: %v", err)
	}
	run := func(actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(tab, actions...); err != nil {
			t.Fatal(err)
		}
	}
	eval := func(js string) bool {
		t.Helper()
		v, err := chromedp.Run(tab, chromedp.Evaluate[bool](js))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	messages := func() string {
		t.Helper()
		v, err := chromedp.Run(tab, chromedp.Text("#messages"))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	waitFor := func(what string) {
		t.Helper()
		for deadline := time.Now().Add(15 * time.Second); !strings.Contains(messages(), what); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				m := messages()
				t.Fatalf("%q never showed:\n%s", what, m[max(0, len(m)-1500):])
			}
		}
	}
	command := func(text string) {
		t.Helper()
		run(chromedp.SendKeys("#command", text))
		eval(`(() => { document.getElementById('compose').requestSubmit(); return true; })()`)
	}
	click := func(label string) {
		t.Helper()
		js := fmt.Sprintf(`(() => { const b = [...document.querySelectorAll('.msg button')].reverse().find(b => b.textContent.trim() === %q && !b.disabled); if (b) b.click(); return !!b; })()`, label)
		for deadline := time.Now().Add(10 * time.Second); !eval(js); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("no %q button", label)
			}
		}
	}
	dir := t.TempDir()
	if *screenshots != "" {
		dir = *screenshots
	}
	shoot := func(name string) {
		t.Helper()
		run(chromedp.Sleep(400 * time.Millisecond))
		png, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	command("/leaderboard ingenious")
	waitFor("Ingenious — leaderboard")
	waitFor("← you")
	if m := messages(); !strings.Contains(m, "Ada") || !strings.Contains(m, "Dana") {
		t.Fatalf("the leaderboard does not list the players:\n%s", m)
	}
	// At a phone's width, like the other phone shots (a window is at least 500 px wide).
	run(chromedp.EmulateViewport(400, 720))
	eval(`(() => { const m = [...document.querySelectorAll('.msg')].pop(); m.scrollIntoView({block: 'end'}); return true; })()`)
	shoot("leaderboard.png")

	command("/stats")
	waitFor("Ada — statistics on this server")
	waitFor("Plays most with")
	run(chromedp.EmulateViewport(400, 1100))
	eval(`(() => { const m = [...document.querySelectorAll('.msg')].pop(); m.scrollIntoView({block: 'end'}); return true; })()`)
	shoot("stats.png")
	run(chromedp.EmulateViewport(400, 860))

	command("/history")
	waitFor("View 7")
	click("🎞️ View 1")
	waitFor("Your game: the table as your seat saw it")
	click("⏮️")
	waitFor("The start")
	click("▶️")
	waitFor("Move 1 of")
	click("Go to move…")
	run(chromedp.WaitVisible("#modalfields input"))
	run(chromedp.SetValue("#modalfields input", "12"))
	eval(`(() => { document.getElementById('modalsubmit').click(); return true; })()`)
	waitFor("Move 12 of")
	// Tall enough for the whole viewer: its header, the picture and the buttons.
	run(chromedp.EmulateViewport(400, 1180))
	eval(`(() => { const m = [...document.querySelectorAll('.msg')].pop(); m.scrollIntoView({block: 'end'}); return true; })()`)
	shoot("replay-viewer.png")
	t.Logf("screenshots in %s", dir)
}
