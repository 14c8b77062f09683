package localtable

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// gamePlay is how the test plays one game as a person would: the command that opens a quick
// table, the language of the person, and the clicks of their first move on the panel.
type gamePlay struct {
	name, start, lang string
	title             string      // the game's name, as /rules shows it
	move              func(b tab) // picks and places on the panel; the test then confirms
}

// panelJS finds the newest ephemeral message with buttons: the person's panel.
const panelJS = `[...document.querySelectorAll('.msg.ephemeral')].filter(m => m.querySelector('button, select')).pop()`

// press clicks, in the panel, the first enabled button whose custom ID contains part, and
// waits for the panel to change.
func (b tab) press(what, part string) {
	b.t.Helper()
	var before string
	b.eval(`(() => { const p = `+panelJS+`; return p ? p.innerHTML : ''; })()`, &before)
	b.until(what, fmt.Sprintf(`(() => { const p = `+panelJS+`; const x = p && [...p.querySelectorAll('button')].find(x => !x.disabled && x.dataset.customId.includes(%q)); if (x) x.click(); return !!x; })()`, part))
	b.until(what+" shown", fmt.Sprintf(`(() => { const p = `+panelJS+`; return !!p && p.innerHTML !== %q; })()`, before))
}

// choose picks the option numbered n (from 1) in the panel's select menu, as a person does,
// and waits for the panel to change.
func (b tab) choose(what string, n int) {
	b.t.Helper()
	var before string
	b.eval(`(() => { const p = `+panelJS+`; return p ? p.innerHTML : ''; })()`, &before)
	b.until(what, fmt.Sprintf(`(() => { const s = (`+panelJS+` || document).querySelector('select'); if (!s || s.options.length <= %d) return false;
		s.value = s.options[%d].value; s.dispatchEvent(new Event('change')); return true; })()`, n, n))
	b.until(what+" shown", fmt.Sprintf(`(() => { const p = `+panelJS+`; return !!p && p.innerHTML !== %q; })()`, before))
}

// pageErrorsJS lists what on the page tells a person something went wrong: error text in a
// message or under the command box, a message shown twice, a picture that did not load.
const pageErrorsJS = `(() => {
  const bad = [];
  const msgs = [...document.querySelectorAll('.msg')];
  for (const m of msgs) {
    if (/⚠️|Something went wrong|Něco se pokazilo|page error/.test(m.textContent)) bad.push('error text: ' + m.textContent.slice(0, 300));
    for (const img of m.querySelectorAll('img')) if (img.complete && img.naturalWidth === 0) bad.push('a broken picture: ' + img.src);
  }
  const ids = msgs.map(m => m.dataset.id);
  if (new Set(ids).size !== ids.length) bad.push('a message shown twice');
  const err = document.getElementById('error').textContent;
  if (err) bad.push('under the box: ' + err);
  return bad;
})()`

