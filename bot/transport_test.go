package bot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/games"
)

// TestReadSigned checks the one-buffer body read of the HTTP endpoint: the signed message is
// the timestamp followed by the body whether or not the length is announced, and a body
// that is short of its announced length, or longer than maxBody, is refused.
func TestReadSigned(t *testing.T) {
	const ts = "1700000000"
	body := `{"type":1}`
	for _, tc := range []struct {
		name   string
		req    func() *http.Request
		wantOK bool
	}{
		{"announced length", func() *http.Request {
			return httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		}, true},
		{"chunked", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", io.MultiReader(strings.NewReader(body)))
			r.ContentLength = -1
			return r
		}, true},
		{"shorter than announced", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
			r.ContentLength = int64(len(body) + 5)
			return r
		}, false},
		{"announced over the limit", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
			r.ContentLength = maxBody + 1
			return r
		}, false},
		{"chunked over the limit", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", io.MultiReader(bytes.NewReader(make([]byte, maxBody+1))))
			r.ContentLength = -1
			return r
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			signed, got, ok := readSigned(tc.req(), ts)
			if ok != tc.wantOK {
				t.Fatalf("ok = %v, want %v", ok, tc.wantOK)
			}
			if !ok {
				return
			}
			if string(signed) != ts+body || string(got) != body {
				t.Fatalf("signed %q, body %q; want %q and %q", signed, got, ts+body, body)
			}
		})
	}
}

// TestVerify checks the signature check over the message readSigned builds: Discord's
// signature passes; a forged, truncated or missing one, or a missing timestamp, fails.
func TestVerify(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, other, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	const ts = "1700000000"
	signed := []byte(ts + `{"type":1}`)
	good := hex.EncodeToString(ed25519.Sign(priv, signed))
	if !verify(pub, good, ts, signed) {
		t.Fatal("Discord's own signature was refused")
	}
	for name, sig := range map[string]string{
		"forged":    hex.EncodeToString(ed25519.Sign(other, signed)),
		"truncated": good[:len(good)-2],
		"not hex":   "zz" + good[2:],
		"missing":   "",
	} {
		if verify(pub, sig, ts, signed) {
			t.Errorf("%s signature accepted", name)
		}
	}
	if verify(pub, good, "", signed) {
		t.Error("a signature without its timestamp accepted")
	}
}

// TestFresh checks the timestamp window of signed interactions: up to maxAge old and up to
// maxAhead in the future, not beyond, and a timestamp that is not Unix seconds is refused.
func TestFresh(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	for _, tc := range []struct {
		ts   string
		want bool
	}{
		{"1800000000", true},
		{strconv.FormatInt(now.Add(-maxAge).Unix(), 10), true},
		{strconv.FormatInt(now.Add(-maxAge-time.Second).Unix(), 10), false},
		{strconv.FormatInt(now.Add(maxAhead).Unix(), 10), true},
		{strconv.FormatInt(now.Add(maxAhead+time.Second).Unix(), 10), false},
		{"1700000000", false},
		{"", false},
		{"18e8", false},
		{"1800000000.5", false},
	} {
		if _, ok := fresh(tc.ts, now); ok != tc.want {
			t.Errorf("fresh(%q) = %v, want %v", tc.ts, ok, tc.want)
		}
	}
}

// TestStaleOrFutureInteractionRefused posts correctly signed /start commands through the fake's
// HTTP path with their timestamps moved: six minutes old and two minutes ahead are refused with
// 401 and change nothing anyone sees; four minutes old and thirty seconds ahead are taken.
func TestStaleOrFutureInteractionRefused(t *testing.T) {
	h, in := newBot(t, "http")
	ctx := context.Background()
	for _, tc := range []struct {
		shift  time.Duration
		status int
	}{
		{-6 * time.Minute, http.StatusUnauthorized},
		{2 * time.Minute, http.StatusUnauthorized},
		{-4 * time.Minute, http.StatusOK},
		{30 * time.Second, http.StatusOK},
	} {
		ix := h.fake.SlashCommand(actor(ada), "help")
		rep, err := h.fake.PostInteractionAt(ctx, in.endpoint, ix, time.Now().Add(tc.shift))
		if err != nil {
			t.Fatal(err)
		}
		if rep.Status != tc.status {
			t.Fatalf("signed %v from now: %d %s, want %d", tc.shift, rep.Status, rep.Body, tc.status)
		}
		if tc.status != http.StatusOK {
			if _, ok := h.fake.Original(ix.Token); ok || len(h.fake.Visible(testChannel, ada.ID)) != 0 {
				t.Fatalf("a request signed %v from now was answered", tc.shift)
			}
			continue
		}
		if err := h.waitHandled(ix.ID); err != nil {
			t.Fatal(err)
		}
		if m := h.seen(ix); m.Content == "" {
			t.Fatalf("signed %v from now: no answer", tc.shift)
		}
	}
}

