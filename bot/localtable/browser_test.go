package localtable

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var screenshots = flag.String("screenshots", "", "also write the page's screenshots to this directory (the README's are in docs/)")

// step is the test's hand on one tab: it makes the next move it can — confirm the move in
// its newest panel, or open its panel from the newest board — and reports what it did ("twice"
// when the tab shows a message twice). It also lists the ephemeral messages the tab shows, by
// ID.
const step = `(() => {
  window.opened = window.opened || {};
  const msgs = [...document.querySelectorAll('.msg')];
  const eph = msgs.filter(m => m.classList.contains('ephemeral')).map(m => m.dataset.id);
  const twice = msgs.length - new Set(msgs.map(m => m.dataset.id)).size;
  if (twice) return {did: 'twice', eph};
  if (msgs.some(m => /Game over|Konec hry/.test(m.textContent))) return {did: 'over', eph};
  const last = [...document.querySelectorAll('.msg.ephemeral')].pop();
  if (last) {
    const drop = [...last.querySelectorAll('button.s3')].find(b => !b.disabled);
    if (drop && !window.opened['drop' + last.dataset.id + drop.dataset.customId]) {
      window.opened['drop' + last.dataset.id + drop.dataset.customId] = 1;
      drop.click(); return {did: 'drop', eph};
    }
  }
  const board = msgs.filter(m => !m.classList.contains('ephemeral')).pop();
  const turn = board && [...board.querySelectorAll('button')].find(b => b.textContent.includes('🎲'));
  // A board edited in place (live play) asks again with new text: open the panel again then.
  const key = board && board.dataset.id + ':' + board.querySelector('.content').textContent;
  if (turn && !window.opened[key]) {
    window.opened[key] = 1;
    turn.click(); return {did: 'turn', eph};
  }
  return {did: 'wait', eph};
})()`

type stepResult struct {
	Did string   `json:"did"`
	Eph []string `json:"eph"`
}

// TestBrowserGame plays a whole game of FITS (one board) for Ada and Ben and an AI in two
// browser tabs of a real Chromium: /start typed into the page, Join, Add AI and Start clicked,
// every move made by clicking the panels. It checks the end and the ranking, that no
// ephemeral panel of one player ever shows in the other's tab and no message shows twice in
// one; it takes screenshots at phone and desktop widths.
func TestBrowserGame(t *testing.T) {
	exe := browser(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	srv := startServer(ctx, t)

	alloc := startBrowser(ctx, t, exe, 1280, 900)
	ada, closeAda := chromedp.NewContext(alloc)
	defer closeAda()
	if err := chromedp.Do(ada, chromedp.Navigate(srv.URL()+"?user=ada"), chromedp.WaitVisible("#command")); err != nil {
		t.Fatalf("open Ada's tab: %v", err)
	}
	ben, closeBen := chromedp.NewContext(ada) // a second tab of the browser Ada's tab started
	defer closeBen()
	if err := chromedp.Do(ben, chromedp.Navigate(srv.URL()+"?user=ben"), chromedp.WaitVisible("#command")); err != nil {
		t.Fatalf("open Ben's tab: %v", err)
	}
	run := func(tab context.Context, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(tab, actions...); err != nil {
			t.Fatal(err)
		}
	}
	eval := func(tab context.Context, js string, out any) {
		t.Helper()
		v, err := chromedp.Run(tab, chromedp.Evaluate[json.RawMessage](js))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(v, out); err != nil {
			t.Fatalf("%s: %v", v, err)
		}
	}
	text := func(tab context.Context, action chromedp.Action[string]) string {
		t.Helper()
		v, err := chromedp.Run(tab, action)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	clickText := func(tab context.Context, label string) {
		t.Helper()
		js := fmt.Sprintf(`(() => { const b = [...document.querySelectorAll('.msg button')].reverse().find(b => b.textContent.trim() === %q && !b.disabled); if (b) b.click(); return !!b; })()`, label)
		for deadline := time.Now().Add(10 * time.Second); ; {
			var ok bool
			eval(tab, js, &ok)
			if ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("no %q button:\n%s", label, text(tab, chromedp.OuterHTML("#messages")))
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	run(ada, chromedp.SendKeys("#command", "/start fits boards:1 pace:live"))
	var sent bool
	eval(ada, `(() => { document.getElementById('compose').requestSubmit(); return true; })()`, &sent)
	// Each click waits for the lobby it changed to show in Ada's tab, as a person would.
	seated := func(who string) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !strings.Contains(text(ada, chromedp.Text("#messages")), who); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s never showed in the lobby", who)
			}
		}
	}
	clickText(ben, "Join")
	seated("@Ben")
	clickText(ada, "Add AI")
	seated("AI 1")
	clickText(ada, "Start")

	seen := map[string]map[string]bool{"ada": {}, "ben": {}}
	over := map[string]bool{}
	for moves := 0; !over["ada"] || !over["ben"]; moves++ {
		if moves > 400 {
			t.Fatal("the game did not end after 400 steps")
		}
		for who, tab := range map[string]context.Context{"ada": ada, "ben": ben} {
			var r stepResult
			eval(tab, step, &r)
			if r.Did == "twice" {
				t.Fatalf("%s's tab shows a message twice:\n%s", who, text(tab, chromedp.OuterHTML("#messages")))
			}
			over[who] = r.Did == "over"
			for _, id := range r.Eph {
				seen[who][id] = true
			}
		}
		time.Sleep(60 * time.Millisecond)
	}
	for id := range seen["ada"] {
		if seen["ben"][id] {
			t.Fatalf("the ephemeral message %s showed in both tabs", id)
		}
	}
	if len(seen["ada"]) == 0 || len(seen["ben"]) == 0 {
		t.Fatal("no panels were seen")
	}
	final := text(ada, chromedp.Text("#messages"))
	if !strings.Contains(final, "Game over") || !strings.Contains(final, "Ada") || !strings.Contains(final, "Ben") || !strings.Contains(final, "AI 1") {
		t.Fatalf("the end does not rank the players:\n%s", final[max(0, len(final)-600):])
	}
	dir := t.TempDir()
	if *screenshots != "" {
		dir = *screenshots
	}
	for _, shot := range []struct {
		name string
		w, h int64
	}{{"local-table-phone.png", 400, 860}, {"local-table-desktop.png", 1280, 900}} {
		run(ada, chromedp.EmulateViewport(shot.w, shot.h), chromedp.Sleep(300*time.Millisecond))
		png, err := chromedp.Run(ada, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if len(png) < 1000 {
			t.Fatalf("screenshot %s is empty", shot.name)
		}
		if err := os.WriteFile(filepath.Join(dir, shot.name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("screenshots in %s", dir)
}
