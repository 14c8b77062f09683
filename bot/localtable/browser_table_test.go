package localtable

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// contrastJS defines contrast(selector): the lowest contrast ratio (WCAG) of the text of the
// elements selector finds against their backgrounds, looked up through their ancestors.
const contrastJS = `
function lum(c) {
  const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function bg(el) {
  for (; el; el = el.parentElement) {
    const c = getComputedStyle(el).backgroundColor, m = c.match(/[\d.]+/g);
    if (m && (m.length < 4 || +m[3] > 0.5)) return c;
  }
  return "rgb(255, 255, 255)";
}
function contrast(sel) {
  let low = 99;
  for (const el of document.querySelectorAll(sel)) {
    const a = lum(getComputedStyle(el).color), b = lum(bg(el));
    low = Math.min(low, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05));
  }
  return low;
}`

// TestBrowserTable tries the page's parts a game does not reach, in a real Chromium, as the
// issue's play-through found them broken: an empty channel, the contrast of every button,
// /rules shelfie, who may close a lobby, the board's deadline after a choice and its undo, a
// panel shown once however often it is clicked, the modal's Cancel and Esc, /games' link to
// the board and /history's record files.
func TestBrowserTable(t *testing.T) {
	exe := browser(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	srv := startServerOn(ctx, t, finishedGames(ctx, t, "old-1", "old-2"))
	alloc := startBrowser(ctx, t, exe, 400, 860)
	first, closeFirst := chromedp.NewContext(alloc)
	defer closeFirst()
	if err := chromedp.Do(first, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}

	// An empty channel shows, and the page fills in its people: Ada is the manager.
	ada := openTab(t, first, srv, "ada")
	var people []string
	ada.eval(`refresh().then(() => [...document.getElementById('user').options].map(o => o.textContent))`, &people)
	if strings.Join(people, ",") != "Ada (manager),Ben,Cid,Dana" {
		t.Fatalf("people on the page of an empty channel: %q", people)
	}
	var low float64
	ada.eval(contrastJS+`; contrast('button')`, &low)
	if low < 4.5 {
		t.Errorf("the Send button's text has contrast %.2f, want at least 4.5", low)
	}

	// /rules shelfie, typed as on Discord.
	ada.command("/rules shelfie")
	ada.until("the Shelfie rules", `[...document.querySelectorAll('.msg.ephemeral')].some(m => m.textContent.includes('Shelfie Stacker'))`)

	// Ben opens a table; Cid, a member, cannot close it; Ada joins and Ben starts.
	ben, cid := openTab(t, first, srv, "ben"), openTab(t, first, srv, "cid")
	ben.command("/start fits boards:1 pace:1h0m0s")
	cid.click("Cancel")
	cid.until("Cid's refusal", `[...document.querySelectorAll('.msg.ephemeral')].some(m => /Manage Channels|Spravovat kanály/.test(m.textContent))`)
	ada.click("Join")
	ben.until("Ada seated", `[...document.querySelectorAll('.msg')].some(m => m.textContent.includes('(2/4)') && [...m.querySelectorAll('button')].some(b => b.textContent === 'Start' || b.textContent === 'Spustit'))`)
	ben.click("Start")

	// The board's deadline stays after Ada's choice and after she takes it back.
	ada.click("🎲")
	const board = `[...document.querySelectorAll('.msg:not(.ephemeral)')].filter(m => m.querySelector('button') && m.textContent.includes('🎲')).pop()`
	const due = `(() => { const b = ` + board + `; return !!b && !!b.querySelector('.content time'); })()`
	ada.until("the deadline on the board", due)
	ada.click("Drop")
	ada.until("Ada's choice made", `[...document.querySelectorAll('.msg.ephemeral button')].some(b => b.textContent.includes('↩️'))`)
	time.Sleep(300 * time.Millisecond)
	ada.until("the deadline on the board after Ada's choice", due)
	ada.click("↩️")
	ada.until("Ada's panel again", `[...document.querySelectorAll('.msg.ephemeral button')].some(b => b.textContent.includes('Drop') && !b.disabled)`)
	time.Sleep(300 * time.Millisecond)
	ada.until("the deadline on the board after the undo", due)

	// Ada's panel, clicked five times, shows once.
	for range 5 {
		const panel = `[...[...document.querySelectorAll('.msg.ephemeral')].pop().querySelectorAll('button')].map(b => b.dataset.customId).join()`
		var before string
		ada.eval(panel, &before)
		ada.until("a way to move the piece", `(() => { const b = [...[...document.querySelectorAll('.msg.ephemeral')].pop().querySelectorAll('button')].find(b => /[◀▶⟳⇋]/.test(b.textContent) && !b.disabled); if (b) b.click(); return !!b; })()`)
		ada.until("the panel after a click", fmt.Sprintf(`%s !== %q`, panel, before))
	}
	var shown struct{ Msgs, Unique, Panels int }
	ada.eval(`(() => { const ids = [...document.querySelectorAll('.msg')].map(m => m.dataset.id);
		return {Msgs: ids.length, Unique: new Set(ids).size, Panels: document.querySelectorAll('.msg.ephemeral .row').length ? new Set([...document.querySelectorAll('.msg.ephemeral')].filter(m => m.querySelector('button')).map(m => m.dataset.id)).size : 0}; })()`, &shown)
	if shown.Msgs != shown.Unique || shown.Panels != 1 {
		t.Fatalf("after clicks on one panel the page shows %d messages, %d of them different, %d panels", shown.Msgs, shown.Unique, shown.Panels)
	}

	// The modal: readable buttons; Cancel with its required field empty, and Esc, close it for good.
	const modalOpen = `document.getElementById('modal').open`
	for _, close := range []string{"Cancel", "Esc"} {
		ada.click("⌨️")
		ada.until("the modal", modalOpen)
		ada.eval(contrastJS+`; contrast('#modal button')`, &low)
		if low < 4.5 {
			t.Errorf("the modal's buttons have contrast %.2f, want at least 4.5", low)
		}
		if close == "Cancel" {
			var ok bool
			ada.eval(`(() => { document.getElementById('modalcancel').click(); return true; })()`, &ok)
		} else if err := chromedp.Do(ada.ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
			t.Fatal(err)
		}
		ada.until("the modal closed by "+close, "!"+modalOpen)
		var open bool
		ada.eval(`refresh().then(() => new Promise(r => setTimeout(r, 300))).then(() => refresh()).then(() => `+modalOpen+`)`, &open)
		if open {
			t.Fatalf("the modal opened again after %s", close)
		}
		if v := (page{t, srv}).view("ada"); v.Modal != nil {
			t.Fatalf("after %s the modal still waits for Ada", close)
		}
	}

	// /games links to the board, which opens here: scrolled to and lit up, not discord.com.
	ada.command("/games")
	ada.until("Ada's games", `!!document.querySelector('.msg.ephemeral a.jump')`)
	var jump struct{ Href, Target, Board string }
	ada.eval(`(() => { const a = [...document.querySelectorAll('.msg.ephemeral a.jump')].pop(); return {Href: a.href, Target: a.dataset.jump, Board: (`+board+`).dataset.id}; })()`, &jump)
	if strings.Contains(jump.Href, "discord.com") || jump.Target != jump.Board {
		t.Fatalf("/games links to %+v, want the board here", jump)
	}
	var lit struct {
		Lit  bool
		Page string
	}
	ada.eval(`(() => { const here = location.href; [...document.querySelectorAll('.msg.ephemeral a.jump')].pop().click();
		return new Promise(r => setTimeout(() => r({Lit: document.getElementById('msg-`+jump.Board+`').classList.contains('lit'), Page: location.href === here ? '' : location.href}), 100)); })()`, &lit)
	if !lit.Lit || lit.Page != "" {
		t.Fatalf("the /games link: board lit %v, page went to %q", lit.Lit, lit.Page)
	}

	// /history: each record is a download with a name of its own, not a broken picture.
	ada.command("/history")
	ada.until("the history", `[...document.querySelectorAll('.msg.ephemeral')].some(m => m.querySelector('a.file'))`)
	var files struct {
		Names  []string
		Images int
		Game   string
	}
	ada.eval(`(() => { const m = [...document.querySelectorAll('.msg.ephemeral')].filter(m => m.querySelector('a.file')).pop();
		const links = [...m.querySelectorAll('a.file')];
		return fetch(links[0].href).then(r => r.json()).then(j => ({Names: links.map(a => a.download), Images: m.querySelectorAll('img').length, Game: j.game})); })()`, &files)
	if len(files.Names) != 2 || files.Names[0] == files.Names[1] || files.Images != 0 || files.Game != "fits" {
		t.Fatalf("/history shows files %q, %d pictures, a record of %q", files.Names, files.Images, files.Game)
	}
}
