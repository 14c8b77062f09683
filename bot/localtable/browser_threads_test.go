package localtable

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/store/storetest"
)

// TestBrowserThreads: in Ada's tab of a real Chromium at a phone's width, three tables opened
// from the page's channel each get a thread of their own, listed beside the channel; the
// channel keeps the three cards, a thread opens from the list with its board and a way back,
// and the card's link opens its thread too. The desktop screenshot is the README's
// (docs/threads.png: run it with -args -screenshots $PWD/docs from the repository's root).
func TestBrowserThreads(t *testing.T) {
	exe := browser(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	srv := startServerOn(ctx, t, storetest.OpenBolt(t), bot.TablesThreads)
	alloc := startBrowser(ctx, t, exe, 400, 860)
	ada := openTab(t, alloc, srv, "ada")
	threads := `document.querySelectorAll('#channels a.thread').length`
	for k, start := range []string{"/start ingenious", "/start fits boards:1", "/start shelfie"} {
		ada.command(start)
		ada.click("Add AI")
		// Start only once the AI is seated: two clicks in flight may be handled in any order.
		ada.until("the AI seated", `[...document.querySelectorAll('#messages .msg')].pop().textContent.includes('AI 1')`)
		ada.click("Start")
		ada.until("thread "+start, threads+" === "+string(rune('1'+k)))
	}
	var cards []string
	ada.eval(`[...document.querySelectorAll('#messages .msg .content')].map(c => c.textContent)`, &cards)
	if len(cards) != 3 {
		t.Fatalf("the channel shows %d messages, want the 3 cards: %q", len(cards), cards)
	}
	for _, c := range cards {
		if !strings.Contains(c, "Playing in its own thread") || !strings.Contains(c, "🧵") {
			t.Fatalf("a card does not link its thread: %q", c)
		}
	}
	var names []string
	ada.eval(`[...document.querySelectorAll('#channels a.thread')].map(a => a.textContent)`, &names)
	if len(names) != 3 || !strings.Contains(names[0], "Ingenious · Ada, AI 1") || !strings.Contains(names[1], "FITS") {
		t.Fatalf("the thread list: %q", names)
	}
	// A thread opens from the list: its board, the title, a way back.
	var ok bool
	ada.eval(`(() => { document.querySelectorAll('#channels a.thread')[1].click(); return true; })()`, &ok)
	ada.until("the FITS thread", `document.getElementById('title').textContent.includes('FITS') && !document.getElementById('back').hidden`)
	ada.until("the FITS board", `[...document.querySelectorAll('#messages .msg')].some(m => m.textContent.includes('FITS') && m.querySelector('button'))`)
	// Ada lets the AI play her seat: the game plays out, its thread is archived, and its card
	// shows the result.
	ada.command("/away")
	ada.until("the end in the thread", `document.getElementById('messages').textContent.includes('Game over')`)
	ada.until("the thread archived", `document.querySelectorAll('#channels a.thread.archived').length === 1`)
	ada.until("the archived thread marked in words", `[...document.querySelectorAll('#channels a.thread.archived')].every(a => a.textContent.endsWith(" · archived"))`)
	ada.eval(`(() => { document.getElementById('back').click(); return true; })()`, &ok)
	ada.until("the channel again", `document.getElementById('title').textContent === '# table' && document.querySelectorAll('#messages .msg').length === 3`)
	ada.until("the result on the card", `document.querySelectorAll('#messages .msg')[1].textContent.includes('Game over')`)
	// The first card's link opens its thread.
	ada.eval(`(() => { document.querySelector('#messages .msg a.jump').click(); return true; })()`, &ok)
	ada.until("the Ingenious thread from its card", `document.getElementById('title').textContent.includes('Ingenious')`)
	ada.eval(`(() => { document.getElementById('back').click(); return true; })()`, &ok)
	ada.until("the channel again", `document.getElementById('title').textContent === '# table'`)

	dir := t.TempDir()
	if *screenshots != "" {
		dir = *screenshots
	}
	shoot := func(name string, w, h int64) {
		t.Helper()
		if err := chromedp.Do(ada.ctx, chromedp.EmulateViewport(w, h), chromedp.Sleep(400*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		png, err := chromedp.Run(ada.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	shoot("threads-phone.png", 360, 760)
	shoot("threads.png", 680, 560)
	t.Logf("screenshots in %s", dir)
}