// commitReady plays the first steps of a turn in the panel as the person to act does (see
// toConfirm) and returns who they are, their seat and the Place click, not sent.
func (h *harness) commitReady(in *instance) (fakediscord.User, games.Seat, *fakediscord.Interaction) {
	h.t.Helper()
	seat := h.state().ToAct()[0]
	panel, u := h.toConfirm(in)
	return u, seat, h.fake.Click(actor(u).On(panel), mustFind(h.t, panel, verbCommit, "").CustomID)
}

// movesBy counts the moves of seat in the channel's table.
func (h *harness) movesBy(seat games.Seat) int {
	n := 0
	for _, m := range h.table().Record.Moves {
		if m.Seat == seat {
			n++
		}
	}
	return n
}

// TestReplayedInteractionHandledOnce delivers a move's click twice — the same signed POST
// again, as a replay would, and the same gateway dispatch again, as after a resume — and checks
// that the move is made once and its person sees one answer: the panel saying it is done, one
// new board, nothing else. Over HTTP the second delivery still gets a valid 200 (a deferred
// update, which Discord refuses as a second callback).
func TestReplayedInteractionHandledOnce(t *testing.T) {
	for _, transport := range []string{"http", "gateway"} {
		t.Run(transport, func(t *testing.T) {
			h, in := newBot(t, transport)
			h.startGame(in, "Ben")
			u, seat, ix := h.commitReady(in)
			moves, boards := h.movesBy(seat), len(h.fake.ChannelMessages(testChannel))
			seen := len(h.fake.Visible(testChannel, u.ID))
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			var sp *fakediscord.Signed
			if transport == "http" {
				var err error
				if sp, err = h.fake.Sign(in.endpoint, ix); err != nil {
					t.Fatal(err)
				}
			}
			// deliver sends ix, the same signed POST each time over HTTP.
			deliver := func() {
				t.Helper()
				if transport == "gateway" {
					if err := h.fake.DispatchInteraction(ctx, ix); err != nil {
						t.Fatal(err)
					}
					return
				}
				rep, err := h.fake.Send(ctx, sp)
				if err != nil {
					t.Fatal(err)
				}
				if rep.Status != http.StatusOK || rep.Callback == nil {
					t.Fatalf("delivery answered %d %s", rep.Status, rep.Body)
				}
			}
			deliver()
			if err := h.waitHandled(ix.ID); err != nil {
				t.Fatal(err)
			}
			deliver()
			if err := h.waitHandledOnce(ix.ID); err != nil {
				t.Fatal(err)
			}
			if got := h.movesBy(seat); got != moves+1 {
				t.Fatalf("the seat made %d moves, want one", got-moves)
			}
			if got := len(h.fake.ChannelMessages(testChannel)); got != boards+1 {
				t.Fatalf("%d new channel messages, want one board", got-boards)
			}
			if got := len(h.fake.Visible(testChannel, u.ID)); got != seen+1 {
				t.Fatalf("%s sees %d new messages, want one board", u.Username, got-seen)
			}
			if fu := h.fake.Followups(ix.Token); len(fu) != 0 {
				t.Fatalf("the click got follow-ups: %q", fu[0].Content)
			}
			if m := h.seen(ix); !strings.HasPrefix(m.Content, "✅") {
				t.Fatalf("the panel says %q, want the move done", m.Content)
			}
		})
	}
}

// waitHandledOnce checks, after waitHandled(id), that no second handling of interaction id
// ends within half a second.
func (h *harness) waitHandledOnce(id string) error {
	select {
	case err := <-h.handled(id):
		return fmt.Errorf("interaction %s handled again (%v)", id, err)
	case <-time.After(500 * time.Millisecond):
		return nil
	}
}