// TestBrowserGames plays each of the four games to the end on the local table in Chromium,
// as a person on a phone would (a 400 px window), two in Czech and two in English, against
// an easy AI seat: /start typed, Add AI, Start, Your turn, the first move made on the panel's
// buttons and menus and its board checked, then /away so the AI plays the rest. At the end
// it checks what the person sees: the result with the ranking and its picture loaded, the
// Rematch button, /status, /rules of the game (for Shelfie a character's page from the
// menu), no error text, no message shown twice, no console error. It saves a screenshot of
// each end (to -screenshots when set).
func TestBrowserGames(t *testing.T) {
	exe := browser(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	alloc := startBrowser(ctx, t, exe, 400, 860)
	first, closeFirst := chromedp.NewContext(alloc)
	defer closeFirst()
	if err := chromedp.Do(first, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if *screenshots != "" {
		dir = *screenshots
	}
	plays := []gamePlay{
		{name: "ingenious", start: "/start ingenious", lang: "cs", title: "Ingenious", move: func(b tab) {
			b.press("a tile", "/draft/")  // pick the first tile in the rack
			b.choose("a place for it", 1) // the best place in the menu
		}},
		{name: "fits", start: "/start fits boards:1", lang: "en", title: "FITS", move: func(b tab) {
			b.choose("a column", 2) // the second best column
		}},
		{name: "sideboards", start: "/start sideboards", lang: "cs", title: "Sideboards", move: func(b tab) {
			b.press("swap the cards", "/draft/") // rotate the left card
		}},
		{name: "shelfie", start: "/start shelfie", lang: "en", title: "Shelfie Stacker", move: func(b tab) {
			b.press("a character", "=choose_2")
		}},
	}
	snap := func(b tab, name string) string {
		b.t.Helper()
		png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			b.t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			b.t.Fatal(err)
		}
		return path
	}
	for _, g := range plays {
		t.Run(g.name, func(t *testing.T) {
			began := time.Now()
			srv := startServer(ctx, t)
			ada := openTab(t, first, srv, "ada")
			// Chromium's window is at least 500 px wide; the phone's 400 px is emulated.
			if err := chromedp.Do(ada.ctx, chromedp.EmulateViewport(400, 860)); err != nil {
				t.Fatal(err)
			}
			var width int
			if ada.eval(`window.innerWidth`, &width); width != 400 {
				t.Fatalf("the page is %d px wide, want 400", width)
			}
			var (
				mu      sync.Mutex
				console []string
			)
			logs := chromedp.Console(ada.ctx)
			go func() {
				for m, err := range logs {
					if err != nil {
						return
					}
					// A picture the page asked for just as an edit replaced it is gone from the
					// fake Discord (Discord's CDN keeps it a while); the page draws the new one
					// at once, and the end's picture is checked below. Anything else counts.
					if strings.Contains(m.Text, "Failed to load resource") && strings.Contains(m.URL, "/attachments/") {
						t.Logf("a replaced picture: %s", m.URL)
						continue
					}
					if m.Type == chromedp.ConsoleError || m.IsException() {
						mu.Lock()
						console = append(console, m.String()+" ("+m.URL+")")
						mu.Unlock()
					}
				}
			}()
			if g.lang == "cs" { // a Czech server, whose channel the bot writes in Czech, and Ada picks Czech on the page
				srv.fake.SetGuild(fakediscord.Guild{ID: GuildID, Name: "Local table", PreferredLocale: "cs"})
				var ok bool
				ada.eval(`(() => { const s = document.getElementById('locale'); s.value = 'cs'; s.dispatchEvent(new Event('change')); return true; })()`, &ok)
				ada.until("Czech", `!!state && state.me.locale === 'cs'`)
			}
			say := func(en, cs string) string {
				if g.lang == "cs" {
					return cs
				}
				return en
			}
			ada.command(g.start)
			ada.click(say("Add AI", "Přidat AI"))
			ada.until("the AI seated", `document.getElementById('messages').textContent.includes('AI 1')`)
			ada.click(say("Start", "Začít"))
			ada.click("🎲")
			ada.until("the panel", `!!(`+panelJS+`)`)
			g.move(ada)
			snap(ada, "panel-"+g.name+"-"+g.lang+".png")

			// Confirm, and see the board that follows: a public message with a picture,
			// new or changed since, that names Ada.
			const boards = `[...document.querySelectorAll('.msg:not(.ephemeral)')].filter(m => m.querySelector('img')).map(m => m.dataset.id + ':' + m.querySelector('.content').textContent)`
			var before []string
			ada.eval(boards, &before)
			ada.press("the move confirmed", "/commit/")
			board := fmt.Sprintf(`(() => { const was = new Set(%s); const b = %s.filter(x => !was.has(x)).pop(); return !!b && b.includes('Ada'); })()`, jsList(before), boards)
			if g.name == "fits" {
				// FITS is played side by side: when the AI had placed its piece before Ada
				// confirmed, the round's next card comes in Ada's panel, in place and marked ✅,
				// rather than as a board below it (the panel stays in view on a phone).
				board = `(` + board + ` || (() => { const p = ` + panelJS + `; const c = p && p.querySelector('.content'); return !!c && !!p.querySelector('img') && c.textContent.trim().startsWith('✅'); })())`
			}
			ada.until("the board after the move (or, in FITS, the next card in place)", board)

			// Away: the AI plays the rest.
			ada.command("/away")
			deadline := 40 * time.Second
			for end := time.Now().Add(deadline); ; time.Sleep(200 * time.Millisecond) {
				var over bool
				ada.eval(`[...document.querySelectorAll('.msg:not(.ephemeral)')].some(m => m.textContent.includes('🏁'))`, &over)
				if over {
					break
				}
				if time.Now().After(end) {
					var tail string
					ada.eval(`document.getElementById('messages').innerText.slice(-1500)`, &tail)
					t.Fatalf("the game did not end %v after /away:\n%s", deadline, tail)
				}
			}
			// The end as the person sees it: ranking, picture, Rematch.
			const endJS = `[...document.querySelectorAll('.msg:not(.ephemeral)')].filter(m => m.textContent.includes('🏁')).pop()`
			ada.until("the end's picture loaded", `(() => { const m = `+endJS+`; const img = m.querySelector('img'); if (!img) return false; img.scrollIntoView(); return img.complete && img.naturalWidth > 0; })()`)
			var end struct {
				Text    string
				Rematch bool
				Width   int
			}
			ada.eval(`(() => { const m = `+endJS+`; const img = m.querySelector('img');
				return {Text: m.querySelector('.content').innerText, Rematch: [...m.querySelectorAll('button')].some(b => b.textContent.includes('🔁') && !b.disabled), Width: img.getBoundingClientRect().width}; })()`, &end)
			if !strings.Contains(end.Text, say("Game over!", "Konec hry!")) || !strings.Contains(end.Text, "Ada") || !strings.Contains(end.Text, "AI 1") {
				t.Errorf("the end does not rank the players in %s:\n%s", g.lang, end.Text)
			}
			if !end.Rematch {
				t.Errorf("the end has no Rematch button:\n%s", end.Text)
			}
			if end.Width > 400 || end.Width < 300 {
				t.Errorf("the end's picture is %.0f px wide in a 400 px window", float64(end.Width))
			}
			ada.eval(`document.documentElement.scrollWidth`, &end.Width)
			if end.Width > 400 {
				var wide []string
				ada.eval(`[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 401).slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right) + ' ' + (e.textContent || '').slice(0, 60))`, &wide)
				t.Errorf("the page is %d px wide in a 400 px window: it scrolls sideways; too wide: %q", end.Width, wide)
			}
			t.Logf("%s: the end in %s: %s", g.name, time.Since(began).Round(time.Millisecond), snap(ada, "game-"+g.name+"-"+g.lang+".png"))

			// /status after the end, and /rules of the game.
			count := func() int {
				var n int
				ada.eval(`document.querySelectorAll('.msg').length`, &n)
				return n
			}
			n := count()
			ada.command("/status")
			ada.until("the answer to /status", fmt.Sprintf(`document.querySelectorAll('.msg').length > %d && !document.querySelector('.pending')`, n))
			var status string
			ada.eval(`[...document.querySelectorAll('.msg')].pop().innerText`, &status)
			if !strings.Contains(status, g.title) || !strings.Contains(status, "Ada") {
				t.Errorf("/status after the end:\n%s", status)
			}
			t.Logf("/status: %.300s", status)
			// No empty line above its buttons, and no second Rematch beside the result board's.
			var st struct {
				Content string
				Rematch bool
			}
			ada.eval(`(() => { const m = [...document.querySelectorAll('.msg')].pop(); const c = m.querySelector('.content');
				return {Content: c.innerHTML, Rematch: [...m.querySelectorAll('button')].some(b => b.textContent.includes('🔁'))}; })()`, &st)
			if strings.HasSuffix(strings.TrimSpace(st.Content), "<br>") || strings.Contains(st.Content, "<br><br>") {
				t.Errorf("/status after the end has an empty line: %q", st.Content)
			}
			if st.Rematch {
				t.Errorf("/status after the end repeats the Rematch button:\n%s", status)
			}
			n = count()
			ada.command("/rules " + g.name)
			const rulesJS = `[...document.querySelectorAll('.msg.ephemeral')].pop()`
			ada.until("the rules", fmt.Sprintf(`(() => { const m = %s; return document.querySelectorAll('.msg').length > %d && !!m && !m.querySelector('.pending') && m.textContent.includes(%q); })()`, rulesJS, n, g.title))
			if g.name == "shelfie" {
				var pages struct {
					Before string
					Option string
				}
				ada.eval(`(() => { const m = `+rulesJS+`; const s = m.querySelector('select'); if (!s) return {Before: m.textContent, Option: ''};
					const o = [...s.options].find(o => o.value && /Keeper|Strážce|Cat|Kočka/.test(o.textContent)) || [...s.options].filter(o => o.value).pop();
					return {Before: m.querySelector('.content').textContent, Option: o.textContent.split(' — ')[0]}; })()`, &pages)
				if pages.Option == "" {
					t.Fatalf("/rules shelfie has no menu of pages:\n%s", pages.Before)
				}
				var ok bool
				ada.eval(fmt.Sprintf(`(() => { const s = (%s).querySelector('select'); const o = [...s.options].find(o => o.textContent.startsWith(%q)); s.value = o.value; s.dispatchEvent(new Event('change')); return true; })()`, rulesJS, pages.Option), &ok)
				ada.until("the character's page", fmt.Sprintf(`(() => { const c = (%s).querySelector('.content').textContent; return c !== %q && c.includes(%q); })()`, rulesJS, pages.Before, strings.TrimLeft(pages.Option, "0123456789. ")))
			}
			// The page's own words follow the person's language too.
			var only string
			ada.eval(`[...document.querySelectorAll('.msg.ephemeral .only')].pop().textContent`, &only)
			if want := say("Only you can see this", "Tuto zprávu vidíš jen ty"); !strings.Contains(only, want) {
				t.Errorf("an ephemeral message says %q, want %q", only, want)
			}
			var header int
			ada.eval(`Math.round(document.querySelector('header').getBoundingClientRect().height)`, &header)
			if header > 60 {
				t.Errorf("the header takes %d px of the phone's 860", header)
			}
			var bad []string
			ada.eval(pageErrorsJS, &bad)
			for _, b := range bad {
				t.Errorf("the page shows %s", b)
			}
			mu.Lock()
			defer mu.Unlock()
			for _, c := range console {
				t.Errorf("console: %s", c)
			}
			t.Logf("%s: done in %s", g.name, time.Since(began).Round(time.Millisecond))
		})
	}
}

// jsList writes a list of strings as a JavaScript array.
func jsList(s []string) string {
	var sb strings.Builder
	sb.WriteString("[")
	for i, x := range s {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, "%q", x)
	}
	return sb.String() + "]"
}
