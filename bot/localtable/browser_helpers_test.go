package localtable

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The helpers the browser tests share: Chromium found and started, and a hand on one
// person's tab.

// browser finds Chromium. CI installs it (scripts/test.sh); elsewhere the test says how.
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium: scripts/test.sh installs Debian's chromium package")
	}
	t.Skip("no Chromium here: `apt-get install chromium` (scripts/test.sh does it when run as root)")
	return ""
}

// startBrowser starts a headless Chromium with a window of w×h pixels, for the test's
// lifetime (or ctx's); tabs open in contexts derived from the one it returns.
func startBrowser(ctx context.Context, t *testing.T, exe string, w, h int) context.Context {
	t.Helper()
	alloc, stop := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(w, h))
	t.Cleanup(stop)
	return alloc
}

// tab is a test's hand on one person's browser tab.
type tab struct {
	t   *testing.T
	ctx context.Context
	who string
}

// openTab opens the page as user in a new tab of the browser parent started.
func openTab(t *testing.T, parent context.Context, srv *Server, user string) tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(parent)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL()+"?user="+user), chromedp.WaitVisible("#command")); err != nil {
		t.Fatalf("open %s's tab: %v", user, err)
	}
	return tab{t, ctx, user}
}

// eval runs js in the tab (awaiting a promise) and decodes its value into out.
func (b tab) eval(js string, out any) {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[json.RawMessage](js, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("%s's tab: %s: %v", b.who, js, err)
	}
	if err := json.Unmarshal(v, out); err != nil {
		b.t.Fatalf("%s: %v", v, err)
	}
}

// until waits, for at most 30 seconds, for js to be true in the tab: on CI's loaded machine,
// under -race, an AI's reply behind a move has taken more than 10.
func (b tab) until(what, js string) {
	b.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var ok bool
		b.eval(js, &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			var html string
			b.eval(`document.getElementById('messages').innerText.slice(-1500)`, &html)
			b.t.Fatalf("%s: %s never came:\n%s", b.who, what, html)
		}
	}
}

// command sends a slash command from the page's box.
func (b tab) command(text string) {
	b.t.Helper()
	var ok bool
	b.eval(fmt.Sprintf(`(() => { document.getElementById('command').value = %q; document.getElementById('compose').requestSubmit(); return true; })()`, text), &ok)
}

// click clicks the newest enabled button whose text contains label, once it shows.
func (b tab) click(label string) {
	b.t.Helper()
	b.until("a "+label+" button", fmt.Sprintf(`(() => { const b = [...document.querySelectorAll('.msg button')].reverse().find(b => b.textContent.includes(%q) && !b.disabled); if (b) b.click(); return !!b; })()`, label))
}
