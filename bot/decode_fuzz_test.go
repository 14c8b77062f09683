package bot

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/bot/restproxy"
	"github.com/tablebot/tablebot/catalog"
)

func FuzzParseID(f *testing.F) {
	for _, s := range []string{"ingenious/3/commit/RG:F7-F8", "fits/12/draft/", "x/1/menu/a/b/c", "/1/x/", "a/-1/b/", "a/1/b~2/c", strings.Repeat("a/", 60)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParseID(s)
		if err != nil {
			return
		}
		if id.Game == "" || id.Verb == "" || len(s) > maxCustomID {
			t.Fatalf("%q parsed into %+v", s, id)
		}
		back, err := ParseID(id.String())
		if err != nil || back != id {
			t.Fatalf("%q → %+v → %q → %+v, %v", s, id, id.String(), back, err)
		}
	})
}

// FuzzInteractionEndpoint posts correctly signed bodies of any content to the HTTP interactions
// endpoint: it never panics and never answers 5xx.
func FuzzInteractionEndpoint(f *testing.F) {
	fake := fakediscord.Start(f, fakediscord.Config{})
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	session, _ := discordgo.New("Bot " + fake.Token())
	session.Client = restproxy.Client(fake.URL(), 5*time.Second)
	session.LogLevel = -1
	b, err := New(catalog.Kits(), newTables(f, openBolt(f)), session, Options{ApplicationID: fake.ApplicationID(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		f.Fatal(err)
	}
	h := b.Interactions(pub)
	a := fakediscord.Actor{User: ada, GuildID: testGuild, ChannelID: testChannel}
	for _, ix := range []*fakediscord.Interaction{fake.Ping(), fake.SlashCommand(a, "help"), fake.SlashCommand(a, "start", fakediscord.SubCommand("fits")),
		fake.Click(a, "fits/1/join/"), fake.Select(a, "ingenious/2/menu/", "RG:F7-F8"), fake.ModalSubmit(a, "ingenious/2/typed/RG", map[string]string{"move": "F7 F8"})} {
		f.Add([]byte(ix.Raw))
	}
	f.Add([]byte(`{"type":2,"data":{"name":"start","options":[{"name":"fits","type":1,"options":[{"name":"boards","type":3,"value":7}]}]}}`))
	f.Add([]byte(`{"type":3,"data":{"custom_id":5}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		ts := strconv.FormatInt(time.Now().Unix(), 10) // older ones are refused as stale
		req := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
		req.Header.Set("X-Signature-Timestamp", ts)
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(ts), body...))))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%d %s for %s", rec.Code, rec.Body, body)
		}
	})
}
